// The claim table (claims/paper_claims.cpp): one row per label, sub-claims and repairs name a row of
// the table, every paper label and section has a number of the form its kind prints, every section has
// a title, and registering a label twice, or a checker or replayer for a label not in the table, throws.
#include "claims/areas.h"
#include "claims/paper_sections.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <regex>
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

// A paper label carries the number its kind prints: a theorem-like kind "Kind S.N" with S its section's
// number (theorems share one counter per section), an algorithm, a table or an equation its own counter,
// a label of a section that section's number; a label of ours carries none, except one of ours for a
// statement the paper numbers without a \label (rem:retrieval), which carries the paper's number like a
// paper label (tests/tools/report checks the numbers themselves against LaTeX's numbering of the paper's
// structure).
TEST(ClaimTable, EveryPaperLabelHasTheNumberItsKindImpliesAndOursHaveNone) {
  const std::set<std::string> theorem_like{"definition", "lemma", "proposition", "theorem", "corollary", "remark"};
  const std::regex counted("(Algorithm|Table) [1-9][0-9]*|Equation \\([1-9][0-9]*\\)");
  Registry registry = table();
  for (const Claim& c : registry.claims()) {
    if (c.ours && c.number.empty()) continue;
    if (c.ours) {
      EXPECT_EQ(std::count(c.label.begin(), c.label.end(), ':'), 1)
          << c.label << ": a sub-claim, repair or property of ours has no number";
    }
    if (!section_number(c.label).empty()) {
      EXPECT_EQ(c.number, section_number(c.label)) << c.label << " names a section";
      continue;
    }
    if (theorem_like.count(c.kind)) {
      std::string section = section_number(c.section);
      std::string top = section.substr(section.find(' ') + 1);
      top = top.substr(0, top.find('.'));
      std::string kind = c.kind;
      kind[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(kind[0])));
      EXPECT_TRUE(std::regex_match(c.number, std::regex(kind + " " + top + "\\.[1-9][0-9]*")))
          << c.label << ": " << c.number << " in " << section;
      continue;
    }
    EXPECT_TRUE(std::regex_match(c.number, counted)) << c.label << ": " << c.number << " (" << c.kind << ")";
    EXPECT_EQ(c.number.rfind(std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(c.kind[0])))), 0),
              0u)
        << c.label << ": " << c.number << " (" << c.kind << ")";
  }
}

// Every section is numbered as printed: "Section N" or "Section N.M" in the body, "Appendix X" after it.
TEST(ClaimTable, EverySectionIsNumbered) {
  for (const PaperSection& s : paper_sections())
    EXPECT_TRUE(std::regex_match(s.number, std::regex("Section [1-9][0-9]*(\\.[1-9][0-9]*)?|Appendix [A-Z]")))
        << s.label << ": " << s.number;
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
