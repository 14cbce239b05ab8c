// compare under declared conventions (def:relay, def:pal) and the diagnosis of every run
// of differing tokens (diagnosis.h): fractional states of tied relays, readings, several runs per
// sequence, a summary by cause, smoothing, states in {-1, +1} with an affine output.
#include "tools/oracle/diagnosis.h"
#include "reference/mpal.h"
#include "reference/pal_definition.h"
#include "tools/oracle/json_input.h"
#include "tools/oracle/oracle_compare.h"

#include <gtest/gtest.h>

#include <set>

namespace palcheck::oracle {
namespace {

using nlohmann::json;

Measure sample_measure() {
  return {{{{Q(2), Q(1)}, Q(1, 2)},
           {{Q(3), Q(1, 2)}, Q(2)},
           {{Q(2), Q(0)}, Q(1)},
           {{Q(1), Q(1)}, Q(3, 4)},
           {{Q(5), Q(2)}, Q(1)},
           {{Q(2), Q(2)}, Q(1, 4)}}};
}

OracleProblem problem_of(const Measure& mu, const std::vector<std::vector<Q>>& batch) {
  OracleProblem p;
  p.measure = mu;
  p.sequences = batch;
  p.batched = true;
  return p;
}

// An independent smoothed implementation: a relay whose threshold equals the input shows 1/2 at
// that token, otherwise eq:relay as printed.
std::vector<Q> half_switched(const Measure& mu, const std::vector<Q>& u) {
  std::vector<RelayState> states(mu.relays.size(), 0);
  std::vector<Q> out;
  for (const Q& x : u) {
    Q y = 0;
    for (std::size_t r = 0; r < mu.relays.size(); ++r) {
      const Thresholds& t = mu.relays[r].thresholds;
      states[r] = x >= t.alpha ? 1 : x <= t.beta ? 0 : states[r];
      bool tied = x == t.alpha || x == t.beta;
      y += mu.relays[r].weight * (tied ? Q(1, 2) : Q(states[r]));
    }
    out.push_back(y);
  }
  return out;
}

TEST(Diagnosis, HalfSwitchedTiedRelaysAreFractionalStatesWithTheRightRelays) {
  Measure mu = sample_measure();
  std::vector<std::vector<Q>> batch{{Q(0), Q(2), Q(3, 2), Q(1), Q(5), Q(1, 2), Q(3)}, {Q(3), Q(2), Q(0), Q(2)}};
  ActualOutputs actual{{half_switched(mu, batch[0]), half_switched(mu, batch[1])}, "test"};
  json report = compare_outputs(problem_of(mu, batch), actual, Conventions{}, 10);
  ASSERT_FALSE(report["agree"]);
  std::size_t checked = 0;
  for (const json& d : report["differences"])
    for (const json& run : d["runs"]) {
      EXPECT_EQ(run["cause"], "fractional_states") << run.dump();
      for (const json& t : run["diagnosis"]["fractional_states"]["per_token"]) {
        const Q& x = batch[d["sequence"].get<std::size_t>()][t["token"].get<std::size_t>()];
        std::set<std::size_t> tied, named;
        for (std::size_t r = 0; r < mu.relays.size(); ++r)
          if (mu.relays[r].thresholds.alpha == x || mu.relays[r].thresholds.beta == x) tied.insert(r);
        for (const json& r : t["relays"]) named.insert(r.get<std::size_t>());
        EXPECT_EQ(t["fraction"], "1/2");
        EXPECT_EQ(named, tied) << "token " << t["token"];
        ++checked;
      }
    }
  EXPECT_GT(checked, 3u);
  EXPECT_EQ(report["causes"]["fractional_states"]["runs"].get<std::size_t>(), [&] {
    std::size_t runs = 0;
    for (const json& d : report["differences"]) runs += d["runs"].size();
    return runs;
  }());

  // Declared as a smoothed switch with band 1/8, the same outputs are no failure.
  Conventions smooth;
  apply_convention_option(smooth, "smoothing=1/8");
  json banded = compare_outputs(problem_of(mu, batch), actual, smooth, 10);
  EXPECT_TRUE(banded["agree"]);
  EXPECT_EQ(banded["smoothing_tokens"], report["differing_tokens"]);
  EXPECT_EQ(banded["differences"][0]["runs"][0]["cause"], "smoothing");
}

TEST(Diagnosis, EveryRunOfASequenceIsReportedAndDiagnosisIsNullPastExplain) {
  Measure mu = sample_measure();
  std::vector<Q> u{Q(0), Q(3), Q(3), Q(0), Q(0), Q(3), Q(0)};
  std::vector<Q> theirs = pal_by_definition(mu, u, InitialState::Off);
  theirs[1] += 7;  // two separate defects in one sequence
  theirs[5] += 7;
  ActualOutputs actual{{theirs, theirs}, "test"};
  json report = compare_outputs(problem_of(mu, {u, u}), actual, Conventions{}, 1);
  ASSERT_EQ(report["differences"].size(), 2u);
  const json& runs = report["differences"][0]["runs"];
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0]["first_token"], 1);
  EXPECT_EQ(runs[1]["first_token"], 5);
  EXPECT_EQ(runs[0]["cause"], "unexplained");
  EXPECT_TRUE(report["differences"][1].contains("diagnosis"));
  EXPECT_TRUE(report["differences"][1]["diagnosis"].is_null());
}

