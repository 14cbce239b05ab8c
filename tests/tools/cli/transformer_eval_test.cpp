// def:pal_transformer: `palcheck eval` on a transformer document. Per token every output coordinate's
// enclosure holds the reference's (reference/models/transformer_pal.h, a separate run: its own interval
// code, no argument reduction, no three-valued relays) and the double shown is the one nearest the value,
// at any depth (generated 64-layer models); a relay no precision settles (a true tie) is listed by token,
// layer and head and exits 3, as does a value beyond the doubles, which no number crashes; bad input
// exits 2 naming the field.
#include "reference/models/transformer_pal.h"
#include "tests/tools/cli/palcheck_process.h"
#include "tests/tools/cli/transformer_models.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

namespace {

using namespace palcheck::cli_test;  // ProcessRun, run_palcheck(), temp()
using palcheck::Q;

/// The exit status docs/oracle.md gives a run with an output its balls do not determine.
constexpr int kUndetermined = 3;

ProcessRun run_eval(const std::string& document) {
  static int count = 0;
  std::string in = temp("transformer" + std::to_string(count++) + ".json");
  std::ofstream(in) << document;
  return run_palcheck("eval " + in);
}

TEST(TransformerEval, EnclosuresHoldTheReferencesAndShowTheNearestDouble) {
  ProcessRun r = run_eval(kDocument);
  ASSERT_EQ(r.code, 0) << r.err;
  auto out = nlohmann::json::parse(r.out);
  std::vector<palcheck::QVector> x{{Q(0), Q(0)}, {Q(2), Q(1, 3)}, {Q(-3, 2), Q(1)}, {Q(1), Q(1)}, {Q(1, 4), Q(-2)}};
  palcheck::PalTransformerRun expected =
      palcheck::run_pal_transformer(reference_spec(), x, palcheck::InitialState::Off, 128);
  ASSERT_EQ(out["outputs"].size(), x.size());
  EXPECT_TRUE(out["undecided"].empty());
  for (std::size_t n = 0; n < x.size(); ++n)
    for (std::size_t i = 0; i < 2; ++i) {
      const auto& token = out["outputs"][n];
      double lo = token["lo"][i], hi = token["hi"][i], shown = token["double"][i];
      const palcheck::QInterval& e = expected.output[n][i];
      EXPECT_LE(lo, palcheck::to_double(e.lo));
      EXPECT_GE(hi, palcheck::to_double(e.hi));
      EXPECT_EQ(shown, palcheck::to_double((e.lo + e.hi) / 2)) << "token " << n << " coordinate " << i;
    }
}

TEST(TransformerEval, AnUnsettledRelayIsListedByTokenLayerAndHead) {
  // LN((1, -1)) with eps = 21/100 is exactly (10/11, -10/11), and LN of that with eps = 21/121 again, each
  // enclosed through a square root: the second layer's relay at alpha = 10/11 cannot be decided at token 1.
  ProcessRun r = run_eval(R"({"transformer": {"d": 2, "pe": null, "layers": [
    {"heads": [{"w_in": [0, 0], "w_out": [0, 0], "relays": [[100, 99, 1]]}], "ln_mpal": {"eps": "21/100"},
     "ln_mlp": {"eps": "21/121"}},
    {"heads": [{"w_in": [1, 0], "w_out": [1, 0], "relays": [["10/11", "-10/11", 1]]}], "ln_mpal": {"eps": "21/100"},
     "ln_mlp": {"eps": "21/100"}}]}, "inputs": [[0, 0], [1, -1]]})");
  ASSERT_EQ(r.code, kUndetermined) << r.err;
  auto undecided = nlohmann::json::parse(r.out)["undecided"];
  ASSERT_EQ(undecided.size(), 1u) << r.out;
  EXPECT_EQ(undecided[0]["token"], 1);
  EXPECT_EQ(undecided[0]["layer"], 1);
  EXPECT_EQ(undecided[0]["head"], 0);
  EXPECT_EQ(undecided[0]["alpha"], "10/11");
}

