// Builds the registry of every area (see reference/claims/areas.h).
#include "claims/areas.h"

namespace palcheck {

Registry build_full_registry() {
  Registry registry;
  register_paper_claims(registry);
  register_analysis_checkers(registry);
  register_proof_checkers(registry);
  register_property_checkers(registry);
  register_construction_checkers(registry);
  register_physics_checkers(registry);
  return registry;
}

}  // namespace palcheck
