// The property checkers of each area of the paper, registered by register_property_checkers
// (property_checkers.cpp); one file per area.
#pragma once

#include "claims/registry.h"
#include "property_runner.h"

namespace palcheck::properties {

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
