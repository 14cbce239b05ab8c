// `palcheck eval` (declared in commands.h): the plain document and the oracle mode.
#include "tools/cli/commands.h"

#include "oracle/eval/conventions.h"
#include "oracle/eval/eval_document.h"
#include "oracle/eval/oracle_eval.h"
#include "oracle/formats/json_input.h"
#include "oracle/transformer/transformer_document.h"
#include "oracle/transformer/transformer_eval.h"
#include "tools/cli/number_option.h"
#include "tools/cli/oracle_cli.h"

#include <iostream>
#include <memory>

namespace palcheck::cli {

using namespace oracle;  // the oracle library: formats, problem, eval, compare

CommandHandler add_eval_command(CLI::App& app) {
  struct Options {
    std::string file;
    bool trace = false;
    std::string width;  // a transformer document's --width, an exact decimal
    OracleEvalOptions oracle;  // test-oracle mode (oracle_cli.h): files, batches, MPAL, --dump
  };
  auto options = std::make_shared<Options>();
  auto* eval = app.add_subcommand(
      "eval", "Exact PAL and MPAL outputs of a measure and inputs: one JSON document, or JSON, CSV and .npy files");
  eval->add_option("FILE", options->file, "JSON document, or - for standard input")->type_name("");
  eval->add_flag("--trace", options->trace, "Add per-token memory and switched relays");
  eval->add_option("--width", options->width,
                   "A transformer document's outputs to within this width (an exact decimal > 0; default: the "
                   "double nearest each output determined)")
      ->type_name("W");
  add_problem_options(eval, options->oracle.sources);
  eval->add_option("-o,--output", options->oracle.output, "Output file: .json, .csv or .npy (default: JSON on stdout)")
      ->type_name("FILE");
  eval->add_option_function<std::string>(
          "--values",
          [options](const std::string& text) {
            options->oracle.values = parse_value_kind(text);
            if (!options->oracle.values)
              throw InputError("--values: expected exact, double or both, got \"" + text + "\"");
          },
          "exact, double or both (default: exact; .npy: double)")
      ->type_name(to_string(ValueKind::Exact) + "|" + to_string(ValueKind::Double) + "|" + to_string(ValueKind::Both));
  add_count_option(eval, "-j,--threads", options->oracle.threads, 0, kMaxThreads,
                   "Sequences evaluated at once (default 0: every core); the output does not depend on it");
  eval->add_option("--convention", options->oracle.conventions,
                   "Outputs in another implementation's frame: " + conventions_help());
  eval->add_option_function<std::string>(
          "--dump",
          [options](const std::string& path) {
            if (path.empty()) throw InputError("--dump: expected a file name, got an empty one");
            options->oracle.dump = path;
          },
          "Also write a debug-state file (JSON): inputs, measure, outputs, memory")
      ->type_name("FILE");
  return [eval, options]() -> int {
    if (!*eval) return -1;
    if (options->file.empty() && options->oracle.sources.measures.empty())
      throw InputError("eval: give a JSON document (FILE) or --measure and --inputs files");
    if (!options->file.empty() && oracle_options_given(options->oracle).empty()) {
      auto doc = parse_json_text(read_source(options->file), options->file == "-" ? "stdin" : options->file);
      if (is_transformer_document(doc)) {
        if (options->trace) throw InputError("--trace: not available for a transformer document");
        PrecisionGoal goal;
        if (!options->width.empty()) {
          std::optional<Q> width = parse_rational(options->width);
          if (!width || *width <= 0)
            throw InputError("--width: expected an exact decimal > 0, got \"" + options->width + "\"");
          goal.width = *width;
        }
        nlohmann::json result = evaluate_transformer_document(doc, goal);
        std::cout << result.dump(2) << "\n";
        return result["undetermined"].empty() ? 0 : kExitUndetermined;
      }
      if (!options->width.empty()) throw InputError("--width: for a transformer document only");
      if (!needs_oracle_mode(doc)) {
        std::cout << evaluate_document(doc, options->trace).dump(2) << "\n";
        return 0;
      }
      options->oracle.sources.parsed_document = std::move(doc);
    }
    options->oracle.sources.document = options->file;
    options->oracle.trace = options->trace;
    return run_oracle_eval(options->oracle);
  };
}

}  // namespace palcheck::cli
