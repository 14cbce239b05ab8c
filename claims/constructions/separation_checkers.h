// Registration of the separation and EFO construction checkers (prop:range, prop:range_hard,
// prop:copy, thm:efo and their lemmas); called from construction_checkers.cpp.
#pragma once

#include "claims/registry.h"

namespace palcheck {

/// Adds the separation and EFO construction checkers and their replayers.
void register_separation_checkers(Registry& registry);

}  // namespace palcheck
