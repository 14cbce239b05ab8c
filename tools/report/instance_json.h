// The JSON form of claim instances (claims/instance.h) and of the replay files that
// `palcheck verify --out DIR` writes, `palcheck replay FILE` re-runs and `palcheck report` draws: every
// REFUTED verdict leaves a file anyone can re-check on the exact reference alone. It sits in the report's
// layer, the lowest one both the report and the command line may include, so that both read one format.
#pragma once

#include "claims/instance.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace palcheck::report {

/// {"label","scenario","options":{...},"values":{name:["p/q",...]}}; numbers as canonical fractions.
nlohmann::ordered_json instance_to_json(const Instance& instance);

/// The inverse of instance_to_json; InputError naming the field on anything malformed.
Instance instance_from_json(const nlohmann::json& doc);

/// A saved refutation: the instance and how it was found.
struct ReplayFile {
  Instance instance;                  ///< the counterexample
  std::optional<std::uint64_t> seed;  ///< the search seed, if a search found it
  std::string method;                 ///< the checker's method
  std::string predicted;              ///< what the claim says (from the replayer)
  std::string computed;               ///< what the reference computed (from the replayer)
  std::string command;                ///< the command line that reproduces the finding
};

/// The instance's fields plus "seed", "method", "predicted", "computed", "command".
nlohmann::ordered_json replay_file_to_json(const ReplayFile& file);

/// The inverse of replay_file_to_json; InputError on anything malformed.
ReplayFile replay_file_from_json(const nlohmann::json& doc);

}  // namespace palcheck::report
