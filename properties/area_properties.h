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

/// The property registrars, one per section (register_property_checkers calls them all):
/// register_background_properties: §2: rate-independence, wiping (repair), def:stack, sufficiency, alg:stack,
///   complexity, ref:*.
/// register_encoding_properties: §4 and app:tc_aux: lem:monotone, lem:stack_ops, lem:push_no_wipe, lem:pop_one.
/// register_separation_properties: §5: prop:range, prop:no_copy, rem:prob_fix (sampled).
/// register_efo_properties: app:efo_proof and app:sparse.
/// register_rfim_properties: §8: prop:hopfield_pal, rem:retrieval, prop:ising_streaming.
Registrar register_background_properties, register_encoding_properties, register_separation_properties,
    register_efo_properties, register_rfim_properties;

}  // namespace palcheck::properties
