// Over the whole registry (`palcheck verify --seed 1`, the run ctest's fixture whole_paper_seed1 makes
// before these tests; the binary run by hand reads that fixture's last run): no claim is REFUTED while one
// of its admitted readings holds; every REFUTED claim has exactly one headline, which refutes the statement
// itself and has no number over 6 digits (no claim needs more today), and is the strongest of its
// refutations (every reading, then general before generated, then the smallest); every PROVED result says
// what it takes as given, and no PROVED claim's assumptions are narrower than its statement's quantifiers.
#include "claims/areas.h"
#include "claims/proof_scopes.h"
#include "claims/reading.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <optional>
#include <set>
#include <string>
#include <tuple>

namespace {

// The shared whole-paper run, read once per process.
const nlohmann::json& whole_paper() {
  static const nlohmann::json doc = [] {
    std::ifstream in(std::string(PALCHECK_FIXTURE_DIR) + "/run.json");
    EXPECT_TRUE(in) << "no whole-paper run in " << PALCHECK_FIXTURE_DIR << " (ctest runs whole_paper_seed1 first)";
    return nlohmann::json::parse(in);
  }();
  return doc;
}

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
  const nlohmann::json& doc = whole_paper();
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

// An assumption as (kind, subject, value, extent), the way the JSON spells it.
using Entry = std::tuple<std::string, std::string, std::string, std::string>;

std::set<Entry> narrowing(const nlohmann::json& assumptions) {
  std::set<Entry> out;
  for (const auto& a : assumptions)
    if (a["kind"] != "imported" && a["kind"] != "witness")
      out.insert(Entry{a["kind"].get<std::string>(), a["subject"].get<std::string>(), a["value"].get<std::string>(),
                       a["extent"].get<std::string>()});
  return out;
}

std::set<Entry> declared(const std::vector<palcheck::Assumption>& statement) {
  std::set<Entry> out;
  for (const palcheck::Assumption& a : statement)
    out.insert({palcheck::to_string(a.kind), a.subject, a.value, palcheck::to_string(a.extent)});
  return out;
}

TEST(VerifyReadings, EveryProvedResultSaysWhatItTakesAsGivenAndCoversItsClaim) {
  std::size_t proved = 0;
  for (const auto& c : whole_paper()["claims"]) {
    const std::string label = c["label"];
    for (const auto& r : c["evidence"]["results"]) {
      if (r["verdict"] != "PROVED") continue;
      ASSERT_TRUE(r.contains("assumptions")) << label;
      EXPECT_FALSE(r["assumptions"].empty()) << label;
      std::string given;
      for (const auto& a : r["assumptions"]) given += a["text"].get<std::string>() + "; ";
      // The sentence is generated from them: every entry's words are in the summary.
      for (const auto& a : r["assumptions"])
        EXPECT_NE(r["summary"].get<std::string>().find(a["text"].get<std::string>()), std::string::npos) << label;
      // A proof narrower than its claim's statement is a sub-claim, and never decides the claim.
      std::set<Entry> statement = declared(palcheck::statement_scope(label));
      if (!statement.empty() && narrowing(r["assumptions"]) != statement) {
        EXPECT_EQ(r["scope"], "sub-claim") << label;
      }
    }
    if (c["verdict"] != "PROVED") continue;
    ++proved;
    std::set<Entry> statement = declared(palcheck::statement_scope(label));
    EXPECT_FALSE(statement.empty()) << label << ": no quantifiers declared";
    int deciding = 0;
    for (const auto& r : c["evidence"]["results"]) {
      if (r["verdict"] != "PROVED" || r["scope"] != "statement") continue;
      ++deciding;
      EXPECT_EQ(narrowing(r["assumptions"]), statement) << label;
    }
    EXPECT_GT(deciding, 0) << label;
  }
  EXPECT_GT(proved, 0u);
}

// A refutation's strength as (readings not all covered, generated, size): smaller is stronger.
using Strength = std::tuple<bool, bool, std::size_t>;

TEST(VerifyReadings, EveryRefutedClaimLeadsWithItsStrongestRefutation) {
  palcheck::Registry registry;
  palcheck::register_paper_claims(registry);
  std::size_t refuted = 0;
  for (const auto& c : whole_paper()["claims"]) {
    if (c["verdict"] != "REFUTED") continue;
    ++refuted;
    const std::string label = c["label"];
    const palcheck::Claim* claim = registry.find(label);
    ASSERT_NE(claim, nullptr) << label;
    std::set<std::string> admitted;
    for (const std::string& option : claim->interpretations)
      for (palcheck::ReadingKey key : palcheck::reading_keys(option)) admitted.insert(palcheck::to_string(key));
    auto classical = [](const nlohmann::json& r) {
      return r["reading"].contains("stack") && r["reading"]["stack"]["value"] == "classical-memory";
    };
    bool has_algorithm1 = false;
    for (const auto& r : c["evidence"]["results"])
      has_algorithm1 = has_algorithm1 || (r["scope"] == "statement" && admitted.count("stack") &&
                                          r["reading"].contains("stack") &&
                                          !r["reading"]["stack"]["value"].is_null() && !classical(r));
    std::optional<Strength> best, head;
    for (const auto& r : c["evidence"]["results"]) {
      if (r["verdict"] != "REFUTED" || r["scope"] != "statement" || r["counterexample"].is_null()) continue;
      if (has_algorithm1 && classical(r)) continue;
      bool some = false;
      // A reading the row admits, or one completion of Algorithm 1 (a reading of the stack wherever it is named).
      for (const auto& [key, value] : r["reading"].items())
        some = some || (!value["value"].is_null() && (admitted.count(key) || key == "stack") &&
                        !(key == "stack" && classical(r)));
      Strength s{some, r["method"] == "property", r["size"].get<std::size_t>()};
      if (!best || s < *best) best = s;
      if (r.value("headline", false)) head = s;
    }
    ASSERT_TRUE(head.has_value()) << label;
    EXPECT_EQ(*head, *best) << label;
  }
  EXPECT_GT(refuted, 0u);
}

}  // namespace
