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

/// The Z3 registrars, one per group of claims (register_proof_checkers calls them all):
/// register_encoding_lemma_checkers: def:encoding, lem:monotone, lem:stack_ops (TOP), lem:push_no_wipe (inequality),
///   lem:boolean.
/// register_efo_lemma_checkers: lem:threshold, lem:ext_indicator.
/// register_memory_claim_checkers: prop:wiping, prop:sufficiency, prop:rate_independence, prop:range.
/// register_stack_claim_checkers: alg:stack, def:stack, prop:complexity, lem:pop_one, lem:stack_ops (PUSH, POP),
///   lem:push_no_wipe.
/// register_copy_checkers: prop:copy's quadratic head for every n (formula level).
/// register_memory_induction_checkers: ref:memory_equals_definition, prop:sufficiency (classical memory) by induction
///   over sequence length.
/// register_tc_induction_checkers: repair:thm:tc by induction over machine steps (every two-stack PDA), and
///   repair:thm:tc:library (the library machines as its instances).
/// register_induction_claim_checkers: repair:prop:wiping, ref:return_point_memory, ref:congruency, repair:lem:pop_one,
///   ref:algorithm1_steps, prop:complexity:counts by induction over sequence length and stack depth.
/// register_separation_checkers: prop:no_copy (both token readings), thm:separation and its two directions, by the
///   finite-image lemma and the range transformer.
/// register_arithmetic_claim_checkers: rem:backprop:off_ties, rem:maxcut:identity, rem:heads_dims:parameters,
///   lem:mlp_width (one-hot inputs), each by a short induction.
/// register_rate_independence_checkers: prop:rate_independence (discrete reading) by induction over the
///   reparametrised sequence.
/// register_autoregressive_checkers: def:autoregressive (the relay states are the sole recurrent state) by
///   induction over the positions and the layers.
/// register_convergence_checkers: prop:pal_preisach:convergence as |PAL - P| <= 3 C Delta / 2 for every L.
/// register_mpal_checkers: def:mpal (shapes, and eq:mpal against the reference's loops) for every H, d, n.
/// register_grid_fast_path_checkers: def:pal:grid (MemoryPal's grid fast path is the sum of relay states) for
///   every L, by lemmas on its lookups and inductions over its prefix table and its memory entries.
/// register_memory_corollary_checkers: prop:hopfield_pal:distinct_pairs, thm:complexity:depth,
///   prop:no_copy:bare_memory on the classical memory, as corollaries of the memory invariant.
/// register_z3_replayers: the replayers of every instance the checkers above produce (reference only, no Z3).
Registrar register_encoding_lemma_checkers, register_efo_lemma_checkers, register_memory_claim_checkers,
    register_stack_claim_checkers, register_copy_checkers, register_memory_induction_checkers,
    register_tc_induction_checkers, register_induction_claim_checkers, register_separation_checkers,
    register_arithmetic_claim_checkers, register_memory_corollary_checkers, register_rate_independence_checkers,
    register_autoregressive_checkers, register_convergence_checkers, register_mpal_checkers,
    register_grid_fast_path_checkers, register_z3_replayers;

}  // namespace palcheck::proofs
