// compare under declared conventions (def:relay, def:pal, rem:backprop) and the diagnosis of every run
// of differing tokens (diagnosis.h): fractional states fitted per relay, readings one convention away
// (a skipped first token listed with the tie rule that also explains it), states left wrong by the
// first token (the first-token defect), several runs per sequence, a summary by cause, band smoothing,
// states in {-1, +1} with an affine output, drift, a sawtooth ratchet, rem:backprop's relaxation and a
// switch that never moves back under tanh smoothing, undefined outputs before the crossing, MPAL root causes per head (def:mpal) and MPAL
// under the direction first-token rule.
#include "oracle/diagnosis/diagnosis.h"
#include "oracle/diagnosis/oracle_compare.h"
#include "oracle/formats/npy_format.h"
#include "reference/mpal.h"
#include "reference/pal_definition.h"
#include "tests/oracle/independent_pal.h"
#include "tests/oracle/root_cause_expectations.h"
#include "tests/oracle/scratch_files.h"
#include "util/errors.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <map>
#include <random>
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
  return relay_by_relay(mu, u, [](const Thresholds& t, const Q& x, RelayState& state) {
    state = x >= t.alpha ? 1 : x <= t.beta ? 0 : state;
    return x == t.alpha || x == t.beta ? Q(1, 2) : Q(state);
  });
}

// The cause named `name` in a run's diagnosis, or null.
json cause_in(const json& run, const std::string& name) {
  for (const json& c : run["diagnosis"]["causes"])
    if (c["cause"] == name) return c;
  return nullptr;
}

// The indices of the relays a cause's evidence lists.
std::vector<std::size_t> relay_indices(json cause) {
  std::vector<std::size_t> indices;
  for (const json& r : cause["evidence"]["relays"]) indices.push_back(r["index"].get<std::size_t>());
  return indices;
}

// The first run of differing tokens when `theirs` are the outputs on u, under the default conventions.
json first_run(const Measure& mu, const std::vector<Q>& u, const std::vector<Q>& theirs) {
  json report = compare_outputs(problem_of(mu, {u}), ActualOutputs{{theirs}, "test"}, paper_conventions(), 10);
  return report["differences"][0]["runs"][0];
}

TEST(Diagnosis, HalfSwitchedTiedRelaysAreFractionalStatesFittedPerRelay) {
  Measure mu = sample_measure();
  std::vector<std::vector<Q>> batch{{Q(0), Q(2), Q(3, 2), Q(1), Q(5), Q(1, 2), Q(3)}, {Q(3), Q(2), Q(0), Q(2)}};
  ActualOutputs actual{{half_switched(mu, batch[0]), half_switched(mu, batch[1])}, "test"};
  json report = compare_outputs(problem_of(mu, batch), actual, paper_conventions(), 10);
  ASSERT_FALSE(report["agree"]);
  std::size_t checked = 0;
  for (const json& d : report["differences"])
    for (const json& run : d["runs"]) {
      EXPECT_EQ(run["cause"], "fractional_states") << run.dump();
      json e = cause_in(run, "fractional_states")["evidence"];
      // Every relay named sits at a tie at each token listed for it, at state 1/2.
      for (const json& r : e["relays"]) {
        EXPECT_EQ(r["state"], "1/2") << r.dump();
        const Thresholds& t = mu.relays[r["index"].get<std::size_t>()].thresholds;
        for (const json& token : r["tokens"]) {
          const Q& x = batch[d["sequence"].get<std::size_t>()][token.get<std::size_t>()];
          EXPECT_TRUE(x == t.alpha || x == t.beta) << r.dump();
        }
        ++checked;
      }
    }
  EXPECT_GT(checked, 3u);
  EXPECT_EQ(report["causes"]["fractional_states"]["runs"].get<std::size_t>(), [&] {
    std::size_t runs = 0;
    for (const json& d : report["differences"]) runs += d["runs"].size();
    return runs;
  }());

  // Declared as a smoothing band of half-width 1/8, the same outputs are no failure.
  Conventions smooth;
  apply_convention_option(smooth, "smoothing=band:1/8");
  json banded = compare_outputs(problem_of(mu, batch), actual, smooth, 10);
  EXPECT_TRUE(banded["agree"]);
  EXPECT_EQ(banded["smoothing_tokens"], report["differing_tokens"]);
  EXPECT_EQ(banded["differences"][0]["runs"][0]["cause"], "smoothing");
}

// An implementation that shows 1/2 for a relay whose alpha equals the input and reads ties at beta
// sharply: where one relay sits at its alpha and another at its beta, the fit names the first at 1/2
// and leaves the second at its sharp state, rather than one fraction over both (1/6 here).
TEST(Diagnosis, FractionsAreFittedPerRelayNotOverEveryTiedRelay) {
  Measure mu{{{{Q(1), Q(0)}, Q(1)}, {{Q(2), Q(1)}, Q(2)}, {{Q(3), Q(-1)}, Q(1, 2)}}};
  std::vector<Q> u{Q(3), Q(1), Q(2), Q(1), Q(0), Q(1), Q(-2), Q(1)};
  std::vector<RelayState> states(mu.relays.size(), 0);
  std::vector<Q> theirs;
  for (const Q& x : u) {
    Q y = 0;
    for (std::size_t r = 0; r < mu.relays.size(); ++r) {
      states[r] = step_relay(mu.relays[r].thresholds, x, states[r]);
      y += mu.relays[r].weight * (x == mu.relays[r].thresholds.alpha ? Q(1, 2) : Q(states[r]));
    }
    theirs.push_back(y);
  }
  json report = compare_outputs(problem_of(mu, {u}), ActualOutputs{{theirs}, "test"}, paper_conventions(), 10);
  std::size_t listed = 0;
  for (const json& run : report["differences"][0]["runs"]) {
    EXPECT_EQ(run["cause"], "fractional_states") << run.dump(1);
    json fractions = cause_in(run, "fractional_states");
    for (const json& r : fractions["evidence"]["relays"]) {
      EXPECT_EQ(r["state"], "1/2") << r.dump();
      EXPECT_EQ(r["tie"], "alpha") << r.dump();
      ++listed;
    }
  }
  EXPECT_GE(listed, 2u);
}

