// Command-line pieces shared by `palcheck eval` and `palcheck compare` in the test-oracle mode:
// the problem options (measure, inputs, MPAL projections) and eval's oracle run.
#pragma once

#include "oracle/eval/oracle_eval.h"
#include "oracle/eval/oracle_problem.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace palcheck::cli {

/// The most threads `-j` may ask for: far past any core count, and short of the thread limits where
/// starting the pool fails ("Resource temporarily unavailable").
inline constexpr unsigned kMaxThreads = 256;

/// Options of eval's oracle mode beyond the problem.
struct OracleEvalOptions {
  oracle::ProblemSources sources;           ///< where the problem comes from
  std::string output;                       ///< output file (.json, .csv, .npy); empty: JSON on standard output
  std::optional<oracle::ValueKind> values;  ///< --values; nullopt: the output format's default
  std::string dump;                         ///< debug-state dump file (JSON)
  bool trace = false;                       ///< memory and relay states per token in JSON output
  unsigned threads = 0;                     ///< sequences evaluated at once; 0: every core
  std::vector<std::string> conventions;     ///< --convention KEY=VALUE options, in order
};

/// The conventions in force: the document's "conventions", then --atol/--rtol (if given), then each
/// --convention in order.
oracle::Conventions conventions_of(const std::optional<nlohmann::json>& document, const std::string& atol,
                                   const std::string& rtol, const std::vector<std::string>& options);

/// The value of --grid-delta: an exact number > 0; InputError otherwise, thrown as the option is read.
Q parse_grid_delta(const std::string& text);

/// Adds --measure, --inputs, --w-in, --w-out, --grid-delta and --initial-state to a command.
void add_problem_options(CLI::App* command, oracle::ProblemSources& sources);

/// The options of a relay problem's sources given (--measure, --inputs, ..., --header), by name.
std::vector<std::string> problem_options_given(const oracle::ProblemSources& sources);

/// The oracle-only options given, by name (none: eval keeps its original path).
std::vector<std::string> oracle_options_given(const OracleEvalOptions& options);

/// An output file and its option, e.g. {"-o", "out.npy"}.
struct OutputPath {
  std::string option;  ///< the option that named it
  std::string path;    ///< the file ("-" or empty: standard output)
};

/// Before anything is computed: every output's folder is writable, and no output is an input (the
/// problem's files and `more_inputs`) or another output; InputError naming both options otherwise.
void check_output_paths(const std::vector<OutputPath>& outputs, const oracle::ProblemSources& sources,
                        const std::vector<OutputPath>& more_inputs = {});

/// Runs eval in the oracle mode; returns the exit code, InputError on bad input (nothing written).
int run_oracle_eval(const OracleEvalOptions& options);

}  // namespace palcheck::cli
