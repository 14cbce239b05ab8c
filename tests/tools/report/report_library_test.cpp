// tools/report: the paper's TeX by label and its macros, the TeX turned into report text (formulas kept for
// KaTeX, nothing else raw), the choice of the headline counterexample (before and after the verify JSON
// marks one), a shard's file refused, verdicts and scopes read into their types (other spellings refused), a
// searched counterexample read apart, and the exact data behind figures 1, 2 and 5.
#include "reference/algorithm1.h"
#include "reference/preisach_memory.h"
#include "tests/tools/report/spoiled_run.h"
#include "tools/report/figures.h"
#include "tools/report/paper_tex.h"
#include "tools/report/report_input.h"
#include "tools/report/tex_text.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <set>

namespace palcheck::report {
namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  std::filesystem::path path = std::filesystem::temp_directory_path() / ("palcheck_report_test_" + name);
  std::ofstream(path) << text;
  return path.string();
}

TEST(PaperTex, FindsTitleStatementsAndSections) {
  std::string path = write_temp(
      "paper.tex",
      "\\title{A {Nested} Title}\n\\section{Background}\n\\label{sec:bg}\nText.\n"
      "\\begin{lemma}[Name]\n\\label{lem:x}\nFor all $x$, \\begin{equation}x = x\\end{equation}\n\\end{lemma}\n");
  PaperTex tex = PaperTex::load(path);
  ASSERT_TRUE(tex.available());
  EXPECT_EQ(tex.title(), "A {Nested} Title");
  EXPECT_EQ(tex.section_title("sec:bg"), "Background");
  std::optional<std::string> lemma = tex.statement("lem:x");
  ASSERT_TRUE(lemma);
  EXPECT_EQ(lemma->rfind("\\begin{lemma}", 0), 0u);
  EXPECT_NE(lemma->find("\\end{lemma}"), std::string::npos);
  EXPECT_LT(*tex.position("sec:bg"), *tex.position("lem:x"));
  EXPECT_FALSE(tex.statement("lem:absent"));
}

TEST(PaperTex, NoPaperAnswersNothingAndAnUnreadableOneIsAnError) {
  PaperTex none;
  EXPECT_FALSE(none.available());
  EXPECT_FALSE(none.title());
  EXPECT_FALSE(none.statement("lem:x"));
  EXPECT_TRUE(none.macros().empty());
  EXPECT_THROW(PaperTex::load("/nonexistent/paper.tex"), std::runtime_error);
  EXPECT_THROW(PaperTex::load(std::filesystem::temp_directory_path().string()), std::runtime_error);
  EXPECT_THROW(PaperTex::load(write_temp("empty.tex", "")), std::runtime_error);
}

TEST(PaperTex, PreambleMacrosForKatex) {
  PaperTex tex =
      PaperTex::load(write_temp("macros.tex",
                                "\\newcommand{\\R}{\\mathbb{R}}\n\\newcommand{\\code}[2]{\\mathrm{code}^*(#1,#2)}\n"
                                "\\DeclareMathOperator*{\\argmax}{arg\\,max}\n\\DeclareMathOperator{\\PAL}{PAL}\n"
                                "\\begin{document}\n\\newcommand{\\later}{x}\n\\end{document}\n"));
  std::vector<std::pair<std::string, std::string>> expected{{"\\R", "\\mathbb{R}"},
                                                            {"\\code", "\\mathrm{code}^*(#1,#2)"},
                                                            {"\\argmax", "\\operatorname*{arg\\,max}"},
                                                            {"\\PAL", "\\operatorname{PAL}"}};
  EXPECT_EQ(tex.macros(), expected);
}

// The page text outside formulas: what a reader sees as text (tags dropped, formula spans removed).
std::string prose_of(const std::string& html) {
  std::string out;
  for (std::size_t i = 0; i < html.size();) {
    if (html.compare(i, 17, "<span class=\"math") == 0) {
      i = html.find("</span>", i) + 7;
      continue;
    }
    if (html[i] == '<') {
      i = html.find('>', i) + 1;
      continue;
    }
    out += html[i++];
  }
  return out;
}

