// def:pal_transformer: `palcheck compare` on a transformer document. Outputs taken from the reference's own
// run (reference/models/transformer_pal.h, a separate run on its own intervals) agree at 2 and at 64
// layers; wrong implementations (an output moved by 1/2, a constant 7, 1e100 everywhere) disagree at 20, 24
// and 64 layers, named at the first differing token; outputs of the model started with its relays on are
// named by that convention; an output the balls cannot settle is undecided and no token is nothing
// compared, both exit 3; bad input exits 2 naming what is wrong, with nothing written.
#include "reference/models/transformer_pal.h"
#include "tests/tools/cli/palcheck_process.h"
#include "tests/tools/cli/transformer_models.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace {

using namespace palcheck::cli_test;  // ProcessRun, run_palcheck(), temp(), the models
using palcheck::Q;

constexpr int kNoVerdict = 3;  // docs/oracle.md: nothing compared, or undecided

// Runs compare on `document` with `outputs` (n rows of d) as the implementation's.
ProcessRun run_compare(const std::string& document, const nlohmann::json& outputs, const std::string& options = "") {
  static int count = 0;
  std::string in = temp("compare_doc" + std::to_string(count) + ".json");
  std::string actual = temp("compare_actual" + std::to_string(count++) + ".json");
  std::ofstream(in) << document;
  std::ofstream(actual) << outputs.dump();
  return run_palcheck("compare " + in + " --actual " + actual + " " + options);
}

// The doubles nearest the midpoints of the reference's enclosures, changed by `edit` (token, coordinate, value).
nlohmann::json outputs_of(const palcheck::PalTransformerRun& run,
                          const std::function<double(std::size_t, std::size_t, double)>& edit) {
  nlohmann::json rows = nlohmann::json::array();
  for (std::size_t n = 0; n < run.output.size(); ++n) {
    nlohmann::json row = nlohmann::json::array();
    for (std::size_t i = 0; i < run.output[n].size(); ++i)
      row.push_back(edit(n, i, palcheck::to_double((run.output[n][i].lo + run.output[n][i].hi) / 2)));
    rows.push_back(row);
  }
  return rows;
}

double same(std::size_t, std::size_t, double v) { return v; }

const std::vector<palcheck::QVector> kTokens{
    {Q(0), Q(0)}, {Q(2), Q(1, 3)}, {Q(-3, 2), Q(1)}, {Q(1), Q(1)}, {Q(1, 4), Q(-2)}};

TEST(TransformerCompare, TheReferencesOwnOutputsAgree) {
  palcheck::PalTransformerRun run =
      palcheck::run_pal_transformer(reference_spec(), kTokens, palcheck::InitialState::Off);
  ProcessRun r = run_compare(kDocument, outputs_of(run, same));
  ASSERT_EQ(r.code, 0) << r.err;
  auto report = nlohmann::json::parse(r.out);
  EXPECT_EQ(report["status"], "agree");
  EXPECT_TRUE(report["agree"].get<bool>());
  EXPECT_EQ(report["tokens"], kTokens.size());
  EXPECT_EQ(r.err.rfind("compare: agree: every output of 5 token(s)", 0), 0u) << r.err;
}

TEST(TransformerCompare, AMovedOutputIsNamedAtItsTokenAndCoordinate) {
  palcheck::PalTransformerRun run =
      palcheck::run_pal_transformer(reference_spec(), kTokens, palcheck::InitialState::Off);
  ProcessRun r = run_compare(kDocument, outputs_of(run, [](std::size_t n, std::size_t i, double v) {
                               return n == 3 && i == 1 ? v + 0.5 : v;
                             }));
  ASSERT_EQ(r.code, 1) << r.err;
  auto failure = nlohmann::json::parse(r.out)["failures"][0];
  EXPECT_EQ(failure["token"], 3);
  EXPECT_EQ(failure["coordinate"], 1);
  EXPECT_EQ(failure["cause"], "unexplained");
  EXPECT_EQ(failure["witness"].size(), 4u);
  EXPECT_LE(failure["lo"].get<double>(), failure["expected"].get<double>());
  EXPECT_GE(failure["hi"].get<double>(), failure["expected"].get<double>());
  // An output past the doubles is shown exactly, where its double would be an infinity.
  nlohmann::json huge = outputs_of(run, same);
  huge[0][0] = "1e400";
  ProcessRun past = run_compare(kDocument, huge);
  ASSERT_EQ(past.code, 1) << past.err;
  auto shown = nlohmann::json::parse(past.out)["failures"][0];
  EXPECT_TRUE(shown["actual"].is_null());
  EXPECT_EQ(shown["actual_exact"], palcheck::to_string(*palcheck::parse_rational("1e400")));
  EXPECT_NE(past.err.find("got 1000000000"), std::string::npos) << past.err;
}

