// Registers the construction checkers (entry point declared in claims/areas.h): the
// Turing-completeness construction (tc_checkers.h) and the separations and EFO (separation_checkers.h).
#include "claims/areas.h"
#include "claims/constructions/separation_checkers.h"
#include "claims/constructions/tc_checkers.h"

namespace palcheck {

void register_construction_checkers(Registry& registry) {
  register_tc_checkers(registry);
  register_separation_checkers(registry);
}

}  // namespace palcheck
