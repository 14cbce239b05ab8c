// Turing-completeness construction checkers: thm:tc, lem:stack_ops, def:autoregressive,
// lem:decode_stack, lem:mlp_width, cor:vpal_tc and our repair:thm:tc.
#include "claims/constructions/tc_checkers.h"

#include "claims/constructions/tc_checker_parts.h"

#include <stdexcept>

namespace palcheck {

Q instance_scalar(const Instance& in, const std::string& name) {
  auto it = in.values.find(name);
  if (it == in.values.end() || it->second.size() != 1) throw std::invalid_argument("instance has no scalar " + name);
  return it->second[0];
}

const std::string& instance_option(const Instance& in, const std::string& name) {
  auto it = in.options.find(name);
  if (it == in.options.end()) throw std::invalid_argument("instance has no option " + name);
  return it->second;
}

void register_tc_checkers(Registry& registry) {
  register_tc_printed_checkers(registry);
  register_tc_repair_checkers(registry);
  register_tc_lemma_checkers(registry);
  register_pop_one_encoded(registry);
}

}  // namespace palcheck
