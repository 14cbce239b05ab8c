// tools/report/tex_numbering.h: LaTeX's numbers of a document's labels (shared and section-wise theorem
// counters, subsections, appendix letters, equations line by line, captions, groups), and the claim
// table's numbers checked against that numbering of the paper's structure (paper_structure.tex), and of
// the user's paper when PALCHECK_PAPER_TEX names it.
#include "tools/report/tex_numbering.h"
#include "claims/areas.h"
#include "claims/paper_sections.h"
#include "tools/report/paper_tex.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

namespace palcheck::report {
namespace {

std::map<std::string, std::string> printed(const std::string& tex) {
  std::map<std::string, std::string> out;
  for (const auto& [label, number] : tex_numbers(tex)) out[label] = number.printed();
  return out;
}

TEST(TexNumbering, TheoremCountersSectionsAndAppendices) {
  std::map<std::string, std::string> numbers = printed(
      "\\newtheorem{theorem}{Theorem}[section]\n\\newtheorem{lemma}[theorem]{Lemma}\n"
      "\\newtheorem{remark}{Remark}\n\\newtheorem*{note}{Note}\n"
      "\\begin{document}\n"
      "\\section{One}\\label{sec:one}\n\\begin{lemma}\\label{lem:a}\\end{lemma}\n"
      "\\begin{theorem}[Named]\\label{thm:b}\\end{theorem}\n\\begin{remark}\\label{rem:c}\\end{remark}\n"
      "\\section*{Unnumbered}\n\\subsection{Part}\\label{sec:part}\n"
      "% \\begin{lemma}\\label{lem:commented}\\end{lemma}\n"
      "\\begin{note}\\label{note:d}\\end{note}\n"
      "\\section{Two}\n\\begin{lemma}\\label{lem:e}\\end{lemma}\n\\begin{remark}\\label{rem:f}\\end{remark}\n"
      "\\appendix\n\\section{Proofs}\\label{app:proofs}\n\\begin{theorem}\\label{thm:g}\\end{theorem}\n"
      "\\end{document}\n");
  std::map<std::string, std::string> expected{
      {"sec:one", "Section 1"},     {"lem:a", "Lemma 1.1"},    {"thm:b", "Theorem 1.2"}, {"rem:c", "Remark 1"},
      {"sec:part", "Section 1.1"},  {"note:d", "Section 1.1"}, {"lem:e", "Lemma 2.1"},   {"rem:f", "Remark 2"},
      {"app:proofs", "Appendix A"}, {"thm:g", "Theorem A.1"}};
  EXPECT_EQ(numbers, expected);
}

TEST(TexNumbering, EquationsLineByLineAndLabelsByGroup) {
  std::map<std::string, std::string> numbers = printed(
      "\\newtheorem{definition}{Definition}[section]\n\\begin{document}\n\\section{S}\n"
      "\\begin{definition}\\label{def:a}\n"
      "\\begin{equation}\\label{eq:cases} x = \\begin{cases} 1 \\\\ 0 \\end{cases}\\end{equation}\n"
      "after the equation the definition's number again\\label{def:again}\n\\end{definition}\n"
      "\\begin{align} a &= b \\label{eq:first}\\\\ c &= d \\nonumber \\\\ e &= f \\label{eq:third}\\\\\n\\end{align}\n"
      "\\begin{align*} g &= h \\\\ i &= j \\label{eq:starred}\\end{align*}\n"
      "\\begin{equation}\\tag{$*$}\\label{eq:tagged} k\\end{equation}\n"
      "\\begin{equation}\\label{eq:next} l\\end{equation}\n"
      "\\begin{algorithm}\\caption{Stack}\\label{alg:a}\\end{algorithm}\n"
      "\\begin{table}\\label{tab:early}\\caption{T}\\label{tab:a}\\end{table}\n"
      "\\begin{equation} m = \\begin{cases} 1 \\\\ 0 \\end{cases} \\label{eq:after_cases}\\end{equation}\n"
      "\\end{document}\n");
  std::map<std::string, std::string> expected{
      {"def:a", "Definition 1.1"},     {"eq:cases", "Equation (1)"}, {"def:again", "Definition 1.1"},
      {"eq:first", "Equation (2)"},    {"eq:third", "Equation (3)"}, {"eq:starred", "Section 1"},
      {"eq:tagged", "Equation ($*$)"}, {"eq:next", "Equation (4)"},  {"alg:a", "Algorithm 1"},
      {"tab:early", "Section 1"},      {"tab:a", "Table 1"},         {"eq:after_cases", "Equation (5)"}};
  EXPECT_EQ(numbers, expected);
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Every paper label of the claim table, and every section, has the number LaTeX gives it in `tex`.
void expect_table_numbers(const std::string& tex, const std::string& source) {
  std::map<std::string, TexNumber> numbers = tex_numbers(tex);
  Registry registry;
  register_paper_claims(registry);
  for (const Claim& c : registry.claims()) {
    if (c.ours) continue;
    auto number = numbers.find(c.label);
    ASSERT_NE(number, numbers.end()) << c.label << " is not numbered in " << source;
    EXPECT_EQ(number->second.printed(), c.number) << c.label << " in " << source;
  }
  for (const PaperSection& s : paper_sections()) {
    auto number = numbers.find(s.label);
    ASSERT_NE(number, numbers.end()) << s.label << " is not numbered in " << source;
    EXPECT_EQ(number->second.printed(), s.number) << s.label << " in " << source;
  }
}

// The statements the paper numbers without a \label, each named by the labelled statement it follows: the
// first environment of its kind after that label is it.
const std::map<std::string, std::string> kUnlabelledAfter{{"rem:efo_vs_fo", "thm:efo"},
                                                          {"rem:rfim_structure", "prop:preisach_rfim"},
                                                          {"rem:retrieval", "prop:hopfield_pal"},
                                                          {"rem:criticality_learning", "prop:criticality"}};

// The labels of ours with a number get the number LaTeX gives the unlabelled statement they name.
void expect_unlabelled_numbers(std::string tex, const std::string& source) {
  Registry registry;
  register_paper_claims(registry);
  std::vector<const Claim*> numbered;
  for (const Claim& c : registry.claims())
    if (c.ours && !c.number.empty()) numbered.push_back(&c);
  ASSERT_EQ(numbered.size(), kUnlabelledAfter.size()) << "every numbered label of ours has its place here";
  for (const Claim* c : numbered) {
    auto after = kUnlabelledAfter.find(c->label);
    ASSERT_NE(after, kUnlabelledAfter.end()) << c->label;
    std::size_t anchor = tex.find("\\label{" + after->second + "}");
    ASSERT_NE(anchor, std::string::npos) << after->second << " in " << source;
    std::string begin = "\\begin{" + c->kind + "}";
    std::size_t at = tex.find(begin, anchor);
    ASSERT_NE(at, std::string::npos) << c->label << ": no " << c->kind << " after " << after->second;
    EXPECT_EQ(tex.substr(at, tex.find("\\end{" + c->kind + "}", at) - at).find("\\label"), std::string::npos)
        << c->label << ": the " << c->kind << " after " << after->second << " has a label of its own";
    tex.insert(at + begin.size(), "\\label{" + c->label + "}");
  }
  std::map<std::string, TexNumber> numbers = tex_numbers(tex);
  for (const Claim* c : numbered) {
    auto number = numbers.find(c->label);
    ASSERT_NE(number, numbers.end()) << c->label;
    EXPECT_EQ(number->second.printed(), c->number) << c->label << " in " << source;
  }
}

TEST(TexNumbering, TheClaimTableHasThePapersNumbers) {
  std::string path = PALCHECK_SOURCE_DIR "/tests/tools/report/paper_structure.tex";
  std::string tex = read(path);
  ASSERT_FALSE(tex.empty()) << path;
  expect_table_numbers(tex, path);
  expect_unlabelled_numbers(tex, path);
  EXPECT_EQ(PaperTex::load(path).number("thm:tc")->printed(), "Theorem 4.6") << "PaperTex numbers what it loads";
}

TEST(TexNumbering, TheClaimTableHasTheNumbersOfTheUsersPaper) {
  const char* path = std::getenv("PALCHECK_PAPER_TEX");
  if (!path || !*path) GTEST_SKIP() << "set PALCHECK_PAPER_TEX=/path/to/paper.tex to check against the paper itself";
  expect_table_numbers(read(path), path);
}

}  // namespace
}  // namespace palcheck::report
