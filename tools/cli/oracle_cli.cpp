// Oracle command-line pieces (see oracle_cli.h).
#include "tools/cli/oracle_cli.h"

#include "oracle/eval/eval_document.h"
#include "oracle/eval/frame_eval.h"
#include "oracle/eval/oracle_eval.h"
#include "oracle/formats/json_input.h"
#include "oracle/stream/stream_dump.h"
#include "oracle/stream/stream_eval.h"
#include "oracle/transformer/transformer_document.h"
#include "tools/cli/number_option.h"
#include "util/atomic_file.h"
#include "util/atomic_write.h"

#include <iostream>
#include <memory>
#include <optional>
#include <utility>
#include <variant>

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

Q parse_grid_delta(const std::string& text) {
  std::optional<Q> delta = parse_rational(text);
  if (!delta || *delta <= 0) throw InputError("--grid-delta: expected an exact number > 0, got \"" + text + "\"");
  return *delta;
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
      ->add_option_function<std::string>(
          "--grid-delta", [&s](const std::string& text) { s.grid_delta = parse_grid_delta(text); },
          "CSV/.npy measures are L x L grid weight matrices with this spacing (an exact number)")
      ->type_name("NUMBER");
  command->add_flag_callback(
      "--header", [&s] { s.csv_header = CsvHeader::Declared; },
      "The first row of every CSV input is a header (otherwise only a row with no numeric cell is)");
  command
      ->add_option_function<std::string>(
          "--initial-state",
          [&s](const std::string& text) {
            s.initial_state = static_cast<InitialState>(parse_count(text, "--initial-state", 0, 1));
          },
          "Relay state before the first input: 0 (default) or 1")
      ->type_name("0|1");
}

std::vector<std::string> problem_options_given(const ProblemSources& s) {
  std::vector<std::string> given;
  auto note = [&](bool is_given, const char* name) {
    if (is_given) given.push_back(name);
  };
  note(!s.measures.empty(), "--measure");
  note(!s.inputs.empty(), "--inputs");
  note(!s.w_in.empty(), "--w-in");
  note(!s.w_out.empty(), "--w-out");
  note(s.grid_delta.has_value(), "--grid-delta");
  note(s.initial_state.has_value(), "--initial-state");
  note(s.csv_header == CsvHeader::Declared, "--header");
  return given;
}