TEST(Diagnosis, EveryRunOfASequenceIsReportedAndDiagnosisIsNullPastExplain) {
  Measure mu = sample_measure();
  std::vector<Q> u{Q(0), Q(3), Q(3), Q(0), Q(0), Q(3), Q(0)};
  std::vector<Q> theirs = pal_by_definition(mu, u, InitialState::Off);
  theirs[1] += 7;  // two separate defects in one sequence
  theirs[5] += 7;
  ActualOutputs actual{{theirs, theirs}, "test"};
  json report = compare_outputs(problem_of(mu, {u, u}), actual, paper_conventions(), 1);
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
  EXPECT_FALSE(compare_outputs(problem_of(mu, {u}), actual, paper_conventions(), 10)["agree"]);
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
        states[r] = h == strict_head ? strict_step(t, v, states[r]) : step_relay(t, v, states[r]);
        if (states[r]) pal += heads[h].mu.relays[r].weight;
      }
      for (std::size_t c = 0; c < d; ++c) out[n * d + c] += heads[h].w_out[c] * pal;
    }
  }
  return out;
}

// Two MPAL heads of d = 2 with thresholds on a half lattice.
std::vector<MpalHead> two_heads() {
  return {{{Q(1), Q(0)}, {Q(1), Q(2)}, {{{{Q(2), Q(1)}, Q(1)}, {{Q(3), Q(0)}, Q(1, 2)}}}},
          {{Q(1), Q(1)}, {Q(-1), Q(1)}, {{{{Q(1), Q(1, 2)}, Q(2)}, {{Q(4), Q(2)}, Q(1, 4)}}}}};
}

// A float64 MPAL computes its head's input 0.1 + 0.2 in doubles: it lands on alpha, the double just
// above the exact sum, and switches the relay on where the exact input stays below it. That is rounding
// in head 0, placed at token 1, and the root cause in that head.
TEST(Diagnosis, AHeadInputFloat64RoundsOntoAThresholdIsRoundingInThatHead) {
  const double lands = 0.1 + 0.2;
  std::vector<MpalHead> heads{{{Q(1), Q(1)}, {Q(1), Q(0)}, {{{{*rational_from_double(lands), Q(0)}, Q(1)}}}}};
  std::vector<std::array<double, 2>> tokens{{0.0, 0.0}, {0.1, 0.2}, {0.0, 0.25}, {-1.0, 0.0}};
  std::vector<QVector> x;
  std::vector<Q> theirs;
  bool on = false;
  for (const auto& t : tokens) {
    x.push_back({*rational_from_double(t[0]), *rational_from_double(t[1])});
    double v = t[0] + t[1];
    on = v >= lands ? true : v <= 0 ? false : on;
    theirs.push_back(Q(on ? 1 : 0));
    theirs.push_back(Q(0));
  }
  OracleProblem p;
  p.heads = heads;
  p.token_sequences = {x};
  json report = compare_outputs(p, ActualOutputs{{theirs}, "test"}, paper_conventions(), 10);
  ASSERT_FALSE(report["agree"]);
  const json& run = report["differences"][0]["runs"][0];
  EXPECT_EQ(run["cause"], "rounding") << run.dump(1);
  const json& head = run["diagnosis"]["heads"][0];
  EXPECT_EQ(head["head"], 0);
  const json& moved = head["diagnosis"]["causes"][0]["evidence"]["moved"];
  ASSERT_EQ(moved.size(), 1u) << moved.dump(1);
  EXPECT_EQ(moved[0]["token"], 1);
  EXPECT_EQ(moved[0]["threshold"], "alpha");
  EXPECT_LE(moved[0]["distance"].get<double>(), moved[0]["bound"].get<double>());
  EXPECT_EQ(report["root_causes"][0]["cause"], "rounding") << report["root_causes"].dump(1);
  EXPECT_EQ(report["root_causes"][0]["head"], 0);
}

TEST(Diagnosis, MpalRunsAreExplainedPerHeadAndRelay) {
  std::vector<MpalHead> heads = two_heads();
  std::vector<QVector> x{{Q(0), Q(0)}, {Q(1, 2), Q(1, 2)}, {Q(3), Q(0)}, {Q(2), Q(2)}, {Q(0), Q(1, 2)}};
  OracleProblem p;
  p.heads = heads;
  p.token_sequences = {x};
  ActualOutputs actual{{mpal_with_strict_head(heads, x, 1)}, "test"};
  json report = compare_outputs(p, actual, paper_conventions(), 10);
  ASSERT_FALSE(report["agree"]);
  const json& run = report["differences"][0]["runs"][0];
  EXPECT_EQ(run["cause"], "tie_rule") << run.dump(1);
  const json& head = run["diagnosis"]["heads"][0];
  EXPECT_EQ(head["head"], 1);
  const json& reading = head["diagnosis"]["causes"][0]["evidence"];
  EXPECT_EQ(reading["reading"], "tie_rule=strict");
  // At token 1 head 1's signal is 1: relay 0 of head 1 (alpha 1) is the tied one.
  ASSERT_EQ(reading["relays"].size(), 1u);
  EXPECT_EQ(reading["relays"][0]["index"], 0);
}

// MPAL over two_heads() on a batch of 12 sequences whose tokens, drawn from a half lattice, meet the
// thresholds of both heads.
OracleProblem tied_two_head_batch() {
  OracleProblem p;
  p.heads = two_heads();
  p.batched = true;
  std::mt19937_64 rng(11);
  p.token_sequences.resize(12);
  for (auto& x : p.token_sequences)
    for (int n = 0; n < 6; ++n) x.push_back({Q(static_cast<int>(rng() % 7), 2), Q(static_cast<int>(rng() % 5), 2)});
  return p;
}

