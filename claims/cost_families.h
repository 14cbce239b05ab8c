// thm:complexity, prop:complexity, tab:complexity, abstract:cost: cost claims measured on parametric
// witness families. The paper gives no machine model, so the cost model is named here: unit cost per
// Algorithm 1 pop and push (the printed while loop), per comparison of a relay read by binary search
// on the classical memory, and per stored memory entry; numbers are counted as fixed-size words, as the
// O(.) bounds assume. A bound is judged by the ratio measured / bound along sizes growing geometrically.
#pragma once

#include "claims/instance.h"
#include "reference/algorithm1.h"
#include "reference/preisach_memory.h"
#include "reference/relay.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace palcheck::cost {

/// A parametric witness family: a rule that gives an input sequence of any length n.
enum class Family {
  NestedZigzagPeak,  ///< n-1 tokens n, -n, n-1, -(n-1), ... (nothing wiped), then one token above every maximum
  RisingRun,         ///< 0, 1, ..., n-1: every token wipes the one pair below it
};

/// "nested-zigzag-peak" or "rising-run".
std::string to_string(Family f);
/// The inverse of to_string(Family).
std::optional<Family> parse_family(const std::string& text);
/// The family's sequence of n tokens.
std::vector<Q> generate(Family f, std::size_t n);

/// The nested zig-zag of m tokens: m, -m, m-1, -(m-1), ... (thm:complexity:depth's witness: maxima fall and
/// minima rise, so nothing is wiped and the memory grows to depth m).
std::vector<Q> nested_zigzag(std::size_t m);

/// A relay read from the classical memory by two binary searches (prop:complexity's O(log k) reading).
struct RelayRead {
  RelayState state = 0;         ///< the state read
  std::size_t comparisons = 0;  ///< comparisons of numbers made
};
/// Reads relay t from the memory: the last entry decides if it lies outside the dead band; otherwise the
/// maxima >= alpha and the minima <= beta are prefixes (maxima fall, minima rise), found by binary search.
RelayRead read_relay(const PreisachMemory& memory, const Thresholds& t);

/// Operation counts of one run of a family member under one completion of Algorithm 1.
struct Counts {
  std::size_t n = 0;                   ///< tokens
  std::size_t max_depth = 0;           ///< k: the largest Algorithm 1 stack depth (pairs) during the run
  std::size_t worst_token_ops = 0;     ///< the most pops + pushes Algorithm 1 made at one token
  std::size_t total_ops = 0;           ///< pops + pushes over the whole run
  std::size_t max_stack_numbers = 0;   ///< the most numbers Algorithm 1's stack held (2 per pair)
  std::size_t max_memory_entries = 0;  ///< the most classical memory entries
  std::size_t read_comparisons = 0;    ///< most comparisons of a sampled relay read, before or after the last token
};
/// Runs Algorithm 1 and the classical memory over the family member of length n; throws
/// std::logic_error if a binary-search read disagrees with the memory's own relay state.
Counts measure(Family f, std::size_t n, const Algorithm1Options& options);

/// The cost compared with a bound, named as in the paper.
enum class Quantity {
  WorstTokenOps,  ///< thm:complexity item 1, per token in the worst case: worst_token_ops vs log k
  AmortisedOps,   ///< item 1 amortised / prop:complexity: total_ops / n vs log k (vs 1 for prop:complexity)
  TotalOps,       ///< item 2, tab:complexity, abstract:cost: total_ops + n reads vs n log n
  Memory,         ///< item 3, prop:complexity: max_stack_numbers vs k
  RelayReadCost,  ///< prop:complexity's binary search: read_comparisons vs log k
};
/// "worst-token-ops", "amortised-ops", "total-ops", "memory", "relay-read".
std::string to_string(Quantity q);
/// The inverse of to_string(Quantity).
std::optional<Quantity> parse_quantity(const std::string& text);

/// The bound a quantity is compared with.
enum class Bound { One, LogK, NLogN, K };
/// "1", "log k", "n log n", "k".
std::string to_string(Bound b);
/// The inverse of to_string(Bound).
std::optional<Bound> parse_bound(const std::string& text);

/// One row of a family's table.
struct Row {
  Counts counts;    ///< what was counted (under the completion with the largest measured value)
  double measured;  ///< the quantity
  double bound;     ///< the bound at this size (log2(k+1), n log2(n+1), ...; never below 1)
  double ratio;     ///< measured / bound
};

/// What a family showed: rows per size and fitted exponents of measured and ratio against n.
struct FamilyRun {
  std::vector<Row> rows;          ///< one per size, in order
  double measured_exponent = 0;   ///< least-squares slope of log measured on log n
  double ratio_exponent = 0;      ///< least-squares slope of log ratio on log n
  bool ratio_increasing = false;  ///< the ratio grows at every size step
};
/// The counts of a family: per size (in order), one Counts per completion of Algorithm 1.
using FamilyCounts = std::vector<std::vector<Counts>>;
/// Measures the family on every size under every completion of Algorithm 1.
FamilyCounts measure_family(Family f, const std::vector<std::size_t>& sizes);
/// The quantity against the bound on measured counts (each row keeps the completion with the largest ratio).
FamilyRun evaluate(const FamilyCounts& counts, Quantity q, Bound b);
/// measure_family, then evaluate.
FamilyRun run_family(Family f, Quantity q, Bound b, const std::vector<std::size_t>& sizes);

/// The rule for "grows without limit" along a finite family: the ratio rises at every step and its
/// fitted exponent is at least 1/2. "Bounded": the ratio's exponent is at most 1/10.
enum class Growth { Unbounded, Bounded, Undecided };
/// Applies the rule above.
Growth growth(const FamilyRun& run);

/// The sizes 2^4, 2^5, ..., 2^16.
std::vector<std::size_t> geometric_sizes();

/// A replayable instance: scenario "cost-family", options family/quantity/bound, values["sizes"].
Instance family_instance(const std::string& label, Family f, Quantity q, Bound b,
                         const std::vector<std::size_t>& sizes);

/// The judge of a "cost-family" instance: violated when the ratio grows without limit (table in `table`).
ReplayOutcome replay_family(const Instance& instance);

/// Table rows for `palcheck show` (header first).
std::vector<std::vector<std::string>> table(const FamilyRun& run, Quantity q, Bound b);

}  // namespace palcheck::cost
