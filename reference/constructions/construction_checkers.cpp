// Registers the construction checkers (entry point declared in reference/claims/areas.h).
#include "claims/areas.h"

namespace palcheck {

void register_construction_checkers(Registry&) {}

}  // namespace palcheck
