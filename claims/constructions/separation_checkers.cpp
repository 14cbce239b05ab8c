// Separation and EFO construction checkers (prop:range, prop:range_hard, prop:copy,
// prop:no_copy:equal_stacks, rem:prob_fix, thm:rate_independence, rem:pe, prop:attention_pal, tab:complexity,
// thm:efo and app:efo_proof's lemmas): the entry point and the helpers the parts share.
#include "claims/constructions/separation_checkers.h"

#include "claims/constructions/separation_parts.h"

#include <stdexcept>

namespace palcheck {

void register_separation_checkers(Registry& registry) {
  register_range_checkers(registry);
  register_copy_checkers(registry);
  register_rate_checkers(registry);
  register_prob_fix_checkers(registry);
  register_efo_checkers(registry);
}

Q random_rational(std::mt19937_64& rng, int span, int den) {
  std::uniform_int_distribution<int> k(-span * den, span * den);
  return Q(k(rng), den);
}

std::vector<Q> random_tricky_sequence(std::mt19937_64& rng, int max_len, int span) {
  std::uniform_int_distribution<int> len(1, max_len), kind(0, 3);
  std::vector<Q> u;
  for (int n = len(rng); static_cast<int>(u.size()) < n;) {
    int k = kind(rng);
    if (k == 0 && !u.empty())
      u.push_back(u.back());
    else if (k == 1 && u.size() >= 2)
      u.push_back(u[std::uniform_int_distribution<std::size_t>(0, u.size() - 1)(rng)]);
    else
      u.push_back(random_rational(rng, span, 2));
  }
  return u;
}

}  // namespace palcheck
