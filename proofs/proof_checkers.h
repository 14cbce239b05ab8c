// Entry point of the Z3 layer: adds every Z3 checker to the claim registry.
#pragma once

#include "claims/registry.h"

namespace palcheck {

/// Adds the Z3 checkers (one per claim they judge) to the registry.
void register_proof_checkers(Registry& registry);

}  // namespace palcheck
