// The differential tester (fuzz_impl.h) on implementations written here: the neighbourhoods of a
// threshold, long cycles approaching one, shrinking a 45-relay measure down to the relays a defect
// needs, and every distinct cause reported with its own witness.
#include "oracle/fuzz/fuzz_cases.h"
#include "oracle/fuzz/fuzz_impl.h"
#include "tests/oracle/root_cause_expectations.h"
#include "util/errors.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <set>

namespace palcheck::oracle {
namespace {

using nlohmann::json;

TEST(FuzzImpl, NeighbourhoodsOfAThresholdLieOnEitherSideDownToTheNextDouble) {
  for (double t : {0.5, -3.25, 1e-5, 0.0}) {
    Q theta = *rational_from_double(t);
    std::vector<Q> near = near_threshold_points(theta, Q(1, 4));
    std::set<Q> points(near.begin(), near.end());
    EXPECT_TRUE(std::is_sorted(near.begin(), near.end()));
    EXPECT_EQ(points.count(theta), 0u);
    for (const Q& q : near) EXPECT_EQ(*rational_from_double(to_double(q)), q) << "a double";
    EXPECT_TRUE(points.count(*rational_from_double(std::nextafter(t, -INFINITY)))) << t;
    EXPECT_TRUE(points.count(*rational_from_double(std::nextafter(t, INFINITY)))) << t;
    Q step = (t != 0 ? Q(abs(theta)) : Q(1, 4)) / 1000;
    EXPECT_TRUE(points.count(*rational_from_double(to_double(Q(theta - step))))) << t;
    EXPECT_TRUE(points.count(*rational_from_double(to_double(Q(theta + step))))) << t;
  }
}

// A threshold at the largest double: its neighbourhood above lies past every double, where the generators
// once took the exact value of an infinity (no value: a crash); the points are doubles, all below it.
TEST(FuzzImpl, NeighbourhoodsOfTheLargestDoubleStayFinite) {
  double top = std::numeric_limits<double>::max();
  for (double t : {top, -top}) {
    Q theta = *rational_from_double(t);
    std::vector<Q> near = near_threshold_points(theta, Q(1));
    ASSERT_FALSE(near.empty());
    for (const Q& q : near) {
      EXPECT_TRUE(std::isfinite(to_double(q)));
      EXPECT_EQ(*rational_from_double(to_double(q)), q) << "a double";
      EXPECT_LT(abs(q), abs(theta));
    }
    EXPECT_TRUE(std::count(near.begin(), near.end(), *rational_from_double(std::nextafter(t, 0.0))));
  }
}

// Every family's inputs are doubles inside the domain: the widest one of doubles, one whose upper end
// 1/10 is no double (the double nearest it lies above), and one of a single double.
TEST(FuzzImpl, EveryGeneratedInputIsADoubleInsideTheDomain) {
  double top = std::numeric_limits<double>::max();
  const std::pair<Q, Q> domains[] = {
      {*rational_from_double(-top), *rational_from_double(top)}, {Q(0), Q(1, 10)}, {Q(1, 4), Q(1, 4)}};
  for (const auto& [lo, hi] : domains) {
    FuzzOptions o;
    o.measure = {{{{Q(1, 10), Q(0)}, Q(1)}, {{*rational_from_double(top), Q(-1)}, Q(2)}}};
    o.conventions.domain = {lo, hi};
    for (std::uint64_t k = 0; k < 3 * fuzz_families().size(); ++k) {
      std::string family;
      for (const Q& q : fuzz_case_inputs(o, k, family)) {
        ASSERT_EQ(*rational_from_double(to_double(q)), q) << family << " " << k;
        ASSERT_TRUE(q >= lo && q <= hi) << family << " " << k << ": " << to_string(q);
      }
    }
  }
}

TEST(FuzzImpl, ATimeBudgetOutsideZeroToAYearIsRefused) {
  EXPECT_EQ(fuzz_seconds(0, "seconds"), 0);
  EXPECT_EQ(fuzz_seconds(kMaxFuzzSeconds, "seconds"), kMaxFuzzSeconds);
  for (double bad : {std::nan(""), double(INFINITY), -1.0, std::nextafter(kMaxFuzzSeconds, double(INFINITY))}) {
    try {
      fuzz_seconds(bad, "--seconds");
      ADD_FAILURE() << bad;
    } catch (const InputError& e) {
      EXPECT_EQ(
          std::string(e.what()).rfind("--seconds: expected a number of seconds in [0, 31536000] (a year), got ", 0), 0u)
          << e.what();
    }
  }
}

Measure random_measure(std::size_t relays, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> place(-1, 1), weight(0.25, 2);
  Measure mu;
  for (std::size_t r = 0; r < relays; ++r) {
    double a = place(rng), b = place(rng);
    if (a < b) std::swap(a, b);
    mu.relays.push_back({{*rational_from_double(a), *rational_from_double(b)}, *rational_from_double(weight(rng))});
  }
  return mu;
}

TEST(FuzzImpl, ApproachCyclesRepeatHundredsOfPeriodsShortOfAThreshold) {
  FuzzOptions o;
  o.measure = random_measure(6, 1);
  std::vector<std::string> families = fuzz_families();
  std::size_t family = std::find(families.begin(), families.end(), "approach-cycles") - families.begin();
  ASSERT_LT(family, families.size());
  for (std::size_t k = family; k < 20 * families.size(); k += families.size()) {
    std::string name;
    std::vector<Q> u = fuzz_case_inputs(o, k, name);
    ASSERT_EQ(name, "approach-cycles");
    ASSERT_GE(u.size(), 200u);
    // After the first token the input cycles with period 2 or 3.
    std::size_t period = u[1] == u[3] ? 2 : 3;
    for (std::size_t n = 1; n + period < u.size(); ++n) ASSERT_EQ(u[n], u[n + period]) << k << " " << n;
    // One point of the cycle lies within 1e-3 (relative) of a threshold it never equals.
    bool near = false;
    for (const WeightedRelay& w : o.measure.relays)
      for (const Q& theta : {w.thresholds.alpha, w.thresholds.beta})
        for (std::size_t n = 1; n <= period; ++n)
          near = near || (u[n] != theta && abs(Q(u[n] - theta)) <= abs(theta) / 1000 + Q(1, 1000000));
    EXPECT_TRUE(near) << "case " << k;
  }
}

// How a test's relay loop compares an input with its thresholds, and reads its first token.
enum class Ties { Strict, Inclusive };
enum class FirstRule { Applied, Skipped, Direction, SkipZero };

// A relay loop given the relays with every call (as fuzz-impl's process protocol does): ties strict
// (u > alpha) or inclusive (u >= alpha); the first token applied, skipped, read by its direction (u_0 sets
// no relay, u_1 acts by its direction from u_0: rising only switches on, falling only off) or, a bug,
// skipped only when it is 0.
ImplReply relay_loop(const Measure& mu, const std::vector<double>& u, Ties ties, FirstRule rule) {
  std::vector<int> state(mu.relays.size(), 0);
  ImplReply reply;
  for (std::size_t n = 0; n < u.size(); ++n) {
    double y = 0;
    for (std::size_t r = 0; r < state.size(); ++r) {
      double alpha = to_double(mu.relays[r].thresholds.alpha), beta = to_double(mu.relays[r].thresholds.beta);
      bool on = ties == Ties::Strict ? u[n] > alpha : u[n] >= alpha;
      bool off = ties == Ties::Strict ? u[n] < beta : u[n] <= beta;
      if ((rule == FirstRule::Skipped || rule == FirstRule::Direction) && n == 0) on = off = false;
      if (rule == FirstRule::Direction && n == 1) on = on && u[1] > u[0], off = off && u[1] < u[0];
      if (rule == FirstRule::SkipZero && n == 0 && u[0] == 0) on = off = false;
      state[r] = on ? 1 : off ? 0 : state[r];
      y += state[r] * to_double(mu.relays[r].weight);
    }
    reply.outputs.push_back(*rational_from_double(y));
  }
  return reply;
}

// Options for fuzzing a strict relay loop with the relays sent on every call.
FuzzOptions strict_options(std::size_t relays, std::uint64_t seed, std::size_t max_cases) {
  FuzzOptions o;
  o.measure = random_measure(relays, seed);
  o.max_cases = max_cases;
  o.relays = RelaysPerCall::Sent;
  return o;
}

// fuzz-impl's report on a relay loop that reads ties strictly and maybe skips the first token.
json fuzz_strict(const FuzzOptions& o, bool skip_first) {
  return fuzz_implementation(
      [skip_first](const Measure& mu, const std::vector<double>& u) {
        return relay_loop(mu, u, Ties::Strict, skip_first ? FirstRule::Skipped : FirstRule::Applied);
      },
      o);
}

TEST(FuzzImpl, ShrinkingDropsTheRelaysADefectDoesNotNeed) {
  FuzzOptions o = strict_options(45, 2, 40);
  json report = fuzz_strict(o, false);
  ASSERT_FALSE(report["passed"]);
  const json& f = report["failures"][0];
  EXPECT_EQ(f["cause"], "tie_rule") << f.dump(1);
  EXPECT_EQ(f["relays_before_shrinking"], 45);
  EXPECT_LE(f["relays_kept"].get<std::size_t>(), 3u) << f.dump(1);
  EXPECT_LE(f["tokens"].get<std::size_t>(), 8u) << f.dump(1);
  EXPECT_EQ(f["relays"].size(), f["relays_kept"]);
  // The witness replays: the reference on the kept relays and inputs differs from the implementation.
  Measure kept;
  for (const json& r : f["relays"]) kept.relays.push_back(o.measure.relays[r["index"].get<std::size_t>()]);
  std::vector<double> u = f["inputs_double"].get<std::vector<double>>();
  ImplReply theirs = relay_loop(kept, u, Ties::Strict, FirstRule::Applied);
  EXPECT_EQ(to_string(theirs.outputs[f["token"].get<std::size_t>()]), f["actual"]);
  EXPECT_NE(f["actual"], f["expected"]);
}

TEST(FuzzImpl, EveryDistinctCauseGetsItsOwnWitness) {
  FuzzOptions o = strict_options(8, 3, 120);
  // Two defects at once: ties read strictly, and the first token skipped.
  json report = fuzz_strict(o, true);
  std::set<std::string> causes;
  for (const json& f : report["failures"]) {
    causes.insert(f["cause"].get<std::string>());
    EXPECT_LE(f["tokens"].get<std::size_t>(), 8u) << f.dump(1);
  }
  EXPECT_TRUE(causes.count("tie_rule")) << report["failures"].dump(1);
  EXPECT_TRUE(causes.count("first_token")) << report["failures"].dump(1);
  // Declaring one convention absorbs it: what remains is the other.
  apply_convention_option(o.conventions, "first_token=not-applied");
  json rest = fuzz_strict(o, true);
  ASSERT_FALSE(rest["passed"]);
  for (const json& f : rest["failures"]) EXPECT_NE(f["cause"], "first_token") << f.dump(1);
  EXPECT_EQ(rest["failures"][0]["cause"], "tie_rule");
}

// first_token=direction declares the Direction rule of relay_loop: the loop then agrees, and the search names the
// undeclared rule as that one convention change. Skipping u_0 only when it is 0 is no convention: under
// every first-token rule it stays a divergence.
TEST(FuzzImpl, TheDirectionFirstTokenRuleIsDeclarableAndASkippedZeroIsNot) {
  FuzzOptions o = strict_options(8, 5, 120);
  auto fuzz_rule = [&](FirstRule rule) {
    return fuzz_implementation(
        [rule](const Measure& mu, const std::vector<double>& u) { return relay_loop(mu, u, Ties::Inclusive, rule); },
        o);
  };
  json found = fuzz_rule(FirstRule::Direction);
  ASSERT_FALSE(found["passed"]);
  EXPECT_TRUE(testing::one_root_change(found, {{"first_token", "direction"}}));
  apply_convention_option(o.conventions, "first_token=direction");
  EXPECT_TRUE(fuzz_rule(FirstRule::Direction)["passed"]);
  for (const char* first : {"applied", "not-applied", "state-before", "direction"}) {
    apply_convention_option(o.conventions, std::string("first_token=") + first);
    EXPECT_FALSE(fuzz_rule(FirstRule::SkipZero)["passed"]) << first;
  }
}

// One planted defect is one root cause, however many failing cases and witnesses it shows in: every
// failure names it, and its witness replays under the convention change it names. Two defects are at
// most two causes.
TEST(FuzzImpl, OnePlantedDefectIsOneRootCause) {
  FuzzOptions o = strict_options(8, 3, 120);
  json report = fuzz_strict(o, false);
  ASSERT_FALSE(report["passed"]);
  ASSERT_TRUE(testing::one_root_change(report, {{"tie_rule", "strict"}}));
  EXPECT_TRUE(report["root_causes"][0]["witness_shrunk"]);
  for (const json& f : report["failures"]) EXPECT_EQ(f["root_cause"], "tie_rule") << f.dump(1);
  // Declared, the change leaves nothing to find.
  apply_convention_option(o.conventions, "tie_rule=strict");
  EXPECT_TRUE(fuzz_strict(o, false)["passed"]);
  o.conventions = paper_conventions();
  json two = fuzz_strict(o, true);
  EXPECT_LE(two["root_causes"].size(), 2u) << two["root_causes"].dump(1);
  // A failure's root cause is one named, or the joint cause of two named (a case both defects shape).
  std::set<std::string> named;
  for (const json& r : two["root_causes"]) {
    named.insert(r["cause"].get<std::string>());
    for (const json& joint : r.value("joint", json::array())) named.insert(joint["cause"].get<std::string>());
  }
  for (const json& f : two["failures"]) EXPECT_TRUE(named.count(f["root_cause"].get<std::string>())) << f.dump(1);
  EXPECT_FALSE(named.count("unexplained"));
  // No failing case is lost or counted twice: each root cause's own cases, and each joint group once.
  std::set<std::size_t> numbers;
  std::size_t counted = 0;
  for (const json& r : two["root_causes"]) {
    for (const json& k : r["cases"]) numbers.insert(k.get<std::size_t>()), ++counted;
    for (const json& joint : r.value("joint", json::array()))
      for (const json& k : joint["cases"]) counted += numbers.insert(k.get<std::size_t>()).second;
  }
  EXPECT_EQ(numbers.size(), two["failing_cases"].get<std::size_t>());
  EXPECT_EQ(counted, numbers.size());
}

// A relay loop in float32 (inputs and thresholds held as float, outputs summed in float): no defect but
// its format. Declared dtype=float32, every failing case is rounding, the one root cause; with
// rounding=expected the run passes, those cases counted apart; declared float64, none is rounding.
TEST(FuzzImpl, AFloat32RelayLoopFailsOnlyByRoundingInItsDtype) {
  Implementation float32 = [](const Measure& mu, const std::vector<double>& u) {
    std::vector<int> state(mu.relays.size(), 0);
    ImplReply reply;
    for (double x : u) {
      float y = 0, v = static_cast<float>(x);
      for (std::size_t r = 0; r < state.size(); ++r) {
        float alpha = static_cast<float>(to_double(mu.relays[r].thresholds.alpha));
        float beta = static_cast<float>(to_double(mu.relays[r].thresholds.beta));
        state[r] = v >= alpha ? 1 : v <= beta ? 0 : state[r];
        y += static_cast<float>(state[r]) * static_cast<float>(to_double(mu.relays[r].weight));
      }
      reply.outputs.push_back(*rational_from_double(y));
    }
    return reply;
  };
  FuzzOptions o;
  o.measure = random_measure(6, 5);
  o.max_cases = 200;
  o.conventions.rtol = Q(1, 10000);
  json plain = fuzz_implementation(float32, o);
  ASSERT_FALSE(plain["passed"]);
  for (const json& r : plain["root_causes"]) EXPECT_NE(r["cause"], "rounding");
  o.conventions.dtype = FloatFormat::Float32;
  json named = fuzz_implementation(float32, o);
  ASSERT_FALSE(named["passed"]);
  ASSERT_EQ(named["root_causes"].size(), 1u) << named["root_causes"].dump(1);
  EXPECT_EQ(named["root_causes"][0]["cause"], "rounding");
  EXPECT_EQ(named["root_causes"][0]["evidence"]["evidence"]["dtype"], "float32");
  o.conventions.rounding = RoundingCases::Expected;
  json expected = fuzz_implementation(float32, o);
  EXPECT_TRUE(expected["passed"]) << expected["failures"].dump(1);
  EXPECT_EQ(expected["expected_cases"]["count"], named["failing_cases"]);
}

}  // namespace
}  // namespace palcheck::oracle
