// Separation and EFO construction checkers (thm:separation, thm:efo): registration stub.
#include "constructions/separation_checkers.h"

namespace palcheck {

void register_separation_checkers(Registry&) {}

}  // namespace palcheck
