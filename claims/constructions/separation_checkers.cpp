// Separation and EFO construction checkers (prop:range, prop:range_hard, prop:copy,
// prop:no_copy:equal_stacks, rem:prob_fix, thm:rate_independence, rem:pe, prop:attention_pal, tab:complexity,
// thm:efo and app:efo_proof's lemmas): the entry point.
#include "claims/constructions/separation_checkers.h"

#include "claims/constructions/separation_parts.h"

namespace palcheck {

void register_separation_checkers(Registry& registry) {
  register_range_checkers(registry);
  register_copy_checkers(registry);
  register_rate_checkers(registry);
  register_prob_fix_checkers(registry);
  register_efo_checkers(registry);
}

}  // namespace palcheck
