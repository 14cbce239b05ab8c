// The headline counterexample of a refuted claim: the strongest confirmed result that refutes the
// statement itself (docs/decisions.md): first one that refutes under every reading the claim admits, among
// those a general result (a solver proof for all parameters, an enumeration, a construction) before one
// generated instance, then the smallest. Results whose checker judges a proof step, or the statement at
// one value of a parameter it quantifies over (Scope, declared where the checker is registered), never
// head the claim.
#pragma once

#include "claims/verdict.h"

#include <cstddef>
#include <functional>
#include <vector>

namespace palcheck {

/// Size of an instance: its tokens and relays (every stored number counts once, except a relay's beta and
/// weight, which come with its alpha) plus the decimal digits of every number (numerator and denominator).
std::size_t instance_size(const Instance& instance);

/// How many of the claim's readings a refutation covers.
enum class Readings { Every, Some };

/// What kind of result a refutation is: general (a solver result, an enumeration, a construction) or one
/// instance a search generated.
enum class Generality { General, Generated };

/// The generality of a result by its method: a property search's instance is generated, the rest general.
Generality generality(const CheckResult& result);

/// A refutation's strength: readings covered, then generality (smaller is stronger).
struct HeadlineRank {
  Readings readings = Readings::Some;            ///< every reading at once, or some
  Generality generality = Generality::Generated;  ///< general or one generated instance

  /// Ordered by readings, then generality.
  auto operator<=>(const HeadlineRank&) const = default;
};

/// The headline among results: the REFUTED result with a counterexample of the statement, strongest by
/// `rank`, then the smallest instance_size (the first on ties), or nullptr when there is none.
const CheckResult* headline(const std::vector<CheckResult>& results,
                            const std::function<HeadlineRank(const CheckResult&)>& rank);

}  // namespace palcheck
