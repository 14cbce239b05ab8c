// def:pal_transformer, def:relay: rounding as a transformer's cause (transformer_rounding.h). The
// implementation's outputs come from the reference model's own run (reference/models/transformer_pal.h)
// of a model whose threshold is the exact sum 0.1 + 0.2, where a float64 implementation computes the double
// of it: the place is found, at its token, layer, head and relay; a tie of dyadic values computed exactly,
// an output moved by 1/2, or a relay switched by an input 1e-6 from its threshold is not rounding.
#include "oracle/transformer/transformer_compare.h"
#include "oracle/transformer/transformer_document.h"
#include "oracle/transformer/transformer_rounding.h"
#include "reference/models/transformer_pal.h"

#include <gtest/gtest.h>

namespace palcheck::oracle {
namespace {

// Two layers of d = 2; the first layer's head reads the sum of the coordinates, its relay 1 with alpha `alpha`.
PalTransformerSpec model(const Q& alpha) {
  return parse_transformer(nlohmann::json::parse(R"({"d": 2, "pe": null, "layers": [
    {"heads": [{"w_in": [1, 1], "w_out": ["1/2", "-1/2"], "relays": [[2, -1, 1], [")" + to_string(alpha) + R"(", "1/4", "3/4"]]}],
     "ln_mpal": {"eps": "1/1000"}, "mlp": null, "ln_mlp": {"eps": "1/1000"}},
    {"heads": [{"w_in": [1, 0], "w_out": [1, 0], "relays": [["1/2", "-1/2", 1]]}],
     "ln_mpal": {"eps": "1/1000"}, "mlp": null, "ln_mlp": {"eps": "1/1000"}}]})"));
}

std::vector<std::vector<Q>> outputs(const PalTransformerRun& run) {
  std::vector<std::vector<Q>> rows;
  for (const auto& token : run.output) {
    rows.emplace_back();
    for (const auto& v : token) rows.back().push_back(*rational_from_double(to_double(Q((v.lo + v.hi) / 2))));
  }
  return rows;
}

std::optional<std::pair<NearThreshold, TransformerRun>> found(const PalTransformerSpec& spec,
                                                               const std::vector<QVector>& x,
                                                               const std::vector<std::vector<Q>>& y) {
  const TransformerTolerance tol{Q(1, 1000000000), Q(1, 1000000)};
  PrecisionGoal goal;
  goal.width = tol.atol;
  return rounding_cause(spec, x, TransformerConventions{}, goal, FloatFormat::Float64,
                        [&](const TransformerRun& run) { return outputs_agree(run, y, tol); });
}

TEST(TransformerRounding, ARelaySwitchedByAFloat64SumOnItsThresholdIsRoundingAtThatRelay) {
  // Token 1 is (0.1, 0.2) with a relay of w_in = (1, 1): the exact sum lies just below alpha, the double
  // 0.1 + 0.2 is; the implementation computes that double, so it meets alpha and switches the relay on.
  const Q alpha = *rational_from_double(0.1 + 0.2);
  const Q sum = *rational_from_double(0.1) + *rational_from_double(0.2);
  ASSERT_LT(sum, alpha);
  const std::vector<QVector> x{{Q(0), Q(0)}, {*rational_from_double(0.1), *rational_from_double(0.2)}, {Q(-2), Q(0)}};
  const std::vector<std::vector<Q>> theirs = outputs(run_pal_transformer(model(sum), x, InitialState::Off));
  ASSERT_NE(theirs, outputs(run_pal_transformer(model(alpha), x, InitialState::Off)));
  auto place = found(model(alpha), x, theirs);
  ASSERT_TRUE(place.has_value());
  const NearThreshold& at = place->first;
  EXPECT_EQ(at.moved.token, 1u);
  EXPECT_EQ(at.moved.layer, 0u);
  EXPECT_EQ(at.moved.head, 0u);
  EXPECT_EQ(at.relay, 1u);
  EXPECT_TRUE(at.at_alpha);
  EXPECT_EQ(at.distance, to_double(Q(alpha - sum)));
  EXPECT_LT(at.bound, 1e-13);
  nlohmann::json j = rounding_json(model(alpha), at, FloatFormat::Float64);
  EXPECT_EQ(j["relay"]["alpha"], to_string(alpha));
  EXPECT_EQ(j["threshold"], "alpha");
  // A tie of dyadic values the implementation computes exactly is no rounding: strict ties are a defect.
  const std::vector<QVector> tie{{Q(0), Q(0)}, {Q(1, 4), Q(1, 4)}, {Q(-2), Q(0)}};
  const Q half(1, 2), above = half + Q(1, 1) / Q(boost::multiprecision::mpz_int(1) << 61);
  const std::vector<std::vector<Q>> strict = outputs(run_pal_transformer(model(above), tie, InitialState::Off));
  ASSERT_NE(strict, outputs(run_pal_transformer(model(half), tie, InitialState::Off)));
  EXPECT_FALSE(found(model(half), tie, strict).has_value());
  // An output moved by 1/2 is no relay's rounding.
  std::vector<std::vector<Q>> moved = theirs;
  moved[2][0] += Q(1, 2);
  EXPECT_FALSE(found(model(alpha), x, moved).has_value());
  // Nor is a relay switched on by an input 1e-6 below its threshold: outside float64's bound.
  std::vector<QVector> far = x;
  far[1] = {Q(1, 2) - Q(1, 1000000), Q(0)};
  const std::vector<std::vector<Q>> early =
      outputs(run_pal_transformer(model(Q(1, 2) - Q(2, 1000000)), far, InitialState::Off));
  ASSERT_NE(early, outputs(run_pal_transformer(model(Q(1, 2)), far, InitialState::Off)));
  EXPECT_FALSE(found(model(Q(1, 2)), far, early).has_value());
}

}  // namespace
}  // namespace palcheck::oracle
