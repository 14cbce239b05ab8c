// The headline counterexample of a refuted claim: the smallest confirmed result that refutes the
// statement itself (docs/decisions.md). Results whose checker judges a proof step, or the statement at one
// value of a parameter it quantifies over (Scope, declared where the checker is registered), never head
// the claim.
#pragma once

#include "claims/verdict.h"

#include <cstddef>
#include <vector>

namespace palcheck {

/// Size of an instance: its tokens and relays (every stored number counts once, except a relay's beta and
/// weight, which come with its alpha) plus the decimal digits of every number (numerator and denominator).
std::size_t instance_size(const Instance& instance);

/// The headline among results: the REFUTED result with a counterexample of the statement and the smallest
/// instance_size (the first on ties), or nullptr when there is none.
const CheckResult* headline(const std::vector<CheckResult>& results);

}  // namespace palcheck
