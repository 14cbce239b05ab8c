// `palcheck compare` (test-oracle mode): def:pal, def:mpal outputs of another
// implementation against the exact reference; see oracle_compare.h. Exit 0 agree, 1 differ, 2 bad input.
#include "oracle/diagnosis/oracle_compare.h"
#include "oracle/eval/eval_document.h"
#include "oracle/formats/json_input.h"
#include "oracle/formats/oracle_files.h"
#include "oracle/transformer/transformer_document.h"
#include "tools/cli/commands.h"
#include "tools/cli/number_option.h"
#include "tools/cli/oracle_cli.h"
#include "util/atomic_file.h"
#include "util/atomic_write.h"

#include <iostream>
#include <memory>
#include <optional>
#include <vector>

namespace palcheck::cli {

using namespace oracle;  // the oracle library: formats, problem, eval, compare

CommandHandler add_oracle_commands(CLI::App& app) {
  struct Options {
    std::string document, actual, report;
    ProblemSources sources;
    std::string atol, rtol;
    std::vector<std::string> conventions;
    std::size_t explain = 10;
  };
  auto o = std::make_shared<Options>();
  auto* compare =
      app.add_subcommand("compare", "Compare another implementation's PAL/MPAL outputs with the exact reference");
  compare->add_option("FILE", o->document, "JSON document with measure and inputs (as for eval), or - for stdin")
      ->type_name("");
  add_problem_options(compare, o->sources);
  compare->add_option("--actual", o->actual, "The other implementation's outputs: .json, .csv or .npy")
      ->required()
      ->type_name("FILE");
  compare->add_option("--atol", o->atol, "Absolute tolerance (exact number, default 1e-9; same as --convention atol=)")
      ->type_name("NUMBER");
  compare->add_option("--rtol", o->rtol, "Relative tolerance (exact number, default 1e-6; same as --convention rtol=)")
      ->type_name("NUMBER");
  compare->add_option("--convention", o->conventions, "The other implementation's conventions: " + conventions_help())
      ->type_name("KEY=VALUE");
  add_count_option(compare, "--explain", o->explain, 0, 1'000'000, "Diagnose at most this many differing sequences");
  compare->add_option("--report", o->report, "Write the JSON report to this file instead of standard output")
      ->type_name("FILE");
  return [compare, o]() -> int {
    if (!*compare) return -1;
    o->sources.document = o->document;
    check_output_paths({{"--report", o->report}}, o->sources, {{"--actual", o->actual}});
    if (!o->document.empty())
      o->sources.parsed_document =
          parse_json_text(read_source(o->document), o->document == "-" ? "stdin" : o->document);
    if (o->sources.parsed_document && is_transformer_document(*o->sources.parsed_document))
      throw InputError(o->document + ": a transformer document is compared in Python "
                       "(palcheck_oracle.transformer.compare); palcheck eval evaluates it");
    Conventions conventions = conventions_of(o->sources.parsed_document, o->atol, o->rtol, o->conventions);
    o->sources.columns = conventions.columns;
    OracleProblem problem = load_problem(o->sources);
    ActualOutputs actual = load_actual(o->actual, problem);
    nlohmann::json report = compare_outputs(problem, actual, conventions, o->explain);
    write_file_atomically(o->report.empty() ? "-" : o->report, report.dump(2) + "\n");
    std::cerr << summarize_report(report);
    if (report.at("status") == "nothing compared" || report.at("status") == "undecided") return kExitUndetermined;
    return report.at("agree").get<bool>() ? 0 : 1;
  };
}

}  // namespace palcheck::cli
