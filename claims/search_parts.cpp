// Combining the parts of a sharded search, and the words a searched counterexample opens with (see
// search_parts.h).
#include "claims/search_parts.h"

#include <algorithm>

namespace palcheck {

std::optional<CheckResult> merge_search_parts(const std::vector<CheckResult>& parts, std::string& error) {
  if (parts.empty()) {
    error = "a search with no part";
    return std::nullopt;
  }
  const CheckResult* first_stop = nullptr;
  for (const CheckResult& r : parts)
    if (r.verdict != Verdict::Held && (!first_stop || r.cases < first_stop->cases)) first_stop = &r;
  if (first_stop) return *first_stop;
  if (!std::all_of(parts.begin(), parts.end(), [&](const CheckResult& r) { return r == parts.front(); })) {
    error = "the parts of a search that never failed disagree: " + parts.front().summary;
    return std::nullopt;
  }
  return parts.front();
}

std::string counterexample_opening(std::uint64_t passing) {
  return "counterexample after " + std::to_string(passing) + (passing == 1 ? " passing case: " : " passing cases: ");
}

}  // namespace palcheck
