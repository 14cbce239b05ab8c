// One writer for both page formats: the report's pages are built once from blocks (headings, paragraphs,
// lists, tables, code, figures) and inline pieces (text, links, badges), rendered as HTML or Markdown.
#pragma once

#include <string>
#include <vector>

namespace palcheck::report {

/// Output format of a page.
enum class Markup { Html, Markdown };

/// A page under construction.
class Page {
 public:
  /// A page in `markup` titled `title`; `css` is the relative path of the style sheet (HTML only).
  Page(Markup markup, std::string title, std::string css);

  // Inline pieces: return text to put into blocks.
  std::string text(const std::string& s) const;                               ///< escaped text
  std::string link(const std::string& label, const std::string& href) const;  ///< link with escaped label
  std::string code(const std::string& s) const;                               ///< inline code
  std::string strong(const std::string& s) const;                             ///< bold, escaped
  std::string badge(const std::string& verdict) const;                        ///< verdict badge

  // Blocks, appended in order; their arguments are inline pieces (already escaped).
  void heading(int level, const std::string& inline_text, const std::string& id = "");  ///< h1..h4
  void paragraph(const std::string& inline_text);                                       ///< a paragraph
  void items(const std::vector<std::string>& inline_items);                             ///< bullet list
  void table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows);  ///< table
  void preformatted(const std::string& raw, const std::string& css_class = "");  ///< code block, escaped here
  void figure(const std::string& image, const std::string& caption_inline, const std::string& alt);  ///< picture
  void raw_html(const std::string& html);  ///< HTML-only block

  /// The whole page.
  std::string finish() const;

 private:
  Markup markup_;
  std::string title_, css_, body_;
};

/// The style sheet every HTML page links (no fonts, no network).
std::string style_sheet();

}  // namespace palcheck::report
