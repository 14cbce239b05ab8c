// def:relay, prop:wiping, prop:rate_independence: the cases fuzz-impl generates (fuzz_impl.h): the palette of
// numbers drawn from the measure's thresholds and the domain, and the families of sequences, each aimed at
// one kind of defect; and the doubles the implementation is sent.
#pragma once

#include "oracle/fuzz/fuzz_options.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace palcheck::oracle {

/// The input sequence of case `index` for `seed` and the family it comes from (the generators,
/// exposed for tests and replays).
std::vector<Q> fuzz_case_inputs(const FuzzOptions& options, std::uint64_t index, std::string& family);

/// The generator families, in the order the cases cycle through them.
std::vector<std::string> fuzz_families();

/// The inputs within the neighbourhoods of a threshold: theta -+ |theta| * 10^-k (k = 3, 4, 6, 9, 12;
/// |theta| replaced by `scale` when theta is 0) and theta -+ 1, 2 and 16 units in the last place,
/// as doubles strictly on either side, increasing.
std::vector<Q> near_threshold_points(const Q& theta, const Q& scale);

namespace fuzz {

/// Why the inputs are doubles, for the domain's messages.
inline constexpr const char* kSendsDoubles = "the implementation under test is sent doubles";

/// The exact value of the double nearest q (the largest finite one of its sign beyond them): what the
/// implementation is sent.
Q representable(const Q& q);

/// The numbers generators draw from: thresholds, points between, near and beyond them, 0, the domain ends.
struct Palette {
  std::vector<Q> thresholds;         ///< sorted, distinct
  std::vector<Q> pool;               ///< sorted, distinct, inside the domain
  std::vector<std::vector<Q>> near;  ///< per threshold: its neighbourhood inside the domain, increasing
  Q lo, hi;                          ///< the generated range
  /// q within the range, as the double the implementation is sent.
  Q clip(const Q& q) const { return representable(std::clamp(q, lo, hi)); }
  /// Whether q is within the range.
  bool inside(const Q& q) const { return q >= lo && q <= hi; }
};

/// The palette of the options' measure and domain.
Palette palette_of(const FuzzOptions& o);

/// The inputs of case `index` (from the options' seed) and the name of its family.
std::vector<Q> case_inputs(const FuzzOptions& o, const Palette& palette, std::uint64_t index, std::string& family);

/// The doubles of u, as the implementation is sent them.
std::vector<double> doubles(const std::vector<Q>& u);

/// x with `precision` significant decimal digits (printf's %g), as a double.
double rounded(double x, int precision);

/// The digits a double needs: the length of its shortest round-trip decimal (simpler numbers need fewer).
int digits_of(double x);

}  // namespace fuzz
}  // namespace palcheck::oracle
