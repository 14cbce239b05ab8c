// repair:prop:wiping, ref:return_point_memory, ref:congruency (proofs/excursion_induction.h) are about the
// real thing: (a) the premises hold with a relay that really moves and the model replays on the
// reference; (b) each invariant holds on the reference's relay states along generated excursions; (c) each
// semantic mutant (an interval end opened, an invariant disjunct dropped) has a counterexample.
#include "proofs/excursion_induction.h"
#include "reference/relay.h"
#include "tests/proofs/chain_expectations.h"

#include <gtest/gtest.h>

#include <random>

namespace palcheck::proofs {

using namespace smt;

namespace {

constexpr Excursion kAll[] = {Excursion::Wiping, Excursion::ReturnPoint, Excursion::Congruency};

TEST(ExcursionInduction, ProvedWithAReplayedWitness) {
  for (Excursion which : kAll) {
    InductionProof proof = prove_excursion(RunConfig{}, which);
    testing::expect_closed(proof.proved, proof.queries, excursion_claim(which).summary);
    EXPECT_TRUE(proof.witness_query.z3.is(SolverAnswer::Sat)) << to_string(proof.witness_query.z3);
    ASSERT_TRUE(proof.witness.has_value());
    EXPECT_EQ(replay_excursion(*proof.witness), "");
  }
}

TEST(ExcursionInduction, EveryMutantIsRefuted) {
  for (Excursion which : kAll) {
    std::vector<MutantResult> mutants = excursion_mutants(RunConfig{}, which);
    EXPECT_GE(mutants.size(), 3u);
    for (const MutantResult& m : mutants) EXPECT_TRUE(m.refuted) << m.name << ": " << m.evidence;
  }
}

// (b): the invariants on the reference's relay states, on the lattice of half-integers in [-4, 4].
struct Lattice {
  std::mt19937_64 rng{11};
  Q value() { return Q(std::uniform_int_distribution<int>(-8, 8)(rng), 2); }
  Thresholds relay() {
    Thresholds t{value(), value()};
    if (t.alpha < t.beta) std::swap(t.alpha, t.beta);
    return t;
  }
  RelayState state() { return std::uniform_int_distribution<int>(0, 1)(rng); }
  // Inputs inside [lo, hi].
  std::vector<Q> inside(const Q& lo, const Q& hi) {
    std::vector<Q> out(std::uniform_int_distribution<int>(0, 6)(rng));
    for (Q& x : out) x = lo + (hi - lo) * Q(std::uniform_int_distribution<int>(0, 6)(rng), 6);
    return out;
  }
};

TEST(ExcursionInduction, WipingInvariantOnReferenceStates) {
  Lattice g;
  for (int trial = 0; trial < 400; ++trial) {
    Thresholds t = g.relay();
    bool rising = trial % 2 == 0;
    Q a = g.value(), b = g.value();
    Q lo = std::min(a, b), hi = std::max(a, b);
    Q p = rising ? lo - Q(g.state()) : hi + Q(g.state()), q = rising ? hi + Q(g.state()) : lo - Q(g.state());
    RelayState x = step_relay(t, p, g.state()), y = x;
    for (const Q& v : g.inside(lo, hi)) {
      y = step_relay(t, v, y);
      ASSERT_TRUE((rising ? hi >= t.alpha : lo <= t.beta) || y == x);
    }
    ASSERT_EQ(step_relay(t, q, y), step_relay(t, q, x));
  }
}

TEST(ExcursionInduction, ReturnPointAndCongruencyInvariantsOnReferenceStates) {
  Lattice g;
  for (int trial = 0; trial < 400; ++trial) {
    Thresholds t = g.relay();
    bool falling = trial % 2 == 0;
    Q a = g.value(), h = falling ? a + Q(1 + g.state(), 2) : a - Q(1 + g.state(), 2);
    RelayState x = step_relay(t, a, step_relay(t, h, g.state())), y = x;
    for (const Q& v : g.inside(std::min(a, h), std::max(a, h))) {
      y = step_relay(t, v, y);
      ASSERT_TRUE(y == x || (falling ? a <= t.beta : a >= t.alpha));
    }
    ASSERT_EQ(step_relay(t, a, y), x);
    Q h2 = a + Q(1 + g.state(), 3);
    RelayState x1 = step_relay(t, a, step_relay(t, std::max(a, h), g.state()));
    RelayState x2 = step_relay(t, a, step_relay(t, h2, g.state())), y1 = x1, y2 = x2;
    for (const Q& v : g.inside(a, std::min(std::max(a, h), h2))) {
      y1 = step_relay(t, v, y1);
      y2 = step_relay(t, v, y2);
      ASSERT_TRUE((y1 == x1 && y2 == x2) || (y1 == y2 && x1 == x2));
      ASSERT_EQ(y1 - x1, y2 - x2);
    }
  }
}

}  // namespace
}  // namespace palcheck::proofs
