// `palcheck compare` (issue #7, test-oracle mode): def:pal, def:mpal outputs of another
// implementation against the exact reference; see oracle_compare.h. Exit 0 agree, 1 differ, 2 bad input.
#include "tools/cli/commands.h"
#include "tools/oracle/json_input.h"
#include "tools/cli/oracle_cli.h"
#include "tools/oracle/oracle_compare.h"
#include "tools/oracle/oracle_files.h"

#include <iostream>
#include <memory>

namespace palcheck::cli {

using namespace oracle;  // the oracle library: formats, problem, eval, compare

namespace {

Q tolerance(const std::string& text, const char* option) {
  auto q = parse_rational(text);
  if (!q || *q < 0) throw InputError(std::string(option) + ": expected an exact number >= 0, got \"" + text + "\"");
  return *q;
}

}  // namespace

CommandHandler add_oracle_commands(CLI::App& app) {
  struct Options {
    std::string document, actual, report;
    ProblemSources sources;
    std::string atol = "1e-9", rtol = "1e-6";
    std::size_t explain = 10;
  };
  auto o = std::make_shared<Options>();
  auto* compare = app.add_subcommand("compare", "Compare another implementation's PAL/MPAL outputs with the exact reference");
  compare->add_option("FILE", o->document, "JSON document with measure and inputs (as for eval), or - for stdin");
  add_problem_options(compare, o->sources);
  compare->add_option("--actual", o->actual, "The other implementation's outputs: .json, .csv or .npy")->required();
  compare->add_option("--atol", o->atol, "Absolute tolerance (exact number, default 1e-9)");
  compare->add_option("--rtol", o->rtol, "Relative tolerance (exact number, default 1e-6)");
  compare->add_option("--explain", o->explain, "Diagnose at most this many differing sequences (default 10)");
  compare->add_option("--report", o->report, "Write the JSON report to this file instead of standard output");
  return [compare, o]() -> int {
    if (!*compare) return -1;
    Tolerance tol{tolerance(o->atol, "--atol"), tolerance(o->rtol, "--rtol")};
    o->sources.document = o->document;
    OracleProblem problem = load_problem(o->sources);
    ActualOutputs actual = load_actual(o->actual, problem);
    nlohmann::json report = compare_outputs(problem, actual, tol, o->explain);
    write_atomically(o->report.empty() ? "-" : o->report, report.dump(2) + "\n");
    std::cerr << summarize_report(report);
    return report.at("agree").get<bool>() ? 0 : 1;
  };
}

}  // namespace palcheck::cli
