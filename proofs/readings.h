// The readings of Algorithm 1's undefined points (alg:stack, def:stack, prop:sufficiency,
// prop:complexity, lem:pop_one), listed and parsed back from their names; no Z3 here, so that the
// replayers of proofs/ can use it.
#pragma once

#include "reference/algorithm1.h"

#include <optional>
#include <string>
#include <vector>

namespace palcheck::proofs {

/// Every reading of Algorithm 1 (2 first-input readings x 3 unset-last readings).
std::vector<Algorithm1Options> all_algorithm1_readings();

/// The reading named by to_string(Algorithm1Options), or nullopt.
std::optional<Algorithm1Options> parse_algorithm1_reading(const std::string& name);

}  // namespace palcheck::proofs
