// Turing-completeness construction checkers (thm:tc and its lemmas): registration.
#include "constructions/tc_checkers.h"

namespace palcheck {

void register_tc_checkers(Registry&) {}

}  // namespace palcheck
