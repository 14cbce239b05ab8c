// One writer for both page formats: the report's pages are built once from blocks (headings, paragraphs,
// lists, tables, code, figures, algorithm lines) and inline pieces (text, links, badges, formulas), rendered
// as HTML or Markdown. Formulas stay TeX: KaTeX typesets them in the browser (HTML), or the Markdown viewer
// does ($...$).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace palcheck::report {

/// Output format of a page.
enum class Markup { Html, Markdown };

/// A page under construction.
class Page {
 public:
  /// A page in `markup` titled `title`; `root` is the relative path from the page to the report's folder
  /// ("" or "../"), where the style sheet and the formula scripts are.
  Page(Markup markup, std::string title, std::string root);

  // Inline pieces: return text to put into blocks.
  std::string text(const std::string& s) const;                               ///< escaped text
  std::string link(const std::string& label, const std::string& href) const;  ///< link with escaped label
  std::string code(const std::string& s) const;                               ///< inline code
  std::string strong(const std::string& s) const;                             ///< bold, escaped
  std::string badge(const std::string& verdict) const;                        ///< verdict badge
  std::string emph(const std::string& inline_text) const;                     ///< emphasis of inline pieces
  std::string bold(const std::string& inline_text) const;                     ///< bold inline pieces
  std::string math(const std::string& tex, bool display) const;               ///< a formula, as TeX
  std::string line_break() const;                                             ///< a break inside a block

  // Blocks, appended in order; their arguments are inline pieces (already escaped).
  void heading(int level, const std::string& inline_text, const std::string& id = "");  ///< h1..h4
  void paragraph(const std::string& inline_text);                                       ///< a paragraph
  void items(const std::vector<std::string>& inline_items, bool numbered = false);      ///< bullet or numbered list
  void table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows);  ///< table
  void preformatted(const std::string& raw, const std::string& css_class = "");  ///< code block, escaped here
  void figure(const std::string& image, const std::string& caption_inline, const std::string& alt);  ///< picture
  void lines(const std::vector<std::pair<int, std::string>>& indented);  ///< an algorithm: (depth, line) each
  void raw_html(const std::string& html);                                ///< HTML-only block

  /// The whole page; an HTML page with a formula loads KaTeX from the report's katex/ folder.
  std::string finish() const;

 private:
  Markup markup_;
  std::string title_, root_, body_;
};

/// The style sheet every HTML page links (no fonts, no network).
std::string style_sheet();

/// The script that typesets every formula of a page with KaTeX; `macros` are the paper's definitions
/// (name with backslash -> expansion with #1, #2 for arguments).
std::string math_script(const std::vector<std::pair<std::string, std::string>>& macros);

}  // namespace palcheck::report
