// The registry the tests of proofs/ run: the claim table with the Z3 and induction checkers of proofs/
// (register_proof_checkers) and no others, so a test sees what the solvers say and nothing else.
#pragma once

#include "claims/areas.h"

namespace palcheck::testing {

/// The claim table with the checkers of proofs/ only.
inline Registry proof_registry() {
  Registry r;
  register_paper_claims(r);
  register_proof_checkers(r);
  return r;
}

}  // namespace palcheck::testing
