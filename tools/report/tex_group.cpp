// TeX's {...} groups (see tex_group.h).
#include "tools/report/tex_group.h"

namespace palcheck::report {

std::optional<std::string> braced_group(const std::string& text, std::size_t open) {
  if (open >= text.size() || text[open] != '{') return std::nullopt;
  int depth = 0;
  for (std::size_t i = open; i < text.size(); ++i) {
    if (text[i] == '\\') {
      ++i;
      continue;
    }
    if (text[i] == '{') ++depth;
    if (text[i] == '}' && --depth == 0) return text.substr(open + 1, i - open - 1);
  }
  return std::nullopt;
}

}  // namespace palcheck::report
