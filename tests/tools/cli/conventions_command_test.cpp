// Conventions declared once (def:relay, def:pal, rem:backprop): eval, compare and fuzz-impl take the
// same `--convention KEY=VALUE` spelling (and eval and compare a document's "conventions"), eval's
// outputs under them equal an implementation written here, compare agrees with eval under them, and
// every command's --help names every key.
#include "tests/tools/cli/palcheck_process.h"

#include "reference/rational.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>

namespace palcheck::cli {
namespace {

using nlohmann::json;
using namespace palcheck::cli_test;

const char* kMeasure = R"({"relays": [{"alpha": "1", "beta": "1/4", "weight": "1/2"}, {"alpha": "0", "beta": "0"},
                                      {"alpha": "3/4", "beta": "1/2", "weight": "2"}]})";
const std::vector<double> kInputs{0, 0.75, 0.5, 1, 0.25, 0, 0.875, 0.5};

// Ties read strictly, u_0 never applied, states -1/+1 and y = 2 S + 1/2 + u/4, relay by relay.
std::vector<Q> theirs(const std::vector<double>& u) {
  std::vector<std::array<Q, 3>> relays{{Q(1), Q(1, 4), Q(1, 2)}, {Q(0), Q(0), Q(1)}, {Q(3, 4), Q(1, 2), Q(2)}};
  std::vector<int> state(3, 0);
  std::vector<Q> out;
  for (std::size_t n = 0; n < u.size(); ++n) {
    Q x = *rational_from_double(u[n]), sum = 0;
    for (std::size_t r = 0; r < 3; ++r) {
      if (n > 0) state[r] = x > relays[r][0] ? 1 : x < relays[r][1] ? 0 : state[r];
      sum += relays[r][2] * (state[r] ? 1 : -1);
    }
    out.push_back(2 * sum + Q(1, 2) + x / 4);
  }
  return out;
}

std::string conventions_flags() {
  return " --convention tie_rule=strict --convention first_token=not-applied --convention states=pm1"
         " --convention output_map=2,1/2,1/4";
}

TEST(ConventionsCommand, EvalUnderDeclaredConventionsEqualsTheirImplementationAndCompareAgrees) {
  write(temp("mu.json"), kMeasure);
  write(temp("u.json"), json(kInputs).dump());
  std::string problem = " --measure " + temp("mu.json") + " --inputs " + temp("u.json");
  ProcessRun eval = run_palcheck("eval" + problem + conventions_flags() + " -o " + temp("out.json"));
  ASSERT_EQ(eval.code, 0) << eval.err;
  json out = json::parse(read(temp("out.json")));
  std::vector<Q> expected = theirs(kInputs);
  ASSERT_EQ(out["outputs"].size(), expected.size());
  for (std::size_t n = 0; n < expected.size(); ++n) EXPECT_EQ(out["outputs"][n], to_string(expected[n])) << n;

  // The same conventions in the document: the same bytes.
  json doc = json::parse(kMeasure);
  doc["inputs"] = json::array({kInputs});
  doc["conventions"] = {{"tie_rule", "strict"}, {"first_token", "not-applied"}, {"states", "pm1"}, {"output_map", {2, "1/2", "1/4"}}};
  write(temp("doc.json"), doc.dump());
  ProcessRun from_document = run_palcheck("eval " + temp("doc.json") + " -o " + temp("doc_out.json"));
  ASSERT_EQ(from_document.code, 0) << from_document.err;
  EXPECT_EQ(json::parse(read(temp("doc_out.json")))["outputs"][0], out["outputs"]);

  // compare agrees with eval's outputs under the conventions, and names the tie rule without them.
  ProcessRun agree = run_palcheck("compare" + problem + conventions_flags() + " --actual " + temp("out.json"));
  EXPECT_EQ(agree.code, 0) << agree.err;
  ProcessRun differ = run_palcheck("compare" + problem +
                                   " --convention first_token=not-applied --convention states=pm1 "
                                   "--convention output_map=2,1/2,1/4 --actual " + temp("out.json"));
  ASSERT_EQ(differ.code, 1) << differ.err;
  EXPECT_EQ(json::parse(differ.out)["differences"][0]["diagnosis"]["cause"], "tie_rule");
}

