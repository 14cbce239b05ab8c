// What a report is made from: a verify run (the JSON of `palcheck verify --json`), its replay files
// (`--out DIR`), the claim table, and the choice of each claim's headline counterexample. Fields that
// later versions of the verify JSON add (by_reading, headline, bound, second_solver) are read when present;
// what the run holds is checked as merge checks shards, so that a report is never made of a run that is not one.
#pragma once

#include "claims/claim.h"
#include "claims/instance.h"
#include "claims/verdict.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace palcheck::report {

/// One result of a claim, with what the report decides on read into types.
struct ReportResult {
  nlohmann::json doc;  ///< the result's object in the verify JSON
  /// the result as claims/result_json.h reads it (a field the run does not give keeps its default: a run that does
  /// not say what the result speaks about speaks of the statement)
  CheckResult result;
};

/// One claim of the run with what the report needs about it.
struct ReportClaim {
  Claim claim;                        ///< the table row (label, section, statement, hypotheses, readings)
  nlohmann::json doc;                 ///< the claim's object in the verify JSON
  Verdict verdict = Verdict::Error;   ///< the claim's verdict as the run gave it
  std::vector<ReportResult> results;  ///< its results, in the run's order
  /// the failing case and what the reference computed on it, when its evidence is a searched counterexample (the
  /// summary of one of its REFUTED results, whose CheckResult::searched it is)
  std::optional<std::string> searched;
  std::optional<nlohmann::json> replay;  ///< its replay file, when the run wrote one
  std::optional<Instance> headline;      ///< the counterexample the figures draw
  std::string headline_source;           ///< where the headline came from (replay file, headline flag, first REFUTED)
};

/// A whole run, claims in the order the run lists them.
struct ReportRun {
  nlohmann::json doc;               ///< the verify JSON (seed, tests, claims)
  std::vector<ReportClaim> claims;  ///< one per claim of the run
};

/// Builds the run: claims from the JSON, table rows from `table`, replay files by label, and the headline of each
/// claim with a refutation (REFUTED, or ILL-POSED under readings that refute): the replay file's instance, else the
/// result marked "headline": true, else the first REFUTED result with a counterexample. std::invalid_argument,
/// naming the field, for what no run holds: a shard's file (no verdicts), a seed or count that is not an integer
/// 0..2^64-1, no claim, a claim without label or verdict, a label not in `table` or listed twice, a verdict or scope
/// spelled otherwise than claims/verdict.h spells it, results that are not a list or cannot give the claim's
/// verdict, a replay file of no claim of the run or whose instance is none of the claim's counterexamples, or an
/// instance or result that claims/result_json.h refuses.
ReportRun make_run(const nlohmann::json& verify_doc, const std::map<std::string, nlohmann::json>& replays,
                   const std::vector<Claim>& table);

/// Reads every *.json replay file of a folder, keyed by its "label"; std::invalid_argument on a bad file.
std::map<std::string, nlohmann::json> read_replay_folder(const std::string& dir);

/// The file stem of a claim's files: the label with ':' and '/' replaced by '_'.
std::string file_stem(const std::string& label);

}  // namespace palcheck::report