std::vector<std::string> oracle_options_given(const OracleEvalOptions& o) {
  std::vector<std::string> given = problem_options_given(o.sources);
  auto note = [&](bool is_given, const char* name) {
    if (is_given) given.push_back(name);
  };
  note(!o.output.empty(), "-o");
  note(o.values.has_value(), "--values");
  note(!o.dump.empty(), "--dump");
  note(!o.conventions.empty(), "--convention");
  return given;
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

// Where eval writes and which values: the same for every route.
struct EvalOutput {
  std::string path;  // "" or "-": standard output
  FileFormat format = FileFormat::Json;
  ValueKind kind = ValueKind::Exact;
};

// Conventions other than the paper's presentation: the whole problem, evaluated in their frame.
struct FrameRoute {
  ProblemSources sources;
  Conventions conventions;
  EvalOutput out;
};

// PAL over .npy, CSV or JSON-batch inputs: chunked, constant memory in the number of tokens, all cores.
struct StreamRoute {
  ProblemSources sources;
  StreamRequest request;  // all but the keyed measure, read when the route runs
};

// A dump or trace of PAL: read once, token by token, memory O(depth + relays) beside the inputs.
struct DumpRoute {
  DumpRequest request;
};

// Everything else: the whole batch in memory, formatted before anything is written.
struct BatchRoute {
  ProblemSources sources;
  EvalOutput out;
  bool trace = false;
  std::string dump;
  unsigned threads = 1;
};

using EvalRoute = std::variant<FrameRoute, StreamRoute, DumpRoute, BatchRoute>;

// The bytes of the output, format_outputs' objections named by the output they concern.
std::string output_bytes(const OracleProblem& problem, const BatchOutputs& outputs, const EvalOutput& out, bool trace) {
  try {
    return format_outputs(problem, outputs, out.format, out.kind, trace);
  } catch (const InputError& e) {
    throw InputError((out.path.empty() || out.path == "-" ? std::string("standard output") : out.path) + ": " +
                     e.what());
  }
}

void run_route(FrameRoute& route) {
  OracleProblem problem = load_problem(route.sources);
  BatchOutputs outputs = evaluate_in_frame(problem, route.conventions, route.out.kind);
  std::string bytes = output_bytes(problem, outputs, route.out, false);
  write_file_atomically(route.out.path.empty() ? "-" : route.out.path, bytes);
}

void run_route(StreamRoute& route) {
  const ProblemSources& src = route.sources;
  route.request.keyed = std::make_shared<const KeyedMeasure>(
      load_keyed_measure(src.measures[0], src.grid_delta, src.columns, src.csv_header));
  stream_evaluate(std::move(route.request));
}

void run_route(DumpRoute& route) { stream_dump(route.request); }

void run_route(BatchRoute& route) {
  OracleProblem problem = load_problem(route.sources);
  BatchOutputs outputs =
      evaluate_problem(problem, route.dump.empty() ? route.out.kind : ValueKind::Both, route.threads);
  // Everything is formatted before anything is written: bad input leaves no file behind.
  std::string main_bytes = output_bytes(problem, outputs, route.out, route.trace);
  if (!route.dump.empty()) write_file_atomically(route.dump, dump_json(problem, outputs, route.trace).dump(1) + "\n");
  write_file_atomically(route.out.path.empty() ? "-" : route.out.path, main_bytes);
}

StreamRoute stream_route(ProblemSources sources, const EvalOutput& out, unsigned threads) {
  StreamRoute route;
  route.request.inputs = sources.inputs;
  route.request.output = out.path;
  route.request.kind = out.kind;
  route.request.csv_header = sources.csv_header;
  route.request.initial = sources.initial_state.value_or(InitialState::Off);
  route.request.threads = threads;
  route.request.progress = progress_report(sources.inputs, std::size_t{1} << 24);
  route.sources = std::move(sources);
  return route;
}

// The sources are moved in and, when stream_dump cannot write the request, back out to the whole batch:
// a document read from a pipe is never copied.
EvalRoute dump_or_batch_route(ProblemSources sources, const EvalOutput& out, bool trace, const std::string& dump,
                              unsigned threads) {
  auto progress = progress_report(sources.inputs, std::size_t{1} << 19);
  DumpRequest request{std::move(sources), out.path, out.kind, trace, dump, std::move(progress)};
  if (dump_streamable(request)) return DumpRoute{std::move(request)};
  return BatchRoute{std::move(request.sources), out, trace, dump, threads};
}

// Which route eval takes, decided before anything is read beyond the document.
EvalRoute plan_eval(OracleEvalOptions o) {
  Conventions conventions = conventions_of(o.sources.parsed_document, "", "", o.conventions);
  o.sources.columns = conventions.columns;
  EvalOutput out{o.output, o.output.empty() ? FileFormat::Json : format_of(o.output)};
  // Smoothed outputs are not rational: doubles unless exact values are asked for (an error then).
  bool doubles = out.format == FileFormat::Npy || !rational_outputs(conventions);
  out.kind = o.values.value_or(doubles ? ValueKind::Double : ValueKind::Exact);
  unsigned threads = o.threads == 0 ? all_cores() : o.threads;
  bool shows_state = !o.dump.empty() || o.trace;
  if (!paper_frame(conventions) || conventions.domain) {
    if (shows_state)
      throw InputError(
          "--dump and --trace show the paper's reading: leave out --convention (other than columns, "
          "atol, rtol) to use them");
    return FrameRoute{std::move(o.sources), std::move(conventions), out};
  }
  const ProblemSources& src = o.sources;
  if (!shows_state && src.document.empty() && src.measures.size() == 1 && src.w_in.empty() && src.w_out.empty() &&
      streamable(src.inputs, o.output, out.kind))
    return stream_route(std::move(o.sources), out, threads);
  if (shows_state) return dump_or_batch_route(std::move(o.sources), out, o.trace, o.dump, threads);
  return BatchRoute{std::move(o.sources), out, false, "", threads};
}

}  // namespace

int run_oracle_eval(const OracleEvalOptions& options) {
  OracleEvalOptions o = options;
  check_output_paths({{"-o", o.output}, {"--dump", o.dump}}, o.sources);
  if (!o.sources.document.empty() && !o.sources.parsed_document)  // read once: it may be a pipe
    o.sources.parsed_document =
        parse_json_text(read_source(o.sources.document), o.sources.document == "-" ? "stdin" : o.sources.document);
  if (o.sources.parsed_document && is_transformer_document(*o.sources.parsed_document))
    throw InputError((oracle_options_given(o).empty() ? std::string("eval") : oracle_options_given(o).front()) +
                     ": not for a transformer document, which eval prints as JSON on standard output with the "
                     "conventions it declares (docs/oracle.md)");
  EvalRoute route = plan_eval(std::move(o));
  std::visit([](auto& r) { run_route(r); }, route);
  return 0;
}

}  // namespace palcheck::cli
