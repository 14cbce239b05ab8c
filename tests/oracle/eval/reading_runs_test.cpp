// def:relay, def:pal: every reading (tie rule x initial state x first token) evaluated on the rank keys
// (reading_runs.h, sequence_reference.h) equals eq:relay run relay by relay on the exact inputs with
// that reading's comparisons, written here independently; the touch index equals a linear scan.
#include "claims/tricky_sequences.h"
#include "oracle/eval/sequence_reference.h"
#include "oracle/keyed/touch_index.h"

#include <gtest/gtest.h>

#include <random>

namespace palcheck::oracle {
namespace {

// One relay step under a tie rule, on the exact values.
int step(TieRule rule, const Thresholds& t, const Q& u, int previous) {
  switch (rule) {
    case TieRule::AsPrinted: return u >= t.alpha ? 1 : u <= t.beta ? 0 : previous;
    case TieRule::OffFirst: return u <= t.beta ? 0 : u >= t.alpha ? 1 : previous;
    case TieRule::Strict: return u > t.alpha ? 1 : u < t.beta ? 0 : previous;
    case TieRule::StrictAlpha: return u > t.alpha ? 1 : u <= t.beta ? 0 : previous;
    case TieRule::StrictBeta: return u >= t.alpha ? 1 : u < t.beta ? 0 : previous;
  }
  return previous;
}

// Per token, every relay's reported state under a reading, relay by relay.
std::vector<std::vector<int>> states_by_relay(const Measure& mu, const std::vector<Q>& u, const RelayReading& r) {
  std::vector<int> state(mu.relays.size(), static_cast<int>(r.initial));
  std::vector<std::vector<int>> out;
  for (std::size_t n = 0; n < u.size(); ++n) {
    if (!(n == 0 && r.first == FirstToken::NotApplied))
      for (std::size_t k = 0; k < state.size(); ++k) state[k] = step(r.tie, mu.relays[k].thresholds, u[n], state[k]);
    bool initial_shown = n == 0 && r.first != FirstToken::Applied;
    out.push_back(initial_shown ? std::vector<int>(state.size(), static_cast<int>(r.initial)) : state);
  }
  return out;
}

std::vector<RelayReading> every_reading() {
  std::vector<RelayReading> all;
  for (TieRule tie : all_tie_rules())
    for (InitialState initial : {InitialState::Off, InitialState::On})
      for (FirstToken first : {FirstToken::Applied, FirstToken::NotApplied, FirstToken::StateBefore})
        all.push_back({tie, initial, first});
  return all;
}

TEST(OracleReadingRuns, EveryReadingOnRankKeysEqualsTheRelaysOneByOne) {
  std::mt19937_64 rng(22);
  std::size_t checked = 0;
  for (int trial = 0; trial < 150; ++trial) {
    Measure mu = random_tricky_measure(rng, 8, 6);
    if (trial % 3 == 0) mu.relays.push_back({{Q(1, 2), Q(1, 2)}, Q(3, 4)});  // a diagonal relay
    std::vector<Q> u = random_tricky_sequence(rng, 40, 6);
    KeyedMeasure keyed(mu);
    ReadingMeasures measures(keyed);
    Conventions conventions;
    SequenceReference ref(measures, u, InitialState::Off, conventions);
    for (const RelayReading& reading : every_reading()) {
      std::vector<std::vector<int>> states = states_by_relay(mu, u, reading);
      const PalValues& pal = ref.pal(reading);
      ASSERT_EQ(pal.size(), u.size());
      for (std::size_t n = 0; n < u.size(); ++n) {
        Q sum = 0;
        for (std::size_t r = 0; r < mu.relays.size(); ++r) {
          sum += states[n][r] ? mu.relays[r].weight : Q(0);
          ASSERT_EQ(ref.state(r, n, reading), states[n][r]) << reading_name(reading) << " relay " << r << " token " << n;
          int before = n == 0 || (n == 1 && reading.first == FirstToken::NotApplied)
                           ? static_cast<int>(reading.initial)
                           : states_by_relay(mu, std::vector<Q>(u.begin(), u.begin() + static_cast<std::ptrdiff_t>(n)),
                                             {reading.tie, reading.initial, reading.first == FirstToken::NotApplied
                                                                                   ? FirstToken::NotApplied
                                                                                   : FirstToken::Applied})
                                 .back()[r];
          if (n < 6) {
            ASSERT_EQ(ref.state_before(r, n, reading), before) << reading_name(reading) << " token " << n;
          }
        }
        ASSERT_EQ(pal.at(n), sum) << reading_name(reading) << " token " << n;
        ++checked;
      }
      // The first token from which every relay has been decided by an input, by brute force.
      std::size_t from = reading.first == FirstToken::NotApplied ? 1 : 0, decided = 0;
      for (std::size_t r = 0; r < mu.relays.size() && decided < u.size(); ++r) {
        std::size_t k = from;
        while (k < u.size() && step(reading.tie, mu.relays[r].thresholds, u[k], 0) !=
                                   step(reading.tie, mu.relays[r].thresholds, u[k], 1))
          ++k;
        decided = std::max(decided, k);
      }
      if (reading.first != FirstToken::Applied) decided = std::max<std::size_t>(decided, 1);
      EXPECT_EQ(ref.decided_from(reading), std::min(decided, u.size())) << reading_name(reading);
    }
  }
  EXPECT_GT(checked, 10000u);
}

TEST(OracleReadingRuns, TheTouchIndexEqualsALinearScan) {
  std::mt19937_64 rng(7);
  for (std::size_t size : {1u, 31u, 32u, 33u, 64u, 65u, 200u, 1000u}) {
    std::vector<int> keys(size);
    for (int& k : keys) k = static_cast<int>(rng() % 41);
    TouchIndex index(keys);
    for (int trial = 0; trial < 300; ++trial) {
      int lo = static_cast<int>(rng() % 20), hi = 20 + static_cast<int>(rng() % 22);
      std::size_t from = rng() % size, to = rng() % size;
      std::size_t last = TouchIndex::npos, first = TouchIndex::npos;
      for (std::size_t k = from; k <= to && to < size; ++k)
        if (keys[k] >= hi || keys[k] <= lo) last = k;
      for (std::size_t k = from; k < size && first == TouchIndex::npos; ++k)
        if (keys[k] >= hi || keys[k] <= lo) first = k;
      ASSERT_EQ(index.last(hi, lo, from, to), from <= to ? last : TouchIndex::npos) << size << " " << from << " " << to;
      ASSERT_EQ(index.first(hi, lo, from), first) << size << " " << from;
    }
  }
}

}  // namespace
}  // namespace palcheck::oracle