TEST(TransformerEval, A64LayerModelIsDeterminedToTheNearestDoubleAndToAStatedWidth) {
  auto [spec, model] = deep_model(64, 7);
  std::vector<palcheck::QVector> x{{Q(1, 2), Q(-1), Q(0), Q(3, 4)}, {Q(2), Q(1, 3), Q(-1, 5), Q(1)},
                                   {Q(0), Q(0), Q(0), Q(0)}, {Q(-3, 2), Q(1, 7), Q(5), Q(-2)}};
  nlohmann::json doc = {{"transformer", model}, {"inputs", nlohmann::json::array()}};
  for (const auto& token : x) {
    nlohmann::json row;
    for (const Q& v : token) row.push_back(palcheck::to_string(v));
    doc["inputs"].push_back(row);
  }
  // The reference's own intervals at 2048 bits: wide enough a margin for 64 layers' growth.
  palcheck::PalTransformerRun expected = palcheck::run_pal_transformer(spec, x, palcheck::InitialState::Off, 2048);
  ProcessRun r = run_eval(doc.dump());
  ASSERT_EQ(r.code, 0) << r.err;
  auto out = nlohmann::json::parse(r.out);
  EXPECT_TRUE(out["undetermined"].empty()) << out["undetermined"];
  EXPECT_GT(out["bits"].get<long>(), 64);
  for (std::size_t n = 0; n < x.size(); ++n)
    for (std::size_t i = 0; i < 4; ++i) {
      const palcheck::QInterval& e = expected.output[n][i];
      ASSERT_LT(e.hi - e.lo, Q(1, 1000000) * Q(1, 1000000) * Q(1, 1000000) * Q(1, 1000000));
      EXPECT_EQ(out["outputs"][n]["double"][i].get<double>(), palcheck::to_double((e.lo + e.hi) / 2))
          << "token " << n << " coordinate " << i;
    }
  std::string in = temp("deep.json");
  std::ofstream(in) << doc.dump();
  ProcessRun narrow = run_palcheck("eval " + in + " --width 1e-12");
  ASSERT_EQ(narrow.code, 0) << narrow.err;
  auto narrow_out = nlohmann::json::parse(narrow.out);
  for (const auto& token : narrow_out["outputs"])
    for (std::size_t i = 0; i < 4; ++i)
      EXPECT_LE(token["hi"][i].get<double>() - token["lo"][i].get<double>(), 1e-12);
  for (const char* bad : {"0", "-1e-3", "nan", "x"}) {
    ProcessRun refused = run_palcheck("eval " + in + " --width " + bad);
    EXPECT_EQ(refused.code, 2) << bad;
    EXPECT_TRUE(refused.out.empty()) << bad;
    EXPECT_NE(refused.err.find("--width"), std::string::npos) << refused.err;
  }
}

