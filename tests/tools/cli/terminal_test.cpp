// The command line's text on a terminal (tools/cli/terminal.h): lines wrapped at spaces within the width
// with a hanging indent and no word lost, verdict words coloured only where asked, and the verdict table
// wrapped row by row, each row starting at the left edge with its label.
#include "tools/cli/terminal.h"

#include "tests/claims/claim_test_registry.h"
#include "tools/cli/claim_text.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>

namespace palcheck::cli {
namespace {

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// text without its whitespace.
std::string squeezed(std::string text) {
  text.erase(std::remove_if(text.begin(), text.end(), [](unsigned char c) { return std::isspace(c); }), text.end());
  return text;
}

// The words of a verdict table but its underline, whose length is the width's.
std::vector<std::string> table_words(const std::string& table) {
  std::vector<std::string> out;
  for (const std::string& w : words(table))
    if (w.find_first_not_of('-') != std::string::npos) out.push_back(w);
  return out;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// text without its ANSI SGR sequences.
std::string plain(const std::string& text) {
  std::string out;
  for (std::size_t k = 0; k < text.size(); ++k) {
    if (text[k] == '\x1b') {
      k = text.find('m', k);
      continue;
    }
    out += text[k];
  }
  return out;
}

TEST(Terminal, WrapKeepsEveryWordWithinTheWidthWithAHangingIndent) {
  const std::string sentence =
      "label:x  Definition 2.1  REFUTED  property: counterexample after 3 passing cases: u=[0, 1, 0]; "
      "initial_state=0; stack=algorithm1:first=empty,unset_last=previous-input -> M = [1, 1], m = [0, 0]";
  std::size_t longest = 0;
  for (const std::string& w : words(sentence)) longest = std::max(longest, w.size());
  for (std::size_t width : {40, 57, 80, 100, 500})
    for (std::size_t indent : {2, 4}) {
      std::vector<std::string> lines = wrap_line(sentence, width, indent);
      std::string joined;
      for (std::size_t k = 0; k < lines.size(); ++k) {
        EXPECT_LE(lines[k].size(), width) << lines[k];
        if (k > 0) {
          EXPECT_EQ(lines[k].substr(0, indent), std::string(indent, ' ')) << lines[k];
          EXPECT_NE(lines[k][indent], ' ') << lines[k];
        }
        EXPECT_NE(lines[k].back(), ' ') << lines[k];
        joined += lines[k] + " ";
      }
      EXPECT_EQ(squeezed(joined), squeezed(sentence)) << width;
      if (width >= indent + longest) {
        EXPECT_EQ(words(joined), words(sentence)) << "no word cut at " << width;
      }
      EXPECT_EQ(lines[0].substr(0, 7), "label:x");
      EXPECT_EQ(lines.size() == 1, sentence.size() <= width) << width;
    }
}

TEST(Terminal, AWordLongerThanTheLineIsCut) {
  std::string word(90, 'x');
  std::vector<std::string> lines = wrap_line("a " + word, 40, 4);
  std::string joined;
  for (const std::string& line : lines) {
    EXPECT_LE(line.size(), 40u) << line;
    joined += line.substr(line.find_first_not_of(' '));
  }
  EXPECT_EQ(joined, "a" + word);
}

TEST(Terminal, VerdictWordsAreColouredOnlyWhenAskedAndOnlyWhole) {
  const std::string text = "x  REFUTED  evidence: HELD under one reading, REFUTED-like, PROVEDX";
  EXPECT_EQ(color_verdict_words(text, TextStyle{false, 100}, 5), text);
  std::string one = color_verdict_words(text, TextStyle{true, 100}, 1);
  EXPECT_EQ(plain(one), text);
  EXPECT_NE(one.find("\x1b[1;31mREFUTED\x1b[0m  evidence: HELD under"), std::string::npos) << one;
  std::string all = color_verdict_words(text, TextStyle{true, 100}, 10);
  EXPECT_EQ(plain(all), text);
  EXPECT_NE(all.find("\x1b[36mHELD\x1b[0m"), std::string::npos) << all;
  EXPECT_NE(all.find(" REFUTED-like"), std::string::npos) << "a word that only starts like a verdict: " << all;
  EXPECT_NE(all.find(" PROVEDX"), std::string::npos) << all;
  EXPECT_EQ(verdict_colored("evidence", TextStyle{true, 100}), "evidence");
}

TEST(Terminal, TheVerdictTableWrapsRowByRowAndColoursEachVerdict) {
  Registry registry = testing::claim_test_registry();
  std::vector<std::string> labels;
  for (const Claim& c : registry.claims()) labels.push_back(c.label);
  VerifyReport report = run_verify(registry, labels, RunConfig{}, nullptr);
  const std::string wide = verify_table(report, TextStyle{false, 100000});
  for (std::size_t width : {40, 60, 100}) {
    const std::string narrow = verify_table(report, TextStyle{false, width});
    EXPECT_EQ(table_words(narrow), table_words(wide)) << "the same words, only broken into lines";
    std::vector<std::string> lines = lines_of(narrow);
    for (const std::string& line : lines) EXPECT_LE(line.size(), width) << line;
    // Under the (wrapped) header's underline, each claim's row starts at the left edge with its label;
    // its continuation lines are indented.
    std::size_t row = 1;
    while (row < lines.size() && lines[row].rfind("---", 0) != 0) ++row;
    ++row;
    for (const ClaimReport& c : report.claims) {
      while (row < lines.size() && lines[row].rfind("    ", 0) == 0) ++row;
      ASSERT_LT(row, lines.size());
      EXPECT_EQ(lines[row].substr(0, c.claim.label.size() + 1), c.claim.label + " ") << narrow;
      ++row;
    }
    const std::string colored = verify_table(report, TextStyle{true, width});
    EXPECT_EQ(plain(colored), narrow);
    std::size_t painted = 0;
    for (std::size_t at = colored.find("\x1b[0m"); at != std::string::npos; at = colored.find("\x1b[0m", at + 1))
      ++painted;
    std::set<Verdict> kinds;
    for (const ClaimReport& c : report.claims) kinds.insert(c.verdict);
    EXPECT_EQ(painted, report.claims.size() + kinds.size()) << "each row's verdict and each count of the last line";
  }
}

}  // namespace
}  // namespace palcheck::cli
