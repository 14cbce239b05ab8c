// Runs one RapidCheck property as a registry checker: fixed seed from RunConfig, no environment
// configuration, no console output; the shrunk counterexample comes back as an Instance that the
// reference-only judge (claims/replay_sequences.h) confirms.
#pragma once

#include "claims/claim.h"

#include <rapidcheck.h>

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace palcheck::properties {

/// One property: cases are Instances drawn from `cases`; a case fails when `judge` says it violates.
struct PropertySpec {
  std::string label;                                  ///< the claim
  std::string scenario;                               ///< Instance::scenario (the judge and the replayer)
  std::map<std::string, std::string> interpretation;  ///< the options of its cases, readings among them
  std::string statement;                              ///< what is checked, in one line
  rc::Gen<Instance> cases;                            ///< the generator (with its shrinking)
  std::function<ReplayOutcome(const Instance&)> judge = {};  ///< empty: the reference judge of (label, scenario)
  Reading reading = {};  ///< readings its options do not name by a typed value (an "every"), typed
};

/// The seed of one property: the run's seed mixed with the property's name (FNV-1a), so that
/// properties draw independent streams and the same --seed always gives the same streams.
std::uint64_t property_seed(std::uint64_t seed, const std::string& name);

/// Compact text of an instance, "u=[0, 1]; v=[2]; stack=classical-memory".
std::string describe(const Instance& instance);

/// Runs the property with config.tests cases; HELD, REFUTED (with the shrunk Instance), UNKNOWN (gave
/// up) or ERROR.
CheckResult run_property(const PropertySpec& spec, const RunConfig& config);

/// A checker running one property per spec (one CheckResult per reading), built lazily from `specs`.
Checker property_checker(const std::string& label, std::function<std::vector<PropertySpec>()> specs);

/// The same property under each reading of `readings` (a range): spec(reading) builds one PropertySpec,
/// lazily, when the checker runs.
template <class Readings, class Spec>
Checker per_reading_checker(const std::string& label, Readings readings, Spec spec) {
  return property_checker(label, [readings, spec] {
    std::vector<PropertySpec> out;
    for (const auto& reading : readings) out.push_back(spec(reading));
    return out;
  });
}

/// The options of a reading with entries set or added (what the result's interpretation adds to them).
inline std::map<std::string, std::string> with(std::map<std::string, std::string> options,
                                               const std::map<std::string, std::string>& more) {
  for (const auto& [key, value] : more) options[key] = value;
  return options;
}

}  // namespace palcheck::properties
