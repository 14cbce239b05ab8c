// The paper's TeX as the report shows it: prose with its formulas, lists, algorithms and tables turned into
// report blocks. Formulas stay TeX, for KaTeX; every other command becomes what it prints (emphasis, a link
// for \ref and \cref, a citation's key, the letters of an accent), so no TeX source reaches the reader
// outside a formula.
#pragma once

#include "tools/report/markup.h"

#include <functional>
#include <optional>
#include <string>

namespace palcheck::report {

/// Where a \ref'd label links to from the page, or "" when the report has no page for it (the label is
/// then shown as text).
using RefLink = std::function<std::string(const std::string& label)>;

/// The balanced {...} group at text[open] == '{' without its braces; nothing when there is none there.
std::optional<std::string> braced_group(const std::string& text, std::size_t open);

/// Appends `tex` (a statement with its environment, a section heading, an excerpt) to `page` as blocks.
void append_tex(Page& page, const std::string& tex, const RefLink& link);

/// `tex` (a title, a phrase) as inline pieces of `page`; lists and paragraphs are run together.
std::string inline_tex(const Page& page, const std::string& tex, const RefLink& link);

}  // namespace palcheck::report
