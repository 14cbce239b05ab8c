// The logic behind `palcheck list|verify|show|replay`, kept out of the command line so that tests
// can drive it with a registry of their own: selection of claims by label or section, running
// their checkers, the table and the JSON report, replay files for every REFUTED claim.
#pragma once

#include "claims/reading_verdict.h"
#include "claims/registry.h"
#include "claims/result_json.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace palcheck::cli {

/// The claims an argument list selects, in registry order; arguments matching nothing go to `unknown`.
/// An argument is a label or a section (then every claim of that section); no argument selects all.
std::vector<std::string> select_claims(const Registry& registry, const std::vector<std::string>& arguments,
                                       std::vector<std::string>& unknown);

/// One claim's verdict and the results behind it.
struct ClaimReport {
  Claim claim;                       ///< the claim judged
  Verdict verdict;                   ///< combine_readings(claim, results).verdict
  std::vector<std::string> methods;  ///< its checkers' methods, in registration order
  std::vector<CheckResult> results;  ///< every checker's results, refutations already confirmed
  ReadingVerdict readings;           ///< the verdict per admitted reading (see claims/reading_verdict.h)
};

/// A whole verify run.
struct VerifyReport {
  RunConfig config;                 ///< the settings every checker received
  std::vector<ClaimReport> claims;  ///< one per selected claim, in registry order

  /// True when some checker's result is ERROR (exit code 1).
  bool any_error() const;
};

/// Runs the checkers of `labels` in order; one progress line per claim start and finish on `progress`
/// (timings go there only, never into the report).
VerifyReport run_verify(const Registry& registry, const std::vector<std::string>& labels, const RunConfig& config,
                        std::ostream* progress);

/// The result that decides a claim's verdict (the confirmed refutation, the error, ...), or nullptr.
const CheckResult* deciding_result(const ClaimReport& report);

/// `palcheck verify LABEL --seed N --tests M` with the run's settings.
std::string replay_command(const std::string& label, const RunConfig& config);

/// {"seed": N, "claims": [{"label","verdict","methods","evidence","interpretation"}]}; deterministic.
nlohmann::ordered_json verify_json(const VerifyReport& report);

/// The replay file of every REFUTED claim (its headline) and of every claim refuted under some readings only.
std::vector<ReplayFile> replay_files(const Registry& registry, const VerifyReport& report);

/// The file name a claim's replay file gets in `--out DIR`: the label with ':' and '/' replaced.
std::string replay_file_name(const std::string& label);

/// `palcheck list`: every claim with section, kind, ours and its checkers' methods.
nlohmann::ordered_json list_json(const Registry& registry);

/// What replaying a saved instance showed.
struct ReplayReport {
  bool replayer_found = false;  ///< the registry has a replayer for the instance
  ReplayOutcome outcome;        ///< the replayer's outcome (when found)
};

/// Replays an instance on the reference with the registry's replayer.
ReplayReport replay_instance(const Registry& registry, const Instance& instance);

}  // namespace palcheck::cli
