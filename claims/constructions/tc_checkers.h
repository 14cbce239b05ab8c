// Registration of the Turing-completeness construction checkers (thm:tc, lem:stack_ops,
// lem:decode_stack, lem:mlp_width, def:autoregressive, cor:vpal_tc, repair:thm:tc); called from
// construction_checkers.cpp.
#pragma once

#include "claims/registry.h"

namespace palcheck {

/// Adds the Turing-completeness construction checkers, their claims of ours and their replayers.
void register_tc_checkers(Registry& registry);

/// lem:pop_one on Cantor-encoded stacks under every stack reading at once (pop_one_encoded.cpp).
void register_pop_one_encoded(Registry& registry);

}  // namespace palcheck
