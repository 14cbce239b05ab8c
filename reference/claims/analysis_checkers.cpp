// Registers the ILL-POSED / NOT-CHECKABLE analyses (entry point declared in areas.h).
#include "claims/areas.h"

namespace palcheck {

void register_analysis_checkers(Registry&) {}

}  // namespace palcheck
