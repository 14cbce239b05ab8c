// HTML and Markdown rendering of report pages (see markup.h).
#include "tools/report/markup.h"

#include <nlohmann/json.hpp>

namespace palcheck::report {
namespace {

std::string escape_html(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string escape_markdown(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (std::string("\\`*_[]<>|#").find(c) != std::string::npos) out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out;
}

std::string badge_class(const std::string& verdict) {
  std::string out = "v-";
  for (char c : verdict) out += static_cast<char>(c == '-' ? '-' : std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

Page::Page(Markup markup, std::string title, std::string root)
    : markup_(markup), title_(std::move(title)), root_(std::move(root)) {}

std::string Page::text(const std::string& s) const {
  return markup_ == Markup::Html ? escape_html(s) : escape_markdown(s);
}

std::string Page::link(const std::string& label, const std::string& href) const {
  if (markup_ == Markup::Html) return "<a href=\"" + escape_html(href) + "\">" + escape_html(label) + "</a>";
  return "[" + escape_markdown(label) + "](" + href + ")";
}

std::string Page::code(const std::string& s) const {
  if (markup_ == Markup::Html) return "<code>" + escape_html(s) + "</code>";
  std::string fence = s.find('`') == std::string::npos ? "`" : "`` ";
  return fence + s + (fence == "`" ? "`" : " ``");
}

std::string Page::strong(const std::string& s) const {
  // Markdown's emphasis may not end in a space: trailing spaces go after the closing mark.
  std::size_t end = s.find_last_not_of(' ') + 1;
  std::string core = s.substr(0, end), tail = s.substr(end);
  return markup_ == Markup::Html ? "<strong>" + escape_html(core) + "</strong>" + tail
                                 : "**" + escape_markdown(core) + "**" + tail;
}

std::string Page::badge(const std::string& verdict) const {
  if (markup_ == Markup::Html)
    return "<span class=\"badge " + badge_class(verdict) + "\">" + escape_html(verdict) + "</span>";
  return "**" + escape_markdown(verdict) + "**";
}

std::string Page::emph(const std::string& inline_text) const {
  return markup_ == Markup::Html ? "<em>" + inline_text + "</em>" : "*" + inline_text + "*";
}

std::string Page::bold(const std::string& inline_text) const {
  return markup_ == Markup::Html ? "<strong>" + inline_text + "</strong>" : "**" + inline_text + "**";
}

std::string Page::math(const std::string& tex, bool display) const {
  // The TeX source stays in the page; math_script typesets it (HTML), the viewer does it (Markdown).
  std::string flat;
  for (char c : tex) flat += c == '\n' ? ' ' : c;
  if (markup_ == Markup::Html)
    return std::string("<span class=\"math") + (display ? " display" : "") + "\">" + escape_html(flat) + "</span>";
  return display ? "\n$$" + flat + "$$\n" : "$" + flat + "$";
}

std::string Page::line_break() const { return markup_ == Markup::Html ? "<br>" : "  \n"; }

void Page::heading(int level, const std::string& inline_text, const std::string& id) {
  if (markup_ == Markup::Html) {
    std::string h = "h" + std::to_string(level);
    body_ += "<" + h + (id.empty() ? "" : " id=\"" + escape_html(id) + "\"") + ">" + inline_text + "</" + h + ">\n";
  } else {
    body_ += std::string(static_cast<std::size_t>(level), '#') + " " + inline_text + "\n\n";
  }
}

void Page::paragraph(const std::string& inline_text) {
  body_ += markup_ == Markup::Html ? "<p>" + inline_text + "</p>\n" : inline_text + "\n\n";
}

void Page::items(const std::vector<std::string>& inline_items, bool numbered) {
  if (inline_items.empty()) return;
  if (markup_ == Markup::Html) {
    body_ += numbered ? "<ol>\n" : "<ul>\n";
    for (const std::string& i : inline_items) body_ += "<li>" + i + "</li>\n";
    body_ += numbered ? "</ol>\n" : "</ul>\n";
  } else {
    for (std::size_t i = 0; i < inline_items.size(); ++i)
      body_ += (numbered ? std::to_string(i + 1) + ". " : "- ") + inline_items[i] + "\n";
    body_ += "\n";
  }
}

void Page::table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows) {
  if (markup_ == Markup::Html) {
    body_ += "<table>\n<tr>";
    for (const std::string& h : header) body_ += "<th>" + h + "</th>";
    body_ += "</tr>\n";
    for (const auto& row : rows) {
      body_ += "<tr>";
      for (const std::string& cell : row) body_ += "<td>" + cell + "</td>";
      body_ += "</tr>\n";
    }
    body_ += "</table>\n";
    return;
  }
  auto line = [&](const std::vector<std::string>& cells) {
    body_ += "|";
    for (const std::string& c : cells) body_ += " " + c + " |";
    body_ += "\n";
  };
  line(header);
  body_ += "|";
  for (std::size_t i = 0; i < header.size(); ++i) body_ += "---|";
  body_ += "\n";
  for (const auto& row : rows) line(row);
  body_ += "\n";
}

void Page::preformatted(const std::string& raw, const std::string& css_class) {
  if (markup_ == Markup::Html)
    body_ += "<pre" + (css_class.empty() ? std::string() : " class=\"" + css_class + "\"") + ">" + escape_html(raw) +
             "</pre>\n";
  else
    body_ += "```" + std::string(css_class == "tex" ? "latex" : "") + "\n" + raw + "\n```\n\n";
}

void Page::figure(const std::string& image, const std::string& caption_inline, const std::string& alt) {
  if (markup_ == Markup::Html)
    body_ += "<figure><img src=\"" + escape_html(image) + "\" alt=\"" + escape_html(alt) + "\"><figcaption>" +
             caption_inline + "</figcaption></figure>\n";
  else
    body_ += "![" + escape_markdown(alt) + "](" + image + ")\n\n" + caption_inline + "\n\n";
}

void Page::lines(const std::vector<std::pair<int, std::string>>& indented) {
  if (markup_ == Markup::Html) {
    body_ += "<div class=\"algorithm\">\n";
    for (const auto& [depth, line] : indented)
      body_ += "<div style=\"padding-left: " + std::to_string(2 * depth) + "em\">" + line + "</div>\n";
    body_ += "</div>\n";
    return;
  }
  for (const auto& [depth, line] : indented) {
    for (int k = 0; k < depth; ++k) body_ += "&emsp;&emsp;";
    body_ += line + "  \n";
  }
  body_ += "\n";
}

void Page::raw_html(const std::string& html) {
  if (markup_ == Markup::Html) body_ += html;
}

std::string Page::finish() const {
  if (markup_ == Markup::Markdown) return body_;
  bool formulas = body_.find("<span class=\"math") != std::string::npos;
  std::string head = "<link rel=\"stylesheet\" href=\"" + escape_html(root_) + "style.css\">\n";
  std::string scripts;
  if (formulas) {
    head += "<link rel=\"stylesheet\" href=\"" + escape_html(root_) + "katex/katex.min.css\">\n";
    scripts = "<script src=\"" + escape_html(root_) + "katex/katex.min.js\"></script>\n<script src=\"" +
              escape_html(root_) + "math.js\"></script>\n";
  }
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
         "content=\"width=device-width, initial-scale=1\">\n<title>" +
         escape_html(title_) + "</title>\n" + head + "</head>\n<body>\n" + body_ + scripts + "</body>\n</html>\n";
}

std::string style_sheet() {
  return R"(body { font-family: sans-serif; max-width: 70em; margin: 1.5em auto; padding: 0 1em; color: #222; line-height: 1.4; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.92em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.5em; vertical-align: top; text-align: left; }
th { background: #f2f2f2; }
pre { background: #f7f7f7; border: 1px solid #ddd; padding: 0.6em; white-space: pre-wrap; overflow-wrap: anywhere; }
pre.tex { background: #fbfaf3; }
code { background: #f2f2f2; padding: 0 0.2em; }
figure { margin: 1em 0; }
figure img { max-width: 100%; border: 1px solid #ddd; }
figcaption { font-size: 0.9em; color: #444; }
.badge { display: inline-block; padding: 0.05em 0.5em; border-radius: 0.6em; color: white; font-size: 0.85em; font-weight: bold; white-space: nowrap; }
.v-refuted { background: #c0392b; } .v-ill-posed { background: #d35400; } .v-proved { background: #27ae60; }
.v-bounded { background: #16a085; } .v-held { background: #2980b9; } .v-unknown, .v-timeout { background: #7f8c8d; }
.v-not-checkable { background: #95a5a6; } .v-error { background: #000; }
nav { font-size: 0.9em; margin-bottom: 1em; }
details { margin: 0.5em 0; }
.math.display { display: block; margin: 0.6em 0; overflow-x: auto; }
.statement { border-left: 3px solid #bbb; padding: 0.1em 0 0.1em 1em; margin: 0.8em 0; }
.algorithm { border-top: 1px solid #999; border-bottom: 1px solid #999; padding: 0.4em 0; margin: 0.8em 0; }
.summary { font-size: 0.92em; }
.summary li { margin: 0.2em 0; }
nav.toc { border: 1px solid #ddd; background: #fafafa; padding: 0.2em 1em; display: inline-block; }
nav.toc h2 { font-size: 1.1em; margin: 0.4em 0; }
.note { background: #f4f8fb; border: 1px solid #cfe0ee; padding: 0.5em 0.8em; }
)";
}

std::string math_script(const std::vector<std::pair<std::string, std::string>>& macros) {
  nlohmann::ordered_json table = nlohmann::ordered_json::object();
  for (const auto& [name, expansion] : macros) table[name] = expansion;
  // A formula KaTeX cannot read is left visible with class katex-error (the report test looks for it).
  return "// Typesets every formula of the page (class \"math\") with the bundled KaTeX, offline.\n"
         "(function () {\n"
         "  var macros = " +
         table.dump() +
         ";\n"
         "  document.querySelectorAll('.math').forEach(function (e) {\n"
         "    katex.render(e.textContent, e, {displayMode: e.classList.contains('display'), throwOnError: false,\n"
         "                                    macros: Object.assign({}, macros)});\n"
         "  });\n"
         "})();\n";
}

}  // namespace palcheck::report
