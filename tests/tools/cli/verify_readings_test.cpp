// Over the whole registry (`palcheck verify --seed 1`): no claim is REFUTED while one of its admitted
// readings holds; every REFUTED claim has exactly one headline, which refutes the statement itself and
// has no number over 6 digits (no claim needs more today).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <string>

namespace {

std::size_t longest_number(const nlohmann::json& values) {
  std::size_t longest = 0;
  for (const auto& [key, list] : values.items())
    for (const auto& v : list) {
      std::string text = v.get<std::string>();
      std::size_t run = 0;
      for (char ch : text) {
        run = std::isdigit(static_cast<unsigned char>(ch)) ? run + 1 : 0;
        longest = std::max(longest, run);
      }
    }
  return longest;
}

TEST(VerifyReadings, NoClaimIsRefutedWhileAReadingHoldsAndHeadlinesAreSmall) {
  std::string path = ::testing::TempDir() + "verify_readings.json";
  ASSERT_EQ(
      std::system((std::string(PALCHECK_BINARY) + " verify --seed 1 --json " + path + " >/dev/null 2>&1").c_str()), 0);
  std::ifstream in(path);
  auto doc = nlohmann::json::parse(in);
  std::size_t refuted = 0;
  for (const auto& c : doc["claims"]) {
    const std::string label = c["label"];
    if (c.contains("by_reading")) {
      bool any_refuted = false;
      for (const auto& [reading, verdict] : c["by_reading"].items()) {
        any_refuted = any_refuted || verdict == "REFUTED";
        if (c["verdict"] == "REFUTED") {
          EXPECT_TRUE(verdict != "HELD" && verdict != "PROVED" && verdict != "BOUNDED") << label << " " << reading;
        }
      }
      EXPECT_TRUE(any_refuted) << label;
    }
    if (c["verdict"] != "REFUTED") continue;
    ++refuted;
    int headlines = 0;
    for (const auto& r : c["evidence"]["results"]) {
      if (!r.value("headline", false)) continue;
      ++headlines;
      EXPECT_EQ(r["scope"], "statement") << label;
      EXPECT_LE(longest_number(r["counterexample"]["values"]), 6u) << label;
    }
    EXPECT_EQ(headlines, 1) << label;
  }
  EXPECT_GT(refuted, 0u);
}

}  // namespace
