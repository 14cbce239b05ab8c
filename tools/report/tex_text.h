// The paper's TeX as the report shows it: prose with its formulas, lists, algorithms and tables turned into
// report blocks. Formulas stay TeX, for KaTeX; every other command becomes what it prints (emphasis, a link
// for \ref and \cref under the number LaTeX prints, a citation's key, the letters of an accent), so no TeX source
// reaches the reader outside a formula.
#pragma once

#include "tools/report/markup.h"
#include "tools/report/tex_numbering.h"

#include <functional>
#include <optional>
#include <string>

namespace palcheck::report {

/// How a \ref'd label is shown: a link to its page, under the number LaTeX prints for it.
struct RefLink {
  /// Where the label links to from the page, or "" when the report has no page for it (then it is text).
  std::function<std::string(const std::string& label)> href;
  /// The label's number in the paper, or nothing (then the label itself is shown).
  std::function<std::optional<TexNumber>(const std::string& label)> number;
};

/// Appends `tex` (a statement with its environment, a section heading, an excerpt) to `page` as blocks.
void append_tex(Page& page, const std::string& tex, const RefLink& link);

/// `tex` (a title, a phrase) as inline pieces of `page`; lists and paragraphs are run together.
std::string inline_tex(const Page& page, const std::string& tex, const RefLink& link);

}  // namespace palcheck::report
