// The machines behind prop:range_hard, prop:copy, rem:pe / thm:rate_independence and
// prop:no_copy:equal_stacks, against independent computations (libm doubles, direct max/min), and
// the replayers' refusal of instances that do not violate their claim.
#include "claims/constructions/separation_witnesses.h"
#include "claims/areas.h"
#include "claims/constructions/separation_checkers.h"
#include "reference/preisach_memory.h"
#include "tests/reference/random_sequence.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace palcheck {
namespace {

TEST(SeparationWitnesses, RangeTransformerIsMaxMinusMin) {
  std::mt19937_64 rng(7);
  for (int c = 0; c < 200; ++c) {
    std::vector<Q> u = testing::random_sequence(rng, {-20, 20, 3}, 12);
    for (ArgmaxTie tie : {ArgmaxTie::Leftmost, ArgmaxTie::Average}) {
      std::vector<IVector> out = hard_attention_layer(range_heads(), as_points(range_tokens(u)), tie);
      Q lo = u[0], hi = u[0];
      for (std::size_t n = 0; n < u.size(); ++n) {
        lo = u[n] < lo ? u[n] : lo;
        hi = u[n] > hi ? u[n] : hi;
        ASSERT_EQ(out[n][0].lo, hi - lo);
        ASSERT_EQ(out[n][0].hi, hi - lo);
      }
    }
  }
}

TEST(SeparationWitnesses, CopyHeadsSelectThePositionLibmAlsoSelects) {
  for (std::size_t n = 0; n <= 12; ++n)
    for (std::size_t p = 0; p <= n; ++p) {
      std::vector<Q> x(n + 1, Q(0));
      std::size_t best = 0;
      for (std::size_t j = 0; j <= n; ++j)
        if (std::cos(double(j) - double(p)) > std::cos(double(best) - double(p))) best = j;
      try {
        EXPECT_EQ(hard_attention_selection(copy_heads_sinusoidal()[0], copy_tokens_sinusoidal(x, p, 80), n),
                  std::vector<std::size_t>{best});
      } catch (const std::exception& e) {
        ADD_FAILURE() << "n " << n << " p " << p << ": " << e.what();
      }
      EXPECT_EQ(hard_attention_selection(copy_heads_quadratic()[0], as_points(copy_tokens_quadratic(x, p)), n),
                std::vector<std::size_t>{p});
    }
}

TEST(SeparationWitnesses, PeReadingHeadSwitchesWhereLibmSaysSinCrossesTheThreshold) {
  PalTransformerSpec spec = pe_reading_spec();
  const Thresholds t = spec.layers[0].heads[0].mu.relays[0].thresholds;
  for (std::size_t len = 1; len <= 8; ++len) {
    std::vector<QVector> x(len, QVector{Q(0), Q(0)});
    PalTransformerRun run = run_pal_transformer(spec, x, InitialState::Off);
    bool on = false;
    for (std::size_t n = 0; n < len; ++n)
      on = std::sin(double(n)) >= to_double(t.alpha) ? true : std::sin(double(n)) <= to_double(t.beta) ? false : on;
    EXPECT_EQ(run.mpal[0].back()[0].lo, Q(on ? 1 : 0)) << len;
  }
}

TEST(SeparationWitnesses, LayerNormMatchesLibmAndIsConstantInDimensionOne) {
  LayerNormSpec ln = plain_layer_norm(2, Q(1, 100));
  IVector out = layer_norm(ln, {point(Q(3)), point(Q(1, 2))}, 80);
  double s = (3.0 - 0.5) / 2.0, expected = s / std::sqrt(s * s + 0.01);
  EXPECT_NEAR(to_double(out[0].lo), expected, 1e-15);
  EXPECT_NEAR(to_double(out[1].hi), -expected, 1e-15);
  LayerNormSpec one{Q(1, 100), {Q(5)}, {Q(7, 3)}};
  for (int v : {-4, 0, 9}) {
    IVector o = layer_norm(one, {point(Q(v))}, 40);
    EXPECT_LE(o[0].lo, Q(7, 3));
    EXPECT_GE(o[0].hi, Q(7, 3));
    EXPECT_LT(o[0].hi - o[0].lo, Q(1, 1 << 30));
  }
}

TEST(SeparationWitnesses, StoredSpecRunsLikeTheOriginal) {
  PalTransformerSpec spec = non_extremal_reading_spec();
  Instance instance;
  store_spec(spec, "", instance);
  PalTransformerSpec back = load_spec(instance, "");
  std::vector<QVector> x{{Q(0), Q(0)}, {Q(1), Q(0)}, {Q(2), Q(0)}};
  PalTransformerRun a = run_pal_transformer(spec, x, InitialState::Off),
                    b = run_pal_transformer(back, x, InitialState::Off);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(a.output.back()[i].lo, b.output.back()[i].lo);
    EXPECT_EQ(a.output.back()[i].hi, b.output.back()[i].hi);
  }
}

Registry separation_registry() {
  Registry registry;
  register_paper_claims(registry);
  register_separation_checkers(registry);
  return registry;
}

ReplayOutcome replay(const Registry& registry, const Instance& instance) {
  const Replayer* replayer = registry.replayer_for(instance);
  EXPECT_NE(replayer, nullptr) << instance.label << "/" << instance.scenario;
  return replayer ? replayer->replay(instance) : ReplayOutcome{};
}

TEST(SeparationReplayers, RejectInstancesThatDoNotViolate) {
  Registry registry = separation_registry();
  RunConfig config;
  for (const std::string& label :
       {std::string("prop:range_hard"), std::string("thm:rate_independence"), std::string("rem:pe"),
        std::string("prop:no_copy:equal_stacks"), std::string("lem:extAgg"), std::string("thm:efo"),
        std::string("eq:relay_efo"), std::string("lem:threshold"), std::string("prop:attention_pal:item3")}) {
    for (const CheckResult& r : run_checkers(registry, label, config)) {
      if (!r.counterexample) continue;
      Instance good = *r.counterexample;
      ASSERT_TRUE(replay(registry, good).violates) << label;
      Instance bad = good;
      // Make the two compared runs identical (or the transformer wrong): nothing is left to violate.
      if (bad.values.count("y")) bad.values["y"] = bad.values["x"];
      if (bad.values.count("v")) bad.values["v"] = bad.values["u"];
      if (bad.values.count("phi")) {
        bad.values["phi"].clear();
        for (std::size_t t = 0; t < bad.values["x"].size() / (bad.values.count("d") ? 2 : 1); ++t)
          bad.values["phi"].push_back(Q(static_cast<long>(t)));
      }
      if (bad.values.count("H1.w_o")) bad.values["H1.w_o"] = {Q(1)};
      if (bad.values.count("beta")) bad.values["u"] = {Q(bad.values["beta"][0] - 1)};
      if (bad.values.count("c")) bad.values["eps"] = {Q(0)};
      // No eps fails on one value above c (every-eps scenario).
      if (bad.scenario == "construction-threshold-every-eps") bad.values["u"] = {Q(bad.values["c"][0] + 1)};
      EXPECT_FALSE(replay(registry, bad).violates) << label << "/" << bad.scenario;
    }
  }
}

}  // namespace
}  // namespace palcheck