// A tie defect planted in one MPAL head comes back as one root cause, in that head: the reference re-run
// with tie_rule=strict in head 1 alone reproduces every failing sequence (in both heads at once it
// does not: head 0 meets ties too). A sequence nothing reproduces is a cause of its own.
TEST(Diagnosis, MpalFailuresAreGroupedByRootCausePerHead) {
  OracleProblem p = tied_two_head_batch();
  const std::vector<MpalHead>& heads = p.heads;
  ActualOutputs actual{{}, "test"};
  for (const auto& x : p.token_sequences) actual.values.push_back(mpal_with_strict_head(heads, x, 1));
  json report = compare_outputs(p, actual, paper_conventions(), 10);
  ASSERT_FALSE(report["agree"]);
  ASSERT_TRUE(testing::one_root_change(report, {{"tie_rule", "strict"}}, 1));
  const json& roots = report["root_causes"];
  EXPECT_NE(summarize_report(report).find("root cause tie_rule {\"tie_rule\":\"strict\"} in head 1: " +
                                          report["differing_sequences"].dump() + " sequence(s)"),
            std::string::npos)
      << summarize_report(report);
  // Strict ties in every head: one cause, in no single head.
  ActualOutputs everywhere{{}, "test"};
  for (const auto& x : p.token_sequences) {
    std::vector<Q> both = mpal_with_strict_head(heads, x, 0), one = mpal_with_strict_head(heads, x, 1);
    std::vector<Q> none = mpal_with_strict_head(heads, x, heads.size());
    for (std::size_t k = 0; k < both.size(); ++k) both[k] += one[k] - none[k];
    everywhere.values.push_back(both);
  }
  json global = compare_outputs(p, everywhere, paper_conventions(), 10);
  EXPECT_TRUE(testing::one_root_change(global, {{"tie_rule", "strict"}}));
  std::size_t broken = roots[0]["sequences"][0].get<std::size_t>();
  actual.values[broken].back() += 100;
  json two = compare_outputs(p, actual, paper_conventions(), 10);
  ASSERT_EQ(two["root_causes"].size(), 2u) << two["root_causes"].dump(1);
  EXPECT_EQ(two["root_causes"][0]["cause"], "tie_rule");
  EXPECT_EQ(two["root_causes"][1]["sequences"], json::array({broken}));
  EXPECT_NE(two["root_causes"][1]["cause"], "tie_rule");
}

// An independent MPAL whose heads read the first token by its direction: u_0 sets no relay, u_1 rising
// from u_0 only switches relays on, falling only off (ties inclusive).
std::vector<Q> mpal_first_token_by_direction(const std::vector<MpalHead>& heads, const std::vector<QVector>& x) {
  std::size_t d = heads[0].w_out.size();
  std::vector<Q> out(x.size() * d, Q(0));
  for (const MpalHead& head : heads) {
    std::vector<RelayState> states(head.mu.relays.size(), 0);
    std::vector<Q> v(x.size(), Q(0));
    for (std::size_t n = 0; n < x.size(); ++n) {
      for (std::size_t c = 0; c < d; ++c) v[n] += head.w_in[c] * x[n][c];
      Q pal = 0;
      for (std::size_t r = 0; r < states.size(); ++r) {
        const Thresholds& t = head.mu.relays[r].thresholds;
        bool on = n > 0 && v[n] >= t.alpha && (n > 1 || v[1] > v[0]);
        bool off = n > 0 && v[n] <= t.beta && (n > 1 || v[1] < v[0]);
        states[r] = on ? 1 : off ? 0 : states[r];
        if (states[r]) pal += head.mu.relays[r].weight;
      }
      for (std::size_t c = 0; c < d; ++c) out[n * d + c] += head.w_out[c] * pal;
    }
  }
  return out;
}

// MPAL under first_token=direction reads each head's first tokens by that rule (as PAL does): an
// implementation of that rule agrees once it is declared, and undeclared it is one root cause in
// every head, the first-token rule.
TEST(Diagnosis, MpalReadsTheDirectionFirstTokenRuleInEveryHead) {
  OracleProblem p = tied_two_head_batch();
  const std::vector<MpalHead>& heads = p.heads;
  ActualOutputs actual{{}, "test"};
  for (const auto& x : p.token_sequences) actual.values.push_back(mpal_first_token_by_direction(heads, x));
  Conventions direction;
  apply_convention_option(direction, "first_token=direction");
  EXPECT_TRUE(compare_outputs(p, actual, direction, 10)["agree"]);
  json report = compare_outputs(p, actual, paper_conventions(), 10);
  ASSERT_FALSE(report["agree"]);
  EXPECT_TRUE(testing::one_root_change(report, {{"first_token", "direction"}}));
}

TEST(Diagnosis, AStateCreepingUnderZigZagsInsideItsDeadBandIsARatchetAndDrift) {
  Measure mu{{{{Q(4), Q(0)}, Q(1)}, {{Q(1), Q(1, 2)}, Q(2)}}};
  std::vector<Q> u{Q(5)};
  for (int k = 0; k < 6; ++k) u.push_back(Q(2)), u.push_back(Q(3));
  // Relay 0 is switched on, then the input cycles inside its dead band (0, 4): a leaky
  // implementation loses 1/16 of its state per token there.
  std::vector<Q> theirs = pal_by_definition(mu, u, InitialState::Off);
  for (std::size_t n = 1; n < u.size(); ++n) theirs[n] -= Q(static_cast<int>(n), 16);
  json run = first_run(mu, u, theirs);
  // The input cycles: a ratchet (the difference grows from cycle to cycle), and drift as well.
  EXPECT_EQ(run["cause"], "ratchet") << run.dump(1);
  EXPECT_EQ(relay_indices(cause_in(run, "drift")), std::vector<std::size_t>{0});
}

