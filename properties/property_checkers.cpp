// Registers the RapidCheck checkers of properties/ (see property_checkers.h).
#include "property_checkers.h"

namespace palcheck {

void register_property_checkers(Registry&) {}

}  // namespace palcheck
