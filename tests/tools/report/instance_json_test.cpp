// tools/report/instance_json.h: instances and replay files survive a JSON round trip exactly, malformed
// documents are rejected naming the field.
#include "tools/report/instance_json.h"
#include "util/errors.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace palcheck::report {
namespace {

Instance sample() {
  return Instance{"lem:pop_one",
                  "pop-signal",
                  {{"algorithm1", "first=empty"}, {"initial_state", "1"}},
                  {{"inputs", {Q(1, 3), Q(-7, 2), Q(0), Q(5)}}, {"eps", {Q(1, 1000000007)}}}};
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

}  // namespace
}  // namespace palcheck::report