TEST(ConventionsCommand, UndefinedBeforeTheCrossingSmoothingAndDomainInEval) {
  write(temp("mu.json"), kMeasure);
  write(temp("u.json"), json(kInputs).dump());
  std::string problem = " --measure " + temp("mu.json") + " --inputs " + temp("u.json");
  // Relay 0 (alpha 1, beta 1/4) is decided at token 3 (u = 1/4), the others at token 0; the outputs
  // before token 3 are null.
  write(temp("late.json"), json(std::vector<double>{0.5, 0.6, 0.75, 0.25, 1, 0.5}).dump());
  ProcessRun undefined = run_palcheck("eval --measure " + temp("mu.json") + " --inputs " + temp("late.json") +
                                      " --convention before_crossing=undefined");
  ASSERT_EQ(undefined.code, 0) << undefined.err;
  json outputs = json::parse(undefined.out)["outputs"];
  ASSERT_EQ(outputs.size(), 6u);
  for (std::size_t n = 0; n < outputs.size(); ++n) EXPECT_EQ(outputs[n].is_null(), n < 3) << n;

  // tanh smoothing at T = 1/8: doubles, each within 2 units in the last place of a long double one.
  ProcessRun smooth = run_palcheck("eval" + problem + " --convention smoothing=tanh:1/8");
  ASSERT_EQ(smooth.code, 0) << smooth.err;
  std::vector<std::array<double, 3>> relays{{1, 0.25, 0.5}, {0, 0, 1}, {0.75, 0.5, 2}};
  std::vector<int> hard(3, 0);
  json values = json::parse(smooth.out)["outputs"];
  for (std::size_t n = 0; n < kInputs.size(); ++n) {
    long double y = 0;
    for (std::size_t r = 0; r < 3; ++r) {
      long double theta = hard[r] ? relays[r][1] : relays[r][0];
      hard[r] = kInputs[n] >= relays[r][0] ? 1 : kInputs[n] <= relays[r][1] ? 0 : hard[r];
      y += relays[r][2] * (1 + std::tanh((kInputs[n] - theta) / 0.125L)) / 2;
    }
    EXPECT_NEAR(values[n].get<double>(), static_cast<double>(y), 4e-16 * std::fabs(static_cast<double>(y)) + 1e-300) << n;
  }
  // Temperatures far below the doubles' range (they aborted the process): each relay is the step it
  // smooths, with half its weight where the input is exactly on the threshold in use.
  for (std::string temperature : {"tanh:1e-308", "tanh:1e-1000", "logistic:1e-308", "logistic:1e-1000"}) {
    ProcessRun cold = run_palcheck("eval" + problem + " --convention smoothing=" + temperature);
    ASSERT_EQ(cold.code, 0) << temperature << ": " << cold.err;
    std::vector<int> state(3, 0);
    json cold_values = json::parse(cold.out)["outputs"];
    for (std::size_t n = 0; n < kInputs.size(); ++n) {
      double y = 0;
      for (std::size_t r = 0; r < 3; ++r) {
        double theta = state[r] ? relays[r][1] : relays[r][0];
        state[r] = kInputs[n] >= relays[r][0] ? 1 : kInputs[n] <= relays[r][1] ? 0 : state[r];
        y += relays[r][2] * (kInputs[n] > theta ? 1 : kInputs[n] < theta ? 0 : 0.5);
      }
      EXPECT_EQ(cold_values[n].get<double>(), y) << temperature << ", token " << n;
    }
  }
  ProcessRun exact = run_palcheck("eval" + problem + " --convention smoothing=tanh:1/8 --values exact");
  EXPECT_EQ(exact.code, 2);
  EXPECT_NE(exact.err.find("smoothing"), std::string::npos) << exact.err;

  ProcessRun outside = run_palcheck("eval" + problem + " --convention domain=1/4,1");
  EXPECT_EQ(outside.code, 2);
  EXPECT_NE(outside.err.find("sequence 0, token 0"), std::string::npos) << outside.err;
  EXPECT_TRUE(outside.out.empty());
  ProcessRun bad = run_palcheck("eval" + problem + " --convention tie_rule=strictly");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("as-printed|off-first|strict|strict-alpha|strict-beta"), std::string::npos) << bad.err;
}

TEST(ConventionsCommand, EveryCommandNamesEveryConventionInItsHelp) {
  for (const char* command : {"eval", "compare", "fuzz-impl"}) {
    ProcessRun help = run_palcheck(std::string(command) + " --help");
    for (const char* key : {"tie_rule=", "first_token=", "states=", "output_map=", "smoothing=", "domain=",
                            "before_crossing=", "columns=", "atol=", "rtol="})
      EXPECT_NE(help.out.find(key), std::string::npos) << command << " --help lacks " << key;
  }
}

// The initial state is the reference's own option, not a convention: asked for as one, the refusal names
// the option to use.
TEST(ConventionsCommand, AnInitialStateConventionIsRefusedNamingTheOption) {
  write(temp("mu.json"), kMeasure);
  write(temp("u.json"), json(kInputs).dump());
  for (const std::string& command :
       {"compare --measure " + temp("mu.json") + " --inputs " + temp("u.json") + " --actual " + temp("u.json"),
        "fuzz-impl --command true --measure " + temp("mu.json")}) {
    ProcessRun run = run_palcheck(command + " --convention initial_state=1");
    EXPECT_EQ(run.code, 2) << command;
    EXPECT_NE(run.err.find("--initial-state"), std::string::npos) << command << ": " << run.err;
  }
}

}  // namespace
}  // namespace palcheck::cli
