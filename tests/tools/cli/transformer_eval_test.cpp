// def:pal_transformer: `palcheck eval` on a transformer document. Per token every output coordinate's
// enclosure holds the reference's (reference/models/transformer_pal.h, a separate run: no argument
// reduction, no three-valued relays) and the double shown is the one nearest its midpoint; a relay the
// enclosures cannot settle is listed by token, layer and head; bad input exits 2 naming the field.
#include "reference/models/transformer_pal.h"
#include "tests/tools/cli/palcheck_process.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>

namespace {

using namespace palcheck::cli_test;  // ProcessRun, run_palcheck(), temp()
using palcheck::Q;

ProcessRun run_eval(const std::string& document) {
  static int count = 0;
  std::string in = temp("transformer" + std::to_string(count++) + ".json");
  std::ofstream(in) << document;
  return run_palcheck("eval " + in);
}

const char* kDocument = R"({"transformer": {"d": 2, "pe": {"frequencies": ["1/2"]}, "layers": [
  {"heads": [{"w_in": [1, 0], "w_out": ["1/2", "-1/2"], "relays": [[1, 0, 1], ["1/2", "-1/2", "3/4"]]}],
   "ln_mpal": {"eps": "1/1000"}, "mlp": {"w1": [[1, -1]], "b1": ["1/4"], "w2": [[1], ["-1/2"]], "b2": [0, "1/8"]},
   "ln_mlp": {"eps": "1/1000", "gamma": [2, 1], "beta": [0, "1/2"]}},
  {"heads": [{"w_in": [0, 1], "w_out": [1, 0], "relays": [["1/2", "-1/2", 1]]},
             {"w_in": [1, 1], "w_out": [0, 1], "relays": [[0, -1, 2]]}],
   "ln_mpal": {"eps": "1/1000"}, "ln_mlp": {"eps": "1/1000"}}]},
  "inputs": [[0, 0], [2, "1/3"], ["-3/2", 1], [1, 1], ["1/4", -2]]})";

palcheck::PalTransformerSpec reference_spec() {
  using palcheck::QVector;
  palcheck::PalTransformerSpec spec;
  spec.d = 2;
  spec.pe_frequencies = {Q(1, 2)};
  palcheck::PalLayerSpec first;
  first.heads.push_back({{Q(1), Q(0)}, {Q(1, 2), Q(-1, 2)}, {{{{Q(1), Q(0)}, Q(1)}, {{Q(1, 2), Q(-1, 2)}, Q(3, 4)}}}});
  first.ln_mpal = palcheck::plain_layer_norm(2, Q(1, 1000));
  first.mlp = {{{Q(1), Q(-1)}}, {Q(1, 4)}, {{Q(1)}, {Q(-1, 2)}}, {Q(0), Q(1, 8)}};
  first.ln_mlp = {Q(1, 1000), {Q(2), Q(1)}, {Q(0), Q(1, 2)}};
  palcheck::PalLayerSpec second;
  second.heads.push_back({{Q(0), Q(1)}, {Q(1), Q(0)}, {{{{Q(1, 2), Q(-1, 2)}, Q(1)}}}});
  second.heads.push_back({{Q(1), Q(1)}, {Q(0), Q(1)}, {{{{Q(0), Q(-1)}, Q(2)}}}});
  second.ln_mpal = second.ln_mlp = palcheck::plain_layer_norm(2, Q(1, 1000));
  spec.layers = {first, second};
  return spec;
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
  ASSERT_EQ(r.code, 0) << r.err;
  auto undecided = nlohmann::json::parse(r.out)["undecided"];
  ASSERT_EQ(undecided.size(), 1u) << r.out;
  EXPECT_EQ(undecided[0]["token"], 1);
  EXPECT_EQ(undecided[0]["layer"], 1);
  EXPECT_EQ(undecided[0]["head"], 0);
  EXPECT_EQ(undecided[0]["alpha"], "10/11");
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
      {doc(R"({"d": 2, "pe": null, "layers": [{"heads": [{"w_in": [1], "w_out": [1, 0], "relays": []}],
              "ln_mpal": {"eps": 1}, "ln_mlp": {"eps": 1}}]})"), "transformer.layers[0].heads[0].w_in"},
      {doc(R"({"d": 2, "pe": null, "layers": [{"heads": [{"w_in": [1, 0], "w_out": [1, 0], "relays": [[0, 1]]}],
              "ln_mpal": {"eps": 1}, "ln_mlp": {"eps": 1}}]})"), "transformer.layers[0].heads[0].relays[0]"},
      {doc(R"({"d": 2, "pe": null, "layers": [{"heads": [{"w_in": [1, 0], "w_out": [1, 0], "relays": [[1, 0]]}],
              "ln_mpal": {"eps": 0}, "ln_mlp": {"eps": 1}}]})"), "transformer.layers[0].ln_mpal.eps"},
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

TEST(TransformerEval, CompareSendsATransformerDocumentToPython) {
  std::string in = temp("transformer_compare.json"), actual = temp("transformer_actual.json");
  std::ofstream(in) << kDocument;
  std::ofstream(actual) << "[[0, 0]]";
  ProcessRun r = run_palcheck("compare " + in + " --actual " + actual);
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("palcheck_oracle.transformer.compare"), std::string::npos) << r.err;
}

}  // namespace
