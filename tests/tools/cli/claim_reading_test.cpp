// The command line as a referee reads it: each claim's printed number and statement in `list`, `verify`
// and `show`, "did you mean" for a mistyped command or label, help texts that name each argument once,
// and the referee report's claim pages numbered as the paper prints them, with and without --tex.
#include "claims/areas.h"
#include "claims/paper_sections.h"
#include "tests/tools/cli/palcheck_process.h"
#include "tools/cli/did_you_mean.h"
#include "tools/report/report_input.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>
#include <sstream>

namespace palcheck::cli {
namespace {

using cli_test::BadUsage;
using cli_test::ProcessRun;
using cli_test::run_palcheck;

Registry table() {
  Registry registry;
  register_paper_claims(registry);
  return registry;
}

TEST(DidYouMean, NearestNameWithinAThirdOfTheTypedLength) {
  std::vector<std::string> commands{"eval", "list", "verify", "merge", "show", "replay"};
  EXPECT_EQ(nearest_name("verfy", commands), "verify");
  EXPECT_EQ(nearest_name("verfiy", commands), "verify") << "a swap of neighbours is one edit";
  EXPECT_EQ(nearest_name("shw", commands), "show");
  EXPECT_EQ(nearest_name("lsit", commands), "list");
  EXPECT_EQ(nearest_name("frobnicate", commands), std::nullopt);
  EXPECT_EQ(did_you_mean("xyz", commands), "");
}

TEST(DidYouMean, MistypedCommandsAndLabelsAreAnsweredWithTheNearestName) {
  cli_test::expect_usage_errors({
      {"verfy", "palcheck: unknown command verfy; did you mean verify? (palcheck --help lists the commands)"},
      {"frobnicate", "palcheck: unknown command frobnicate (palcheck --help lists the commands)"},
      {"show lem:pop_on", "palcheck show: unknown label: lem:pop_on; did you mean lem:pop_one?"},
      {"verify sec:tcc", "palcheck verify: unknown label or section: sec:tcc; did you mean sec:tc?"},
      {"verify no-such-thing-at-all", "unknown label or section: no-such-thing-at-all\n"},
  });
}

// Every command's --help names each argument once: no "LABEL LABEL", no "FILE FILE", no "FILE:FILE".
// The first upper-case argument name (two or more of A-Z and _) said twice, "NAME NAME" or "NAME:NAME";
// a scan, not std::regex (docs/decisions.md: a warning is an error).
std::optional<std::string> doubled_argument(const std::string& text) {
  auto word_char = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; };
  auto name = [](const std::string& word) {
    return word.size() >= 2 && std::isupper(static_cast<unsigned char>(word[0])) &&
           std::all_of(word.begin(), word.end(), [](char ch) { return std::isupper(static_cast<unsigned char>(ch)) || ch == '_'; });
  };
  std::string previous;
  char between = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (!word_char(text[i])) {
      between = (between == 0 && (text[i] == ' ' || text[i] == ':')) ? text[i] : '\n';
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && word_char(text[end])) ++end;
    std::string word = text.substr(i, end - i);
    if (between != '\n' && between != 0 && word == previous && name(word)) return previous + between + word;
    previous = word;
    between = 0;
    i = end;
  }
  return std::nullopt;
}

TEST(HelpTexts, TheDoubledNameScanFindsWhatItLooksFor) {
  EXPECT_EQ(doubled_argument("  --json PATH PATH  the file"), "PATH PATH");
  EXPECT_EQ(doubled_argument("SEED:SEED"), "SEED:SEED");
  for (const char* text : {"PATH  PATH", "PATH PATHS", "XPATH PATH", "A A", "Path Path", "PATH, PATH", "PATH"})
    EXPECT_FALSE(doubled_argument(text)) << text;
}

