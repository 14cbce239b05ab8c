// The property checkers of each area of the paper, registered by register_property_checkers
// (property_checkers.cpp); one file per area.
#pragma once

#include "claims/registry.h"
#include "claims/replay_sequences.h"
#include "properties/property_runner.h"

#include <utility>
#include <vector>

namespace palcheck::properties {

/// Each stack reading with the initial states that matter for it: both for the classical memory, Off
/// only for Algorithm 1 (its stack does not depend on relay states), in all_stack_readings() order.
std::vector<std::pair<StackReading, InitialState>> stack_initial_readings();

/// §2: rate-independence, wiping (repair), def:stack, sufficiency, alg:stack, complexity, ref:*.
void register_background_properties(Registry& registry);
/// §4 and app:tc_aux: lem:monotone, lem:stack_ops, lem:push_no_wipe, lem:pop_one.
void register_encoding_properties(Registry& registry);
/// §5: prop:range, prop:no_copy, rem:prob_fix (sampled).
void register_separation_properties(Registry& registry);
/// app:efo_proof and app:sparse.
void register_efo_properties(Registry& registry);
/// §8: prop:hopfield_pal, rem:retrieval, prop:ising_streaming.
void register_rfim_properties(Registry& registry);

}  // namespace palcheck::properties