TEST(TexText, FormulasStayTexAndEveryOtherCommandBecomesText) {
  Page page(Markup::Html, "t", "");
  append_tex(
      page,
      "\\begin{lemma}[Pop \\emph{one}]\\label{lem:x}\n"
      "For $\\eps > 0$ and~\\cref{def:y,eq:z}, see \\citep{Key2020}; ``quoted'' --- Mayer\\'{e}, \\l{}\n"
      "\\begin{itemize}\\item first $a_i$\\item second\\end{itemize}\n"
      "\\begin{align}x &= 1 \\label{eq:a}\\\\ y &= 2\\nonumber\\end{align}\n"
      "\\end{lemma}\n"
      "\\begin{algorithmic}\\State $x \\gets 1$\\If{$x > 0$}\\State go \\Comment{why}\\EndIf\\end{algorithmic}\n"
      "\\begin{tabular}{ll}\\toprule a & $b$ \\\\ \\midrule c & d \\\\ \\bottomrule\\end{tabular}\n",
      RefLink{[](const std::string& label) { return label == "def:y" ? std::string("def_y.html") : std::string(); },
              {}});
  std::string html = page.finish();
  std::string prose = prose_of(html);
  EXPECT_EQ(prose.find('\\'), std::string::npos) << prose;
  EXPECT_EQ(prose.find('$'), std::string::npos) << prose;
  EXPECT_NE(html.find("<strong>Lemma</strong> (Pop <em>one</em>)."), std::string::npos) << html;
  EXPECT_NE(html.find("<span class=\"math\">\\eps &gt; 0</span>"), std::string::npos) << html;
  EXPECT_NE(html.find("<a href=\"def_y.html\">def:y</a>, eq:z"), std::string::npos) << html;
  EXPECT_NE(prose.find("[Key2020]"), std::string::npos) << prose;
  EXPECT_NE(prose.find("\u201cquoted\u201d \u2014 Mayere\u0301, \u0142"), std::string::npos) << prose;
  EXPECT_NE(html.find("<li>first <span class=\"math\">a_i</span></li>"), std::string::npos) << html;
  EXPECT_NE(html.find("<span class=\"math display\">\\begin{aligned}x &amp;= 1 \\\\ y &amp;= 2\\end{aligned}</span>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<strong>if</strong> <span class=\"math\">x &gt; 0</span> <strong>then</strong>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("padding-left: 2em\">go  \u25b7 <em>why</em>"), std::string::npos) << html;
  EXPECT_NE(html.find("<th>a</th><th><span class=\"math\">b</span></th>"), std::string::npos) << html;
  EXPECT_NE(html.find("<script src=\"katex/katex.min.js\">"), std::string::npos) << "a page with formulas loads KaTeX";
  EXPECT_EQ(inline_tex(page, "A \\textbf{Bold} Title", {}), "A <strong>Bold</strong> Title");
}

// A reference shows what LaTeX prints for it: \ref the number ("Section~\ref{sec:tc}" reads "Section 4"),
// \cref the name and number, \eqref the number in parentheses; a label without a number stays itself.
TEST(TexText, ReferencesShowThePapersNumbers) {
  std::string paper =
      write_temp("numbered.tex",
                 "\\newtheorem{theorem}{Theorem}[section]\n\\begin{document}\n\\section{A}\\section{B}"
                 "\\label{sec:b}\n\\begin{theorem}\\label{thm:x}\\begin{equation}\\label{eq:y}\\end{equation}"
                 "\\end{theorem}\n\\end{document}\n");
  PaperTex tex = PaperTex::load(paper);
  Page page(Markup::Html, "t", "");
  std::string shown = inline_tex(
      page, "Section~\\ref{sec:b}, \\cref{thm:x}, \\eqref{eq:y}, \\nameref{sec:b}, \\ref{sec:unknown}",
      RefLink{[](const std::string& label) { return label == "thm:x" ? std::string("thm_x.html") : std::string(); },
              [&tex](const std::string& label) { return tex.number(label); }});
  EXPECT_EQ(shown, "Section\u00a02, <a href=\"thm_x.html\">Theorem 2.1</a>, (1), sec:b, sec:unknown");
}

TEST(TexText, APageWithoutFormulasLoadsNoScript) {
  Page page(Markup::Html, "t", "../");
  page.paragraph(page.text("no formula here"));
  EXPECT_EQ(page.finish().find("<script"), std::string::npos);
}

nlohmann::json refuted_result(const std::string& u0, bool headline) {
  nlohmann::json r = {{"verdict", "REFUTED"},
                      {"method", "property"},
                      {"counterexample", {{"label", "c"}, {"scenario", "s"}, {"values", {{"u", {u0, "1"}}}}}}};
  if (headline) r["headline"] = true;
  return r;
}

// The claim table of these runs: the one claim "c".
std::vector<Claim> table() { return {Claim{"c", "lemma", "sec:x", "", {}, {}, false, ""}}; }