TEST(TransformerEval, NoNumberCrashesItAndValuesBeyondTheDoublesAreBallsNotDoubles) {
  // The head adds its relay's output to both coordinates: a constant token stays constant.
  const std::string head = R"({"heads": [{"w_in": [1, 0], "w_out": [1, 1], "relays": [[1, 0, 1]]}])";
  auto doc = [&](const std::string& ln_mlp, const std::string& inputs, const std::string& ln_mpal = R"({"eps": "1/100"})") {
    return R"({"transformer": {"d": 2, "pe": null, "layers": [)" + head + R"(, "ln_mpal": )" + ln_mpal +
           R"(, "ln_mlp": )" + ln_mlp + "}]}, \"inputs\": " + inputs + "}";
  };
  // LN's beta or gamma past DBL_MAX: the value is listed as a ball, its double is null, exit 3.
  for (std::string ln : {R"({"eps": "1/100", "beta": ["1e400", 0]})", R"({"eps": "1/100", "gamma": ["1e309", 1]})"}) {
    ProcessRun r = run_eval(doc(ln, "[[1, 0], [0, 1]]"));
    ASSERT_EQ(r.code, kUndetermined) << ln << ": " << r.err;
    auto out = nlohmann::json::parse(r.out);
    ASSERT_FALSE(out["undetermined"].empty()) << r.out;
    EXPECT_EQ(out["undetermined"][0]["coordinate"], 0);
    EXPECT_NE(out["undetermined"][0]["reason"].get<std::string>().find("beyond the double range"), std::string::npos);
    EXPECT_TRUE(out["outputs"][0]["double"][0].is_null()) << r.out;
  }
  // A gain of 1.8e308 times an LN output of about 0.995 is just inside the doubles.
  ProcessRun edge = run_eval(doc(R"({"eps": "1/100", "gamma": ["1.8e308", 1]})", "[[1, 0]]"));
  ASSERT_EQ(edge.code, 0) << edge.err;
  EXPECT_GT(nlohmann::json::parse(edge.out)["outputs"][0]["double"][0].get<double>(), 1.7e308) << edge.out;
  // A constant token under a tiny eps is LN's beta exactly; a pre-LN sum past DBL_MAX normalises to a
  // value LayerNorm bounds.
  for (std::string eps : {"1e-40", "1e-1000"}) {
    ProcessRun r = run_eval(doc(R"({"eps": ")" + eps + R"(", "beta": ["1/4", "-1/2"]})", "[[3, 3]]",
                                R"({"eps": ")" + eps + R"("})"));
    ASSERT_EQ(r.code, 0) << eps << ": " << r.err;
    auto out = nlohmann::json::parse(r.out);
    EXPECT_EQ(out["outputs"][0]["double"], nlohmann::json::parse("[0.25, -0.5]")) << r.out;
  }
  ProcessRun huge = run_eval(doc(R"({"eps": "1/100"})", R"([["1e400", "-1e400"], ["1e308", 0]])"));
  ASSERT_EQ(huge.code, 0) << huge.err;
  const nlohmann::json huge_out = nlohmann::json::parse(huge.out);  // kept: a loop over a temporary's member dangles
  for (const auto& token : huge_out["outputs"])
    for (const auto& v : token["double"]) EXPECT_LE(std::fabs(v.get<double>()), 1.0 + 1e-12) << huge.out;
}

// atol and rtol among a document's conventions are compare's (as in palcheck_oracle.transformer): eval
// reads them, checks them, and gives the outputs it gives without them.
TEST(TransformerEval, TheComparisonTolerancesAmongTheConventionsChangeNoOutput) {
  nlohmann::json plain = nlohmann::json::parse(kDocument), loose = plain;
  loose["conventions"]["atol"] = "1/2";
  loose["conventions"]["rtol"] = 0;
  ProcessRun without = run_eval(plain.dump()), with = run_eval(loose.dump());
  ASSERT_EQ(without.code, 0) << without.err;
  ASSERT_EQ(with.code, 0) << with.err;
  EXPECT_EQ(nlohmann::json::parse(with.out)["outputs"], nlohmann::json::parse(without.out)["outputs"]);
  loose["conventions"]["atol"] = "-1";
  ProcessRun bad = run_eval(loose.dump());
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("atol"), std::string::npos) << bad.err;
}

