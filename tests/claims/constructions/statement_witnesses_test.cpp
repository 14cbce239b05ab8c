// lem:threshold for every eps (threshold_every_eps.cpp) and lem:pop_one on Cantor-encoded stacks
// (pop_one_encoded.cpp): the witnesses refute the statements as printed under every reading at once,
// checked here against the relay run and the stacks directly, on a finer eps grid than the judge's.
#include "claims/areas.h"
#include "claims/replay_sequences.h"
#include "reference/models/efo_formula.h"
#include "reference/models/encoding_cantor.h"
#include "reference/relay.h"

#include <gtest/gtest.h>

namespace palcheck {
namespace {

Registry construction_registry() {
  Registry registry;
  register_paper_claims(registry);
  register_construction_checkers(registry);
  sequences::register_sequence_replayers(registry);
  return registry;
}

const CheckResult* by_scenario(const std::vector<CheckResult>& results, const std::string& scenario) {
  for (const CheckResult& r : results)
    if (r.counterexample && r.counterexample->scenario == scenario) return &r;
  return nullptr;
}

TEST(StatementWitnesses, ThresholdFailsForEveryEpsUnderEveryReading) {
  auto results = run_checkers(construction_registry(), "lem:threshold", RunConfig{});
  const CheckResult* r = by_scenario(results, "construction-threshold-every-eps");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->verdict, Verdict::Refuted);
  EXPECT_EQ(r->scope, Scope::Statement);
  const auto& u = r->counterexample->values.at("u");
  const Q c = r->counterexample->values.at("c").at(0);
  // eps = j/64 for j = 1..640: each must fail at some extremal position under each reading.
  for (InitialState initial : {InitialState::Off, InitialState::On})
    for (const ExtremumReading& reading : all_extremum_readings())
      for (int j = 1; j <= 640; ++j) {
        Q eps(j, 64);
        auto s = run_relay({c + eps, c - eps}, u, initial);
        auto e = extremal_positions(u, reading);
        bool fails = false;
        for (std::size_t i = 0; i < u.size(); ++i) fails = fails || (e[i] && (u[i] >= c) != (s[i] == 1));
        EXPECT_TRUE(fails) << "eps = " << to_string(eps);
      }
  // The fixed-eps results remain, labelled so: they never head the claim.
  for (const CheckResult& other : results) {
    if (other.counterexample && other.counterexample->scenario == "construction-threshold") {
      EXPECT_EQ(other.scope, Scope::FixedParameter);
    }
  }
}

TEST(StatementWitnesses, PopOneRemovesMoreThanTheTopPairOfAnEncodedStack) {
  auto results = run_checkers(construction_registry(), "lem:pop_one", RunConfig{});
  const CheckResult* r = by_scenario(results, "encoded-stack-every-reading");
  ASSERT_NE(r, nullptr);
  ASSERT_EQ(r->verdict, Verdict::Refuted);
  const Instance& x = *r->counterexample;
  CantorEncoding enc{1, 2, Q(1)};
  const Q eps = x.values.at("eps").at(0);
  auto is_pushed_code = [&](const Q& M) {
    for (int d = 0; d <= 2; ++d)
      if (enc.code(1, d) + eps == M) return true;
    return false;
  };
  // Independently of the judge, for every completion of Algorithm 1: the top two M are pushed codes,
  // and the POP signal pops more than one pair.
  for (FirstInput f : {FirstInput::Empty, FirstInput::PushPair})
    for (UnsetLast l : {UnsetLast::PreviousInput, UnsetLast::Top, UnsetLast::Persist}) {
      Algorithm1 alg({f, l});
      for (const Q& q : x.values.at("u")) alg.step(q);
      const auto& st = alg.stack();
      ASSERT_GE(st.size(), 2u);
      const Q& below = st[st.size() - 2].M;
      EXPECT_TRUE(is_pushed_code(st.back().M) && is_pushed_code(below));
      EXPECT_GT(alg.step(below + 2 * eps).popped.size(), 1u);
    }
}

}  // namespace
}  // namespace palcheck
