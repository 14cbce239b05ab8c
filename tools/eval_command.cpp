// `palcheck eval` (see eval_command.h).
#include "eval_command.h"

#include "commands.h"

#include "json_input.h"
#include "memory_pal.h"
#include "oracle_cli.h"
#include "trace.h"

#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>

namespace palcheck::cli {

using nlohmann::json;

namespace {

json thresholds_json(const WeightedRelay& r, std::size_t index) {
  return {{"index", index},
          {"alpha", to_string(r.thresholds.alpha)},
          {"beta", to_string(r.thresholds.beta)},
          {"weight", to_string(r.weight)}};
}

}  // namespace

json evaluate_document(const json& doc, bool trace) {
  Measure mu = parse_measure(doc);
  std::vector<Q> u = parse_inputs(doc);
  InitialState initial = parse_initial_state(doc);
  json out;
  out["initial_state"] = static_cast<int>(initial);
  json outputs = json::array();
  if (has_grid(doc)) {
    MemoryPal pal(parse_grid(doc), initial);
    for (const Q& x : u) outputs.push_back(to_string(pal.step(x)));
  } else {
    MemoryPal pal(mu, initial);
    for (const Q& x : u) outputs.push_back(to_string(pal.step(x)));
  }
  out["outputs"] = outputs;
  if (trace) {
    json steps = json::array();
    for (const TraceStep& s : trace_pal(mu, u, initial)) {
      json on = json::array(), off = json::array(), memory = json::array();
      for (std::size_t r : s.switched_on) on.push_back(thresholds_json(mu.relays[r], r));
      for (std::size_t r : s.switched_off) off.push_back(thresholds_json(mu.relays[r], r));
      for (const Q& e : s.memory) memory.push_back(to_string(e));
      steps.push_back({{"input", to_string(s.input)},
                       {"output", to_string(s.output)},
                       {"memory", memory},
                       {"switched_on", on},
                       {"switched_off", off}});
    }
    out["trace"] = steps;
  }
  return out;
}

std::string read_source(const std::string& path) {
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    return ss.str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open file");
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

CommandHandler add_eval_command(CLI::App& app) {
  struct Options {
    std::string file;
    bool trace = false;
    OracleEvalOptions oracle;  // test-oracle mode (oracle_cli.h): files, batches, MPAL, --dump
  };
  auto options = std::make_shared<Options>();
  auto* eval = app.add_subcommand("eval", "Exact PAL outputs for a measure and inputs given as JSON");
  eval->add_option("FILE", options->file, "JSON document, or - for standard input");
  eval->add_flag("--trace", options->trace, "Add per-token memory and switched relays");
  add_problem_options(eval, options->oracle.sources);
  eval->add_option("-o,--output", options->oracle.output, "Output file: .json, .csv or .npy (default: JSON on stdout)");
  eval->add_option("--values", options->oracle.values, "exact, double or both (default: exact; .npy: double)");
  eval->add_option("--dump", options->oracle.dump, "Also write a debug-state file (JSON): inputs, measure, outputs, memory");
  return [eval, options]() -> int {
    if (!*eval) return -1;
    if (options->file.empty() && options->oracle.sources.measures.empty())
      throw InputError("eval: give a JSON document (FILE) or --measure and --inputs files");
    if (!options->file.empty() && !oracle_options_given(options->oracle)) {
      auto doc = parse_json_text(read_source(options->file), options->file == "-" ? "stdin" : options->file);
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
