// Concrete instances of claims: the counterexamples every checker produces and `palcheck replay`
// re-runs. An instance is plain data (named lists of exact rationals and named options), so a Z3
// model, a RapidCheck case and a hand-built witness all become the same replayable thing.
#pragma once

#include "reference/rational.h"
#include "reference/readings.h"

#include <cstddef>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace palcheck {

/// A concrete instance of one claim.
struct Instance {
  std::string label;                             ///< the claim, e.g. "lem:pop_one"
  std::string scenario;                          ///< which replayer judges it, e.g. "pop-signal"
  std::map<std::string, std::string> options;    ///< readings and discrete parameters
  std::map<std::string, std::vector<Q>> values;  ///< named exact numbers (scalars are length 1)

  /// Equal in every field.
  bool operator==(const Instance&) const = default;
};

/// A missing or malformed value or option of an instance; the message names the field. `palcheck
/// replay` reports it as a bad file (exit 2): a replayer never substitutes a default.
struct BadInstance : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// Largest grid size L a replay accepts: a grid has L(L+1)/2 relays, each run over the whole input.
constexpr std::size_t kMaxGridLevels = 256;
/// Most machine steps a replay of the sec:tc constructions runs (the checkers run at most 200).
constexpr std::size_t kMaxMachineSteps = 10'000;
/// Largest position a replay accepts (the judges check it against their sequence).
constexpr std::size_t kMaxPosition = 1'000'000;

/// The named list; throws BadInstance when it is missing.
const std::vector<Q>& list(const Instance& instance, const std::string& key);
/// The named list, of exactly `length` numbers; throws BadInstance otherwise.
const std::vector<Q>& list(const Instance& instance, const std::string& key, std::size_t length);
/// The named list, of min_length..max_length numbers; throws BadInstance otherwise.
const std::vector<Q>& list(const Instance& instance, const std::string& key, std::size_t min_length,
                           std::size_t max_length);
/// The named scalar (a list of length 1); throws BadInstance when missing or of another length.
const Q& scalar(const Instance& instance, const std::string& key);
/// The named scalar as an integer in [low, high]; throws BadInstance when it is not one.
long integer(const Instance& instance, const std::string& key, long low, long high);
/// The named scalar as an index in [0, high]; throws BadInstance when it is not one.
std::size_t index(const Instance& instance, const std::string& key, std::size_t high);
/// The named option; throws BadInstance when missing.
const std::string& option(const Instance& instance, const std::string& key);
/// The named option, one of `allowed`; throws BadInstance otherwise.
const std::string& option(const Instance& instance, const std::string& key, const std::vector<std::string>& allowed);

/// options["initial_state"] ("0" or "1").
InitialState initial_state(const Instance& instance);
/// options["stack"] as written by to_string(StackReading).
StackReading stack_reading(const Instance& instance);
/// options["algorithm1"] as written by to_string(Algorithm1Options).
Algorithm1Options algorithm1_reading(const Instance& instance);
/// options["endpoints"] ("excluded" or "included").
Endpoints endpoints(const Instance& instance);

/// What replaying an instance on the reference showed.
struct ReplayOutcome {
  bool violates = false;                        ///< the reference confirms the claim fails on this instance
  std::string predicted;                        ///< what the claim says should happen
  std::string computed;                         ///< what the reference computes
  std::vector<std::vector<std::string>> table;  ///< rows for `palcheck show` (first row: header)
};

}  // namespace palcheck