TEST(TransformerCompare, ADocumentsOwnTolerancesAreItsConventionsAsInPython) {
  palcheck::PalTransformerRun run = palcheck::run_pal_transformer(reference_spec(), kTokens, palcheck::InitialState::Off);
  const nlohmann::json moved = outputs_of(run, [](std::size_t, std::size_t, double v) { return v + 0.25; });
  nlohmann::json loose = nlohmann::json::parse(kDocument);
  loose["conventions"] = {{"atol", "1/2"}, {"rtol", 0}};
  ProcessRun r = run_compare(loose.dump(), moved);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["atol"], "1/2");
  // The command line's tolerance comes after the document's.
  EXPECT_EQ(run_compare(loose.dump(), moved, "--atol 1e-9").code, 1);
  loose["conventions"] = {{"layernorm", "post"}};
  ProcessRun bad = run_compare(loose.dump(), moved);
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("conventions.layernorm: not a transformer convention"), std::string::npos) << bad.err;
}

TEST(TransformerCompare, OutputsOfRelaysStartedOnAreNamedByThatConvention) {
  // Two saturating LayerNorms leave the initial state 2.2e-7 of difference at token 0, within the default
  // rtol: with rtol 0 it is one.
  palcheck::PalTransformerRun on = palcheck::run_pal_transformer(reference_spec(), kTokens, palcheck::InitialState::On);
  ProcessRun r = run_compare(kDocument, outputs_of(on, same), "--rtol 0");
  ASSERT_EQ(r.code, 1) << r.err;
  auto failure = nlohmann::json::parse(r.out)["failures"][0];
  EXPECT_EQ(failure["cause"], "initial_state") << failure;
  EXPECT_EQ(failure["conventions"], nlohmann::json({{"initial_state", "1"}}));
  // Declared, the convention is no difference.
  ProcessRun declared = run_compare(kDocument, outputs_of(on, same), "--rtol 0 --convention initial_state=1");
  EXPECT_EQ(declared.code, 0) << declared.err;
}

TEST(TransformerCompare, WrongImplementationsOfDeepModelsDisagree) {
  const std::vector<palcheck::QVector> x{
      {Q(1, 2), Q(-1), Q(0), Q(3, 4)}, {Q(2), Q(1, 3), Q(-1, 5), Q(1)}, {Q(-3, 2), Q(1, 7), Q(5), Q(-2)}};
  struct Wrong {
    std::size_t layers;
    std::function<double(std::size_t, std::size_t, double)> edit;
  };
  for (const Wrong& wrong : {Wrong{20, [](std::size_t, std::size_t, double v) { return v + 0.5; }},
                             Wrong{24, [](std::size_t, std::size_t, double) { return 7.0; }},
                             Wrong{64, [](std::size_t, std::size_t, double) { return 1e100; }}}) {
    auto [spec, model] = deep_model(wrong.layers, 11);
    palcheck::PalTransformerRun run = palcheck::run_pal_transformer(spec, x, palcheck::InitialState::Off, 2048);
    const std::string doc = transformer_document(model, x).dump();
    ProcessRun right = run_compare(doc, outputs_of(run, same));
    EXPECT_EQ(right.code, 0) << wrong.layers << ": " << right.err;
    ProcessRun r = run_compare(doc, outputs_of(run, wrong.edit));
    ASSERT_EQ(r.code, 1) << wrong.layers << ": " << r.err;
    auto report = nlohmann::json::parse(r.out);
    EXPECT_EQ(report["status"], "disagree");
    EXPECT_EQ(report["failures"][0]["token"], 0) << wrong.layers;
  }
}

