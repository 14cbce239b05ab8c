// Registers the numeric experiments of sec:rfim, prop:pal_preisach, prop:universal and rem:backprop
// (entry point declared in claims/areas.h); each group lives in its own *_checks.cpp.
#include "claims/areas.h"
#include "claims/physics/physics_results.h"

namespace palcheck {

void register_physics_checkers(Registry& registry) {
  using namespace physics;
  for (auto register_file :
       {register_pal_preisach_checks, register_backprop_checks, register_rfim_checks, register_criticality_checks,
        register_ising_checks, register_hopfield_checks, register_bp_checks})
    register_file(registry);
}

}  // namespace palcheck