nlohmann::json run_with(std::vector<nlohmann::json> results) {
  return {{"seed", 1}, {"claims", {{{"label", "c"}, {"verdict", "REFUTED"}, {"evidence", {{"results", results}}}}}}};
}

TEST(MakeRun, HeadlineFromFlagThenFirstRefutedThenReplayFile) {
  Claim c{"c", "lemma", "sec:x", "", {}, {}, false, ""};
  ReportRun first = make_run(run_with({refuted_result("1/3", false), refuted_result("2/3", false)}), {}, {c});
  ASSERT_TRUE(first.claims[0].headline);
  EXPECT_EQ(first.claims[0].headline->values.at("u")[0], Q(1, 3));
  ReportRun flagged = make_run(run_with({refuted_result("1/3", false), refuted_result("2/3", true)}), {}, {c});
  EXPECT_EQ(flagged.claims[0].headline->values.at("u")[0], Q(2, 3));
  nlohmann::json replay = refuted_result("5/7", false)["counterexample"];
  ReportRun replayed =
      make_run(run_with({refuted_result("1/3", true), refuted_result("5/7", false)}), {{"c", replay}}, {c});
  EXPECT_EQ(replayed.claims[0].headline->values.at("u")[0], Q(5, 7));
  EXPECT_EQ(replayed.claims[0].claim.section, "sec:x");
}

TEST(MakeRun, RefusesAShardsFileAndAClaimWithoutVerdict) {
  nlohmann::json shard = run_with({});
  shard["shard"] = {{"index", 1}, {"count", 2}};
  EXPECT_THROW(make_run(shard, {}, table()), std::invalid_argument);
  nlohmann::json no_verdict = {{"seed", 1}, {"claims", {{{"label", "c"}, {"evidence", {{"results", {}}}}}}}};
  EXPECT_THROW(make_run(no_verdict, {}, table()), std::invalid_argument);
}

TEST(MakeRun, RefusesResultsOfTheWrongShape) {
  for (nlohmann::json bad : {nlohmann::json(1), nlohmann::json("x"), nlohmann::json(), nlohmann::json::array()})
    EXPECT_THROW(make_run(run_with({refuted_result("1/3", false), bad}), {}, table()), std::invalid_argument) << bad;
  nlohmann::json headline_word = refuted_result("1/3", false);
  headline_word["headline"] = "yes";
  EXPECT_THROW(make_run(run_with({headline_word}), {}, table()), std::invalid_argument);
  nlohmann::json details_word = refuted_result("1/3", false);
  details_word["details"] = {1};
  EXPECT_THROW(make_run(run_with({details_word}), {}, table()), std::invalid_argument);
  // The cost figures read a detail's key and value, and a result's verdict, as strings.
  details_word["details"] = nlohmann::json::array({{{"key", "n = 2"}, {"value", 3}}});
  EXPECT_THROW(make_run(run_with({details_word}), {}, table()), std::invalid_argument);
  nlohmann::json verdict_number = refuted_result("1/3", false);
  verdict_number["verdict"] = 1;
  EXPECT_THROW(make_run(run_with({verdict_number}), {}, table()), std::invalid_argument);
}

TEST(MakeRun, ReadsVerdictsAndScopesIntoTheirTypes) {
  nlohmann::json step = refuted_result("1/3", false);
  step["scope"] = "proof step";
  nlohmann::json old_fixed = refuted_result("1/3", false);
  old_fixed["refutes"] = "fixed parameter";
  ReportRun run = make_run(run_with({refuted_result("1/3", false), step, old_fixed}), {}, table());
  const ReportClaim& claim = run.claims[0];
  EXPECT_EQ(claim.verdict, Verdict::Refuted);
  ASSERT_EQ(claim.results.size(), 3u);
  EXPECT_EQ(claim.results[0].result.scope, Scope::Statement);
  EXPECT_EQ(claim.results[1].result.scope, Scope::ProofStep);
  EXPECT_EQ(claim.results[2].result.scope, Scope::FixedParameter);
}

