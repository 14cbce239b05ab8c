// Private to claims/replay_sequences_*.cpp: the judges each part defines, so that the one scenario table
// (all_scenarios in replay_sequences_support.cpp) names them; labels per judge are in that table.
#pragma once

#include "claims/replay_sequences.h"

namespace palcheck::sequences {

/// A reference-only judge: Instance -> ReplayOutcome.
using Judge = ReplayOutcome(const Instance&);

/// §2 judges (replay_sequences_background.cpp).
Judge rate_independence, wiping, stack_ordering, sufficiency, algorithm_vs_memory, complexity, grid_vs_atomic,
    memory_vs_definition, return_point, congruency, algorithm1_steps;
/// §4 and app:tc_aux judges (replay_sequences_encoding.cpp).
Judge monotone, stack_ops_signals, top_decode, push_no_wipe, pop_one;
/// §5 judges (replay_sequences_separation.cpp).
Judge range_indistinguishable, range_formula, no_copy;
/// app:efo_proof and app:sparse judges (replay_sequences_efo.cpp).
Judge ext_indicator, threshold, ext_agg, exists_ext, relay_efo, sparse;
/// §8 judges (replay_sequences_rfim.cpp).
Judge hopfield_storage, hopfield_capacity, retrieval, ising_first_equality;

}  // namespace palcheck::sequences
