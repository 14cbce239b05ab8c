// Registers the numeric experiments of sec:rfim, prop:pal_preisach, prop:universal and rem:backprop
// (entry point declared in claims/areas.h); each group lives in its own *_checks.cpp.
#include "claims/areas.h"
#include "claims/physics/physics_results.h"

namespace palcheck {

void register_physics_checkers(Registry& registry) {
  physics::register_pal_preisach_checks(registry);
  physics::register_backprop_checks(registry);
  physics::register_rfim_checks(registry);
  physics::register_criticality_checks(registry);
  physics::register_ising_checks(registry);
  physics::register_hopfield_checks(registry);
  physics::register_bp_checks(registry);
}

}  // namespace palcheck
