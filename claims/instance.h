// Concrete instances of claims: the counterexamples every checker produces and `palcheck replay`
// re-runs. An instance is plain data (named lists of exact rationals and named options), so a Z3
// model, a RapidCheck case and a hand-built witness all become the same replayable thing.
#pragma once

#include "reference/rational.h"

#include <map>
#include <string>
#include <vector>

namespace palcheck {

/// A concrete instance of one claim.
struct Instance {
  std::string label;                               ///< the claim, e.g. "lem:pop_one"
  std::string scenario;                            ///< which replayer judges it, e.g. "pop-signal"
  std::map<std::string, std::string> options;      ///< readings and discrete parameters
  std::map<std::string, std::vector<Q>> values;    ///< named exact numbers (scalars are length 1)
};

/// What replaying an instance on the reference showed.
struct ReplayOutcome {
  bool violates = false;      ///< the reference confirms the claim fails on this instance
  std::string predicted;      ///< what the claim says should happen
  std::string computed;       ///< what the reference computes
  std::vector<std::vector<std::string>> table;  ///< rows for `palcheck show` (first row: header)
};

}  // namespace palcheck
