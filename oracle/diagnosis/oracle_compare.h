// def:pal, def:relay, def:mpal, prop:wiping: `palcheck compare`. Another
// implementation's outputs are compared with the exact reference under its declared conventions
// (conventions.h: states, output map, tolerances, smoothing band); for each differing sequence the
// report gives the first differing token, the memory there, and every maximal run of differing
// tokens with its diagnosis (diagnosis.h; MPAL per head and relay, mpal_diagnosis.h); a summary
// groups the runs by cause across the batch.
#pragma once

#include "oracle/eval/conventions.h"
#include "oracle/eval/oracle_problem.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace palcheck::oracle {

/// The other implementation's outputs, shaped like the problem's: per sequence, token-major rows.
struct ActualOutputs {
  std::vector<std::vector<Q>> values;  ///< exact values (a double's binary value; 0 where undefined)
  std::string source;                  ///< file name, for messages
  std::vector<std::vector<char>> undefined = {};  ///< per sequence, nonzero where no number was given (empty: none)
};

/// Reads another implementation's outputs (JSON, CSV or .npy) and checks their shape against the
/// problem; InputError naming the file and the sequence or token that does not fit. For PAL an output
/// that is no number (JSON null, a CSV cell empty or NaN, a .npy NaN) is undefined: accepted before
/// every relay is decided under before_crossing=undefined, a divergence elsewhere.
ActualOutputs load_actual(const std::string& path, const OracleProblem& problem);

/// Compares and explains. Of the first `max_explained` differing sequences, the first 64 runs each get
/// a full "diagnosis" (diagnosis.h) and later runs their "causes" by name (the readings and
/// before_crossing, evaluated once over the sequence); the other sequences' runs have neither and the
/// sequence's "diagnosis" is null. Every run has its "cause" ("not_diagnosed" when none is known).
/// The report's "status" is "agree" when tokens were compared and none fails (smoothing is no failure),
/// "disagree" when one does, "undecided" when none does but a smoothed comparison stays on the
/// tolerance's edge at every precision (listed in "undecided"), "nothing compared" when no token was
/// compared; "agree" is status == "agree".
nlohmann::json compare_outputs(const OracleProblem& problem, const ActualOutputs& actual,
                               const Conventions& conventions, std::size_t max_explained);

/// An exact value's text with its decimal beside it when it is a fraction (the shortest text of the
/// nearest double `value`): "1/3 (0.3333333333333333)"; other text as it is.
std::string with_decimal(const std::string& exact, double value);

/// A human summary of a report: the counts, the first difference, every reading that explains it,
/// and the runs per cause (the same numbers as the JSON).
std::string summarize_report(const nlohmann::json& report);

}  // namespace palcheck::oracle
