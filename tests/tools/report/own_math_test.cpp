// tools/report/own_math: formulas found in palcheck's own sentences (the claim table's, evidence) and turned
// into TeX for KaTeX; identifiers, labels and file names left as words.
#include "tools/report/own_math.h"

#include <gtest/gtest.h>

namespace palcheck::report {
namespace {

std::vector<std::string> formulas(const std::string& sentence) {
  std::vector<std::string> out;
  for (const TextPiece& p : own_math(sentence))
    if (p.kind == PieceKind::Formula) out.push_back(p.text);
  return out;
}

std::string rejoined_words(const std::string& sentence) {
  std::string out;
  for (const TextPiece& p : own_math(sentence)) out += p.kind == PieceKind::Words ? p.text : "#";
  return out;
}

TEST(OwnMath, ScriptsBecomeTex) {
  struct Case {
    std::string sentence;
    std::vector<std::string> tex;
  };
  const std::vector<Case> cases{
      {"if M_{i+1} > M_i then", {"M_{i+1}", "M_{i}"}},
      {"W_I^(h) in R^{1 x d}", {"W_{I}^{(h)}", "R^{1\\times d}"}},
      {"sum_{i>=j} mu_ij relay", {"\\sum_{i\\ge j}", "\\mu_{ij}"}},
      {"signal M_{top-1} - eps", {"M_{\\mathrm{top}-1}"}},
      {"PAL_mu(u_{0:n})", {"\\mathrm{PAL}_{\\mu}", "u_{0:n}"}},
      {"PAL_{mu^(h)}", {"\\mathrm{PAL}_{\\mu^{(h)}}"}},
      {"mu in L^2(T)", {"L^{2}"}},
      {"u_n >= alpha_i", {"u_{n}", "\\alpha_{i}"}},
      {"q.k_j with PE", {"k_{j}"}},
  };
  for (const Case& c : cases) EXPECT_EQ(formulas(c.sentence), c.tex) << c.sentence;
}

TEST(OwnMath, IdentifiersLabelsAndFilesStayWords) {
  for (const std::string sentence :
       {"initial_state; tie_rule", "see lem:pop_one and repair:thm:tc", "a_b_c", "file lem_pop_one.html",
        "plain words, (1, 0) and more", "tie order \\x_1", "3_1 and 5^2", "x_{1 $ 2}", "x_{unclosed"}) {
    std::vector<TextPiece> pieces = own_math(sentence);
    ASSERT_EQ(pieces.size(), 1u) << sentence;
    EXPECT_EQ(pieces[0], (TextPiece{PieceKind::Words, sentence}));
  }
}

TEST(OwnMath, WordsAroundFormulasAreKeptAsWritten) {
  EXPECT_EQ(rejoined_words("Given M_i > m_i, see prop:wiping."), "Given # > #, see prop:wiping.");
  EXPECT_EQ(rejoined_words(""), "");
  std::vector<TextPiece> pieces = own_math("x_1");
  ASSERT_EQ(pieces.size(), 1u);
  EXPECT_EQ(pieces[0], (TextPiece{PieceKind::Formula, "x_{1}"}));
}

}  // namespace
}  // namespace palcheck::report
