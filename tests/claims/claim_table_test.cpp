// The claim table (claims/paper_claims.cpp): one row per label, sub-claims and repairs name a row of
// the table, every section has a title, and registering a label twice, or a checker or replayer for a
// label not in the table, throws.
#include "claims/areas.h"
#include "claims/paper_sections.h"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

using namespace palcheck;

namespace {

Registry table() {
  Registry registry;
  register_paper_claims(registry);
  return registry;
}

// The label is a row, or a part "row:part" of one.
bool names_a_row(const Registry& registry, const std::string& label) {
  return registry.find(label) || registry.find(label.substr(0, label.rfind(':')));
}

}  // namespace

TEST(ClaimTable, EveryRowIsCompleteAndSubClaimsAndRepairsNameARow) {
  Registry registry = table();
  ASSERT_FALSE(registry.claims().empty());
  for (const Claim& c : registry.claims()) {
    EXPECT_FALSE(c.kind.empty()) << c.label;
    EXPECT_FALSE(c.section.empty()) << c.label;
    EXPECT_FALSE(c.statement.empty()) << c.label;
    if (c.kind == "repair") {
      ASSERT_EQ(c.label.rfind("repair:", 0), 0u) << c.label;
      EXPECT_TRUE(names_a_row(registry, c.label.substr(7))) << c.label << " repairs no label of the table";
      EXPECT_TRUE(c.ours) << c.label;
    }
    if (c.kind == "sub-claim") {
      std::string parent = c.label.substr(0, c.label.rfind(':'));
      EXPECT_NE(registry.find(parent), nullptr) << c.label << " is part of no label of the table";
      EXPECT_TRUE(c.ours) << c.label;
    }
  }
}

// Every section a claim names has a title of ours (the report groups claims by it without the paper).
TEST(ClaimTable, EverySectionOfAClaimIsTitled) {
  std::set<std::string> titled;
  for (const PaperSection& s : paper_sections()) {
    EXPECT_TRUE(titled.insert(s.label).second) << s.label << " twice";
    EXPECT_FALSE(s.title.empty()) << s.label;
  }
  Registry registry = table();
  for (const Claim& c : registry.claims()) EXPECT_TRUE(titled.count(c.section)) << c.label << ": " << c.section;
}

TEST(ClaimTable, ADuplicateLabelFails) {
  Registry registry = table();
  EXPECT_THROW(register_paper_claims(registry), std::logic_error);
  Claim again = registry.claims().front();
  again.statement = "a second statement";
  EXPECT_THROW(registry.add(again), std::logic_error);
}

TEST(ClaimTable, ACheckerOrReplayerForALabelOutsideTheTableFails) {
  Registry registry = table();
  EXPECT_THROW(registry.add(Checker{"repair:no:such:label", "z3", nullptr}), std::logic_error);
  EXPECT_THROW(registry.add(Replayer{"repair:no:such:label", "wipe", nullptr}), std::logic_error);
  EXPECT_NO_THROW(registry.add(Replayer{"repair:prop:wiping", "wipe", nullptr}));
}

TEST(ClaimTable, EveryAreaAddsOnlyCheckersAndReplayersOfTableRows) {
  Registry areas = table();
  std::size_t rows = areas.claims().size();
  register_analysis_checkers(areas);
  register_construction_checkers(areas);
  register_physics_checkers(areas);
  EXPECT_EQ(areas.claims().size(), rows);
}
