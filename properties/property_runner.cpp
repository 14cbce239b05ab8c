// The RapidCheck driver behind every property checker (see property_runner.h). It calls
// rc::detail::checkProperty with an empty reproduce map and a silent listener, so RC_PARAMS and the
// console play no part: the seed decides everything.
#include "properties/property_runner.h"

#include "claims/replay_sequences.h"

#include <rapidcheck/detail/TestListenerAdapter.h>

#include <optional>
#include <unordered_map>

namespace palcheck::properties {

std::uint64_t property_seed(std::uint64_t seed, const std::string& name) {
  std::uint64_t h = 1469598103934665603ull ^ seed;
  for (unsigned char c : name) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

std::string describe(const Instance& instance) {
  std::string out;
  for (const auto& [key, values] : instance.values) {
    if (!out.empty()) out += "; ";
    out += key + "=" + (values.size() == 1 ? palcheck::to_string(values.front()) : sequences::show(values));
  }
  for (const auto& [key, value] : instance.options) out += "; " + key + "=" + value;
  return out;
}

CheckResult run_property(const PropertySpec& spec, const RunConfig& config) {
  const auto& judge = spec.judge ? spec.judge : sequences::judge_for(spec.label, spec.scenario);
  std::optional<Instance> last_failure;
  std::uint64_t evaluations = 0, shrink_evaluations = 0;
  bool budget_spent = false;
  auto property = rc::detail::toProperty([&] {
    Instance instance = *spec.cases;
    instance.label = spec.label;
    instance.scenario = spec.scenario;
    // Shrinking has no end of its own (a counterexample may shrink one unit at a time): past the
    // budget every new candidate passes, so RapidCheck stops at the smallest failure found so far.
    // That one is still judged: RapidCheck runs the final case again for its description.
    if (last_failure && shrink_evaluations >= config.max_shrinks) {
      budget_spent = true;
      if (describe(instance) != describe(*last_failure)) return;
    } else if (last_failure) {
      ++shrink_evaluations;
    }
    ++evaluations;
    ReplayOutcome outcome = judge(instance);
    if (outcome.violates) {
      last_failure = instance;
      RC_FAIL("[" + describe(instance) + "] " + outcome.computed);
    }
  });
  rc::detail::TestParams params;
  params.seed = property_seed(
      config.seed, spec.label + "/" + spec.scenario + "/" + describe(Instance{"", "", spec.interpretation, {}}));
  params.maxSuccess = static_cast<int>(config.tests);
  params.maxSize = 100;
  rc::detail::TestListenerAdapter silent;
  rc::detail::TestMetadata metadata;
  metadata.id = spec.label + "/" + spec.scenario;
  rc::detail::TestResult result = rc::detail::checkProperty(property, metadata, params, silent, {});

  CheckResult r;
  r.method = "property";
  r.interpretation = spec.interpretation;
  r.seed = config.seed;
  r.details.emplace_back("property", spec.statement);
  r.details.emplace_back("rapidcheck seed", std::to_string(params.seed));
  rc::detail::SuccessResult success;
  rc::detail::FailureResult failure;
  rc::detail::GaveUpResult gave_up;
  if (result.match(success)) {
    r.verdict = Verdict::Held;
    r.cases = static_cast<std::uint64_t>(success.numSuccess);
    r.summary = std::to_string(success.numSuccess) + " generated cases, none failed";
  } else if (result.match(failure)) {
    r.cases = static_cast<std::uint64_t>(failure.numSuccess) + 1;
    r.details.emplace_back("shrink evaluations", std::to_string(evaluations));
    if (budget_spent)
      r.details.emplace_back("shrinking stopped", "at the budget of " + std::to_string(config.max_shrinks) +
                                                      " judge calls (--max-shrinks); the smallest failure so far");
    // The last failing evaluation is the shrunk case; RapidCheck's own description must agree.
    if (!last_failure || failure.description.find("[" + describe(*last_failure) + "]") == std::string::npos) {
      r.verdict = Verdict::Error;
      r.summary = "the recorded counterexample is not RapidCheck's shrunk case: " + failure.description;
      return r;
    }
    ReplayOutcome outcome = judge(*last_failure);
    r.verdict = Verdict::Refuted;
    r.counterexample = *last_failure;
    r.summary = "counterexample after " + std::to_string(failure.numSuccess) +
                " passing cases: " + describe(*last_failure) + " -> " + outcome.computed;
  } else if (result.match(gave_up)) {
    r.verdict = Verdict::Unknown;
    r.cases = static_cast<std::uint64_t>(gave_up.numSuccess);
    r.summary = "RapidCheck gave up: " + gave_up.description;
  } else {
    r.verdict = Verdict::Error;
    r.summary = "RapidCheck error";
  }
  return r;
}

Checker property_checker(const std::string& label, std::function<std::vector<PropertySpec>()> specs) {
  return Checker{label, "property", [specs](const RunConfig& config) {
                   std::vector<CheckResult> out;
                   for (const PropertySpec& spec : specs()) out.push_back(run_property(spec, config));
                   return out;
                 }};
}

}  // namespace palcheck::properties
