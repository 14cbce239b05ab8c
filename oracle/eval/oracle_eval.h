// def:pal, def:mpal, prop:wiping: batch evaluation for `palcheck eval` in the test-oracle mode
// and its outputs: exact fractions and nearest doubles as JSON, CSV or .npy, and the
// debug-state dump (inputs, measure, outputs, per-token memory changes and optionally relay switches).
#pragma once

#include "oracle/eval/oracle_problem.h"
#include "oracle/formats/oracle_files.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace palcheck::oracle {

/// Which values an output holds.
enum class ValueKind { Exact, Double, Both };

/// "exact", "double" or "both", as --values spells it.
std::string to_string(ValueKind kind);

/// The kind to_string spells `text`; nullopt for any other text.
std::optional<ValueKind> parse_value_kind(const std::string& text);

/// Outputs of a batch: per sequence, token-major rows of width() values.
struct BatchOutputs {
  std::size_t width = 1;                    ///< values per token (1 for PAL, d for MPAL)
  std::vector<std::vector<Q>> exact;        ///< exact outputs (empty when not asked for)
  std::vector<std::vector<double>> approx;  ///< nearest doubles (empty when not asked for)
  /// Per sequence and value, nonzero where no output is defined (JSON null, CSV nan, .npy NaN); empty: none.
  std::vector<std::vector<char>> undefined;
  /// Appends one sequence's exact values as the kinds asked for: themselves, their nearest doubles, or both.
  void add(std::vector<Q> values, bool with_exact, bool with_approx);
  /// Whether value k of sequence s is undefined.
  bool is_undefined(std::size_t s, std::size_t k) const {
    return s < undefined.size() && !undefined[s].empty() && undefined[s][k];
  }
};

/// Evaluates every sequence; the rank-keyed fast path (keyed_pal.h) does the PAL work. The sequences
/// of a PAL batch are spread over `threads` threads; the result does not depend on their number.
BatchOutputs evaluate_problem(const OracleProblem& problem, ValueKind kind, unsigned threads = 1);

/// The bytes of an output file in `format`; InputError when the format cannot hold the result
/// (.npy holds doubles only and rectangular batches; CSV and .npy hold one MPAL sequence).
std::string format_outputs(const OracleProblem& problem, const BatchOutputs& outputs, FileFormat format, ValueKind kind,
                           bool trace);

/// What format_outputs says of a double output that is not finite (the streamed eval words it alike).
std::string no_finite_double_message();

/// What format_outputs says of a batch .npy cannot hold: sequence `r` has `length` values, sequence 0 has `cols`.
std::string not_rectangular_message(std::size_t r, std::size_t length, std::size_t cols);

/// The debug-state dump: conventions, measure, and per sequence inputs, outputs, the memory's changes per
/// token ([removed, appended]) and, with `relay_states`, the relays each token switched; O(n + changes).
nlohmann::json dump_json(const OracleProblem& problem, const BatchOutputs& outputs, bool relay_states);

/// The dump without its sequences: palcheck_dump, conventions, and the measure (with its grid) or the heads.
nlohmann::json dump_head(const OracleProblem& problem);

/// The measure as JSON (exact strings), for dumps and reports.
nlohmann::json measure_json(const Measure& mu);

}  // namespace palcheck::oracle
