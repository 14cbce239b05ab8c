// Shared builders of the physics checkers (see physics_results.h).
#include "claims/physics/physics_results.h"

namespace palcheck::physics {

CheckResult held_search(std::string summary, std::uint64_t cases, const RunConfig& config,
                        std::map<std::string, std::string> interpretation, Reading reading) {
  CheckResult r = make_result(Verdict::Held, "numeric", std::move(summary));
  r.cases = cases;
  r.seed = config.seed;
  r.interpretation = std::move(interpretation);
  r.reading = std::move(reading);
  return r;
}

Checker single_result_checker(std::string label, std::string method,
                              std::function<CheckResult(const RunConfig&)> check) {
  return Checker{std::move(label), std::move(method),
                 [check = std::move(check)](const RunConfig& c) { return std::vector<CheckResult>{check(c)}; }};
}

std::string half_plane_violation(const Thresholds& t) {
  try {
    require_half_plane(t);
  } catch (const NotInHalfPlane& e) {
    return e.what();
  }
  return "";
}

}  // namespace palcheck::physics
