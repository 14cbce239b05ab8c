// RapidCheck generators for the sequence-level properties: exact numbers that hit ties and grids,
// sequences built from plateaus, monotone runs and nested zig-zags of shrinking amplitude, measures,
// and a shrinker on whole Instances that drives a failure to the shortest sequence with the smallest
// integers (element removal, joint rank compression, simpler numbers).
#pragma once

#include "claims/replay_sequences.h"

#include <rapidcheck.h>

#include <array>
#include <string>
#include <vector>

namespace palcheck::properties {

/// An integer in [-max_abs, max_abs] that shrinks towards 0 (then towards smaller |value|).
rc::Gen<int> small_int(int max_abs);

/// An integer in [lo, hi] that shrinks towards lo.
rc::Gen<int> int_in(int lo, int hi);

/// A grid cell (i, j) with i, j in [1, max_index] and a small signed integer weight: {i, j, w}.
rc::Gen<std::array<int, 3>> grid_weight(int max_index);

/// Exact numbers: mostly small integers (ties!), then halves, small fractions, huge and tiny values.
rc::Gen<Q> value();

/// A strictly positive small rational (eps-like): 1/2^k or p/q with small p, q.
rc::Gen<Q> positive_small();

/// A sequence of at most max_len values (at least 1) built from segments: single points, plateaus,
/// monotone runs and zig-zags of halving amplitude, with values from `values`.
rc::Gen<std::vector<Q>> sequence(int max_len, rc::Gen<Q> values);

/// The same with value().
rc::Gen<std::vector<Q>> sequence(int max_len);

/// A finite measure of 1..max_relays relays with thresholds from value() (sorted into alpha >= beta)
/// and small signed weights.
rc::Gen<Measure> measure(int max_relays);

/// How the Instance shrinker may simplify a case.
struct ShrinkPolicy {
  std::vector<std::string> removable;  ///< lists whose elements may be dropped one at a time
  bool order_invariant = false;        ///< whether all numbers may be replaced jointly by their ranks
  std::vector<std::string> ranked;     ///< the lists rank compression acts on (all if empty)
};

/// Adds the Instance-level shrinks (after RapidCheck's own) to a generator of cases.
rc::Gen<Instance> with_shrinking(rc::Gen<Instance> cases, ShrinkPolicy policy);

/// An Instance with the given options and no values yet.
Instance with_options(std::map<std::string, std::string> options);

}  // namespace palcheck::properties
