// def:mpal by induction over the coordinates, the inputs, the relays and the heads (proofs/check_mpal.cpp):
// PROVED in both solvers for every H, d, projection, measure, initial state and input, its scope covering
// the statement's quantifiers, each definition it relies on pinned by a model mutant; and what it proves
// holds on the reference: mpal() equals the relay-by-relay sum of eq:mpal, ties included, from both
// initial states, and a projection that does not conform is rejected.
#include "tests/proofs/chain_expectations.h"
#include "tests/proofs/proof_registry.h"

#include "claims/proof_scopes.h"
#include "reference/mpal.h"
#include "reference/relay.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

namespace palcheck {
namespace {

TEST(Mpal, ProvedForEveryHeadCountDimensionAndLength) {
  const CheckResult r = testing::only_result("def:mpal");
  EXPECT_EQ(r.method, "induction");
  EXPECT_TRUE(uncovered(statement_scope("def:mpal"), r.assumptions).empty()) << assumptions_text(r.assumptions);
  testing::expect_proved_and_pinned(
      r, {ModelDefinition::AttentionReadOut, ModelDefinition::InitialState, ModelDefinition::RelayStep});
  // The input step needs both of its premises: equal states at t and the projected signal.
  EXPECT_EQ(std::count_if(r.mutants.begin(), r.mutants.end(),
                          [](const MutantResult& m) { return m.kind() == MutantKind::Hypothesis; }),
            2);
}

// eq:mpal relay by relay: W_I x_t by hand, each relay run by eq:relay, weighed, projected back by W_O.
std::vector<QVector> relay_by_relay(const std::vector<MpalHead>& heads, const std::vector<QVector>& x,
                                    InitialState initial) {
  std::vector<QVector> out(x.size(), QVector(x.front().size(), Q(0)));
  for (const MpalHead& head : heads) {
    std::vector<Q> signal;
    for (const QVector& token : x) {
      Q s = 0;
      for (std::size_t k = 0; k < token.size(); ++k) s += head.w_in[k] * token[k];
      signal.push_back(s);
    }
    for (const WeightedRelay& relay : head.mu.relays) {
      std::vector<RelayState> states = run_relay(relay.thresholds, signal, initial);
      for (std::size_t n = 0; n < x.size(); ++n)
        for (std::size_t k = 0; k < out[n].size(); ++k) out[n][k] += head.w_out[k] * relay.weight * states[n];
    }
  }
  return out;
}

TEST(Mpal, TheProvedSumHoldsOnTheReference) {
  // Head 0 has a diagonal relay (alpha = beta = 1) that its signal meets exactly; head 1 a wide dead band.
  const std::vector<MpalHead> heads{
      {{Q(1), Q(-1)}, {Q(2), Q(1, 3)}, Measure{{{{Q(1), Q(1)}, Q(3)}, {{Q(2), Q(0)}, Q(-1, 2)}}}},
      {{Q(1, 2), Q(1)}, {Q(-1), Q(5)}, Measure{{{{Q(3), Q(-2)}, Q(7, 4)}}}}};
  const std::vector<std::vector<QVector>> inputs{
      {{Q(1), Q(0)}},
      {{Q(0), Q(0)}, {Q(2), Q(1)}, {Q(1), Q(1)}, {Q(4), Q(-3)}, {Q(-2), Q(1)}, {Q(3), Q(2)}},
      {{Q(1, 3), Q(-1, 3)}, {Q(1, 3), Q(-1, 3)}, {Q(6), Q(0)}, {Q(-4), Q(-1)}}};
  for (InitialState initial : {InitialState::Off, InitialState::On})
    for (const std::vector<QVector>& x : inputs) {
      std::vector<QVector> computed = mpal(heads, x, initial);
      ASSERT_EQ(computed.size(), x.size());
      for (const QVector& row : computed) EXPECT_EQ(row.size(), x.front().size());
      EXPECT_EQ(computed, relay_by_relay(heads, x, initial)) << to_string(initial);
    }
}

TEST(Mpal, AProjectionThatDoesNotConformIsRejected) {
  const std::vector<QVector> x{{Q(1), Q(2)}};
  const Measure mu{{{{Q(1), Q(0)}, Q(1)}}};
  EXPECT_THROW(mpal({MpalHead{{Q(1), Q(1), Q(1)}, {Q(1), Q(1)}, mu}}, x, InitialState::Off), std::invalid_argument);
  EXPECT_THROW(mpal({MpalHead{{Q(1), Q(1)}, {Q(1)}, mu}}, x, InitialState::Off), std::invalid_argument);
}

}  // namespace
}  // namespace palcheck