TEST(Diagnosis, OneRelayFlippedAwayFromItsThresholdsIsARelayFlip) {
  Measure mu{{{{Q(2), Q(1)}, Q(1)}, {{Q(5), Q(4)}, Q(3)}}};
  std::vector<Q> u{Q(0), Q(3), Q(3, 2)};
  std::vector<Q> theirs = pal_by_definition(mu, u, InitialState::Off);
  theirs[1] += 3;  // relay 1 on although 3 is below its beta 4
  theirs[2] += 3;
  json run = first_run(mu, u, theirs);
  EXPECT_EQ(run["cause"], "relay_flip") << run.dump(1);
  EXPECT_EQ(relay_indices(cause_in(run, "relay_flip")), std::vector<std::size_t>{1});
}

// u_0 leaves relay 1 on (its alpha is 5, u_0 is 0), and from u_1 on both relays follow eq:relay from
// there: relay 1 stays on in its dead band until u_3 = 6 decides it. One relay flipped fits each
// differing token too; the first-token defect fits the whole sequence, with the token that ends it.
TEST(Diagnosis, StatesLeftWrongByTheFirstTokenAreTheFirstTokenDefect) {
  Measure mu{{{{Q(2), Q(1)}, Q(1)}, {{Q(5), Q(4)}, Q(3)}}};
  std::vector<Q> u{Q(0), Q(9, 2), Q(9, 2), Q(6), Q(3)};
  std::vector<Q> theirs = pal_by_definition(mu, u, InitialState::Off);
  for (std::size_t n = 0; n < 3; ++n) theirs[n] += 3;
  json run = first_run(mu, u, theirs);
  EXPECT_EQ(run["cause"], "first_token") << run.dump(1);
  json first = cause_in(run, "first_token");
  ASSERT_FALSE(first.is_null());
  EXPECT_EQ(first["explains"], "whole_sequence");
  ASSERT_EQ(first["evidence"]["kept_from_first_token"].size(), 1u) << first.dump(1);
  EXPECT_EQ(first["evidence"]["kept_from_first_token"][0]["index"], 1);
  EXPECT_EQ(first["evidence"]["kept_from_first_token"][0]["kept_until"], 3);
  EXPECT_FALSE(cause_in(run, "relay_flip").is_null());
  json report = compare_outputs(problem_of(mu, {u}), ActualOutputs{{theirs}, "test"}, paper_conventions(), 10);
  ASSERT_EQ(report["root_causes"].size(), 1u) << report["root_causes"].dump(1);
  EXPECT_EQ(report["root_causes"][0]["cause"], "first_token");
  EXPECT_FALSE(report["root_causes"][0].contains("conventions"));
  // Relay 1 on again at u_4 = 3, below its beta, is none of u_0's doing: no first-token defect.
  theirs[4] += 3;
  EXPECT_TRUE(cause_in(first_run(mu, u, theirs), "first_token").is_null());
}

// A float32 implementation sees u_1, the double just below alpha = 0.6, as float32's 0.6, alpha's own
// float32 value, and switches relay 0 on; the exact input does not. Declared dtype=float32, the cause is
// rounding, placed at token 1 and relay 0's alpha (under rounding=expected no difference); undeclared, it
// is not.
TEST(Diagnosis, AnInputFloat32RoundsOntoAThresholdIsRoundingInThatDtype) {
  Measure mu{{{{Q(*rational_from_double(0.6)), Q(*rational_from_double(0.3))}, Q(1)}, {{Q(2), Q(1)}, Q(2)}}};
  std::vector<double> doubles{0.0, std::nextafter(0.6, 0.0), 0.5, 3.0};
  std::vector<Q> u, seen;
  for (double d : doubles) u.push_back(*rational_from_double(d)), seen.push_back(*rational_from_double(static_cast<float>(d)));
  Measure seen_mu{{{{Q(*rational_from_double(static_cast<float>(0.6))), Q(*rational_from_double(static_cast<float>(0.3)))}, Q(1)},
                   {{Q(2), Q(1)}, Q(2)}}};
  std::vector<Q> theirs = pal_by_definition(seen_mu, seen, InitialState::Off);
  Conventions c;
  c.dtype = FloatFormat::Float32;
  json report = compare_outputs(problem_of(mu, {u}), ActualOutputs{{theirs}, "test"}, c, 10);
  json run = report["differences"][0]["runs"][0];
  EXPECT_EQ(run["diagnosis"]["cause"], "rounding") << run.dump(1);
  json e = cause_in(run, "rounding")["evidence"];
  EXPECT_EQ(e["dtype"], "float32");
  EXPECT_EQ(e["first_changed"]["token"], 1);
  EXPECT_EQ(e["first_changed"]["index"], 0);
  EXPECT_EQ(e["first_changed"]["threshold"], "alpha");
  EXPECT_GT(e["first_changed"]["distance"].get<double>(), 0);
  EXPECT_EQ(report["root_causes"][0]["cause"], "rounding") << report["root_causes"].dump(1);
  EXPECT_TRUE(cause_in(first_run(mu, u, theirs), "rounding").is_null());
  // Counted as expected, the sequence is no difference: the comparison agrees and lists it apart.
  c.rounding = RoundingCases::Expected;
  json expected = compare_outputs(problem_of(mu, {u}), ActualOutputs{{theirs}, "test"}, c, 10);
  EXPECT_TRUE(expected["agree"]) << expected.dump(1);
  EXPECT_EQ(expected["expected_sequences"]["sequences"], json::array({0}));
  EXPECT_NE(summarize_report(expected).find("; 1 more that rounding accounts for, expected"), std::string::npos)
      << summarize_report(expected);
  EXPECT_FALSE(report.contains("expected_sequences"));
}

TEST(Diagnosis, SimplestRationalInAnInterval) {
  EXPECT_EQ(simplest_between(Q(49, 100), Q(51, 100)), Q(1, 2));
  EXPECT_EQ(simplest_between(Q(3, 10), Q(34, 100)), Q(1, 3));
  EXPECT_EQ(simplest_between(Q(7, 4), Q(7, 4)), Q(7, 4));
  EXPECT_EQ(simplest_between(Q(-1, 3), Q(1, 5)), Q(0));
  EXPECT_EQ(simplest_between(Q(-34, 100), Q(-3, 10)), Q(-1, 3));
}

