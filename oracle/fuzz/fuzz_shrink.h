// def:relay, def:pal: the shrinking of a failing fuzz-impl case against the reference (fuzz_impl.h): fewer
// relays, fewer tokens and cycles, numbers with fewer digits, while the case keeps its property and cause.
#pragma once

#include "oracle/fuzz/fuzz_cases.h"
#include "oracle/fuzz/fuzz_tester.h"

#include <chrono>
#include <string>
#include <vector>

namespace palcheck::oracle::fuzz {

/// A failing case as shrunk so far.
struct Shrunk {
  Measure mu;                            ///< the relays kept
  std::vector<std::size_t> relay_index;  ///< each kept relay's index in the original measure
  std::vector<Q> u;                      ///< the inputs kept
  Outcome outcome;                       ///< the implementation's run on them
};

/// The clock of the time budget.
using Clock = std::chrono::steady_clock;

/// Whether a ratchet creeps on short of its relay's thresholds: no input equals one and the relay never
/// switches. Such a ratchet (excursions towards a threshold that never reach it) is reported apart from
/// one the inputs reach.
bool short_of_thresholds(const Outcome& out, const Measure& mu, const std::vector<Q>& u, InitialState initial);

/// What a failure slot holds: the property, the cause and, for a ratchet, whether it stays short of
/// its relay's thresholds.
std::string slot_key(const std::string& property, const Outcome& out, const Measure& mu, const std::vector<Q>& u,
                     InitialState initial);

/// Greedy shrinking, keeping the property, the cause and an unambiguous cause: cut after the failing
/// token, drop relays (halves down to single ones), drop tokens (halves down to single ones: fewer
/// cycles), then numbers with fewer digits (0, the thresholds, the input rounded to fewer significant
/// digits). Stops after 1500 calls of the implementation or at the time budget.
Shrunk shrink(Tester& tester, const FuzzOptions& o, const Palette& palette, Shrunk s, const std::string& property,
              Clock::time_point deadline);

}  // namespace palcheck::oracle::fuzz
