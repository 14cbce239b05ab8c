// The reference-only judges agree with independent characterisations, over every short sequence of
// small integers: each expectation below is derived by hand from the paper's formula, not from a run.
#include "claims/replay_sequences.h"

#include <gtest/gtest.h>

#include <functional>

namespace palcheck {
namespace {

void for_all_sequences(int alphabet, std::size_t max_len, const std::function<void(const std::vector<Q>&)>& f) {
  for (std::size_t len = 1; len <= max_len; ++len) {
    std::vector<int> digits(len, 0);
    while (true) {
      std::vector<Q> u;
      for (int d : digits) u.push_back(Q(d));
      f(u);
      std::size_t k = 0;
      while (k < len && ++digits[k] == alphabet) digits[k++] = 0;
      if (k == len) break;
    }
  }
}

ReplayOutcome judge(const std::string& label, const std::string& scenario, const Instance& in) {
  return sequences::judge_for(label, scenario)(in);
}

// Strict local extremum of the plateau-collapsed sequence, written independently of the reference.
bool extremal(const std::vector<Q>& u, std::size_t i, bool endpoints) {
  if (i > 0 && u[i] == u[i - 1]) return false;
  std::size_t before = i, after = i;
  while (before > 0 && u[before - 1] == u[i]) --before;
  bool has_before = before > 0;
  while (after + 1 < u.size() && u[after + 1] == u[i]) ++after;
  bool has_after = after + 1 < u.size();
  if (!has_before || !has_after) return endpoints;
  const Q& b = u[before - 1];
  const Q& a = u[after + 1];
  return (u[i] > b && u[i] > a) || (u[i] < b && u[i] < a);
}

TEST(Judges, ExtremalPositionsMatchTheirDefinition) {
  for_all_sequences(3, 6, [](const std::vector<Q>& u) {
    for (bool e : {false, true}) {
      auto E = sequences::extremal_positions(u, e ? Endpoints::Included : Endpoints::Excluded);
      for (std::size_t i = 0; i < u.size(); ++i)
        EXPECT_EQ(std::find(E.begin(), E.end(), i) != E.end(), extremal(u, i, e)) << sequences::show(u) << " " << i;
    }
  });
}

TEST(Judges, ExtIndicatorFailsExactlyAtExtremalPositions) {
  // u_i lies strictly inside the dead band (u_i - eps, u_i + eps): the relay holds, the right side is 0.
  for_all_sequences(3, 5, [](const std::vector<Q>& u) {
    for (std::size_t i = 0; i < u.size(); ++i) {
      Instance in{"lem:ext_indicator",
                  "indicator",
                  {{"endpoints", "included"}, {"initial_state", "0"}},
                  {{"u", u}, {"i", {Q(static_cast<long>(i))}}, {"eps", {Q(1, 3)}}}};
      EXPECT_EQ(judge("lem:ext_indicator", "indicator", in).violates, extremal(u, i, true)) << sequences::show(u);
    }
  });
}

TEST(Judges, IsingFirstEqualityFailsExactlyWhenAPositiveStrengthRepeats) {
  // Every relay (J, -J) with J >= 0 is on for non-negative inputs: PAL sums distinct values, the right
  // side sums with multiplicity.
  for_all_sequences(3, 5, [](const std::vector<Q>& u) {
    bool repeat = false;
    for (std::size_t a = 0; a < u.size(); ++a)
      for (std::size_t b = a + 1; b < u.size(); ++b) repeat = repeat || (u[a] == u[b] && u[a] > 0);
    Instance in{"prop:ising_streaming", "first-equality", {{"initial_state", "0"}}, {{"u", u}}};
    EXPECT_EQ(judge("prop:ising_streaming", "first-equality", in).violates, repeat) << sequences::show(u);
  });
}

TEST(Judges, PopOneOnTheClassicalMemoryAlwaysWipesTheSecondMaximumToo) {
  // u = M_{top-1} + 2 eps exceeds M_{top-1}, so wiping-out removes it: every admissible case violates.
  std::size_t admissible = 0;
  for_all_sequences(4, 5, [&](const std::vector<Q>& u) {
    Instance in{"lem:pop_one",
                "any-stack",
                {{"stack", "classical-memory"}, {"initial_state", "0"}},
                {{"u", u}, {"eps", {Q(1, 4)}}}};
    ReplayOutcome o = judge("lem:pop_one", "any-stack", in);
    if (o.computed.rfind("hypothesis not met", 0) == 0) return;
    ++admissible;
    EXPECT_TRUE(o.violates) << sequences::show(u);
  });
  EXPECT_GT(admissible, 0u);
}

TEST(Judges, PrintedTopDecodingIsOneSymbolLowWithTheEpsOffset) {
  // floor(([d(k+1)+i] Delta - eps) / Delta) = d(k+1) + i - 1 for 0 < eps < Delta: Dec gives i - 1.
  for (int k = 1; k <= 4; ++k)
    for (int i = 1; i <= k; ++i)
      for (int d = 0; d <= 2; ++d)
        for (std::string m : {"code+eps", "code"}) {
          Instance in{
              "lem:stack_ops",
              "top-decode",
              {{"M_top", m}},
              {{"k", {Q(k)}}, {"D_max", {Q(2)}}, {"delta", {Q(1)}}, {"eps", {Q(1, 8)}}, {"i", {Q(i)}}, {"d", {Q(d)}}}};
          EXPECT_EQ(judge("lem:stack_ops", "top-decode", in).violates, m == "code+eps");
        }
}

TEST(Judges, SufficiencyHoldsForTheClassicalMemoryOnEveryPairOfShortSequences) {
  for_all_sequences(3, 4, [](const std::vector<Q>& u) {
    for_all_sequences(3, 4, [&](const std::vector<Q>& v) {
      Instance in{"prop:sufficiency",
                  "equal-stacks",
                  {{"stack", "classical-memory"}, {"initial_state", "0"}},
                  {{"u", u}, {"v", v}}};
      EXPECT_FALSE(judge("prop:sufficiency", "equal-stacks", in).violates) << sequences::show(u) << sequences::show(v);
    });
  });
}

}  // namespace
}  // namespace palcheck
