// The registry of one area (see areas.h): the claim table, then that area's checkers and replayers.
#include "claims/areas.h"

namespace palcheck {

Registry build_area_registry(Registrar* register_area) {
  Registry registry;
  register_paper_claims(registry);
  register_area(registry);
  return registry;
}

}  // namespace palcheck
