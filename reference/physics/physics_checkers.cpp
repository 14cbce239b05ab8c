// Registers the numeric experiments (entry point declared in reference/claims/areas.h).
#include "claims/areas.h"

namespace palcheck {

void register_physics_checkers(Registry&) {}

}  // namespace palcheck
