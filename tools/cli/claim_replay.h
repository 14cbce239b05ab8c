// `palcheck replay FILE`: re-runs a saved counterexample (a replay file of `verify --out`) on the
// exact reference alone, so a REFUTED verdict can be re-checked without the search that found it.
#pragma once

#include "claims/registry.h"

#include <ostream>
#include <string>

namespace palcheck::cli {

/// Replays the replay file at `path` ("-" for stdin) with the registry's replayers; prints the outcome on
/// `out`. Returns 0 if it still refutes, 1 if not, 2 on a bad file (message on `err`).
int replay_saved_file(const Registry& registry, const std::string& path, std::ostream& out, std::ostream& err);

}  // namespace palcheck::cli
