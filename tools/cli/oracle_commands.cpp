// `palcheck compare` (test-oracle mode): def:pal, def:mpal and def:pal_transformer outputs of another
// implementation against the exact reference; see oracle_compare.h and transformer_compare.h. Exit 0
// agree, 1 differ, 2 bad input, 3 no verdict (nothing compared, or undecided).
#include "oracle/diagnosis/oracle_compare.h"
#include "oracle/eval/eval_document.h"
#include "oracle/formats/json_input.h"
#include "oracle/formats/oracle_files.h"
#include "oracle/transformer/transformer_compare.h"
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

namespace {

// A transformer document's comparison: its conventions, then --atol and --rtol, then --convention's
// (atol= and rtol= among the conventions too, as palcheck_oracle.transformer.compare reads them), the
// outputs file as n rows of d.
nlohmann::json compare_transformer(const nlohmann::json& document, const std::string& actual_path, const std::string& atol,
                                   const std::string& rtol, const std::vector<std::string>& options) {
  TransformerDocument doc = parse_transformer_document(document);
  Conventions tolerances;  // the relay conventions' parser, for atol and rtol alone
  tolerances.atol = doc.atol;
  tolerances.rtol = doc.rtol;
  if (!atol.empty()) apply_convention_option(tolerances, "atol=" + atol);
  if (!rtol.empty()) apply_convention_option(tolerances, "rtol=" + rtol);
  for (const std::string& option : options) {
    std::size_t eq = option.find('=');
    if (eq == std::string::npos) throw InputError("--convention: expected KEY=VALUE, got \"" + option + "\"");
    const std::string key = option.substr(0, eq);
    if (key == "atol" || key == "rtol")
      apply_convention_option(tolerances, option);
    else
      apply_transformer_convention(doc.conventions, key, option.substr(eq + 1));
  }
  check_transformer_conventions(doc.spec, doc.conventions);
  NumberRows rows = rows_from_bytes(read_source(actual_path), actual_path, "outputs");
  if (rows.one_dimensional && rows.rows.size() == 1 && rows.rows[0].empty()) rows.rows.clear();  // [] is no token
  if (rows.one_dimensional && doc.spec.d == 1 && rows.rows.size() == 1) {
    std::vector<std::vector<Q>> column;
    for (Q& q : rows.rows[0]) column.push_back({std::move(q)});
    rows.rows = std::move(column);
  }
  return compare_transformer_outputs(doc, rows.rows, {tolerances.atol, tolerances.rtol}, actual_path);
}

// The options that describe a relay problem or its diagnosis, which a transformer document does not take.
std::vector<std::string> relay_options_given(const ProblemSources& s, const CLI::App* compare) {
  std::vector<std::string> given = problem_options_given(s);
  if (compare->count("--explain") > 0) given.push_back("--explain");
  return given;
}

}  // namespace

CommandHandler add_oracle_commands(CLI::App& app) {
  struct Options {
    std::string document, actual, report;
    ProblemSources sources;
    std::string atol, rtol;
    std::vector<std::string> conventions;
    std::size_t explain = 10;
  };
  auto o = std::make_shared<Options>();
  auto* compare = app.add_subcommand("compare",
                                     "Compare another implementation's PAL, MPAL or PAL-Transformer outputs with the "
                                     "exact reference");
  compare
      ->add_option("FILE", o->document,
                   "JSON document with measure and inputs, or a transformer document (as for eval), or - for stdin")
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
    if (o->sources.parsed_document && is_transformer_document(*o->sources.parsed_document)) {
      std::vector<std::string> given = relay_options_given(o->sources, compare);
      if (!given.empty())
        throw InputError(given.front() + ": not for a transformer document, which holds its model and tokens");
      nlohmann::json report =
          compare_transformer(*o->sources.parsed_document, o->actual, o->atol, o->rtol, o->conventions);
      write_file_atomically(o->report.empty() ? "-" : o->report, report.dump(2) + "\n");
      std::cerr << summarize_transformer_report(report);
      if (report.at("status") != "agree" && report.at("status") != "disagree") return kExitUndetermined;
      return report.at("agree").get<bool>() ? 0 : 1;
    }
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
