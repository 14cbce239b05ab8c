// The paper's TeX turned into report blocks (see tex_text.h). A small reader of the LaTeX a paper's
// statements use: text commands, theorem-like environments, lists, display math, algorithmic and tabular.
// What it does not know it drops, keeping the braced arguments' text.
#include "tools/report/tex_text.h"

#include "tools/report/tex_group.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace palcheck::report {
namespace {

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// The command name at s[i] == '\\' (letters, or one other character; a trailing '*' is part of it);
// i moves past it.
std::string command_at(const std::string& s, std::size_t& i) {
  std::size_t start = ++i;
  if (i < s.size() && is_letter(s[i])) {
    while (i < s.size() && is_letter(s[i])) ++i;
    if (i < s.size() && s[i] == '*') ++i;
  } else if (i < s.size()) {
    ++i;
  }
  return s.substr(start, i - start);
}

void skip_spaces(const std::string& s, std::size_t& i) {
  while (i < s.size() && (is_space(s[i]) || s[i] == '\n')) ++i;
}

// The balanced {...} at s[i] (after spaces), without the braces; i moves past it. Nothing when absent.
std::optional<std::string> group(const std::string& s, std::size_t& i) {
  std::size_t j = i;
  skip_spaces(s, j);
  std::optional<std::string> inner = braced_group(s, j);
  if (inner) i = j + inner->size() + 2;
  return inner;
}

// The [...] at s[i] (no spaces before it), braces respected; i moves past it.
std::optional<std::string> optional_arg(const std::string& s, std::size_t& i) {
  if (i >= s.size() || s[i] != '[') return std::nullopt;
  int depth = 0;
  for (std::size_t k = i + 1; k < s.size(); ++k) {
    if (s[k] == '\\') {
      ++k;
      continue;
    }
    if (s[k] == '{') ++depth;
    if (s[k] == '}') --depth;
    if (s[k] == ']' && depth == 0) {
      std::string out = s.substr(i + 1, k - i - 1);
      i = k + 1;
      return out;
    }
  }
  return std::nullopt;
}

// Position of the \end{env} closing the environment whose body starts at `from` (nested ones skipped).
std::size_t environment_end(const std::string& s, std::size_t from, const std::string& env) {
  std::string open = "\\begin{" + env + "}", close = "\\end{" + env + "}";
  int depth = 1;
  for (std::size_t i = from; i < s.size();) {
    std::size_t o = s.find(open, i), c = s.find(close, i);
    if (c == std::string::npos) return std::string::npos;
    if (o != std::string::npos && o < c) {
      ++depth;
      i = o + open.size();
    } else {
      if (--depth == 0) return c;
      i = c + close.size();
    }
  }
  return std::string::npos;
}

// The pieces of s between top-level separators: `separator(s, i)` gives the separator's length at i, or 0.
// Braces, formulas ($...$) and nested environments are not split.
template <class Separator>
std::vector<std::string> split_top_level(const std::string& s, Separator separator) {
  std::vector<std::string> out;
  int braces = 0, environments = 0;
  bool math = false;
  std::size_t start = 0;
  for (std::size_t i = 0; i < s.size();) {
    if (braces == 0 && environments == 0 && !math) {
      if (std::size_t n = separator(s, i)) {
        out.push_back(s.substr(start, i - start));
        start = i += n;
        continue;
      }
    }
    char c = s[i];
    if (c == '\\') {
      if (s.compare(i, 7, "\\begin{") == 0) ++environments;
      if (s.compare(i, 5, "\\end{") == 0) --environments;
      i += 2;
      continue;
    }
    if (c == '{') ++braces;
    if (c == '}') --braces;
    if (c == '$') math = !math;
    ++i;
  }
  out.push_back(s.substr(start));
  return out;
}

std::string trim(const std::string& s) {
  std::size_t b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// A display formula's TeX without what only LaTeX's numbering reads.
std::string formula(std::string tex) {
  for (const char* drop : {"\\nonumber", "\\notag"})
    for (std::size_t at; (at = tex.find(drop)) != std::string::npos;) tex.erase(at, std::string(drop).size());
  for (std::size_t at; (at = tex.find("\\label{")) != std::string::npos;) {
    std::size_t end = at + 6;
    if (!group(tex, end)) break;
    tex.erase(at, end - at);
  }
  return trim(tex);
}

const std::map<std::string, std::string>& theorem_names() {
  static const std::map<std::string, std::string> names{
      {"theorem", "Theorem"},       {"lemma", "Lemma"},           {"proposition", "Proposition"},
      {"corollary", "Corollary"},   {"definition", "Definition"}, {"remark", "Remark"},
      {"proof", "Proof"},           {"abstract", "Abstract"},     {"example", "Example"},
      {"conjecture", "Conjecture"}, {"claim", "Claim"},           {"assumption", "Assumption"}};
  return names;
}

const std::set<std::string>& display_math_environments() {
  static const std::set<std::string> names{"equation", "equation*", "align",       "align*",  "gather",
                                           "gather*",  "multline",  "multline*",   "flalign", "flalign*",
                                           "eqnarray", "eqnarray*", "displaymath", "math"};
  return names;
}

// Commands that print nothing in running text (layout, spacing, fonts switched for a group).
const std::set<std::string>& silent_commands() {
  static const std::set<std::string> names{
      "noindent", "centering",  "raggedright", "small",      "footnotesize",    "scriptsize", "tiny",
      "large",    "Large",      "LARGE",       "normalsize", "bfseries",        "itshape",    "rmfamily",
      "ttfamily", "newpage",    "clearpage",   "medskip",    "bigskip",         "smallskip",  "toprule",
      "midrule",  "bottomrule", "hline",       "maketitle",  "tableofcontents", "appendix",   "par",
      "indent",   "nobreak",    "allowbreak",  "relax",      "protect",         "@",          "/",
      "-",        "State",      "Statex",      "label",      "vspace",          "hspace",     "vspace*",
      "hspace*",  "phantom",    "cline"};
  return names;
}

// Characters and symbols printed by a command of their own.
const std::map<std::string, std::string>& symbol_commands() {
  static const std::map<std::string, std::string> names{{"ldots", "\u2026"},
                                                        {"dots", "\u2026"},
                                                        {"textellipsis", "\u2026"},
                                                        {"cdots", "\u22ef"},
                                                        {"textendash", "\u2013"},
                                                        {"textemdash", "\u2014"},
                                                        {"LaTeX", "LaTeX"},
                                                        {"TeX", "TeX"},
                                                        {"l", "\u0142"},
                                                        {"L", "\u0141"},
                                                        {"aa", "\u00e5"},
                                                        {"AA", "\u00c5"},
                                                        {"o", "\u00f8"},
                                                        {"O", "\u00d8"},
                                                        {"ss", "\u00df"},
                                                        {"ae", "\u00e6"},
                                                        {"AE", "\u00c6"},
                                                        {"oe", "\u0153"},
                                                        {"OE", "\u0152"},
                                                        {"i", "\u0131"},
                                                        {"%", "%"},
                                                        {"&", "&"},
                                                        {"#", "#"},
                                                        {"_", "_"},
                                                        {"$", "$"},
                                                        {"{", "{"},
                                                        {"}", "}"},
                                                        {" ", " "},
                                                        {",", "\u2009"},
                                                        {";", " "},
                                                        {":", " "},
                                                        {"!", ""},
                                                        {"quad", " "},
                                                        {"qquad", "  "},
                                                        {"enspace", " "},
                                                        {"textbackslash", "\u2216"}};
  return names;
}

// Accent commands and the Unicode combining mark each puts on the next letter.
const std::map<std::string, std::string>& accents() {
  static const std::map<std::string, std::string> marks{
      {"'", "\u0301"}, {"`", "\u0300"}, {"^", "\u0302"}, {"\"", "\u0308"}, {"~", "\u0303"}, {"=", "\u0304"},
      {".", "\u0307"}, {"u", "\u0306"}, {"v", "\u030c"}, {"H", "\u030b"},  {"c", "\u0327"}};
  return marks;
}

struct Block {
  enum class Kind { Paragraph, List, Lines, Table } kind = Kind::Paragraph;
  std::string text;                                // Paragraph
  bool numbered = false;                           // List
  std::vector<std::string> items;                  // List
  std::vector<std::pair<int, std::string>> lines;  // Lines
  std::vector<std::vector<std::string>> rows;      // Table (first row: header)
};

class Converter {
 public:
  // `flat`: one line of inline pieces (a title, a list item), no blocks.
  Converter(const Page& page, const RefLink& link, bool flat) : page_(page), link_(link), flat_(flat) {}

  void run(const std::string& s) {
    for (std::size_t i = 0; i < s.size();) step(s, i);
  }

  std::vector<Block> blocks() {
    flush_paragraph();
    return blocks_;
  }

  std::string flat_text() {
    std::string out;
    for (const Block& b : blocks()) {
      std::string piece;
      switch (b.kind) {
        case Block::Kind::Paragraph: piece = b.text; break;
        case Block::Kind::List:
          for (std::size_t k = 0; k < b.items.size(); ++k)
            piece += (k ? " " : "") + page_.text("(" + std::to_string(k + 1) + ") ") + b.items[k];
          break;
        case Block::Kind::Lines:
          for (const auto& line : b.lines) piece += (piece.empty() ? "" : page_.text("; ")) + line.second;
          break;
        case Block::Kind::Table:
          for (const auto& row : b.rows)
            for (const std::string& cell : row) piece += (piece.empty() ? "" : page_.text(", ")) + cell;
          break;
      }
      if (!piece.empty()) out += (out.empty() ? "" : " ") + piece;
    }
    return out;
  }

 private:
  std::string inline_of(const std::string& tex) const {
    Converter sub(page_, link_, true);
    sub.caption_ = caption_;
    sub.run(tex);
    return sub.flat_text();
  }

  void flush_text() {
    if (!plain_.empty()) para_ += page_.text(plain_);
    plain_.clear();
  }

  void emit(const std::string& inline_piece) {
    flush_text();
    para_ += inline_piece;
  }

  void flush_paragraph() {
    flush_text();
    std::string text = trim(para_);
    para_.clear();
    if (text.empty()) return;
    Block b;
    b.text = text;
    blocks_.push_back(b);
  }

  void block(Block b) {
    if (flat_) {
      Converter sub(page_, link_, true);
      sub.blocks_.push_back(std::move(b));
      emit(" " + sub.flat_text() + " ");
      return;
    }
    flush_paragraph();
    blocks_.push_back(std::move(b));
  }

  void step(const std::string& s, std::size_t& i) {
    // TeX's ligatures and its unbreakable space, longest first.
    static const std::vector<std::pair<std::string, std::string>> ligatures{
        {"---", "\u2014"}, {"--", "\u2013"}, {"``", "\u201c"}, {"''", "\u201d"},
        {"`", "\u2018"},   {"'", "\u2019"},  {"~", "\u00a0"}};
    for (const auto& [from, to] : ligatures)
      if (s.compare(i, from.size(), from) == 0) {
        plain_ += to;
        i += from.size();
        return;
      }
    char c = s[i];
    switch (c) {
      case '\\': command(s, i); return;
      case '$': dollar(s, i); return;
      case '%':
        while (i < s.size() && s[i] != '\n') ++i;
        ++i;
        while (i < s.size() && is_space(s[i])) ++i;
        return;
      case '\n': {
        std::size_t j = i + 1;
        while (j < s.size() && is_space(s[j])) ++j;
        if (j < s.size() && s[j] == '\n' && !flat_) {
          flush_paragraph();
        } else {
          plain_ += ' ';
        }
        i = j;
        return;
      }
      case '{':
      case '}': ++i; return;
      case '&':
        plain_ += ' ';
        ++i;
        return;
      default: plain_ += is_space(c) ? ' ' : c; ++i;
    }
  }

  void dollar(const std::string& s, std::size_t& i) {
    bool display = s.compare(i, 2, "$$") == 0;
    std::size_t from = i + (display ? 2 : 1);
    std::size_t end = from;
    while (end < s.size()) {
      if (s[end] == '\\') {
        end += 2;
        continue;
      }
      if (s[end] == '$') break;
      ++end;
    }
    if (end >= s.size()) {  // an unclosed $: print it
      plain_ += '$';
      ++i;
      return;
    }
    emit(page_.math(formula(s.substr(from, end - from)), display));
    i = end + (display ? 2 : 1);
  }

  void delimited_math(const std::string& s, std::size_t& i, const std::string& close, bool display) {
    std::size_t end = s.find(close, i);
    if (end == std::string::npos) end = s.size();
    emit(page_.math(formula(s.substr(i, end - i)), display));
    i = std::min(s.size(), end + close.size());
  }

  void references(const std::string& command, const std::string& labels) {
    std::vector<std::string> parts =
        split_top_level(labels, [](const std::string& t, std::size_t k) -> std::size_t { return t[k] == ',' ? 1 : 0; });
    std::string out;
    for (const std::string& part : parts) {
      std::string label = trim(part);
      if (label.empty()) continue;
      std::string href = link_.href ? link_.href(label) : "";
      std::optional<TexNumber> number = link_.number ? link_.number(label) : std::nullopt;
      // \ref prints the number alone ("Section~\ref{sec:tc}"), \cref and its kin the name with it.
      bool numbered = number && command != "nameref" && command != "pageref" && command != "cpageref";
      bool named = command == "cref" || command == "Cref" || command == "autoref";
      std::string text = !numbered ? label : named ? number->printed() : number->number;
      std::string shown = href.empty() ? page_.text(text) : page_.link(text, href);
      out += (out.empty() ? "" : page_.text(", ")) + shown;
    }
    emit(command == "eqref" ? page_.text("(") + out + page_.text(")") : out);
  }

  void citation(const std::string& command, const std::string& s, std::size_t& i) {
    while (optional_arg(s, i)) {
    }
    std::optional<std::string> keys = group(s, i);
    if (!keys) return;
    std::string shown;
    for (const std::string& key :
         split_top_level(*keys, [](const std::string&t, std::size_t k) -> std::size_t { return t[k] == ',' ? 1 : 0; }))
      shown += (shown.empty() ? "" : "; ") + trim(key);
    bool bracketed = command == "cite" || command == "citep" || command == "citealp" || command == "citeyearpar";
    plain_ += bracketed ? "[" + shown + "]" : shown;
  }

  void environment(const std::string& s, std::size_t& i) {
    std::optional<std::string> env = group(s, i);
    if (!env) return;
    std::optional<std::string> option = optional_arg(s, i);
    std::optional<std::string> spec;
    if (*env == "tabular" || *env == "array" || *env == "tabular*") {
      if (*env == "tabular*") group(s, i);
      spec = group(s, i);
    }
    std::size_t end = environment_end(s, i, *env);
    std::string body = s.substr(i, end == std::string::npos ? std::string::npos : end - i);
    i = end == std::string::npos ? s.size() : end + ("\\end{" + *env + "}").size();

    if (auto name = theorem_names().find(*env); name != theorem_names().end()) {
      if (!flat_) flush_paragraph();
      std::string title = page_.bold(page_.text(name->second));
      if (option) title += page_.text(" (") + inline_of(*option) + page_.text(")");
      emit(title + page_.text(". "));
      run(body);
      if (!flat_) flush_paragraph();
      return;
    }
    if (display_math_environments().count(*env)) {
      std::string tex = formula(body);
      std::string base = env->substr(0, env->find('*'));
      if (base == "align" || base == "flalign" || base == "eqnarray") tex = "\\begin{aligned}" + tex + "\\end{aligned}";
      if (base == "gather" || base == "multline") tex = "\\begin{gathered}" + tex + "\\end{gathered}";
      emit(page_.math(tex, true));
      return;
    }
    if (*env == "itemize" || *env == "enumerate" || *env == "description") {
      Block list;
      list.kind = Block::Kind::List;
      list.numbered = *env == "enumerate";
      std::vector<std::string> items = split_top_level(body, [](const std::string& t, std::size_t k) -> std::size_t {
        return t.compare(k, 5, "\\item") == 0 && (k + 5 >= t.size() || !is_letter(t[k + 5])) ? 5 : 0;
      });
      for (std::size_t k = 1; k < items.size(); ++k) {
        std::size_t at = 0;
        std::string item = items[k];
        while (at < item.size() && is_space(item[at])) ++at;
        std::optional<std::string> tag = optional_arg(item, at);
        std::string text = inline_of(item.substr(at));
        list.items.push_back(tag ? page_.bold(inline_of(*tag)) + " " + text : text);
      }
      block(std::move(list));
      return;
    }
    if (*env == "algorithmic") {
      block(algorithm(body));
      return;
    }
    if (spec) {
      block(table(body));
      return;
    }
    std::string outer = caption_;
    if (*env == "algorithm") caption_ = "Algorithm";
    if (*env == "table" || *env == "table*") caption_ = "Table";
    if (*env == "figure" || *env == "figure*") caption_ = "Figure";
    run(body);
    caption_ = outer;
  }

  Block table(const std::string& body) {
    std::string cleaned = body;
    for (const char* rule : {"\\toprule", "\\midrule", "\\bottomrule", "\\hline"})
      for (std::size_t at; (at = cleaned.find(rule)) != std::string::npos;) cleaned.erase(at, std::string(rule).size());
    Block t;
    t.kind = Block::Kind::Table;
    for (const std::string& row : split_top_level(cleaned, [](const std::string&s, std::size_t k) -> std::size_t {
           return s.compare(k, 2, "\\\\") == 0 ? 2 : 0;
         })) {
      if (trim(row).empty()) continue;
      std::vector<std::string> cells;
      for (const std::string& cell :
           split_top_level(row, [](const std::string&s, std::size_t k) -> std::size_t { return s[k] == '&' ? 1 : 0; }))
        cells.push_back(inline_of(cell));
      t.rows.push_back(cells);
    }
    return t;
  }

  Block algorithm(const std::string& body) {
    // Line commands of algpseudocode: keyword shown, whether it opens (+1) or closes (-1) a level, and
    // whether it is shown one level out (ElsIf, Else).
    struct Keyword {
      const char* shown;
      const char* after;  // after the argument (then, do)
      int arguments;
      int open;
      bool outdent;
    };
    static const std::map<std::string, Keyword> keywords{{"State", {"", "", 0, 0, false}},
                                                         {"Statex", {"", "", 0, 0, false}},
                                                         {"If", {"if ", " then", 1, 1, false}},
                                                         {"ElsIf", {"else if ", " then", 1, 0, true}},
                                                         {"Else", {"else", "", 0, 0, true}},
                                                         {"EndIf", {"end if", "", 0, -1, false}},
                                                         {"While", {"while ", " do", 1, 1, false}},
                                                         {"EndWhile", {"end while", "", 0, -1, false}},
                                                         {"For", {"for ", " do", 1, 1, false}},
                                                         {"ForAll", {"for all ", " do", 1, 1, false}},
                                                         {"EndFor", {"end for", "", 0, -1, false}},
                                                         {"Loop", {"loop", "", 0, 1, false}},
                                                         {"EndLoop", {"end loop", "", 0, -1, false}},
                                                         {"Repeat", {"repeat", "", 0, 1, false}},
                                                         {"Until", {"until ", "", 1, -1, false}},
                                                         {"Return", {"return ", "", 0, 0, false}},
                                                         {"Require", {"Require: ", "", 0, 0, false}},
                                                         {"Ensure", {"Ensure: ", "", 0, 0, false}},
                                                         {"Function", {"function ", "", 2, 1, false}},
                                                         {"EndFunction", {"end function", "", 0, -1, false}},
                                                         {"Procedure", {"procedure ", "", 2, 1, false}},
                                                         {"EndProcedure", {"end procedure", "", 0, -1, false}}};
    Block b;
    b.kind = Block::Kind::Lines;
    int depth = 0;
    std::string pending;  // TeX of the current line after its keyword
    std::string head;     // the keyword part, already inline
    int line_depth = 0;
    bool open_line = false;
    auto finish_line = [&] {
      if (!open_line) return;
      std::string text = head + inline_of(pending);
      b.lines.push_back({line_depth, text});
      pending.clear();
      head.clear();
      open_line = false;
    };
    for (std::size_t i = 0; i < body.size();) {
      if (body[i] == '\\') {
        std::size_t j = i;
        std::string name = command_at(body, j);
        if (auto k = keywords.find(name); k != keywords.end()) {
          finish_line();
          const Keyword& kw = k->second;
          if (kw.open < 0) depth = std::max(0, depth - 1);
          line_depth = kw.outdent ? std::max(0, depth - 1) : depth;
          std::string shown = kw.shown;
          head = shown.empty() ? "" : page_.bold(page_.text(trim(shown))) + (shown.back() == ' ' ? " " : "");
          for (int a = 0; a < kw.arguments; ++a) {
            std::optional<std::string> arg = group(body, j);
            if (!arg) break;
            head += (a ? page_.text("(") : "") + inline_of(*arg) + (a ? page_.text(")") : "");
          }
          if (*kw.after) head += " " + page_.bold(page_.text(trim(kw.after)));
          if (kw.open > 0) ++depth;
          open_line = true;
          i = j;
          continue;
        }
      }
      if (!open_line && !is_space(body[i]) && body[i] != '\n') {
        open_line = true;
        line_depth = depth;
      }
      pending += body[i++];
    }
    finish_line();
    return b;
  }

  // A command with a handler of its own; `name` is the command read, `i` just after it.
  using Handler = void (Converter::*)(const std::string& name, const std::string& s, std::size_t& i);

  // The commands whose handling is more than printing a symbol or skipping, by name.
  static const std::map<std::string, Handler>& handlers() {
    static const std::map<std::string, Handler> table = [] {
      std::map<std::string, Handler> t;
      auto add = [&t](std::initializer_list<const char*> names, Handler handler) {
        for (const char* name : names) t.emplace(name, handler);
      };
      add({"(", "["}, &Converter::inline_or_display_math);
      add({"begin"}, &Converter::begin_environment);
      add({"end"}, &Converter::skip_group);
      add({"\\", "newline"}, &Converter::line_break);
      add({"emph", "textit", "textsl", "textbf", "texttt", "url"}, &Converter::styled);
      add({"section", "section*", "subsection", "subsection*", "subsubsection", "subsubsection*"}, &Converter::heading);
      add({"paragraph", "paragraph*"}, &Converter::run_in_heading);
      add({"ref", "cref", "Cref", "autoref", "eqref", "nameref", "pageref", "labelcref", "cpageref"},
          &Converter::reference_command);
      add({"footnote"}, &Converter::footnote);
      add({"caption"}, &Converter::caption);
      add({"href"}, &Converter::href);
      add({"Comment"}, &Converter::algorithm_comment);
      add({"item"}, &Converter::loose_item);
      add({"multicolumn"}, &Converter::multicolumn);
      add({"label", "vspace", "hspace", "vspace*", "hspace*", "phantom", "cline"}, &Converter::skip_group);
      return t;
    }();
    return table;
  }

  void command(const std::string& s, std::size_t& i) {
    std::string name = command_at(s, i);
    if (auto h = handlers().find(name); h != handlers().end()) return (this->*h->second)(name, s, i);
    if (auto a = accents().find(name); a != accents().end()) {
      std::string letter;
      if (std::optional<std::string> g = group(s, i))
        letter = *g;
      else if (i < s.size())
        letter = std::string(1, s[i++]);
      plain_ += letter + a->second;
      return;
    }
    if (auto sym = symbol_commands().find(name); sym != symbol_commands().end()) {
      plain_ += sym->second;
      if (is_letter(name[0])) {  // a control word eats the spaces after it
        std::size_t j = i;
        while (j < s.size() && is_space(s[j])) ++j;
        if (j > i && j < s.size() && s[j] != '\n') plain_ += ' ';
        i = j;
      }
      return;
    }
    if (name.rfind("cite", 0) == 0) return citation(name, s, i);
    if (silent_commands().count(name)) return;
    // Anything else prints its arguments' text (\text, \mbox, \textrm, \underline, unknown macros).
    optional_arg(s, i);
    std::size_t j = i;
    while (std::optional<std::string> g = group(s, j)) {
      run(*g);
      i = j;
    }
  }

  void inline_or_display_math(const std::string& name, const std::string& s, std::size_t& i) {
    if (name == "(") return delimited_math(s, i, "\\)", false);
    delimited_math(s, i, "\\]", true);
  }

  void begin_environment(const std::string&, const std::string& s, std::size_t& i) { environment(s, i); }

  void skip_group(const std::string&, const std::string& s, std::size_t& i) { group(s, i); }

  void line_break(const std::string&, const std::string& s, std::size_t& i) {
    if (i < s.size() && s[i] == '*') ++i;
    optional_arg(s, i);
    if (flat_)
      plain_ += ' ';
    else
      emit(page_.line_break());
  }

  void styled(const std::string& name, const std::string& s, std::size_t& i) {
    std::optional<std::string> g = group(s, i);
    if (!g) return;
    if (name == "textbf")
      emit(page_.bold(inline_of(*g)));
    else if (name == "texttt" || name == "url")
      emit(page_.code(*g));
    else
      emit(page_.emph(inline_of(*g)));
  }

  // \section and its kin: a bold line of its own.
  void heading(const std::string&, const std::string& s, std::size_t& i) {
    optional_arg(s, i);
    std::optional<std::string> g = group(s, i);
    if (!g) return;
    if (!flat_) flush_paragraph();
    emit(page_.bold(inline_of(*g)) + " ");
    if (!flat_) flush_paragraph();
  }

  // \paragraph: a bold title that starts its paragraph's text.
  void run_in_heading(const std::string&, const std::string& s, std::size_t& i) {
    optional_arg(s, i);
    if (std::optional<std::string> g = group(s, i)) emit(page_.bold(inline_of(*g) + page_.text(".")) + " ");
  }

  void reference_command(const std::string& name, const std::string& s, std::size_t& i) {
    if (auto g = group(s, i)) references(name, *g);
  }

  void footnote(const std::string&, const std::string& s, std::size_t& i) {
    if (auto g = group(s, i)) emit(page_.text(" (") + inline_of(*g) + page_.text(")"));
  }

  void caption(const std::string&, const std::string& s, std::size_t& i) {
    optional_arg(s, i);
    std::optional<std::string> g = group(s, i);
    if (!g) return;
    if (!flat_) flush_paragraph();
    emit(page_.bold(page_.text((caption_.empty() ? std::string("Caption") : caption_) + ":")) + " " + inline_of(*g));
    if (!flat_) flush_paragraph();
  }

  void href(const std::string&, const std::string& s, std::size_t& i) {
    group(s, i);
    if (auto g = group(s, i)) run(*g);
  }

  void algorithm_comment(const std::string&, const std::string& s, std::size_t& i) {
    if (auto g = group(s, i)) emit(page_.text(" \u25b7 ") + page_.emph(inline_of(*g)));
  }

  // An \item outside a list environment.
  void loose_item(const std::string&, const std::string& s, std::size_t& i) {
    optional_arg(s, i);
    plain_ += " \u2022 ";
  }

  void multicolumn(const std::string&, const std::string& s, std::size_t& i) {
    group(s, i);
    group(s, i);
    if (auto g = group(s, i)) run(*g);
  }

  const Page& page_;
  const RefLink& link_;
  bool flat_;
  std::string caption_;
  std::string plain_, para_;
  std::vector<Block> blocks_;
};

}  // namespace

void append_tex(Page& page, const std::string& tex, const RefLink& link) {
  Converter converter(page, link, false);
  converter.run(tex);
  for (const Block& b : converter.blocks()) {
    switch (b.kind) {
      case Block::Kind::Paragraph: page.paragraph(b.text); break;
      case Block::Kind::List: page.items(b.items, b.numbered); break;
      case Block::Kind::Lines: page.lines(b.lines); break;
      case Block::Kind::Table:
        if (!b.rows.empty())
          page.table(b.rows.front(), std::vector<std::vector<std::string>>(b.rows.begin() + 1, b.rows.end()));
        break;
    }
  }
}

std::string inline_tex(const Page& page, const std::string& tex, const RefLink& link) {
  Converter converter(page, link, true);
  converter.run(tex);
  return converter.flat_text();
}

}  // namespace palcheck::report
