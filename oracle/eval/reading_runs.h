// def:pal, def:relay: PAL over one sequence under any relay reading (oracle_readings.h) at the speed of
// the oracle's rank-keyed path. Each tie rule is eq:relay as printed on a measure whose thresholds are
// shifted on the rank keys (keyed_thresholds), so a reading is one KeyedRun over the sequence's keys
// mapped to that measure's keys; the initial state starts the run, the first-token treatment decides
// output 0. Every reading of a batch shares the key computation, the most expensive step.
#pragma once

#include "oracle/eval/double_interval.h"
#include "oracle/eval/oracle_readings.h"
#include "oracle/keyed/keyed_pal.h"

#include <array>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace palcheck::oracle {

/// PAL values of one sequence: 128-bit integers (scaled) when the measure's weights times `divisor`
/// are dyadic, else exact rationals.
struct PalValues {
  bool integral = false;             ///< values are scaled[n] / 2^scale / divisor
  int scale = 0;                     ///< the power of two of `scaled`
  Q divisor = 1;                     ///< the common denominator the weights were multiplied by
  double divisor_double = 1;         ///< the same as a double
  std::vector<__int128> scaled;      ///< integral values
  std::vector<Q> exact;              ///< the others
  /// The value at token n, exact.
  Q at(std::size_t n) const { return integral ? Q(scaled_value(n) / divisor) : exact[n]; }
  /// The value at token n as a double within 2^-51 relative (the nearest one when divisor is 1).
  double nearest(std::size_t n) const {
    return integral ? dyadic_to_double(scaled[n], scale) / divisor_double : approximate(exact[n]);
  }
  /// Whether token n has the same value in both (same measure).
  bool same(std::size_t n, const PalValues& o) const {
    return integral && o.integral && scale == o.scale && divisor == o.divisor ? scaled[n] == o.scaled[n]
                                                                                : at(n) == o.at(n);
  }
  /// Number of tokens.
  std::size_t size() const { return integral ? scaled.size() : exact.size(); }

 private:
  Q scaled_value(std::size_t n) const;
  static double approximate(const Q& q);
};

/// A measure under every tie rule, each built on first use; shared by the sequences of a batch.
class ReadingMeasures {
 public:
  /// The measure must come with its relays (KeyedMeasure::measure()); kept by reference.
  explicit ReadingMeasures(const KeyedMeasure& keyed);
  ReadingMeasures(const ReadingMeasures&) = delete;
  ReadingMeasures& operator=(const ReadingMeasures&) = delete;

  /// The measure as given.
  const KeyedMeasure& keyed() const { return keyed_; }
  /// Per relay, the rank-key thresholds (A, B) of eq:relay as printed that read ties as `rule` does.
  const std::vector<std::pair<int, int>>& thresholds(TieRule rule);
  /// PAL after every token of a sequence with rank keys `keys` (of keyed()) under a reading.
  PalValues pal(const std::vector<int>& keys, const RelayReading& reading);
  /// Total weight of the measure.
  const Q& total() const { return total_; }
  /// Sum of the weights' magnitudes.
  const Q& abs_total() const { return abs_total_; }

  /// Every relay's alpha, and its beta where it differs, with the relay's index, increasing: built on
  /// first use, shared by the sequences a smoothed switch reads near a threshold.
  const std::vector<std::pair<Q, std::size_t>>& sorted_thresholds();
  /// Per relay, alpha, beta and weight enclosed in doubles (enclose), built on first use.
  struct RelayBands {
    std::vector<DoubleInterval> alpha, beta, weight;  ///< one per relay
  };
  /// The relays' bands.
  const RelayBands& relay_bands();

 private:
  struct Shifted {
    std::unique_ptr<KeyedMeasure> measure;  // null: keyed_ itself (as printed, weights unscaled)
    std::vector<int> key_map;               // original key -> this measure's key
    std::vector<std::pair<int, int>> thresholds;
  };
  Shifted& shifted(TieRule rule);

  const KeyedMeasure& keyed_;
  Q total_;
  Q abs_total_;
  Q divisor_ = 1;  // every weight times it is an integer (1: the weights are kept as they are)
  std::array<std::unique_ptr<Shifted>, 5> rules_;
  std::optional<std::vector<std::pair<Q, std::size_t>>> sorted_thresholds_;
  std::optional<RelayBands> relay_bands_;
};

}  // namespace palcheck::oracle
