// def:pal, def:relay, def:mpal, prop:wiping: `palcheck compare` (issue #7). Another
// implementation's outputs are compared with the exact reference under absolute and relative
// tolerances; for each differing sequence the report gives the first differing token, the memory
// there, and the relays that account for the difference: the alternative relay readings
// (oracle_readings.h) that reproduce the other outputs, with the relays that switch differently
// under them, or else the single relays whose flip at that token explains it.
#pragma once

#include "tools/oracle/oracle_problem.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace palcheck::oracle {

/// The other implementation's outputs, shaped like the problem's: per sequence, token-major rows.
struct ActualOutputs {
  std::vector<std::vector<Q>> values;  ///< exact values (a double's binary value)
  std::string source;                  ///< file name, for messages
};

/// Reads another implementation's outputs (JSON, CSV or .npy) and checks their shape against the
/// problem; InputError naming the file and the sequence or token that does not fit.
ActualOutputs load_actual(const std::string& path, const OracleProblem& problem);

/// Tolerances: |actual - exact| <= atol + rtol * |exact|, evaluated exactly.
struct Tolerance {
  Q atol;  ///< absolute tolerance
  Q rtol;  ///< relative tolerance
};

/// Compares and explains; `max_explained` sequences get the full diagnosis, the rest only their
/// first differing token. The report's "agree" is true when nothing differs.
nlohmann::json compare_outputs(const OracleProblem& problem, const ActualOutputs& actual, const Tolerance& tol,
                               std::size_t max_explained);

/// A one-paragraph human summary of a report.
std::string summarize_report(const nlohmann::json& report);

}  // namespace palcheck::oracle