TEST(HelpTexts, NameEachArgumentOnce) {
  ProcessRun top = run_palcheck("--help");
  ASSERT_EQ(top.code, 0);
  std::istringstream lines(top.out.substr(top.out.find("Subcommands:")));
  std::vector<std::string> commands;
  for (std::string line; std::getline(lines, line);)
    if (line.size() > 2 && line.rfind("  ", 0) == 0 && line[2] != ' ')
      commands.push_back(line.substr(2, line.find(' ', 2) - 2));
  ASSERT_GE(commands.size(), 9u) << top.out;
  for (const std::string& command : commands) {
    ProcessRun help = run_palcheck(command + " --help");
    EXPECT_EQ(help.code, 0) << command;
    std::optional<std::string> twice = doubled_argument(help.out);
    EXPECT_FALSE(twice) << command << " --help: " << twice.value_or("") << "\n" << help.out;
  }
}

TEST(ClaimText, ListShowsEveryClaimsNumberAndStatement) {
  ProcessRun list = run_palcheck("list");
  ASSERT_EQ(list.code, 0) << list.err;
  Registry registry = table();
  for (const Claim& c : registry.claims()) {
    std::size_t row = list.out.find("\n" + c.label + (c.ours ? " (ours)" : "") + " ");
    ASSERT_NE(row, std::string::npos) << c.label;
    std::size_t end = list.out.find('\n', row + 1);
    std::string line = list.out.substr(row + 1, end - row - 1);
    if (!c.ours) {
      EXPECT_NE(line.find("  " + c.number + "  "), std::string::npos) << line;
    }
    EXPECT_EQ(list.out.substr(end + 1, list.out.find('\n', end + 1) - end - 1), "    " + c.statement) << c.label;
  }
}

TEST(ClaimText, VerifyAndShowPrintTheNumber) {
  Registry registry = table();
  const Claim* relay = registry.find("def:relay");
  ASSERT_NE(relay, nullptr);
  ProcessRun verify = run_palcheck("verify def:relay");
  ASSERT_EQ(verify.code, 0) << verify.err;
  std::size_t row = verify.out.find("\ndef:relay ");
  ASSERT_NE(row, std::string::npos) << verify.out;
  std::size_t number = verify.out.find_first_not_of(' ', row + 10);
  ASSERT_EQ(verify.out.compare(number, relay->number.size(), relay->number), 0) << verify.out;
  std::size_t verdict = verify.out.find_first_not_of(' ', number + relay->number.size());
  EXPECT_GT(verdict, number + relay->number.size()) << verify.out;
  EXPECT_EQ(verify.out.compare(verdict, 10, "ILL-POSED "), 0) << verify.out;
  ProcessRun show = run_palcheck("show def:relay");
  ASSERT_EQ(show.code, 0) << show.err;
  EXPECT_EQ(show.out.rfind("def:relay  (" + relay->number + ", sec:preisach_bg = " + section_number("sec:preisach_bg") +
                               ")\n  statement: " + relay->statement + "\n",
                           0),
            0u)
      << show.out;
}

// The claim pages of a report carry the paper's numbers: the claim table's without --tex, and LaTeX's
// numbering of the TeX with it (here the paper's structure, which must give the same numbers).
TEST(ReportPages, AreNumberedAsThePaperPrintsThem) {
  std::string dir = cli_test::temp("report");
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::vector<std::string> labels{"def:relay", "prop:range", "lem:pop_one", "thm:tc"};
  Registry registry = table();
  std::string selection;
  for (const std::string& label : labels) selection += " " + label;
  ASSERT_EQ(run_palcheck("verify" + selection + " --json " + dir + "/run.json --out " + dir + "/replays").code, 0);
  std::string structure = PALCHECK_SOURCE_DIR "/tests/tools/report/paper_structure.tex";
  for (const std::string& tex : {std::string(), " --tex " + structure}) {
    std::string out = dir + (tex.empty() ? "/plain" : "/quoted");
    ProcessRun report =
        run_palcheck("report --from " + dir + "/run.json --replays " + dir + "/replays" + tex + " --out " + out);
    ASSERT_EQ(report.code, 0) << report.err;
    for (const std::string& label : labels) {
      const Claim* claim = registry.find(label);
      std::string page = cli_test::read(out + "/claims/" + report::file_stem(label) + ".html");
      EXPECT_NE(page.find("<h1>" + label + " (" + claim->number + ")"), std::string::npos) << label << tex;
      EXPECT_NE(page.find("section: " + section_number(claim->section) + ": "), std::string::npos) << label << tex;
    }
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace palcheck::cli
