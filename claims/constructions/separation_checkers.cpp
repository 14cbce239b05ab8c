// Separation and EFO construction checkers (prop:range, prop:range_hard, prop:copy,
// prop:no_copy:equal_stacks, rem:prob_fix, thm:rate_independence, rem:pe, prop:attention_pal, tab:complexity,
// thm:efo and app:efo_proof's lemmas): the entry point.
#include "claims/constructions/separation_checkers.h"

#include "claims/constructions/separation_parts.h"

#include <utility>

namespace palcheck {

void register_separation_checkers(Registry& registry) {
  register_range_checkers(registry);
  register_copy_checkers(registry);
  register_rate_checkers(registry);
  register_prob_fix_checkers(registry);
  register_efo_checkers(registry);
}

void record_construction(CheckResult& r, std::uint64_t cases, const RunConfig& config, Reading reading,
                         std::map<std::string, std::string> interpretation, std::vector<Detail> details) {
  r.cases = cases;
  r.seed = config.seed;
  r.reading = std::move(reading);
  r.interpretation = std::move(interpretation);
  r.details = std::move(details);
}

}  // namespace palcheck
