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

void add_sub_claim(Registry& registry, std::string label, std::string kind, std::string section,
                   std::string statement, std::vector<std::string> hypotheses) {
  registry.add(Claim{std::move(label), std::move(kind), std::move(section), std::move(statement),
                     std::move(hypotheses), {}, true});
}

}  // namespace palcheck::physics
