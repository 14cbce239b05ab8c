// The claim table (claims/paper_claims.cpp): one row per label, sub-claims and repairs name a row of
// the table, every paper label and section has a number of the form its kind prints, every section has
// a title, and registering a label twice, or a checker or replayer for a label not in the table, throws.
#include "claims/areas.h"
#include "claims/paper_sections.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <stdexcept>
#include <string_view>

using namespace palcheck;

namespace {

Registry table() {
  Registry registry;
  register_paper_claims(registry);
  return registry;
}

// The number matchers are scans, not std::regex (docs/decisions.md: a warning is an error).

// A counter as LaTeX prints it: decimal digits without a leading zero.
bool counter(std::string_view text) {
  return !text.empty() && text[0] != '0' &&
         std::all_of(text.begin(), text.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); });
}

// What follows `prefix` in `text`, or nothing when `text` does not start with it.
std::optional<std::string_view> after(std::string_view text, std::string_view prefix) {
  if (text.substr(0, prefix.size()) != prefix) return std::nullopt;
  return text.substr(prefix.size());
}

// "Algorithm N", "Table N" or "Equation (N)".
bool own_counter(std::string_view number) {
  for (std::string_view kind : {"Algorithm ", "Table "})
    if (auto rest = after(number, kind)) return counter(*rest);
  auto rest = after(number, "Equation (");
  return rest && !rest->empty() && rest->back() == ')' && counter(rest->substr(0, rest->size() - 1));
}

// "PREFIX.N".
bool numbered_in(std::string_view number, const std::string& prefix) {
  auto rest = after(number, prefix + ".");
  return rest && counter(*rest);
}

// "Section N", "Section N.M" or "Appendix X".
bool section_numbered(std::string_view number) {
  if (auto letter = after(number, "Appendix ")) return letter->size() == 1 && std::isupper(static_cast<unsigned char>((*letter)[0]));
  auto rest = after(number, "Section ");
  if (!rest) return false;
  std::size_t dot = rest->find('.');
  return counter(rest->substr(0, dot)) && (dot == std::string_view::npos || counter(rest->substr(dot + 1)));
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
      EXPECT_TRUE(numbered_in(c.number, kind + " " + top))
          << c.label << ": " << c.number << " in " << section;
      continue;
    }
    EXPECT_TRUE(own_counter(c.number)) << c.label << ": " << c.number << " (" << c.kind << ")";
    EXPECT_EQ(c.number.rfind(std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(c.kind[0])))), 0),
              0u)
        << c.label << ": " << c.number << " (" << c.kind << ")";
  }
}

// Every section is numbered as printed: "Section N" or "Section N.M" in the body, "Appendix X" after it.
TEST(ClaimTable, EverySectionIsNumbered) {
  for (const PaperSection& s : paper_sections())
    EXPECT_TRUE(section_numbered(s.number))
        << s.label << ": " << s.number;
}

// The matchers above reject what LaTeX never prints, so that the two tests above can fail.
TEST(ClaimTable, TheNumberMatchersRejectWhatIsNotANumber) {
  for (std::string_view number : {"Section 3", "Section 3.12", "Appendix B"}) EXPECT_TRUE(section_numbered(number)) << number;
  for (std::string_view number : {"Section 03", "Section 3.", "Section .1", "Section 3.1.2", "Appendix", "Appendix BC",
                                  "Appendix b", "section 3", "Section 3a"})
    EXPECT_FALSE(section_numbered(number)) << number;
  for (std::string_view number : {"Algorithm 1", "Table 10", "Equation (2)"}) EXPECT_TRUE(own_counter(number)) << number;
  for (std::string_view number : {"Algorithm 0", "Table", "Equation 2", "Equation (2", "Equation ()", "Figure 1"})
    EXPECT_FALSE(own_counter(number)) << number;
  EXPECT_TRUE(numbered_in("Lemma 4.2", "Lemma 4"));
  for (std::string_view number : {"Lemma 4.02", "Lemma 4.", "Lemma 42", "Lemma 5.2", "Lemma 4.2x"})
    EXPECT_FALSE(numbered_in(number, "Lemma 4")) << number;
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
