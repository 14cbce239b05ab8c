// claims/result_json.h: instances, replay files and results survive a JSON round trip exactly (their typed cost
// family and searched counterexample included), older runs read with what they give, malformed documents are
// rejected naming the field.
#include "claims/result_json.h"

#include "claims/areas.h"
#include "claims/search_parts.h"
#include "util/errors.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace palcheck {
namespace {

Instance sample() {
  return Instance{"lem:pop_one",
                  "pop-signal",
                  {{"algorithm1", "first=empty"}, {"initial_state", "1"}},
                  {{"inputs", {Q(1, 3), Q(-7, 2), Q(0), Q(5)}}, {"eps", {Q(1, 1000000007)}}}};
}

// A result written and read back as a shard is: through the text of its JSON.
CheckResult round_trip(const CheckResult& r) {
  return result_from_json(nlohmann::json::parse(result_to_json(r).dump()), ResultFields::Written);
}

TEST(InstanceJson, RoundTripIsExact) {
  Instance x = sample();
  nlohmann::json parsed = nlohmann::json::parse(instance_to_json(x).dump());
  Instance back = instance_from_json(parsed);
  EXPECT_EQ(back.label, x.label);
  EXPECT_EQ(back.scenario, x.scenario);
  EXPECT_EQ(back.options, x.options);
  EXPECT_EQ(back.values, x.values);
  EXPECT_EQ(parsed["values"]["inputs"][0], "1/3");
}

TEST(InstanceJson, ReplayFileRoundTrip) {
  ReplayFile file{sample(), 42, "property", "p", "c", "palcheck verify lem:pop_one --seed 42 --tests 200"};
  ReplayFile back = replay_file_from_json(nlohmann::json::parse(replay_file_to_json(file).dump()));
  EXPECT_EQ(back.instance.values, file.instance.values);
  EXPECT_EQ(back.seed, file.seed);
  EXPECT_EQ(back.method, file.method);
  EXPECT_EQ(back.command, file.command);
  file.seed.reset();
  EXPECT_FALSE(replay_file_from_json(nlohmann::json::parse(replay_file_to_json(file).dump())).seed.has_value());
}

TEST(InstanceJson, MalformedDocumentsNameTheField) {
  auto error_of = [](const std::string& text) -> std::string {
    try {
      instance_from_json(nlohmann::json::parse(text));
    } catch (const InputError& e) {
      return e.what();
    }
    return "accepted";
  };
  EXPECT_NE(error_of(R"({"scenario":"s","values":{}})").find("label"), std::string::npos);
  EXPECT_NE(error_of(R"({"label":"l","scenario":"s"})").find("values"), std::string::npos);
  EXPECT_NE(error_of(R"({"label":"l","scenario":"s","values":{"u":["1/0"]}})").find("values.u[0]"), std::string::npos);
  EXPECT_NE(error_of(R"({"label":"l","scenario":"s","values":{"u":"3"}})").find("values.u"), std::string::npos);
  EXPECT_NE(error_of(R"({"label":"l","scenario":"s","options":{"a":1},"values":{}})").find("options.a"),
            std::string::npos);
  EXPECT_NE(error_of("[1]").find("object"), std::string::npos);
}

// Every field a result has, each away from its default.
CheckResult full_result() {
  CheckResult r = make_result(Verdict::Bounded, "induction", "bounded to depth 4", {{"query", "(check-sat)"}});
  r.reading[ReadingKey::Stack] = ReadingValue{std::string("algorithm1:first=empty"), "as printed"};
  r.reading[ReadingKey::TieRule] = ReadingValue{std::nullopt, "every reading"};
  r.interpretation = {{"sentence", "the stack is the memory"}};
  r.hypotheses_used = {"h1", "h2"};
  r.bound = "depth <= 4";
  r.second_solver = SecondSolver{"cvc5 1.0", "unsat"};
  r.counterexample = sample();
  r.scope = Scope::ProofStep;
  r.cases = 7;
  r.seed = 99;
  r.mutants = {MutantResult{"tie flipped", "ties go up", true, "sat", ModelDefinition::RelayStep},
               MutantResult{"no hypothesis", "h1 dropped", false, "unsat", ModelDefinition::None}};
  r.relies_on = {ModelDefinition::RelayStep, ModelDefinition::MemoryUpdate};
  return r;
}

TEST(ResultJson, EveryFieldSurvivesTheRoundTrip) {
  CheckResult r = full_result();
  EXPECT_EQ(round_trip(r), r);
  EXPECT_EQ(result_to_json(round_trip(r)).dump(), result_to_json(r).dump());
}

// The cost families the analyses measure are typed on their results, and read back from the JSON's table alone.
TEST(ResultJson, AMeasuredCostFamilySurvivesTheRoundTrip) {
  std::vector<CheckResult> results =
      run_checkers(build_area_registry(register_analysis_checkers), "tab:complexity", RunConfig{});
  std::size_t families = 0;
  for (const CheckResult& r : results) {
    if (!r.cost) continue;
    ++families;
    EXPECT_GE(r.cost->points.size(), 2u);
    EXPECT_EQ(round_trip(r), r) << r.summary;
  }
  EXPECT_GT(families, 0u) << "tab:complexity measured no family: the test shows nothing";
}

// A search's counterexample is typed apart from its summary, and read back from the summary and count of cases.
TEST(ResultJson, ASearchedCounterexampleSurvivesTheRoundTrip) {
  CheckResult r = make_result(Verdict::Refuted, "property", "");
  r.searched = "u = [1/3, 1] -> 2";
  r.cases = 5;
  r.summary = counterexample_opening(r.cases - 1) + *r.searched;
  EXPECT_EQ(round_trip(r), r);
  r.cases = 4;  // then the summary's count of passing cases is not the search's
  EXPECT_FALSE(round_trip(r).searched);
}

TEST(ResultJson, OlderRunsGiveWhatTheyHave) {
  nlohmann::json old = {{"verdict", "REFUTED"}, {"refutes", "fixed parameter"}, {"summary", "s"}};
  CheckResult r = result_from_json(old, ResultFields::Given);
  EXPECT_EQ(r.verdict, Verdict::Refuted);
  EXPECT_EQ(r.scope, Scope::FixedParameter);
  EXPECT_EQ(r.summary, "s");
  EXPECT_THROW(result_from_json(old, ResultFields::Written), nlohmann::json::out_of_range);
}

TEST(ResultJson, UnknownSpellingsNameTheField) {
  auto error_of = [](const std::string& key, const std::string& value) -> std::string {
    nlohmann::json doc = nlohmann::json::parse(result_to_json(full_result()).dump());
    doc[key] = value;
    try {
      result_from_json(doc, ResultFields::Written);
    } catch (const InputError& e) {
      return e.what();
    }
    return "accepted";
  };
  EXPECT_EQ(error_of("verdict", "FALSE"), "verdict: unknown verdict \"FALSE\"");
  EXPECT_EQ(error_of("scope", "proof_step"), "scope: unknown scope \"proof_step\"");
}

}  // namespace
}  // namespace palcheck
