// A run of `palcheck verify` spoiled one way, and the refusal `report --from` must give for it: the one shape
// of the hostile-run cases of the report's library tests and of the command line's.
#pragma once

#include <nlohmann/json.hpp>

#include <functional>
#include <string>

namespace palcheck::testing {

/// How a good run is spoiled, and a part of the message that refuses the spoiled run.
struct SpoiledRun {
  std::function<void(nlohmann::json&)> spoil;  ///< turns the good run into a bad one
  std::string message;                         ///< found in the refusal
};

}  // namespace palcheck::testing
