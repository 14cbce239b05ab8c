// TeX's grouping as the report reads the paper's source (tex_numbering, tex_text, paper_tex): a {...}
// group with its nested braces and escaped characters.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace palcheck::report {

/// The balanced {...} group at text[open] == '{' without its braces; nothing when there is none there.
std::optional<std::string> braced_group(const std::string& text, std::size_t open);

}  // namespace palcheck::report
