// `palcheck replay` of crafted bad instances (inputs that once crashed or hung it): a missing, shortened,
// empty or oversized value is a bad file, exit 2 with a message naming the field, never a crash,
// a hang or a default. Each instance starts from one a checker produced, then one field is broken.
#include "claims/areas.h"
#include "claims/result_json.h"
#include "tools/cli/claim_replay.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace palcheck::cli {
namespace {

const Registry& registry() {
  static const Registry full = build_full_registry();
  return full;
}

// The first counterexample a checker of `label` produces.
Instance found(const std::string& label) {
  RunConfig config;
  config.tests = 20;
  for (const CheckResult& r : run_checkers(registry(), label, config))
    if (r.counterexample && r.counterexample->label == label) return *r.counterexample;
  throw std::logic_error("no counterexample for " + label);
}

// Replays `instance` from a file; returns the exit code and what went to stderr.
std::pair<int, std::string> replay(const Instance& instance) {
  auto path = std::filesystem::temp_directory_path() / "palcheck_bad_replay_test.json";
  std::ofstream(path) << instance_to_json(instance).dump();
  std::ostringstream out, err;
  int code = replay_saved_file(registry(), path.string(), out, err);
  std::filesystem::remove(path);
  return {code, err.str()};
}

void expect_bad(const Instance& instance, const std::string& field) {
  auto [code, err] = replay(instance);
  EXPECT_EQ(code, 2) << instance.label << "/" << instance.scenario << ": " << err;
  EXPECT_NE(err.find(field), std::string::npos) << err;
}

TEST(BadReplay, Z3InstancesWithShortOrMissingValuesAreBadFiles) {
  Instance pair{"prop:sufficiency",
                "z3-equal-stacks-different-relay",
                {{"algorithm1", to_string(Algorithm1Options{})}, {"initial_state", "0"}},
                {{"u", {}}, {"v", {Q(1)}}, {"alpha", {Q(1)}}, {"beta", {Q(0)}}}};
  expect_bad(pair, "values[\"u\"]");
  Instance values{
      "alg:stack", "z3-stack-values-vs-memory", {{"algorithm1", to_string(Algorithm1Options{})}}, {{"u", {}}}};
  expect_bad(values, "values[\"u\"]");
  Instance range{"prop:range",
                 "z3-range-equal-relays",
                 {{"initial_state", "0"}},
                 {{"u", {}}, {"v", {}}, {"Delta", {Q(1)}}, {"L", {Q(4)}}}};
  expect_bad(range, "values[\"u\"]");
  range.values["u"] = range.values["v"] = {Q(0)};
  range.values["L"] = {Q(1000000)};
  expect_bad(range, "values[\"L\"]");
  Instance no_initial = range;
  no_initial.values["L"] = {Q(4)};
  no_initial.options.erase("initial_state");
  expect_bad(no_initial, "options[\"initial_state\"]");
  Instance pop{"lem:pop_one",
               "z3-pop-signal",
               {{"stack", "classical memory"}},
               {{"u", {Q(3), Q(0), Q(2), Q(1)}}, {"eps", {Q(1, 4)}}, {"min_depth", {Q(2)}}}};
  expect_bad(pop, "options[\"stack\"]");
  pop.options["stack"] = "classical-memory";
  pop.values["min_depth"] = {Q(0)};
  expect_bad(pop, "values[\"min_depth\"]");
}

TEST(BadReplay, ConstructionAndPhysicsInstancesWithShortValuesAreBadFiles) {
  Instance pair = found("prop:no_copy:equal_stacks");
  pair.values["x"].clear();
  expect_bad(pair, "values[\"x\"]");
  Instance minimality = found("rem:rfim_structure");
  minimality.values["H_a"].clear();
  expect_bad(minimality, "values[\"H_a\"]");
  Instance pigeonhole = found("lem:decode_stack");
  pigeonhole.values["lengths"].back() += 5;
  expect_bad(pigeonhole, "values[\"lengths\"]");
}

TEST(BadReplay, OversizedValuesAreRejectedNotRun) {
  Instance stutter = found("rem:pe");
  stutter.values["pe_frequencies"] = {Q(4096)};
  expect_bad(stutter, "pe_frequencies");
  stutter = found("rem:pe");
  stutter.values["x"].front() = Q(1000000);
  expect_bad(stutter, "values[\"x\"]");
}

}  // namespace
}  // namespace palcheck::cli
