// The registration functions of proofs/, one per checker file; proof_checkers.cpp calls them all.
#pragma once

#include "claims/registry.h"

#include <functional>
#include <string>
#include <vector>

namespace palcheck::proofs {

/// A row of a checker table: the label judged and the check.
struct CheckRow {
  std::string label;                                              ///< the claim
  std::function<std::vector<CheckResult>(const RunConfig&)> run;  ///< the check
};

/// Registers one checker of `method` ("z3", "induction") per row.
void add_checkers(Registry& registry, const std::string& method, const std::vector<CheckRow>& rows);

/// def:encoding, lem:monotone, lem:stack_ops (TOP), lem:push_no_wipe (inequality), lem:boolean.
void register_encoding_lemma_checkers(Registry& registry);
/// lem:threshold, lem:ext_indicator.
void register_efo_lemma_checkers(Registry& registry);
/// prop:wiping, prop:sufficiency, prop:rate_independence, prop:range.
void register_memory_claim_checkers(Registry& registry);
/// alg:stack, def:stack, prop:complexity, lem:pop_one, lem:stack_ops (PUSH, POP), lem:push_no_wipe.
void register_stack_claim_checkers(Registry& registry);
/// prop:copy's quadratic head for every n (formula level).
void register_copy_checkers(Registry& registry);
/// ref:memory_equals_definition, prop:sufficiency (classical memory) by induction over sequence length.
void register_memory_induction_checkers(Registry& registry);
/// repair:thm:tc by induction over machine steps (the library's machines).
void register_tc_induction_checkers(Registry& registry);
/// repair:prop:wiping, ref:return_point_memory, ref:congruency, repair:lem:pop_one, ref:algorithm1_steps,
/// prop:complexity:counts by induction over sequence length and stack depth.
void register_induction_claim_checkers(Registry& registry);
/// The replayers of every instance the checkers above produce (reference only, no Z3).
void register_z3_replayers(Registry& registry);

}  // namespace palcheck::proofs