TEST(Diagnosis, PlusMinusOneAffineOutputsAgreeUnderTheirConventionsOnly) {
  Measure mu = sample_measure();
  std::vector<Q> u{Q(0), Q(2), Q(3, 2), Q(1), Q(5), Q(1, 2), Q(3)};
  Q total = 0;
  for (const auto& w : mu.relays) total += w.weight;
  std::vector<Q> theirs;
  std::vector<RelayState> states(mu.relays.size(), 0);
  for (const Q& x : u) {  // states in {-1, +1}, output 3*S - 1/2 + 2*u, written independently
    Q s = 0;
    for (std::size_t r = 0; r < mu.relays.size(); ++r) {
      states[r] = step_relay(mu.relays[r].thresholds, x, states[r]);
      s += mu.relays[r].weight * (states[r] ? 1 : -1);
    }
    theirs.push_back(3 * s - Q(1, 2) + 2 * x);
  }
  ActualOutputs actual{{theirs}, "test"};
  EXPECT_FALSE(compare_outputs(problem_of(mu, {u}), actual, Conventions{}, 10)["agree"]);
  Conventions c;
  for (const char* option : {"states=pm1", "output=3,-1/2,2"}) apply_convention_option(c, option);
  EXPECT_TRUE(compare_outputs(problem_of(mu, {u}), actual, c, 10)["agree"]);
  json doc = json::parse(R"({"states": "pm1", "output_map": [3, "-0.5", 2]})");
  Conventions from_json;
  apply_convention_json(from_json, doc, "conventions");
  EXPECT_EQ(conventions_json(from_json), conventions_json(c));
  EXPECT_THROW(apply_convention_option(c, "states=01x"), InputError);
  EXPECT_THROW(apply_convention_option(c, "colour=red"), InputError);
}

// An independent MPAL whose head `strict_head` reads ties strictly (u > alpha -> 1, u < beta -> 0).
std::vector<Q> mpal_with_strict_head(const std::vector<MpalHead>& heads, const std::vector<QVector>& x,
                                     std::size_t strict_head) {
  std::size_t d = heads[0].w_out.size();
  std::vector<Q> out(x.size() * d, Q(0));
  for (std::size_t h = 0; h < heads.size(); ++h) {
    std::vector<RelayState> states(heads[h].mu.relays.size(), 0);
    for (std::size_t n = 0; n < x.size(); ++n) {
      Q v = 0, pal = 0;
      for (std::size_t c = 0; c < d; ++c) v += heads[h].w_in[c] * x[n][c];
      for (std::size_t r = 0; r < states.size(); ++r) {
        const Thresholds& t = heads[h].mu.relays[r].thresholds;
        if (h == strict_head)
          states[r] = v > t.alpha ? 1 : v < t.beta ? 0 : states[r];
        else
          states[r] = step_relay(t, v, states[r]);
        if (states[r]) pal += heads[h].mu.relays[r].weight;
      }
      for (std::size_t c = 0; c < d; ++c) out[n * d + c] += heads[h].w_out[c] * pal;
    }
  }
  return out;
}

