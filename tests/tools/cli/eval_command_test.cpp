// `palcheck eval` (def:pal): exact outputs equal an independent computation by definition, and every
// kind of bad input exits 2 with one message naming the field and nothing on stdout.
#include "reference/pal_definition.h"
#include "tests/tools/cli/palcheck_process.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>

namespace {

using namespace palcheck::cli_test;  // ProcessRun, run_palcheck(), shell(), temp(), read(), write()

ProcessRun run_eval(const std::string& document, const std::string& flags = "") {
  static int count = 0;
  std::string in = temp("in" + std::to_string(count++) + ".json");
  std::ofstream(in) << document;
  return run_palcheck("eval " + flags + " " + in);
}

TEST(EvalCommand, OutputsEqualPalByDefinition) {
  using palcheck::Q;
  palcheck::Measure mu{{{{Q(2), Q(1)}, Q(1, 2)}, {{Q(3), Q(1, 2)}, Q(1)}, {{Q(1), Q(1)}, Q(-3)}}};
  std::vector<Q> u{Q(0), Q(5), Q(1, 3), Q(3, 2), Q(2), Q(1)};
  for (int initial : {0, 1}) {
    nlohmann::json doc;
    for (const auto& r : mu.relays)
      doc["relays"].push_back({{"alpha", palcheck::to_string(r.thresholds.alpha)},
                               {"beta", palcheck::to_string(r.thresholds.beta)},
                               {"weight", palcheck::to_string(r.weight)}});
    for (const Q& x : u) doc["inputs"].push_back(palcheck::to_string(x));
    doc["initial_state"] = initial;
    ProcessRun r = run_eval(doc.dump(), "--trace");
    ASSERT_EQ(r.code, 0) << r.err;
    auto out = nlohmann::json::parse(r.out);
    auto expected = palcheck::pal_by_definition(mu, u, static_cast<palcheck::InitialState>(initial));
    ASSERT_EQ(out["outputs"].size(), u.size());
    for (std::size_t n = 0; n < u.size(); ++n) {
      EXPECT_EQ(out["outputs"][n], palcheck::to_string(expected[n]));
      EXPECT_EQ(out["trace"][n]["output"], palcheck::to_string(expected[n]));
    }
  }
}

TEST(EvalCommand, GridAndRelayListAgree) {
  std::string grid =
      R"({"grid":{"delta":"1/2","L":3,"weights":[[1,1,2],[3,2,"-1/3"],[3,1,5]]},"inputs":[0,2,"3/4",1,"1/4",3]})";
  std::string relays = R"({"relays":[{"alpha":"1/2","beta":"1/2","weight":2},{"alpha":"3/2","beta":1,"weight":"-1/3"},
                                     {"alpha":"3/2","beta":"1/2","weight":5}],"inputs":[0,2,"3/4",1,"1/4",3]})";
  ProcessRun a = run_eval(grid), b = run_eval(relays);
  ASSERT_EQ(a.code, 0) << a.err;
  ASSERT_EQ(b.code, 0) << b.err;
  EXPECT_EQ(nlohmann::json::parse(a.out)["outputs"], nlohmann::json::parse(b.out)["outputs"]);
}

TEST(EvalCommand, BadInputExitsTwoNamingTheField) {
  struct Case {
    std::string doc, field;
  };
  std::vector<Case> cases{
      {R"({"relays": [{"alpha": 1, "beta": 2}], "inputs": [0]})", "relays[0]"},
      {R"({"relays": [{"alpha": 1, "beta": 0}], "inputs": [0, "NaN"]})", "inputs[1]"},
      {R"({"relays": [{"alpha": 1, "beta": 0}], "inputs": [0, "x"]})", "inputs[1]"},
      {R"({"relays": [{"alpha": "inf", "beta": 0}], "inputs": [0]})", "relays[0].alpha"},
      {R"({"relays": [{"beta": 0}], "inputs": [0]})", "alpha"},
      {R"({"relays": [{"alpha": 1, "beta": 0}]})", "inputs"},
      {R"({"inputs": [0]})", "relays"},
      {R"({"relays": [{"alpha": 1, "beta": 0}], "inputs": [0], "initial_state": 2})", "initial_state"},
      {R"({"grid": {"delta": 1, "L": 2, "weights": [[1, 2, 1]]}, "inputs": [0]})", "grid.weights[0]"},
      {R"({"grid": {"delta": 0, "L": 2, "weights": []}, "inputs": [0]})", "grid.delta"},
      {R"({"relays": [{"alpha": 1, "beta": 0}], "inputs": [0,)", "malformed JSON"},
  };
  for (const Case& c : cases) {
    ProcessRun r = run_eval(c.doc);
    EXPECT_EQ(r.code, 2) << c.doc;
    EXPECT_TRUE(r.out.empty()) << c.doc;
    EXPECT_NE(r.err.find(c.field), std::string::npos) << c.doc << " -> " << r.err;
  }
}

TEST(EvalCommand, MissingFileExitsTwo) {
  ProcessRun r = run_palcheck("eval /nonexistent/file.json");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("/nonexistent/file.json"), std::string::npos);
}

}  // namespace
