// The parts of register_tc_checkers (tc_checkers.cpp), one per group of sec:tc claims.
#pragma once

#include "claims/registry.h"
#include "reference/rational.h"

#include <map>
#include <string>
#include <vector>

namespace palcheck {

/// thm:tc and lem:stack_ops: the printed construction (tc_checkers_printed.cpp).
void register_tc_printed_checkers(Registry& registry);
/// repair:thm:tc and def:autoregressive: the repaired construction (tc_checkers_repair.cpp).
void register_tc_repair_checkers(Registry& registry);
/// The readings every repair:thm:tc result depends on (the run here, the induction in proofs/).
std::map<std::string, std::string> repair_interpretation();

/// The readings of repair:thm:tc's construction (the tape streamed, relays starting off).
Reading repair_reading();
/// lem:decode_stack, lem:mlp_width, cor:vpal_tc (tc_checkers_lemmas.cpp).
void register_tc_lemma_checkers(Registry& registry);

/// "[a b c]": exact numbers as the sec:tc checkers print signals and codes.
std::string show_list(const std::vector<Q>& v);

}  // namespace palcheck
