// End to end: `palcheck eval` on JSON, CSV and .npy inputs and outputs equals PAL and MPAL
// by definition (def:pal, def:mpal), the --dump file holds the classical memory (prop:wiping), and
// `palcheck compare` finds a planted tie-rule divergence (def:relay) at the right token and relay, and
// names a tie defect planted in one MPAL head as one root cause in that head.
#include "oracle/formats/csv_format.h"
#include "oracle/formats/npy_format.h"
#include "reference/ball.h"
#include "reference/mpal.h"
#include "reference/pal_definition.h"
#include "reference/preisach_memory.h"
#include "tests/oracle/independent_pal.h"
#include "tests/tools/cli/palcheck_process.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <random>

namespace palcheck::cli {
namespace {

using namespace oracle;  // formats and errors of the oracle library, strict_pal

using nlohmann::json;
namespace fs = std::filesystem;

using namespace palcheck::cli_test;  // ProcessRun, run_palcheck(), shell(), temp(), read(), write()

// A measure with ties on a quarter lattice and a batch of sequences that hit the thresholds.
struct Case {
  Measure mu;
  std::vector<std::vector<Q>> batch;
};

Case make_case(std::uint64_t seed, std::size_t sequences, std::size_t length) {
  std::mt19937_64 rng(seed);
  Case c;
  for (int r = 0; r < 6; ++r) {
    Q a(static_cast<int>(rng() % 9), 4), b(static_cast<int>(rng() % 9), 4);
    if (a < b) std::swap(a, b);
    c.mu.relays.push_back({{a, b}, Q(static_cast<int>(rng() % 7) - 3, 2)});
  }
  for (std::size_t s = 0; s < sequences; ++s) {
    std::vector<Q> u;
    for (std::size_t n = 0; n < length; ++n) u.emplace_back(static_cast<int>(rng() % 11) - 1, 4);
    c.batch.push_back(u);
  }
  return c;
}

std::string relays_csv(const Measure& mu) {
  std::vector<std::vector<std::string>> rows;
  for (const auto& r : mu.relays)
    rows.push_back({to_string(r.thresholds.alpha), to_string(r.thresholds.beta), to_string(r.weight)});
  return format_csv({"alpha", "beta", "weight"}, rows);
}

std::string batch_npy(const std::vector<std::vector<Q>>& batch) {
  std::vector<double> flat;
  for (const auto& u : batch)
    for (const Q& x : u) flat.push_back(to_double(x));  // quarters: exact doubles
  return format_npy_f8({batch.size(), batch[0].size()}, flat);
}

TEST(OracleCli, EvalReadsEveryInputFormatAndWritesEveryOutputFormat) {
  Case c = make_case(11, 4, 30);
  write(temp("mu.csv"), relays_csv(c.mu));
  write(temp("u.npy"), batch_npy(c.batch));
  std::vector<std::vector<std::string>> csv_rows;
  for (const auto& u : c.batch) {
    csv_rows.emplace_back();
    for (const Q& x : u) csv_rows.back().push_back(to_string(x));
  }
  write(temp("u.csv"), format_csv({}, csv_rows));
  json doc{{"relays", json::array()}, {"inputs", json::array()}};
  for (const auto& r : c.mu.relays)
    doc["relays"].push_back({{"alpha", to_string(r.thresholds.alpha)},
                             {"beta", to_string(r.thresholds.beta)},
                             {"weight", to_string(r.weight)}});
  for (const auto& row : csv_rows) doc["inputs"].push_back(row);
  write(temp("doc.json"), doc.dump());
  write(temp("mu.json"), json{{"relays", doc["relays"]}}.dump());

  std::vector<std::vector<Q>> expected;
  for (const auto& u : c.batch) expected.push_back(pal_by_definition(c.mu, u, InitialState::Off));

  for (const std::string& args :
       {"eval " + temp("doc.json"), "eval --measure " + temp("mu.csv") + " --inputs " + temp("u.npy"),
        "eval --measure " + temp("mu.json") + " --inputs " + temp("u.csv")}) {
    ProcessRun r = run_palcheck(args);
    ASSERT_EQ(r.code, 0) << args << "\n" << r.err;
    json out = json::parse(r.out);
    for (std::size_t s = 0; s < expected.size(); ++s)
      for (std::size_t n = 0; n < expected[s].size(); ++n)
        ASSERT_EQ(out["outputs"][s][n].get<std::string>(), to_string(expected[s][n])) << args;
  }
  std::string base = "eval --measure " + temp("mu.csv") + " --inputs " + temp("u.npy");
  ASSERT_EQ(run_palcheck(base + " -o " + temp("out.csv")).code, 0);
  EXPECT_EQ(parse_csv(read(temp("out.csv")), "out.csv").rows, expected);
  ASSERT_EQ(run_palcheck(base + " -o " + temp("out.npy")).code, 0);
  NpyArray npy = parse_npy(read(temp("out.npy")), "out.npy");
  ASSERT_EQ(npy.shape, (std::vector<std::size_t>{4, 30}));
  for (std::size_t s = 0; s < 4; ++s)
    for (std::size_t n = 0; n < 30; ++n) EXPECT_EQ(npy.reals[s * 30 + n], to_double(expected[s][n]));
  ASSERT_EQ(run_palcheck(base + " --values both -o " + temp("out.json")).code, 0);
  json both = json::parse(read(temp("out.json")));
  EXPECT_EQ(both["outputs_double"][3][29].get<double>(), to_double(expected[3][29]));
}

// A JSON document has no inputs file: its dump goes the whole-document way, with the outputs on stdout.
TEST(OracleCli, DumpOfAJsonDocumentWithOutputsOnStandardOutput) {
  Case c = make_case(13, 1, 10);
  json doc = {{"relays", json::array()}, {"inputs", json::array()}};
  for (const auto& r : c.mu.relays)
    doc["relays"].push_back({{"alpha", to_string(r.thresholds.alpha)}, {"beta", to_string(r.thresholds.beta)},
                             {"weight", to_string(r.weight)}});
  for (const Q& x : c.batch[0]) doc["inputs"].push_back(to_string(x));
  write(temp("doc.json"), doc.dump());
  ProcessRun r = run_palcheck("eval " + temp("doc.json") + " --trace --dump " + temp("doc_dump.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  json d = json::parse(read(temp("doc_dump.json")));
  std::vector<Q> expected = pal_by_definition(c.mu, c.batch[0], InitialState::Off);
  for (std::size_t n = 0; n < expected.size(); ++n)
    EXPECT_EQ(d["sequences"][0]["outputs"][n].get<std::string>(), to_string(expected[n])) << n;
  EXPECT_NE(r.out.find("outputs"), std::string::npos);
}

TEST(OracleCli, DumpHoldsInputsOutputsMemoryAndRelayChanges) {
  Case c = make_case(12, 2, 12);
  write(temp("mu2.csv"), relays_csv(c.mu));
  write(temp("u2.npy"), batch_npy(c.batch));
  ProcessRun r =
      run_palcheck("eval --measure " + temp("mu2.csv") + " --inputs " + temp("u2.npy") +
                   " --initial-state 1 --trace --dump " + temp("dump.json") + " -o " + temp("dump_out.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  json d = json::parse(read(temp("dump.json")));
  json out = json::parse(read(temp("dump_out.json")));
  EXPECT_EQ(d["conventions"]["initial_state"], 1);
  for (std::size_t s = 0; s < 2; ++s) {
    auto memory = memory_trace(c.batch[s], InitialState::On);
    auto states = relay_states_by_definition(c.mu, c.batch[s], InitialState::On);
    auto outputs = pal_by_definition(c.mu, c.batch[s], InitialState::On);
    const json& seq = d["sequences"][s];
    EXPECT_EQ(out["memory_changes"][s], seq["memory_changes"]);
    EXPECT_EQ(out["relay_changes"][s], seq["relay_changes"]);
    std::vector<std::string> rebuilt;  // the memory replayed from the change log
    std::string bits(c.mu.relays.size(), '1');
    for (std::size_t n = 0; n < 12; ++n) {
      ASSERT_EQ(seq["outputs"][n].get<std::string>(), to_string(outputs[n]));
      const json& change = seq["memory_changes"][n];
      rebuilt.resize(rebuilt.size() - change[0].get<std::size_t>());
      if (!change[1].is_null()) rebuilt.push_back(change[1].get<std::string>());
      ASSERT_EQ(rebuilt.size(), memory[n].size()) << "token " << n;
      for (std::size_t k = 0; k < memory[n].size(); ++k) ASSERT_EQ(rebuilt[k], to_string(memory[n][k]));
      for (const json& r : seq["relay_changes"][n]) bits[r.get<std::size_t>()] ^= 1;
      std::string expected;
      for (RelayState st : states[n]) expected += st ? '1' : '0';
      ASSERT_EQ(bits, expected) << "token " << n;
    }
  }
}

// MPAL heads of d = 2 as a JSON document holds them.
json heads_json(const std::vector<MpalHead>& heads) {
  json out = json::array();
  for (const auto& h : heads) {
    json relays = json::array();
    for (const auto& r : h.mu.relays)
      relays.push_back({{"alpha", to_string(r.thresholds.alpha)},
                        {"beta", to_string(r.thresholds.beta)},
                        {"weight", to_string(r.weight)}});
    out.push_back({{"w_in", {to_string(h.w_in[0]), to_string(h.w_in[1])}},
                   {"w_out", {to_string(h.w_out[0]), to_string(h.w_out[1])}},
                   {"relays", relays}});
  }
  return out;
}

TEST(OracleCli, MpalEqualsReferenceMpal) {
  std::vector<MpalHead> heads{{{Q(1), Q(-1, 2)}, {Q(2), Q(1)}, {{{{Q(1), Q(0)}, Q(1)}, {{Q(2), Q(1, 2)}, Q(-3)}}}},
                              {{Q(0), Q(1)}, {Q(-1), Q(1, 3)}, {{{{Q(1, 2), Q(1, 2)}, Q(2)}}}}};
  std::vector<QVector> x{{Q(0), Q(0)}, {Q(2), Q(1)}, {Q(1, 2), Q(1, 2)}, {Q(3), Q(-1)}, {Q(0), Q(1)}};
  json doc{{"heads", heads_json(heads)}, {"inputs", json::array()}};
  for (const auto& t : x) doc["inputs"].push_back({to_string(t[0]), to_string(t[1])});
  write(temp("mpal.json"), doc.dump());
  ProcessRun r = run_palcheck("eval " + temp("mpal.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  json out = json::parse(r.out);
  auto expected = mpal(heads, x, InitialState::Off);
  for (std::size_t n = 0; n < x.size(); ++n)
    for (std::size_t k = 0; k < 2; ++k) EXPECT_EQ(out["outputs"][n][k].get<std::string>(), to_string(expected[n][k]));
}

TEST(OracleCli, CompareFindsAPlantedTieRuleDivergenceAtTheRightTokenAndRelay) {
  Measure mu{{{{Q(2), Q(1)}, Q(1, 2)}, {{Q(3), Q(1, 2)}, Q(2)}, {{Q(5), Q(4)}, Q(1)}}};
  std::vector<std::vector<Q>> batch{{Q(0), Q(3, 2), Q(2), Q(3, 2), Q(7, 2), Q(0)}, {Q(0), Q(1), Q(3, 4), Q(0)}};
  write(temp("tie_mu.csv"), relays_csv(mu));
  std::vector<std::vector<std::string>> in_rows, actual_rows;
  std::size_t first_sequence = batch.size(), first_token = 0;
  for (std::size_t s = 0; s < batch.size(); ++s) {
    auto theirs = strict_pal(mu, batch[s]), ours = pal_by_definition(mu, batch[s], InitialState::Off);
    in_rows.emplace_back();
    actual_rows.emplace_back();
    for (std::size_t n = 0; n < batch[s].size(); ++n) {
      in_rows.back().push_back(to_string(batch[s][n]));
      actual_rows.back().push_back(to_string(theirs[n]));
      if (theirs[n] != ours[n] && first_sequence == batch.size()) first_sequence = s, first_token = n;
    }
  }
  ASSERT_LT(first_sequence, batch.size());
  // The relay whose alpha the input meets exactly at the first differing token.
  std::size_t tie_relay = mu.relays.size();
  for (std::size_t r = 0; r < mu.relays.size(); ++r)
    if (mu.relays[r].thresholds.alpha == batch[first_sequence][first_token]) tie_relay = r;
  write(temp("tie_u.csv"), format_csv({}, in_rows));
  write(temp("tie_actual.csv"), format_csv({}, actual_rows));
  std::string problem = "--measure " + temp("tie_mu.csv") + " --inputs " + temp("tie_u.csv");
  ProcessRun r = run_palcheck("compare " + problem + " --actual " + temp("tie_actual.csv"));
  ASSERT_EQ(r.code, 1) << r.err;
  json report = json::parse(r.out);
  const json& d = report["differences"][0];
  EXPECT_EQ(d["sequence"], first_sequence);
  EXPECT_EQ(d["token"], first_token);
  EXPECT_EQ(d["diagnosis"]["cause"], "tie_rule");
  const json& best = d["diagnosis"]["causes"][0]["evidence"];
  EXPECT_EQ(best["matches_whole_sequence"], true);
  EXPECT_EQ(best["reading"], "tie_rule=strict");
  ASSERT_EQ(best["relays"].size(), 1u);
  EXPECT_EQ(best["relays"][0]["index"], tie_relay);
  EXPECT_NE(r.err.find("relay " + std::to_string(tie_relay)), std::string::npos);

  // The reference's own outputs agree with it (exit 0), as doubles in a .npy file.
  ASSERT_EQ(run_palcheck("eval " + problem + " -o " + temp("ref.json")).code, 0);
  ProcessRun same = run_palcheck("compare " + problem + " --actual " + temp("ref.json"));
  EXPECT_EQ(same.code, 0) << same.err;
  EXPECT_EQ(json::parse(same.out)["agree"], true);
}

// `palcheck compare` on an MPAL batch whose head 1 reads ties strictly (each head's PAL computed here
// relay by relay): one root cause, named once, in head 1, in the JSON report and the summary.
TEST(OracleCli, CompareNamesTheRootCauseOfAnMpalHeadOnce) {
  std::vector<MpalHead> heads{{{Q(1), Q(0)}, {Q(1), Q(2)}, {{{{Q(2), Q(1)}, Q(1)}, {{Q(3), Q(0)}, Q(1, 2)}}}},
                              {{Q(1), Q(1)}, {Q(-1), Q(1)}, {{{{Q(1), Q(1, 2)}, Q(2)}, {{Q(4), Q(2)}, Q(1, 4)}}}}};
  std::mt19937_64 rng(5);
  json doc{{"heads", heads_json(heads)}, {"inputs", json::array()}}, theirs = json::array();
  for (int s = 0; s < 10; ++s) {
    std::vector<QVector> x;
    for (int n = 0; n < 6; ++n) x.push_back({Q(static_cast<int>(rng() % 7), 2), Q(static_cast<int>(rng() % 5), 2)});
    std::vector<std::vector<Q>> pal;  // per head, its PAL over the head's signal; head 1 strict
    for (std::size_t h = 0; h < heads.size(); ++h) {
      std::vector<Q> signal;
      for (const QVector& t : x) signal.push_back(heads[h].w_in[0] * t[0] + heads[h].w_in[1] * t[1]);
      pal.push_back(h == 1 ? strict_pal(heads[h].mu, signal)
                           : pal_by_definition(heads[h].mu, signal, InitialState::Off));
    }
    json tokens = json::array(), outputs = json::array();
    for (std::size_t n = 0; n < x.size(); ++n) {
      tokens.push_back({to_string(x[n][0]), to_string(x[n][1])});
      json row = json::array();
      for (std::size_t k = 0; k < 2; ++k)
        row.push_back(to_string(Q(heads[0].w_out[k] * pal[0][n] + heads[1].w_out[k] * pal[1][n])));
      outputs.push_back(row);
    }
    doc["inputs"].push_back(tokens);
    theirs.push_back(outputs);
  }
  write(temp("mpal_batch.json"), doc.dump());
  write(temp("mpal_theirs.json"), theirs.dump());
  ProcessRun r = run_palcheck("compare " + temp("mpal_batch.json") + " --actual " + temp("mpal_theirs.json"));
  ASSERT_EQ(r.code, 1) << r.err;
  json report = json::parse(r.out);
  ASSERT_EQ(report["root_causes"].size(), 1u) << report["root_causes"].dump(1);
  const json& root = report["root_causes"][0];
  EXPECT_EQ(root["cause"], "tie_rule");
  EXPECT_EQ(root["conventions"], json({{"tie_rule", "strict"}}));
  EXPECT_EQ(root["head"], 1);
  EXPECT_EQ(root["failing_sequences"], report["differing_sequences"]);
  EXPECT_NE(r.err.find("root cause tie_rule {\"tie_rule\":\"strict\"} in head 1: " +
                       report["differing_sequences"].dump() + " sequence(s)"),
            std::string::npos)
      << r.err;
}

TEST(OracleCli, CompareOfNoTokenIsNothingComparedNeverAgree) {
  // An empty sequence and an empty batch: no evidence, so no agree and no exit 0 (docs/oracle.md: exit 3).
  write(temp("mu_none.json"), R"({"relays": [{"alpha": "1", "beta": "0"}]})");
  for (std::string batch : {"[[]]", "[[], []]", "[]"}) {
    write(temp("u_none.json"), batch);
    ProcessRun r = run_palcheck("compare --measure " + temp("mu_none.json") + " --inputs " + temp("u_none.json") +
                                " --actual " + temp("u_none.json"));
    EXPECT_EQ(r.code, 3) << batch << ": " << r.err;
    json report = json::parse(r.out);
    EXPECT_EQ(report["status"], "nothing compared") << batch;
    EXPECT_FALSE(report["agree"]) << batch;
    EXPECT_NE(r.err.find("nothing compared"), std::string::npos) << r.err;
  }
}

TEST(OracleCli, ASmoothedOutputOnTheToleranceEdgeAtEveryPrecisionIsUndecidedNeverAgree) {
  // One relay (alpha 1, beta 0) smoothed by tanh at T = 1, off, input 1/2: it shows s = (1 - tanh(1/2))/2.
  // An output s + atol to within 2^-11000 (a 12000-bit ball's end) is on the edge of |actual - s| <= atol
  // beyond every precision up to the cap; 2^-100 inside or outside it is decided either way.
  Ball s = (Ball(Q(1), 12000) + tanh(Ball(Q(-1, 2), 12000))) * Ball(Q(1, 2), 12000);
  Q atol(1, 1000), edge = *(s + Ball(atol, 12000)).lower(), shift = Q(1) / Q(boost::multiprecision::pow(boost::multiprecision::mpz_int(2), 100));
  write(temp("mu_edge.json"), R"({"relays": [{"alpha": "1", "beta": "0"}]})");
  write(temp("u_edge.json"), "[[\"1/2\"]]");
  std::string args = "compare --measure " + temp("mu_edge.json") + " --inputs " + temp("u_edge.json") +
                     " --convention smoothing=tanh:1 --atol 1/1000 --rtol 0 --actual " + temp("a_edge.json");
  struct Case {
    Q actual;
    int code;
    const char* status;
  };
  for (const Case& c : {Case{edge, 3, "undecided"}, Case{edge - shift, 0, "agree"}, Case{edge + shift, 1, "disagree"}}) {
    write(temp("a_edge.json"), "[[\"" + to_string(c.actual) + "\"]]");
    ProcessRun r = run_palcheck(args);
    EXPECT_EQ(r.code, c.code) << c.status << ": " << r.err;
    json report = json::parse(r.out);
    EXPECT_EQ(report["status"], c.status);
    EXPECT_EQ(report["agree"], std::string(c.status) == "agree");
    EXPECT_EQ(report["undecided_tokens"], std::string(c.status) == "undecided" ? 1 : 0);
  }
}

TEST(OracleCli, BadInputExitsTwoWithOneMessageAndNoOutputFile) {
  write(temp("bad_mu.csv"), "alpha,beta\n1,2\n");
  write(temp("ok_mu.csv"), "2,1\n");
  write(temp("ok_u.csv"), "0,1,2\n0,1\n");
  write(temp("nan_u.npy"), format_npy_f8({2}, {1.0, std::numeric_limits<double>::infinity()}));
  write(temp("short.csv"), "0,1,2\n0\n");
  std::string out = temp("never.npy");
  fs::remove(out);
  struct Bad {
    std::string args, message;
  };
  for (const Bad& b : std::vector<Bad>{
           {"eval --measure " + temp("bad_mu.csv") + " --inputs " + temp("ok_u.csv") + " -o " + out,
            "bad_mu.csv: row 0: alpha (1) < beta (2)"},
           {"eval --measure " + temp("ok_mu.csv") + " --inputs " + temp("nan_u.npy") + " -o " + out,
            "nan_u.npy: element [1] is not finite"},
           {"eval --measure " + temp("ok_mu.csv") + " --inputs " + temp("ok_u.csv") + " -o " + out,
            "never.npy: .npy holds a rectangular batch"},
           {"compare --measure " + temp("ok_mu.csv") + " --inputs " + temp("ok_u.csv") + " --actual " +
                temp("short.csv"),
            "short.csv: sequence 1 has 1 outputs, the inputs have 2"},
       }) {
    ProcessRun r = run_palcheck(b.args);
    EXPECT_EQ(r.code, 2) << b.args;
    EXPECT_NE(r.err.find(b.message), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_FALSE(fs::exists(out));
  }
}

}  // namespace
}  // namespace palcheck::cli