// A skipped first token on a measure with a relay (0, 0) fed 0 first: reading the tie strictly gives
// the same outputs, so both causes are listed, each as reproducing the whole sequence.
TEST(Diagnosis, ASkippedFirstTokenListsFirstTokenAndTheTieRuleThatAlsoExplainsIt) {
  Measure mu{{{{Q(0), Q(0)}, Q(1)}, {{Q(2), Q(-1)}, Q(1, 2)}}};
  std::vector<Q> u{Q(0), Q(3, 2), Q(1, 2), Q(5, 2), Q(-1, 2)};
  std::vector<Q> rest(u.begin() + 1, u.end()), theirs{Q(0)};  // u_0 never reaches the relays
  for (const Q& y : pal_by_definition(mu, rest, InitialState::Off)) theirs.push_back(y);
  json run = first_run(mu, u, theirs);
  EXPECT_EQ(run["cause"], "first_token") << run.dump(1);
  json first = cause_in(run, "first_token"), tie = cause_in(run, "tie_rule");
  ASSERT_FALSE(first.is_null());
  ASSERT_FALSE(tie.is_null()) << run.dump(1);
  EXPECT_EQ(first["explains"], "whole_sequence");
  EXPECT_EQ(tie["explains"], "whole_sequence");
  EXPECT_EQ(tie["evidence"]["relays"][0]["index"], 0);
  EXPECT_NE(tie["evidence"]["relays"][0]["why"].get<std::string>().find("tie: u_0"), std::string::npos);
  // Declared, the same outputs agree.
  Conventions declared;
  apply_convention_option(declared, "first_token=not-applied");
  EXPECT_TRUE(compare_outputs(problem_of(mu, {u}), ActualOutputs{{theirs}, "test"}, declared, 10)["agree"]);
}

// A relay creeping on by 1/8 per cycle of a zig-zag that never reaches its alpha 1/2, while a diagonal
// relay at 1/2 shows a quarter state on each up-stroke and resets on the down-stroke: the difference
// falls back within every cycle (no drift), but grows from cycle to cycle at each phase.
TEST(Diagnosis, ASawtoothRatchetIsFoundByComparingCyclesWhereDriftIsNot) {
  Measure mu{{{{Q(1, 2), Q(1, 5)}, Q(1)}, {{Q(1, 2), Q(1, 2)}, Q(1)}}};
  std::vector<Q> u{Q(0)};
  for (int k = 0; k < 6; ++k) u.push_back(Q(2, 5)), u.push_back(Q(499, 1000));
  std::vector<Q> theirs = pal_by_definition(mu, u, InitialState::Off);
  for (std::size_t n = 1; n < u.size(); ++n) {
    std::size_t cycle = (n - 1) / 2;
    theirs[n] += Q(static_cast<int>(cycle + 1), 8);          // the creeping relay
    if (u[n] == Q(499, 1000)) theirs[n] += Q(1, 4);          // the diagonal relay at 1/4 instead of 0
  }
  json run = first_run(mu, u, theirs);
  EXPECT_EQ(run["cause"], "ratchet") << run.dump(1);
  EXPECT_TRUE(cause_in(run, "drift").is_null());
  json cycles = cause_in(run, "ratchet")["evidence"]["cycles"];
  EXPECT_EQ(cycles["period"], 2);
  EXPECT_GE(cycles["cycles"].get<std::size_t>(), 5u);
  EXPECT_EQ(cycles["relays"][0]["index"], 0) << cycles.dump(1);
}

// The issue's case: a tanh-smoothed relay (T = 1e-3) under a 200-token zig-zag between 0.4 and 0.4995.
// A smoothed switch (a function of the sharp state and the input) agrees under smoothing=tanh:1/1000;
// rem:backprop's stateful relaxation ratchets on and is named, reproducing the whole sequence.
TEST(Diagnosis, TheStatefulRelaxationUnderASubThresholdZigZagIsARatchet) {
  Measure mu{{{{Q(1, 2), Q(1, 5)}, Q(1)}, {{Q(9, 10), Q(-3, 10)}, Q(2)}}};
  std::vector<double> d;
  for (int k = 0; k < 200; ++k) d.push_back(k % 2 ? 0.4 : 0.4995);
  std::vector<Q> u;
  for (double x : d) u.push_back(*rational_from_double(x));
  auto sig = [](long double x) { return (1 + std::tanh(x / 1e-3L)) / 2; };
  std::vector<Q> switched, relaxed;
  std::vector<int> hard(2, 0);
  std::vector<long double> s(2, 0);
  for (double x : d) {
    long double a = 0, b = 0;
    for (std::size_t r = 0; r < 2; ++r) {
      long double alpha = to_double(mu.relays[r].thresholds.alpha), beta = to_double(mu.relays[r].thresholds.beta);
      long double w = to_double(mu.relays[r].weight);
      a += w * sig(x - (hard[r] ? beta : alpha));
      hard[r] = x >= alpha ? 1 : x <= beta ? 0 : hard[r];
      s[r] = s[r] * (1 - sig(beta - x)) + (1 - s[r]) * sig(x - alpha);
      b += w * s[r];
    }
    switched.push_back(*rational_from_double(static_cast<double>(a)));
    relaxed.push_back(*rational_from_double(static_cast<double>(b)));
  }
  Conventions c;
  apply_convention_option(c, "smoothing=tanh:1/1000");
  EXPECT_TRUE(compare_outputs(problem_of(mu, {u}), ActualOutputs{{switched}, "test"}, c, 10)["agree"]);
  json report = compare_outputs(problem_of(mu, {u}), ActualOutputs{{relaxed}, "test"}, c, 10);
  ASSERT_FALSE(report["agree"]);
  EXPECT_GE(report["differing_tokens"].get<std::size_t>(), 190u);
  const json& run = report["differences"][0]["runs"][0];
  EXPECT_EQ(run["cause"], "ratchet") << run.dump(1);
  json ratchet = cause_in(run, "ratchet");
  EXPECT_EQ(ratchet["explains"], "whole_sequence");
  EXPECT_EQ(ratchet["evidence"]["relays"][0]["index"], 0);
  EXPECT_EQ(ratchet["evidence"]["cycles"]["period"], 2);
}

