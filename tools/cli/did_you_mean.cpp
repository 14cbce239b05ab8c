// The nearest known name to a mistyped one (see did_you_mean.h).
#include "tools/cli/did_you_mean.h"

#include <algorithm>

namespace palcheck::cli {
namespace {

// Optimal string alignment distance: Levenshtein plus the swap of two neighbours ("verfiy").
std::size_t edits(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t replace = d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, replace});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::optional<std::string> nearest_name(const std::string& typed, const std::vector<std::string>& names) {
  std::size_t allowed = std::max<std::size_t>(1, typed.size() / 3);
  std::optional<std::string> best;
  std::size_t best_edits = allowed + 1;
  for (const std::string& name : names)
    if (std::size_t e = edits(typed, name); e < best_edits) {
      best = name;
      best_edits = e;
    }
  return best;
}

std::string did_you_mean(const std::string& typed, const std::vector<std::string>& names) {
  std::optional<std::string> near = nearest_name(typed, names);
  return near ? "; did you mean " + *near + "?" : "";
}

}  // namespace palcheck::cli
