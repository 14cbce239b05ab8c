// Builds the registry of every area (see claims/areas.h); without Z3 the proof layer is left out.
#include "claims/areas.h"

namespace palcheck {

Registry build_full_registry() {
  Registry registry;
  register_paper_claims(registry);
  register_analysis_checkers(registry);
#ifdef PALCHECK_WITH_Z3
  register_proof_checkers(registry);
#endif
  register_property_checkers(registry);
  register_construction_checkers(registry);
  register_physics_checkers(registry);
  return registry;
}

}  // namespace palcheck