TEST(TransformerEval, BadInputExitsTwoNamingTheField) {
  struct Case {
    std::string doc, field;
  };
  const std::string layer = R"({"heads": [{"w_in": [1, 0], "w_out": [1, 0], "relays": [[1, 0]]}], "ln_mpal": {"eps": 1},
                                "ln_mlp": {"eps": 1}})";
  auto doc = [&](const std::string& model, const std::string& rest = R"(, "inputs": [[0, 0]])") {
    return R"({"transformer": )" + model + rest + "}";
  };
  std::vector<Case> cases{
      {doc(R"({"d": 0, "pe": null, "layers": [)" + layer + "]}"), "transformer.d"},
      {doc(R"({"d": 2, "pe": {"frequencies": []}, "layers": [)" + layer + "]}"), "transformer.pe.frequencies"},
      {doc(R"({"d": 2, "pe": null, "layers": []})"), "transformer.layers"},
      {doc(R"({"d": 2, "pe": false, "layers": [)" + layer + "]}"), "transformer.pe: expected an object"},
      {doc(R"({"d": 2, "pe": [1], "layers": [)" + layer + "]}"), "transformer.pe: expected an object"},
      {doc(R"({"d": 2, "pe": null, "layers": [{"heads": [{"w_in": [1], "w_out": [1, 0], "relays": []}],
              "ln_mpal": {"eps": 1}, "ln_mlp": {"eps": 1}}]})"), "transformer.layers[0].heads[0].w_in"},
      {doc(R"({"d": 2, "pe": null, "layers": [{"heads": [{"w_in": [1, 0], "w_out": [1, 0], "relays": [[0, 1]]}],
              "ln_mpal": {"eps": 1}, "ln_mlp": {"eps": 1}}]})"), "transformer.layers[0].heads[0].relays[0]"},
      {doc(R"({"d": 2, "pe": null, "layers": [{"heads": [{"w_in": [1, 0], "w_out": [1, 0], "relays": [[1, 0]]}],
              "ln_mpal": {"eps": 0}, "ln_mlp": {"eps": 1}}]})"), "transformer.layers[0].ln_mpal.eps"},
      {doc(R"({"d": 2, "pe": null, "layers": [{"heads": [{"w_in": [1, 0], "w_out": [1, 0], "relays": [[1, 0]],
              "grid": {"delta": 1, "weights": [[1]]}}], "ln_mpal": {"eps": 1}, "ln_mlp": {"eps": 1}}]})"),
       "transformer.layers[0].heads[0]: give \"relays\" or \"grid\", not both"},
      {doc(R"({"d": 2, "pe": null, "layers": [)" + layer + "]}", R"(, "inputs": [[0, 0], [1]])"), "inputs[1]"},
      {doc(R"({"d": 2, "pe": null, "layers": [)" + layer + "]}", R"(, "inputs": [[0, "x"]])"), "inputs[0][1]"},
      {doc(R"({"d": 2, "pe": null, "layers": [)" + layer + "]}",
           R"(, "inputs": [[0, 0]], "conventions": {"ln_variance": "sample"})"), "conventions.ln_variance"},
      {doc(R"({"d": 1, "pe": null, "layers": [{"heads": [{"w_in": [1], "w_out": [1], "relays": [[1, 0]]}],
              "ln_mpal": {"eps": 1}, "ln_mlp": {"eps": 1}}]})", R"(, "inputs": [[0]], "conventions": {"ln_variance": "unbiased"})"),
       "ln_variance"},
  };
  for (const Case& c : cases) {
    ProcessRun r = run_eval(c.doc);
    EXPECT_EQ(r.code, 2) << c.doc;
    EXPECT_TRUE(r.out.empty()) << c.doc;
    EXPECT_NE(r.err.find(c.field), std::string::npos) << c.doc << " -> " << r.err;
  }
}

}  // namespace

namespace {

TEST(TransformerEval, TheRelayOutputOptionsAreRefusedNamingTheOption) {
  std::string in = temp("transformer_options.json"), out = temp("transformer_options_out.json");
  std::ofstream(in) << kDocument;
  for (const std::string& option :
       {std::string("-o ") + out, std::string("--values exact"), "--dump " + out, std::string("--convention tie_rule=strict")}) {
    std::filesystem::remove(out);
    ProcessRun r = run_palcheck("eval " + in + " " + option);
    EXPECT_EQ(r.code, 2) << option;
    EXPECT_TRUE(r.out.empty()) << option;
    EXPECT_FALSE(std::filesystem::exists(out)) << option;
    std::string name = option.substr(0, option.find(' '));
    EXPECT_EQ(r.err.rfind("palcheck: " + name + ": not for a transformer document", 0), 0u) << r.err;
  }
}

}  // namespace