// A smoothed switch that never moves back while it waits (the running maximum of sig(u - alpha) until the
// relay switches on, then the running minimum of sig(u - beta)): an approach to alpha and back leaves its
// state raised. Neither the declared switch nor rem:backprop's relaxation gives these outputs; the held
// model gives them at every token.
TEST(Diagnosis, ASmoothedSwitchThatNeverMovesBackIsARatchetOfTheHeldModel) {
  Measure mu{{{{Q(1, 2), Q(1, 5)}, Q(1)}, {{Q(9, 10), Q(-3, 10)}, Q(2)}}};
  std::vector<double> d{0.1, 0.4995, 0.3, 0.45, 0.6, 0.35, 0.1, 0.4997, 0.2};
  std::vector<Q> u;
  for (double x : d) u.push_back(*rational_from_double(x));
  auto sig = [](long double x) { return (1 + std::tanh(x / 1e-3L)) / 2; };
  std::vector<Q> held;
  std::vector<int> hard(2, 0);
  std::vector<long double> s(2, 0);
  for (double x : d) {
    long double y = 0;
    for (std::size_t r = 0; r < 2; ++r) {
      long double alpha = to_double(mu.relays[r].thresholds.alpha), beta = to_double(mu.relays[r].thresholds.beta);
      s[r] = hard[r] ? std::min(s[r], sig(x - beta)) : std::max(s[r], sig(x - alpha));
      hard[r] = x >= alpha ? 1 : x <= beta ? 0 : hard[r];
      y += to_double(mu.relays[r].weight) * s[r];
    }
    held.push_back(*rational_from_double(static_cast<double>(y)));
  }
  Conventions c;
  apply_convention_option(c, "smoothing=tanh:1/1000");
  json report = compare_outputs(problem_of(mu, {u}), ActualOutputs{{held}, "test"}, c, 10);
  ASSERT_FALSE(report["agree"]);
  const json& run = report["differences"][0]["runs"][0];
  EXPECT_EQ(run["cause"], "ratchet") << run.dump(1);
  json ratchet = cause_in(run, "ratchet");
  EXPECT_EQ(ratchet["explains"], "whole_sequence");
  EXPECT_NE(ratchet["evidence"]["model"].get<std::string>().find("held switch"), std::string::npos);
  EXPECT_EQ(report["root_causes"][0]["cause"], "ratchet");
}

// Outputs left undefined until every relay has met a threshold: named before_crossing first; declared
// (before_crossing=undefined) those tokens are not compared.
TEST(Diagnosis, UndefinedOutputsBeforeTheCrossingAreBeforeCrossing) {
  Measure mu{{{{Q(1), Q(0)}, Q(1)}, {{Q(2), Q(1, 2)}, Q(1, 2)}}};
  std::vector<Q> u{Q(1, 2), Q(3, 4), Q(2), Q(1, 4), Q(3, 2)};  // relay 1 decided at token 0, relay 0 at token 2
  std::vector<Q> theirs = pal_by_definition(mu, u, InitialState::Off);
  std::vector<char> undefined{1, 1, 0, 0, 0};
  KeyedMeasure keyed(mu);
  ReadingMeasures measures(keyed);
  Conventions plain, declared;
  apply_convention_option(declared, "before_crossing=undefined");
  PalSequence seq(measures, u, theirs, InitialState::Off, plain, undefined);
  std::vector<DivergentRun> runs = seq.runs();
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].first, 0u);
  EXPECT_EQ(runs[0].last, 1u);
  json d = seq.diagnose(runs[0]);
  EXPECT_EQ(d["cause"], "before_crossing") << d.dump(1);
  EXPECT_EQ(d["causes"][0]["evidence"]["decided_from"], 2);
  PalSequence ok(measures, u, theirs, InitialState::Off, declared, undefined);
  EXPECT_TRUE(ok.runs().empty());
  EXPECT_EQ(ok.status()[1], TokenStatus::NotCompared);
}

// Declared undefined before the crossing, an output that is a number still shows the relays the
// reference has decided: a relay stuck off is found although another relay never meets a threshold, and
// no number there is named before_crossing.
TEST(Diagnosis, UndefinedBeforeTheCrossingDoesNotHideADecidedRelay) {
  Measure mu{{{{Q(1), Q(0)}, Q(1)}, {{Q(5), Q(-1)}, Q(1, 2)}}};
  std::vector<Q> u{Q(1, 2), Q(2), Q(0), Q(2)};  // relay 0 decided at token 1, relay 1 never
  std::vector<Q> stuck = relay_by_relay(mu, u, [](const Thresholds& t, const Q& x, RelayState& state) {
    state = t.alpha == 1 ? 0 : x >= t.alpha ? 1 : x <= t.beta ? 0 : state;
    return Q(state);
  });
  Conventions declared;
  apply_convention_option(declared, "before_crossing=undefined");
  KeyedMeasure keyed(mu);
  ReadingMeasures measures(keyed);
  PalSequence seq(measures, u, stuck, InitialState::Off, declared);
  std::vector<DivergentRun> runs = seq.runs();
  ASSERT_FALSE(runs.empty());
  EXPECT_EQ(runs[0].first, 1u);
  for (const DivergentRun& r : runs) {
    json diagnosis = seq.diagnose(r);  // held: a range over a temporary's member would dangle
    for (const json& c : diagnosis["causes"]) EXPECT_NE(c["cause"], "before_crossing") << c.dump(1);
  }
  json report = compare_outputs(problem_of(mu, {u}), ActualOutputs{{stuck}, "test"}, declared, 10);
  EXPECT_FALSE(report["agree"]) << report.dump(1);
  // Outputs that are no number, or the reference with the undecided relay in either state, are accepted.
  std::vector<Q> exact = pal_by_definition(mu, u, InitialState::Off), on = pal_by_definition(mu, u, InitialState::On);
  EXPECT_TRUE(PalSequence(measures, u, exact, InitialState::Off, declared).runs().empty());
  EXPECT_TRUE(PalSequence(measures, u, on, InitialState::Off, declared).runs().empty());
  std::vector<char> none_defined(u.size(), 1);
  PalSequence no_numbers(measures, u, stuck, InitialState::Off, declared, none_defined);
  for (TokenStatus t : no_numbers.status()) EXPECT_EQ(t, TokenStatus::NotCompared);
}