TEST(Diagnosis, MpalRunsAreExplainedPerHeadAndRelay) {
  std::vector<MpalHead> heads{{{Q(1), Q(0)}, {Q(1), Q(2)}, {{{{Q(2), Q(1)}, Q(1)}, {{Q(3), Q(0)}, Q(1, 2)}}}},
                              {{Q(1), Q(1)}, {Q(-1), Q(1)}, {{{{Q(1), Q(1, 2)}, Q(2)}, {{Q(4), Q(2)}, Q(1, 4)}}}}};
  std::vector<QVector> x{{Q(0), Q(0)}, {Q(1, 2), Q(1, 2)}, {Q(3), Q(0)}, {Q(2), Q(2)}, {Q(0), Q(1, 2)}};
  OracleProblem p;
  p.heads = heads;
  p.token_sequences = {x};
  ActualOutputs actual{{mpal_with_strict_head(heads, x, 1)}, "test"};
  json report = compare_outputs(p, actual, Conventions{}, 10);
  ASSERT_FALSE(report["agree"]);
  const json& run = report["differences"][0]["runs"][0];
  EXPECT_EQ(run["cause"], "tie_rule") << run.dump(1);
  const json& head = run["diagnosis"]["heads"][0];
  EXPECT_EQ(head["head"], 1);
  const json& reading = head["diagnosis"]["readings_that_explain"][0];
  EXPECT_NE(reading["reading"].get<std::string>().find("tie=strict "), std::string::npos);
  // At token 1 head 1's signal is 1: relay 0 of head 1 (alpha 1) is the tied one.
  ASSERT_EQ(reading["relays"].size(), 1u);
  EXPECT_EQ(reading["relays"][0]["index"], 0);
}

TEST(Diagnosis, AStateCreepingUnderZigZagsInsideItsDeadBandIsDrift) {
  Measure mu{{{{Q(4), Q(0)}, Q(1)}, {{Q(1), Q(1, 2)}, Q(2)}}};
  std::vector<Q> u{Q(5)};
  for (int k = 0; k < 6; ++k) u.push_back(Q(2)), u.push_back(Q(3));
  // Relay 0 is switched on, then the input cycles inside its dead band (0, 4): a leaky
  // implementation loses 1/16 of its state per token there.
  std::vector<Q> theirs = pal_by_definition(mu, u, InitialState::Off);
  for (std::size_t n = 1; n < u.size(); ++n) theirs[n] -= Q(static_cast<int>(n), 16);
  json report = compare_outputs(problem_of(mu, {u}), ActualOutputs{{theirs}, "test"}, Conventions{}, 10);
  const json& run = report["differences"][0]["runs"][0];
  EXPECT_EQ(run["cause"], "drift") << run.dump(1);
  ASSERT_EQ(run["diagnosis"]["drift"]["relays"].size(), 1u);
  EXPECT_EQ(run["diagnosis"]["drift"]["relays"][0]["index"], 0);
}

TEST(Diagnosis, OneRelayFlippedAwayFromItsThresholdsIsARelayFlip) {
  Measure mu{{{{Q(2), Q(1)}, Q(1)}, {{Q(5), Q(4)}, Q(3)}}};
  std::vector<Q> u{Q(0), Q(3), Q(3, 2)};
  std::vector<Q> theirs = pal_by_definition(mu, u, InitialState::Off);
  theirs[1] += 3;  // relay 1 on although 3 is below its beta 4
  theirs[2] += 3;
  json report = compare_outputs(problem_of(mu, {u}), ActualOutputs{{theirs}, "test"}, Conventions{}, 10);
  const json& run = report["differences"][0]["runs"][0];
  EXPECT_EQ(run["cause"], "relay_flip") << run.dump(1);
  ASSERT_EQ(run["diagnosis"]["single_relay_flips"].size(), 1u);
  EXPECT_EQ(run["diagnosis"]["single_relay_flips"][0]["index"], 1);
}

TEST(Diagnosis, SimplestRationalInAnInterval) {
  EXPECT_EQ(simplest_between(Q(49, 100), Q(51, 100)), Q(1, 2));
  EXPECT_EQ(simplest_between(Q(3, 10), Q(34, 100)), Q(1, 3));
  EXPECT_EQ(simplest_between(Q(7, 4), Q(7, 4)), Q(7, 4));
}

}  // namespace
}  // namespace palcheck::oracle
