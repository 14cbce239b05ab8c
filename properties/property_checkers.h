// Entry point of the RapidCheck layer: adds every property checker to the claim registry.
#pragma once

#include "claims/registry.h"

namespace palcheck {

/// Adds the property checkers (one per claim they judge) to the registry.
void register_property_checkers(Registry& registry);

}  // namespace palcheck
