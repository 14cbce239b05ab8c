// Turing-completeness construction checkers: thm:tc, lem:stack_ops, def:autoregressive,
// lem:decode_stack, lem:mlp_width, cor:vpal_tc and our repair:thm:tc.
#include "claims/constructions/tc_checkers.h"

#include "claims/constructions/tc_checker_parts.h"

#include <stdexcept>

namespace palcheck {

void register_tc_checkers(Registry& registry) {
  register_tc_printed_checkers(registry);
  register_tc_repair_checkers(registry);
  register_tc_lemma_checkers(registry);
  register_pop_one_encoded(registry);
}

std::string show_list(const std::vector<Q>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? " " : "") + palcheck::to_string(v[i]);
  return s + "]";
}

}  // namespace palcheck
