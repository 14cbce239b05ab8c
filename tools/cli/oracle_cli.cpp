// Oracle command-line pieces (see oracle_cli.h).
#include "tools/cli/oracle_cli.h"

#include "oracle/eval/eval_document.h"
#include "oracle/eval/frame_eval.h"
#include "oracle/eval/oracle_eval.h"
#include "oracle/formats/json_input.h"
#include "oracle/stream/stream_dump.h"
#include "oracle/stream/stream_eval.h"
#include "tools/cli/number_option.h"
#include "util/atomic_write.h"

#include <iostream>

namespace palcheck::cli {

using namespace oracle;  // the oracle library: formats, problem, eval, compare

Conventions conventions_of(const std::optional<nlohmann::json>& document, const std::string& atol,
                           const std::string& rtol, const std::vector<std::string>& options) {
  Conventions c;
  if (document && document->is_object() && document->contains("conventions"))
    apply_convention_json(c, document->at("conventions"), "conventions");
  if (!atol.empty()) apply_convention_option(c, "atol=" + atol);
  if (!rtol.empty()) apply_convention_option(c, "rtol=" + rtol);
  for (const std::string& option : options) apply_convention_option(c, option);
  return c;
}

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
         !o.dump.empty() || !o.conventions.empty();
}

void check_output_paths(const std::vector<OutputPath>& outputs, const ProblemSources& s,
                        const std::vector<OutputPath>& more_inputs) {
  std::vector<NamedPath> inputs{{"FILE", s.document}, {"--inputs", s.inputs}, {"--w-in", s.w_in}, {"--w-out", s.w_out}};
  for (const std::string& m : s.measures) inputs.push_back({"--measure", m});
  for (const OutputPath& in : more_inputs) inputs.push_back({in.option, in.path});
  std::vector<NamedPath> files;
  for (const OutputPath& out : outputs) files.push_back({out.option, out.path});
  check_paths(files, inputs);
}

namespace {

// Long runs report each tenth done on stderr (done and total: tokens of .npy inputs, else bytes);
// runs of less than `least` stay silent. A file read twice (.npy output's shape, or JSON's exact and
// double lists) reports each pass.
std::function<void(std::size_t, std::size_t)> progress_report(const std::string& inputs, std::size_t least) {
  // By name only: a JSON document has no inputs file and a pipe no extension, and neither is an error here.
  const char* unit = inputs.ends_with(".npy") ? " tokens (" : " bytes (";
  return [tenth = 0, last = std::size_t{0}, unit, least](std::size_t done, std::size_t total) mutable {
    if (total < least) return;
    if (done < last) tenth = 0;
    last = done;
    for (; tenth < 10 && done * 10 >= (tenth + 1) * total; ++tenth)
      std::cerr << "eval: " << done << " of " << total << unit << (tenth + 1) * 10 << "%)\n";
  };
}

}  // namespace

// eval under conventions other than the paper's presentation: the whole problem, in their frame.
int run_frame_eval(const OracleEvalOptions& o, const Conventions& conventions, FileFormat format, ValueKind kind) {
  if (!o.dump.empty() || o.trace)
    throw InputError("--dump and --trace show the paper's reading: leave out --convention (other than columns, "
                     "atol, rtol) to use them");
  OracleProblem problem = load_problem(o.sources);
  BatchOutputs outputs = evaluate_in_frame(problem, conventions, kind);
  std::string bytes;
  try {
    bytes = format_outputs(problem, outputs, format, kind, false);
  } catch (const InputError& e) {
    throw InputError((o.output.empty() || o.output == "-" ? std::string("standard output") : o.output) + ": " +
                     e.what());
  }
  write_atomically(o.output.empty() ? "-" : o.output, bytes);
  return 0;
}

int run_oracle_eval(const OracleEvalOptions& options) {
  OracleEvalOptions o = options;
  check_output_paths({{"-o", o.output}, {"--dump", o.dump}}, o.sources);
  if (!o.sources.document.empty() && !o.sources.parsed_document)  // read once: it may be a pipe
    o.sources.parsed_document =
        parse_json_text(read_source(o.sources.document), o.sources.document == "-" ? "stdin" : o.sources.document);
  Conventions conventions = conventions_of(o.sources.parsed_document, "", "", o.conventions);
  o.sources.columns = conventions.columns;
  FileFormat format = o.output.empty() ? FileFormat::Json : format_of(o.output);
  // Smoothed outputs are not rational: doubles unless exact values are asked for (an error then).
  ValueKind kind = format == FileFormat::Npy || !rational_outputs(conventions) ? ValueKind::Double : ValueKind::Exact;
  if (o.values == "exact")
    kind = ValueKind::Exact;
  else if (o.values == "double")
    kind = ValueKind::Double;
  else if (o.values == "both")
    kind = ValueKind::Both;
  else if (!o.values.empty())
    throw InputError("--values: expected exact, double or both, got \"" + o.values + "\"");
  if (!paper_frame(conventions) || conventions.domain) return run_frame_eval(o, conventions, format, kind);
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
    // A dump or trace of PAL: read once, token by token, memory O(depth + relays) beside the inputs.
    // The sources are moved in and back: a document read from a pipe is not copied.
    auto progress = progress_report(src.inputs, std::size_t{1} << 19);
    DumpRequest request{std::move(o.sources), o.output, kind, o.trace, o.dump, std::move(progress)};
    if (dump_streamable(request)) {
      stream_dump(request);
      return 0;
    }
    o.sources = std::move(request.sources);
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
