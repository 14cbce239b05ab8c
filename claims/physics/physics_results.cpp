// Shared builders of the physics checkers (see physics_results.h).
#include "claims/physics/physics_results.h"

namespace palcheck::physics {

CheckResult make_result(Verdict verdict, std::string method, std::string summary) {
  CheckResult r;
  r.verdict = verdict;
  r.method = std::move(method);
  r.summary = std::move(summary);
  return r;
}

}  // namespace palcheck::physics