// A spelling claims/verdict.h does not write is refused, naming the claim, the result and the field.
TEST(MakeRun, RefusesAnUnknownVerdictOrScopeNamingClaimAndField) {
  auto refusal = [](const nlohmann::json& run) {
    try {
      make_run(run, {}, table());
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  nlohmann::json claim_word = run_with({});
  claim_word["claims"][0]["verdict"] = "Refuted";
  EXPECT_EQ(refusal(claim_word), "verify JSON: claim c verdict: unknown verdict \"Refuted\"");
  nlohmann::json result_word = refuted_result("1/3", false);
  result_word["verdict"] = "FALSE";
  EXPECT_EQ(refusal(run_with({result_word})), "verify JSON: claim c result 1.verdict: unknown verdict \"FALSE\"");
  nlohmann::json scope_word = refuted_result("1/3", false);
  scope_word["scope"] = "proof_step";
  EXPECT_EQ(refusal(run_with({scope_word})), "verify JSON: claim c result 1.scope: unknown scope \"proof_step\"");
  nlohmann::json no_verdict = refuted_result("1/3", false);
  no_verdict.erase("verdict");
  EXPECT_EQ(refusal(run_with({no_verdict})), "verify JSON: claim c result 1: no \"verdict\"");
}

// The searched counterexample make_run reads apart from a claim whose one result, its evidence, says
// `summary` after `cases` cases.
std::optional<std::string> searched_of(const std::string& summary, std::uint64_t cases) {
  nlohmann::json found = refuted_result("1/3", false);
  found["summary"] = summary;
  found["cases"] = cases;
  nlohmann::json run = run_with({found});
  run["claims"][0]["evidence"]["summary"] = summary;
  return make_run(run, {}, table()).claims[0].searched;
}

// The evidence of a search's counterexample is read apart once, its count of passing cases from "cases";
// one passing case is "1 passing case", as the property runner writes it.
TEST(MakeRun, ReadsASearchedCounterexampleWithItsCases) {
  EXPECT_EQ(searched_of("counterexample after 4 passing cases: u = [1/3, 1] -> 2", 5), "u = [1/3, 1] -> 2");
  EXPECT_FALSE(searched_of("counterexample after 4 passing cases: u = [1/3, 1] -> 2", 4));  // then 3 passed
  EXPECT_EQ(searched_of("counterexample after 1 passing case: u = [0, 2, 1] -> 1", 2), "u = [0, 2, 1] -> 1");
  EXPECT_FALSE(searched_of("counterexample after 1 passing cases: u = [0, 2, 1] -> 1", 2));
}

// A report is made only from a run that could be one: each hostile run is refused naming what is wrong.
TEST(MakeRun, RefusesARunThatIsNotARun) {
  auto refusal = [](const nlohmann::json& run, const std::map<std::string, nlohmann::json>& replays = {}) {
    try {
      make_run(run, replays, table());
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  nlohmann::json good = run_with({refuted_result("1/3", false)});
  ASSERT_EQ(refusal(good), "accepted");
  std::vector<palcheck::testing::SpoiledRun> cases{
      {[](nlohmann::json& r) { r["claims"][0]["verdict"] = "TOTALLY-FINE"; }, "unknown verdict \"TOTALLY-FINE\""},
      {[](nlohmann::json& r) {
         r["claims"][0]["by_reading"] = {{"x=1", "TOTALLY-FINE"}};
       },
       "claim c.by_reading.x=1: unknown verdict \"TOTALLY-FINE\""},
      {[](nlohmann::json& r) { r["claims"].push_back(r["claims"][0]); }, "claim c: listed twice"},
      {[](nlohmann::json& r) { r["claims"][0]["label"] = "lem:nowhere"; },
       "claim lem:nowhere: not a claim of this palcheck's claim table"},
      {[](nlohmann::json& r) { r["claims"][0]["evidence"]["results"] = "nope"; },
       "claim c.evidence.results: not a list"},
      {[](nlohmann::json& r) { r["claims"][0]["evidence"] = 3; }, "claim c.evidence: not an object"},
      {[](nlohmann::json& r) { r["claims"] = nlohmann::json::array(); }, "\"claims\" is empty"},
      {[](nlohmann::json& r) { r.erase("seed"); }, "verify JSON: no \"seed\""},
      {[](nlohmann::json& r) { r["claims"][0]["evidence"]["results"][0]["seed"] = -3; },
       "claim c result 1.seed: not an unsigned 64-bit integer"},
      {[](nlohmann::json& r) { r["claims"][0]["evidence"]["results"][0]["cases"] = 1.5; },
       "claim c result 1.cases: not an unsigned 64-bit integer"},
      {[](nlohmann::json& r) { r["claims"][0]["verdict"] = "PROVED"; },
       "claim c: verdict PROVED contradicts its results (no result gives it)"},
      {[](nlohmann::json& r) { r["claims"][0]["evidence"]["results"] = nlohmann::json::array(); },
       "claim c: verdict REFUTED contradicts its results (it has none)"},
  };
  for (nlohmann::json seed :
       {nlohmann::json("abc"), nlohmann::json(-3), nlohmann::json(1.5), nlohmann::json(18446744073709551616.0)})
    cases.push_back({[seed](nlohmann::json& r) { r["seed"] = seed; },
                     "verify JSON.seed: not an unsigned 64-bit integer (0..18446744073709551615): "});
  for (const palcheck::testing::SpoiledRun& c : cases) {
    nlohmann::json run = good;
    c.spoil(run);
    std::string e = refusal(run);
    EXPECT_NE(e.find(c.message), std::string::npos) << run.dump() << "\n" << e;
  }
  // Replay files must be of this run: of a claim it judged, with one of its counterexamples.
  nlohmann::json other = refuted_result("5/7", false)["counterexample"];
  EXPECT_NE(refusal(good, {{"c", other}}).find("replay file of claim c: its instance is no counterexample of the run"),
            std::string::npos);
  nlohmann::json elsewhere = refuted_result("1/3", false)["counterexample"];
  EXPECT_EQ(refusal(good, {{"c", elsewhere}}), "accepted");
  elsewhere["label"] = "d";
  EXPECT_EQ(refusal(good, {{"d", elsewhere}}), "replay file of claim d: the run has no such claim");
}

TEST(MakeRun, RejectsAnInexactValue) {
  nlohmann::json bad = run_with({refuted_result("0.1x", false)});
  EXPECT_THROW(make_run(bad, {}, table()), std::invalid_argument);
}

TEST(MakeRun, RefusesAHeadlineThatReplayRefusesNamingClaimAndField) {
  nlohmann::json result = refuted_result("1/3", false);
  result["counterexample"]["options"] = {{"initial_state", 0}};
  try {
    make_run(run_with({result}), {}, table());
    ADD_FAILURE() << "accepted an option that is not a string";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("claim c result 1.counterexample: options.initial_state"), std::string::npos)
        << e.what();
  }
}

TEST(SequenceFigures, DrawTheExactInputAndTheMemorysRelayStates) {
  Instance instance{"c", "s", {{"initial_state", "0"}}, {{"u", {Q(0), Q(3), Q(1, 3), Q(2), Q(1, 2)}}}};
  std::vector<Figure> figures = sequence_figures(instance);
  ASSERT_EQ(figures.size(), 2u);
  const std::vector<Q>& u = instance.values.at("u");
  ASSERT_EQ(figures[0].data.rows.size(), u.size());
  for (std::size_t i = 0; i < u.size(); ++i) EXPECT_EQ(*parse_rational(figures[0].data.rows[i][1]), u[i]);
  PreisachMemory memory;
  for (const Q& x : u) memory.step(x);
  std::size_t relays = 0;
  for (const auto& row : figures[1].data.rows) {
    if (row[0] != "relay") continue;
    Thresholds t{*parse_rational(row[1]), *parse_rational(row[2])};
    EXPECT_EQ(std::stoi(row[5]), memory.relay_state(t)) << row[1] << ", " << row[2];
    ++relays;
  }
  std::size_t distinct = u.size();                   // the inputs above are distinct
  EXPECT_EQ(relays, distinct * (distinct + 1) / 2);  // every pair alpha >= beta of input values
  const auto& last = figures[1].data.rows.back();
  EXPECT_EQ(last[0], "staircase");
  EXPECT_EQ(*parse_rational(last[1]), u.back());
  EXPECT_EQ(*parse_rational(last[2]), u.back());
}

TEST(CostFigures, DrawTheFamilyTableOfAResult) {
  std::vector<std::pair<std::string, std::string>> sizes{{"16", "7.25"}, {"32", "9.50"}};
  nlohmann::json details = nlohmann::json::array({{{"key", "family"}, {"value", "rising-run, n = 2^4 .. 2^5"}}});
  for (const auto& [n, cost] : sizes)
    details.push_back(
        {{"key", "n = " + n}, {"value", "k 3, total ops 9, total-ops " + cost + ", n log n 4.00, ratio 1.00"}});
  nlohmann::json run = {{"seed", 1},
                        {"claims",
                         {{{"label", "thm:complexity"},
                           {"verdict", "HELD"},
                           {"evidence", {{"results", {{{"verdict", "HELD"}, {"details", details}}}}}}}}}};
  Claim claim{"thm:complexity", "theorem", "sec:cost", "", {}, {}, false, ""};
  std::vector<Figure> figures = cost_figures(make_run(run, {}, {claim}).claims[0]);
  ASSERT_EQ(figures.size(), 1u);
  ASSERT_EQ(figures[0].data.rows.size(), sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    EXPECT_EQ(figures[0].data.rows[i][1], sizes[i].first);
    EXPECT_EQ(*parse_rational(figures[0].data.rows[i][2]), *parse_rational(sizes[i].second));
    EXPECT_EQ(*parse_rational(figures[0].data.rows[i][3]), *parse_rational("4.00"));
  }
  EXPECT_NE(figures[0].data.rows[0][0].find("total-ops on rising-run"), std::string::npos);
}

TEST(CostFigures, FitTheSlopeOnLogLogAxes) {
  // cost = 3 n^2 exactly: slope 2 whatever the constant; zero costs (not drawable on log axes) are left out.
  std::vector<Q> sizes, costs;
  for (long n : {2L, 4L, 8L, 64L}) sizes.push_back(Q(n)), costs.push_back(Q(3 * n * n));
  sizes.push_back(Q(128)), costs.push_back(Q(0));
  std::optional<double> slope = log_log_slope(sizes, costs);
  ASSERT_TRUE(slope);
  EXPECT_NEAR(*slope, 2.0, 1e-12);
  EXPECT_FALSE(log_log_slope({Q(4)}, {Q(5)}));
  EXPECT_FALSE(log_log_slope({Q(4), Q(4)}, {Q(5), Q(6)}));
}

TEST(StackFigures, DrawEqualPairsApart) {
  // def:stack's duplicate pairs: some reading of Algorithm 1 leaves (1, 0) twice on u = 1, 0, 1, 0, 1, 0; every
  // pair drawn must still have a point of its own.
  bool duplicates = false;
  for (FirstInput first : {FirstInput::Empty, FirstInput::PushPair})
    for (UnsetLast last : {UnsetLast::PreviousInput, UnsetLast::Top, UnsetLast::Persist}) {
      Instance instance{"def:stack",
                        "s",
                        {{"algorithm1", to_string(Algorithm1Options{first, last})}},
                        {{"u", {Q(1), Q(0), Q(1), Q(0), Q(1), Q(0)}}}};
      std::vector<Figure> figures = stack_figures(instance);
      ASSERT_EQ(figures.size(), 1u) << instance.options.at("algorithm1");
      for (const auto& row : figures[0].data.rows) duplicates |= row[3].find("(1, 0), (1, 0)") != std::string::npos;
      for (const std::string block : {"$stackM << EOD\n", "$stackm << EOD\n"}) {
        const std::string& script = figures[0].gnuplot;
        std::size_t at = script.find(block);
        ASSERT_NE(at, std::string::npos);
        std::size_t begin = at + block.size(), end = script.find("EOD\n", begin);
        std::set<std::string> points;
        std::size_t lines = 0;
        for (std::size_t i = begin; i < end; i = script.find('\n', i) + 1, ++lines)
          points.insert(script.substr(i, script.find('\n', i) - i));
        EXPECT_EQ(points.size(), lines) << script.substr(begin, end - begin);
      }
    }
  EXPECT_TRUE(duplicates) << "no reading leaves equal pairs: the test shows nothing";
}

TEST(PopSignalFigures, MarkAndLabelTheSignal) {
  // Maxima 13/4 then 5/4 left on the memory; eps = 1/4: the POP signal is 13/4 + 1/2 = 15/4.
  Instance instance{
      "lem:pop_one", "encoded-stack-every-reading", {}, {{"u", {Q(13, 4), Q(-3), Q(5, 4), Q(-2)}}, {"eps", {Q(1, 4)}}}};
  std::vector<Figure> figures = pop_signal_figures(instance);
  ASSERT_EQ(figures.size(), 1u);
  const Figure& f = figures[0];
  EXPECT_EQ(f.data.rows.back()[1], "15/4");
  EXPECT_NE(f.caption.find("= 15/4"), std::string::npos);
  EXPECT_NE(f.gnuplot.find("\"POP signal 15/4\""), std::string::npos);
  instance.scenario = "other";
  EXPECT_TRUE(pop_signal_figures(instance).empty());
}

TEST(CostFigures, OnlyForCostClaims) {
  EXPECT_TRUE(is_cost_claim("thm:complexity:depth"));
  EXPECT_TRUE(is_cost_claim("abstract:cost"));
  EXPECT_FALSE(is_cost_claim("lem:pop_one"));
}

}  // namespace
}  // namespace palcheck::report