// Outputs that are no number (JSON null, a CSV cell empty or NaN, a .npy NaN) compare under
// before_crossing=undefined where the reference has not decided every relay, in every format; where it
// has, they are a divergence named undefined_output.
TEST(Diagnosis, CompareReadsUndefinedOutputsInEveryFormat) {
  Measure mu{{{{Q(1), Q(0)}, Q(1)}, {{Q(2), Q(1, 2)}, Q(1, 2)}}};
  std::vector<Q> u{Q(1, 2), Q(3, 4), Q(2), Q(1, 4), Q(3, 2)};  // relay 1 decided at token 0, relay 0 at token 2
  std::vector<Q> y = pal_by_definition(mu, u, InitialState::Off);
  std::vector<double> yd;
  for (const Q& q : y) yd.push_back(to_double(q));
  double nan = std::nan("");
  OracleProblem p = problem_of(mu, {u});
  p.batched = false;
  Conventions declared;
  apply_convention_option(declared, "before_crossing=undefined");
  const std::string json_text = "[null, null, " + std::to_string(yd[2]) + ", " + std::to_string(yd[3]) + ", " +
                                std::to_string(yd[4]) + "]";
  const std::string csv_text = ",nan," + std::to_string(yd[2]) + "," + std::to_string(yd[3]) + "," +
                               std::to_string(yd[4]) + "\n";
  std::vector<std::pair<std::string, std::string>> files{
      {"undefined.json", json_text},
      {"undefined.csv", csv_text},
      {"undefined.npy", format_npy_f8({5}, {nan, nan, yd[2], yd[3], yd[4]})}};
  for (const auto& [name, bytes] : files) {
    std::string path = scratch_path("undefined_outputs", name);
    write_file(path, bytes);
    ActualOutputs actual = load_actual(path, p);
    ASSERT_EQ(actual.undefined.size(), 1u) << name;
    EXPECT_EQ(actual.undefined[0], std::vector<char>({1, 1, 0, 0, 0})) << name;
    EXPECT_TRUE(compare_outputs(p, actual, declared, 10)["agree"]) << name;
    json plain = compare_outputs(p, actual, paper_conventions(), 10);
    EXPECT_FALSE(plain["agree"]) << name;
    EXPECT_EQ(plain["differences"][0]["diagnosis"]["cause"], "before_crossing") << name;
    // No number where every relay is decided: a divergence of its own.
    actual.undefined[0][3] = 1;
    json late = compare_outputs(p, actual, declared, 10);
    ASSERT_FALSE(late["agree"]) << name;
    EXPECT_EQ(late["differences"][0]["token"], 3);
    EXPECT_EQ(late["differences"][0]["actual"], nullptr);
    EXPECT_EQ(late["differences"][0]["diagnosis"]["cause"], "undefined_output") << late.dump(1);
  }
}

// A failing batch comes back with one root cause per defect: a strict tie rule on every sequence is
// one cause, reproduced by the reference re-run with tie_rule=strict; a sequence nothing reproduces
// is a cause of its own.
TEST(Diagnosis, FailingSequencesAreGroupedByRootCause) {
  Measure mu = sample_measure();
  std::vector<std::vector<Q>> batch{{Q(0), Q(2), Q(1), Q(3)}, {Q(5), Q(2), Q(1, 2), Q(2)}, {Q(3), Q(0), Q(5)}};
  std::vector<std::vector<Q>> theirs;
  for (const auto& u : batch) theirs.push_back(strict_pal(mu, u));
  json report = compare_outputs(problem_of(mu, batch), ActualOutputs{theirs, "test"}, paper_conventions(), 10);
  ASSERT_FALSE(report["agree"]);
  EXPECT_TRUE(testing::one_root_change(report, {{"tie_rule", "strict"}}));
  EXPECT_NE(summarize_report(report).find("root cause tie_rule {\"tie_rule\":\"strict\"}: " +
                                          report["differing_sequences"].dump() + " sequence(s)"),
            std::string::npos)
      << summarize_report(report);
  theirs[2].back() += 100;
  json two = compare_outputs(problem_of(mu, batch), ActualOutputs{theirs, "test"}, paper_conventions(), 10);
  ASSERT_EQ(two["root_causes"].size(), 2u) << two["root_causes"].dump(1);
  EXPECT_EQ(two["root_causes"][0]["cause"], "tie_rule");
  EXPECT_EQ(two["root_causes"][1]["sequences"], json::array({2}));
  EXPECT_NE(two["root_causes"][1]["cause"], "tie_rule");
}