TEST(TransformerCompare, AnUnsettledOutputIsUndecidedAndNoTokenIsNothingCompared) {
  // The tie of TransformerEval.AnUnsettledRelayIsListedByTokenLayerAndHead: layer 1's relay at 10/11 is read
  // both ways at token 1, so its outputs there are balls no precision narrows.
  const std::string tie = R"({"transformer": {"d": 2, "pe": null, "layers": [
    {"heads": [{"w_in": [0, 0], "w_out": [0, 0], "relays": [[100, 99, 1]]}], "ln_mpal": {"eps": "21/100"},
     "ln_mlp": {"eps": "21/121"}},
    {"heads": [{"w_in": [1, 0], "w_out": [1, 0], "relays": [["10/11", "-10/11", 1]]}], "ln_mpal": {"eps": "21/100"},
     "ln_mlp": {"eps": "21/100"}}]}, "inputs": [[0, 0], [1, -1]]})";
  ProcessRun eval = run_palcheck("eval " + [&] {
    std::string in = temp("compare_tie_eval.json");
    std::ofstream(in) << tie;
    return in;
  }());
  ASSERT_EQ(eval.code, kNoVerdict) << eval.err;
  const nlohmann::json evaluated = nlohmann::json::parse(eval.out);
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& token : evaluated["outputs"]) {
    nlohmann::json row = nlohmann::json::array();
    for (std::size_t i = 0; i < 2; ++i)
      row.push_back((token["lo"][i].get<double>() + token["hi"][i].get<double>()) / 2);
    rows.push_back(row);
  }
  ProcessRun r = run_compare(tie, rows);
  ASSERT_EQ(r.code, kNoVerdict) << r.err;
  auto report = nlohmann::json::parse(r.out);
  EXPECT_EQ(report["status"], "undecided");
  EXPECT_FALSE(report["agree"].get<bool>());
  EXPECT_FALSE(report["undetermined"].empty());
  EXPECT_EQ(report["undecided"][0]["token"], 1);

  nlohmann::json empty = nlohmann::json::parse(kDocument);
  empty["inputs"] = nlohmann::json::array();
  ProcessRun none = run_compare(empty.dump(), nlohmann::json::array());
  EXPECT_EQ(none.code, kNoVerdict) << none.err;
  EXPECT_EQ(nlohmann::json::parse(none.out)["status"], "nothing compared");
}

TEST(TransformerCompare, BadInputExitsTwoNamingWhatIsWrongAndWritesNothing) {
  palcheck::PalTransformerRun run =
      palcheck::run_pal_transformer(reference_spec(), kTokens, palcheck::InitialState::Off);
  nlohmann::json good = outputs_of(run, same), short_rows = good, narrow = good;
  short_rows.erase(short_rows.size() - 1);
  narrow[2].erase(1);
  const std::string report = temp("compare_bad_report.json");
  struct Bad {
    nlohmann::json outputs;
    std::string options, named;
  };
  for (const Bad& bad : {Bad{short_rows, "", "4 row(s) of outputs, the document has 5 token(s)"},
                         Bad{narrow, "", "row 2 has 1 value(s), the model's d is 2"},
                         Bad{good, "--explain 3", "--explain: not for a transformer document"},
                         Bad{good, "--initial-state 1", "--initial-state: not for a transformer document"},
                         Bad{good, "--convention tie=strict", "tie: not a transformer convention"}, Bad{good, "--convention atol=-1", "atol"},
                         Bad{good, "--atol nan", "atol"}}) {
    std::filesystem::remove(report);
    ProcessRun r = run_compare(kDocument, bad.outputs, bad.options + " --report " + report);
    EXPECT_EQ(r.code, 2) << bad.options << ": " << r.err;
    EXPECT_FALSE(std::filesystem::exists(report)) << bad.options;
    EXPECT_NE(r.err.find(bad.named), std::string::npos) << r.err;
  }
}

}  // namespace
