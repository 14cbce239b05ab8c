// What a report is made from: a verify run (the JSON of `palcheck verify --json`), its replay files
// (`--out DIR`), the claim table, and the choice of each claim's headline counterexample. Fields that
// later versions of the verify JSON add (by_reading, headline, bound, second_solver) are read when present.
#pragma once

#include "claims/claim.h"
#include "claims/instance.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace palcheck::report {

/// One claim of the run with what the report needs about it.
struct ReportClaim {
  Claim claim;                           ///< the table row (label, section, statement, hypotheses, readings)
  nlohmann::json doc;                    ///< the claim's object in the verify JSON
  std::optional<nlohmann::json> replay;  ///< its replay file, when the run wrote one
  std::optional<Instance> headline;      ///< the counterexample the figures draw
  std::string headline_source;           ///< where the headline came from (replay file, headline flag, first REFUTED)

  /// The claim's verdict as the run printed it.
  std::string verdict() const;
  /// The results array (empty if absent).
  const nlohmann::json& results() const;
};

/// A whole run, claims in the order the run lists them.
struct ReportRun {
  nlohmann::json doc;               ///< the verify JSON (seed, tests, claims)
  std::vector<ReportClaim> claims;  ///< one per claim of the run
};

/// Builds the run: claims from the JSON (std::invalid_argument for a shard's file, which has no verdicts, a claim
/// without label or verdict, or a headline instance that instance_from_json refuses), table rows from `table` (a
/// claim missing from the table keeps its label and no statement), replay files by label, and the headline of each
/// claim with a refutation (REFUTED, or ILL-POSED under readings that refute): the replay file's instance, else the
/// result marked "headline": true, else the first REFUTED result with a counterexample.
ReportRun make_run(const nlohmann::json& verify_doc, const std::map<std::string, nlohmann::json>& replays,
                   const std::vector<Claim>& table);

/// Reads every *.json replay file of a folder, keyed by its "label"; std::invalid_argument on a bad file.
std::map<std::string, nlohmann::json> read_replay_folder(const std::string& dir);

/// The file stem of a claim's files: the label with ':' and '/' replaced by '_'.
std::string file_stem(const std::string& label);

}  // namespace palcheck::report