// Three sequences, one defect each or both: strict ties on a tie (0), the first token skipped without a tie
// (1), both (2), each moving two relays at once (so that no one flipped relay fits). The pair
// strict+not-applied is no third cause: each change keeps its own sequence, and the one only the two explain
// is joint to both, as the summary says.
TEST(Diagnosis, APairOfChangesBothNamedAloneIsFoldedIntoThemInCompare) {
  Measure mu{{{{Q(2), Q(1)}, Q(1)}, {{Q(3), Q(0)}, Q(2)}, {{Q(3), Q(1, 2)}, Q(1, 2)}}};
  std::vector<std::vector<Q>> batch{{Q(5, 2), Q(3)}, {Q(5), Q(7, 2)}, {Q(5, 2), Q(3)}};
  auto skipped = [&](const std::vector<Q>& u, bool strict) {
    std::vector<Q> rest(u.begin() + 1, u.end()), out{Q(0)};  // u_0 never reaches the relays
    for (const Q& y : strict ? strict_pal(mu, rest) : pal_by_definition(mu, rest, InitialState::Off)) out.push_back(y);
    return out;
  };
  std::vector<std::vector<Q>> theirs{strict_pal(mu, batch[0]), skipped(batch[1], false), skipped(batch[2], true)};
  json report = compare_outputs(problem_of(mu, batch), ActualOutputs{theirs, "test"}, paper_conventions(), 10);
  const json& roots = report["root_causes"];
  ASSERT_EQ(roots.size(), 2u) << roots.dump(1);
  std::map<std::string, json> by_cause;
  for (const json& r : roots) by_cause[r["cause"].get<std::string>()] = r;
  ASSERT_TRUE(by_cause.count("tie_rule") && by_cause.count("first_token")) << roots.dump(1);
  EXPECT_EQ(by_cause["tie_rule"]["sequences"], json::array({0}));
  EXPECT_EQ(by_cause["first_token"]["sequences"], json::array({1}));
  for (const auto& [cause, root] : by_cause) {
    ASSERT_EQ(root["joint"].size(), 1u) << root.dump(1);
    EXPECT_EQ(root["joint"][0]["sequences"], json::array({2}));
    EXPECT_EQ(root["joint"][0]["failing_sequences"], 1);
    EXPECT_EQ(root["joint"][0]["with"], cause == "tie_rule" ? "first_token" : "tie_rule");
  }
  EXPECT_NE(summarize_report(report).find("1 sequence(s), 1 more with first_token"), std::string::npos)
      << summarize_report(report);
}

// A tanh-smoothed relay that switches fully when the input equals the threshold it waits for, exactly
// (as one PyTorch library does): declared as smoothing=tanh:T:sharp-ties it agrees; declared as plain
// tanh:T, the ties are what differs, and the root cause is that reading of ties.
TEST(Diagnosis, ASmoothedSwitchWithSharpTiesIsDeclarableAndNamed) {
  Measure mu{{{{Q(1, 2), Q(1, 4)}, Q(1)}, {{Q(3, 4), Q(1, 2)}, Q(2)}}};
  std::vector<std::vector<Q>> batch{{Q(0), Q(1, 2), Q(1), Q(1, 2), Q(0)}, {Q(3, 4), Q(0), Q(1, 4), Q(7, 8)}};
  const long double T = 1e-3L;
  std::vector<std::vector<Q>> theirs;
  for (const auto& u : batch) {
    std::vector<int> hard(mu.relays.size(), 0);
    std::vector<Q> out;
    for (const Q& q : u) {
      long double x = to_double(q), sum = 0;
      for (std::size_t r = 0; r < hard.size(); ++r) {
        const Thresholds& t = mu.relays[r].thresholds;
        Q theta = hard[r] ? t.beta : t.alpha;
        hard[r] = q >= t.alpha ? 1 : q <= t.beta ? 0 : hard[r];
        long double shown = q == theta ? hard[r] : (1 + std::tanh((x - to_double(theta)) / T)) / 2;
        sum += to_double(mu.relays[r].weight) * shown;
      }
      out.push_back(*rational_from_double(static_cast<double>(sum)));
    }
    theirs.push_back(out);
  }
  Conventions sharp, smooth;
  apply_convention_option(sharp, "smoothing=tanh:1/1000:sharp-ties");
  apply_convention_option(smooth, "smoothing=tanh:1/1000");
  EXPECT_EQ(conventions_json(sharp)["smoothing"], "tanh:1/1000:sharp-ties");
  json agree = compare_outputs(problem_of(mu, batch), ActualOutputs{theirs, "test"}, sharp, 10);
  EXPECT_TRUE(agree["agree"]) << agree.dump(1);
  json differ = compare_outputs(problem_of(mu, batch), ActualOutputs{theirs, "test"}, smooth, 10);
  ASSERT_FALSE(differ["agree"]);
  EXPECT_TRUE(testing::one_root_change(differ, {{"smoothing", "tanh:1/1000:sharp-ties"}}));
  EXPECT_THROW(apply_convention_option(sharp, "smoothing=band:1/10:sharp-ties"), InputError);
}

// Every run of a long sequence is diagnosed in one pass over the readings: a strict implementation on
// 5,000 tokens with many ties has every run named tie_rule, reproducing the whole sequence (the
// first 64 runs with their evidence, the others by name).
TEST(Diagnosis, EveryRunOfALongSequenceIsNamedByTheReadingsInOnePass) {
  Measure mu = sample_measure();
  std::mt19937_64 rng(3);
  std::vector<Q> values{Q(0), Q(1, 2), Q(1), Q(3, 2), Q(2), Q(5, 2), Q(3), Q(5), Q(6)};
  std::vector<Q> u;
  for (int k = 0; k < 5000; ++k) u.push_back(values[rng() % values.size()]);
  std::vector<Q> theirs = strict_pal(mu, u);
  json report = compare_outputs(problem_of(mu, {u}), ActualOutputs{{theirs}, "test"}, paper_conventions(), 10);
  const json& runs = report["differences"][0]["runs"];
  EXPECT_GT(runs.size(), 100u);
  std::size_t in_full = 0;
  for (const json& run : runs) {
    ASSERT_EQ(run["cause"], "tie_rule") << run.dump(1);
    if (!run.contains("diagnosis")) {
      ASSERT_EQ(run["causes"][0], "tie_rule");
      continue;
    }
    ++in_full;
    ASSERT_EQ(run["diagnosis"]["causes"][0]["evidence"]["reading"], "tie_rule=strict");
    ASSERT_EQ(run["diagnosis"]["causes"][0]["explains"], "whole_sequence");
  }
  EXPECT_EQ(in_full, 64u);  // the first runs in full, the others by name
}

}  // namespace
}  // namespace palcheck::oracle
