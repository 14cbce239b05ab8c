// The one JSON form of results, claim instances and replay files: `palcheck verify --json` and
// `--shard` write results with it, `palcheck merge` and `palcheck report` read them back with it, and
// `palcheck verify --out DIR`, `palcheck replay FILE` and the report write and read replay files with it, so
// that every REFUTED verdict leaves a file anyone can re-check on the exact reference alone. What a result's
// text shows (a cost family's table, a searched counterexample's summary) is read back into its typed fields
// here and nowhere else.
#pragma once

#include "claims/instance.h"
#include "claims/verdict.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace palcheck {

/// {"label","scenario","options":{...},"values":{name:["p/q",...]}}; numbers as canonical fractions.
nlohmann::ordered_json instance_to_json(const Instance& instance);

/// The inverse of instance_to_json; InputError naming the field on anything malformed.
Instance instance_from_json(const nlohmann::json& doc);

/// A saved refutation: the instance and how it was found.
struct ReplayFile {
  Instance instance;                  ///< the counterexample
  std::optional<std::uint64_t> seed;  ///< the search seed, if a search found it
  std::string method;                 ///< the checker's method
  std::string predicted;              ///< what the claim says (from the replayer)
  std::string computed;               ///< what the reference computed (from the replayer)
  std::string command;                ///< the command line that reproduces the finding
};

/// The instance's fields plus "seed", "method", "predicted", "computed", "command".
nlohmann::ordered_json replay_file_to_json(const ReplayFile& file);

/// The inverse of replay_file_to_json; InputError on anything malformed.
ReplayFile replay_file_from_json(const nlohmann::json& doc);

/// One checker result: verdict, method, scope, summary, details, interpretation, reading, hypotheses_used,
/// bound (null unless BOUNDED), second_solver (null unless a solver answered), cases, seed, counterexample,
/// then mutants and assumptions when it has them. Its cost family and searched counterexample are written as
/// its details and summary show them.
nlohmann::ordered_json result_to_json(const CheckResult& result);

/// Which of a result's fields its JSON must hold.
enum class ResultFields {
  Written,  ///< every field result_to_json writes (a shard, which merge turns back into one process's bytes)
  Given,    ///< "verdict" only: an absent field keeps CheckResult's default (runs of older palchecks)
};

/// The inverse of result_to_json: for `Written`, nlohmann's out_of_range on a missing field and type_error on
/// one of another type; InputError "<field>: ..." on a verdict, scope, reading, definition or assumption
/// spelled otherwise than palcheck spells it, or a malformed counterexample. A result with no "scope" but a
/// "refutes" (runs older than typed scopes) takes its scope from that. Its cost family is read from the detail
/// rows "n = <size>" when they read as one; its searched counterexample from a REFUTED summary opening with
/// counterexample_opening(cases - 1).
CheckResult result_from_json(const nlohmann::json& doc, ResultFields fields);

}  // namespace palcheck
