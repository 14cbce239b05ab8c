// Oracle command-line pieces (see oracle_cli.h).
#include "tools/cli/oracle_cli.h"

#include "tools/cli/number_option.h"
#include "tools/oracle/atomic_write.h"
#include "tools/oracle/json_input.h"
#include "tools/oracle/oracle_eval.h"
#include "tools/oracle/stream_dump.h"
#include "tools/oracle/stream_eval.h"

#include <iostream>

namespace palcheck::cli {

using namespace oracle;  // the oracle library: formats, problem, eval, compare

void add_problem_options(CLI::App* command, ProblemSources& s) {
  command
      ->add_option("--measure", s.measures,
                   "Measure file: JSON (relays or grid), or CSV/.npy rows alpha,beta[,weight] (a weight matrix "
                   "with --grid-delta); repeat once per MPAL head")
      ->type_name("FILE");
  command
      ->add_option("--inputs", s.inputs,
                   "Inputs file: JSON list or list of lists, CSV (one row per sequence), .npy 1-D or 2-D "
                   "(one row per sequence; for MPAL one row per token)")
      ->type_name("FILE");
  command->add_option("--w-in", s.w_in, "MPAL input projections W_I, H x d (JSON, CSV or .npy)")->type_name("FILE");
  command->add_option("--w-out", s.w_out, "MPAL output projections W_O, H x d (JSON, CSV or .npy)")->type_name("FILE");
  command
      ->add_option("--grid-delta", s.grid_delta,
                   "CSV/.npy measures are L x L grid weight matrices with this spacing (an exact number)")
      ->type_name("NUMBER");
  command->add_flag_callback(
      "--header", [&s] { s.csv_header = CsvHeader::Declared; },
      "The first row of every CSV input is a header (otherwise only a row with no numeric cell is)");
  command
      ->add_option_function<std::string>(
          "--initial-state",
          [&s](const std::string& text) {
            s.initial_state = static_cast<int>(parse_count(text, "--initial-state", 0, 1));
          },
          "Relay state before the first input: 0 (default) or 1")
      ->type_name("0|1");
}

bool oracle_options_given(const OracleEvalOptions& o) {
  const ProblemSources& s = o.sources;
  return !s.measures.empty() || !s.inputs.empty() || !s.w_in.empty() || !s.w_out.empty() || !s.grid_delta.empty() ||
         s.initial_state || s.csv_header == CsvHeader::Declared || !o.output.empty() || !o.values.empty() ||
         !o.dump.empty();
}

void check_output_paths(const std::vector<OutputPath>& outputs, const ProblemSources& s,
                        const std::vector<OutputPath>& more_inputs) {
  std::vector<OutputPath> inputs{
      {"FILE", s.document}, {"--inputs", s.inputs}, {"--w-in", s.w_in}, {"--w-out", s.w_out}};
  for (const std::string& m : s.measures) inputs.push_back({"--measure", m});
  inputs.insert(inputs.end(), more_inputs.begin(), more_inputs.end());
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    check_writable(outputs[k].path, outputs[k].option);
    for (const OutputPath& in : inputs) check_distinct(outputs[k].path, outputs[k].option, in.path, in.option);
    for (std::size_t j = 0; j < k; ++j)
      check_distinct(outputs[k].path, outputs[k].option, outputs[j].path, outputs[j].option);
  }
}

namespace {

// Long runs report each tenth done on stderr (done and total: tokens of .npy inputs, else bytes);
// runs of less than `least` stay silent. A file read twice (.npy output's shape, or JSON's exact and
// double lists) reports each pass.
std::function<void(std::size_t, std::size_t)> progress_report(const std::string& inputs, std::size_t least) {
  const char* unit = format_of(inputs) == FileFormat::Npy ? " tokens (" : " bytes (";
  return [tenth = 0, last = std::size_t{0}, unit, least](std::size_t done, std::size_t total) mutable {
    if (total < least) return;
    if (done < last) tenth = 0;
    last = done;
    for (; tenth < 10 && done * 10 >= (tenth + 1) * total; ++tenth)
      std::cerr << "eval: " << done << " of " << total << unit << (tenth + 1) * 10 << "%)\n";
  };
}

}  // namespace

int run_oracle_eval(const OracleEvalOptions& o) {
  check_output_paths({{"-o", o.output}, {"--dump", o.dump}}, o.sources);
  FileFormat format = o.output.empty() ? FileFormat::Json : format_of(o.output);
  ValueKind kind = format == FileFormat::Npy ? ValueKind::Double : ValueKind::Exact;
  if (o.values == "exact")
    kind = ValueKind::Exact;
  else if (o.values == "double")
    kind = ValueKind::Double;
  else if (o.values == "both")
    kind = ValueKind::Both;
  else if (!o.values.empty())
    throw InputError("--values: expected exact, double or both, got \"" + o.values + "\"");
  const ProblemSources& src = o.sources;
  if (o.dump.empty() && !o.trace && src.document.empty() && src.measures.size() == 1 && src.w_in.empty() &&
      src.w_out.empty() && streamable(src.inputs, o.output, kind)) {
    // PAL over .npy, CSV or JSON-batch inputs: chunked, constant memory in the number of tokens, all cores.
    StreamRequest request;
    request.keyed = std::make_shared<const KeyedMeasure>(
        load_keyed_measure(src.measures[0], src.grid_delta, src.columns, src.csv_header));
    request.inputs = src.inputs;
    request.output = o.output;
    request.kind = kind;
    request.csv_header = src.csv_header;
    if (src.initial_state) {
      if (*src.initial_state != 0 && *src.initial_state != 1)
        throw InputError("--initial-state: expected 0 or 1, got " + std::to_string(*src.initial_state));
      request.initial = static_cast<InitialState>(*src.initial_state);
    }
    request.threads = o.threads == 0 ? all_cores() : o.threads;
    request.progress = progress_report(src.inputs, std::size_t{1} << 24);
    stream_evaluate(std::move(request));
    return 0;
  }
  if (!o.dump.empty() || o.trace) {
    // A dump or trace of PAL over CSV or .npy inputs: read once, token by token, memory O(depth + relays).
    DumpRequest request{src, o.output, kind, o.trace, o.dump, progress_report(src.inputs, std::size_t{1} << 19)};
    if (dump_streamable(request)) {
      stream_dump(request);
      return 0;
    }
  }
  OracleProblem problem = load_problem(o.sources);
  BatchOutputs outputs =
      evaluate_problem(problem, o.dump.empty() ? kind : ValueKind::Both, o.threads == 0 ? all_cores() : o.threads);
  // Everything is formatted before anything is written: bad input leaves no file behind.
  std::string main_bytes;
  try {
    main_bytes = format_outputs(problem, outputs, format, kind, o.trace);
  } catch (const InputError& e) {
    throw InputError((o.output.empty() || o.output == "-" ? std::string("standard output") : o.output) + ": " +
                     e.what());
  }
  std::string dump_bytes = o.dump.empty() ? std::string() : dump_json(problem, outputs, o.trace).dump(1) + "\n";
  if (!o.dump.empty()) write_atomically(o.dump, dump_bytes);
  write_atomically(o.output.empty() ? "-" : o.output, main_bytes);
  return 0;
}

}  // namespace palcheck::cli
