// repair:thm:tc: the nested encoding (see encoding_nested.h).
#include "encoding_nested.h"

namespace palcheck {

long NestedEncoding::max_code(int i, int d) const { return offset() + c() - static_cast<long>(d) * (k + 1) - i; }

long NestedEncoding::min_code(int i, int d) const { return offset() - c() + static_cast<long>(d) * (k + 1) + i; }

long NestedEncoding::slot(int d) const { return offset() + c() - static_cast<long>(d + 1) * (k + 1); }

std::optional<std::vector<int>> NestedEncoding::decode(const std::vector<Q>& extrema) const {
  if (extrema.empty() || extrema.size() % 2 != 0) return std::nullopt;
  std::vector<int> stack;
  for (std::size_t p = 0; p < extrema.size(); p += 2) {
    int d = static_cast<int>(p / 2);
    std::optional<int> symbol;
    for (int i = 1; i <= k && !symbol; ++i)
      if (extrema[p] == max_code(i, d) && extrema[p + 1] == min_code(i, d)) symbol = i - 1;
    if (!symbol) return std::nullopt;
    stack.push_back(*symbol);
  }
  return stack;
}

}  // namespace palcheck
