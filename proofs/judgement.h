// How a Z3 answer becomes a verdict, for every checker in proofs/: a query asserts the hypotheses and
// the negation of a claim; unsat is PROVED (with the unsat core as the hypotheses used), sat is a
// model turned into an exact Instance that only the reference's replayer may confirm, unknown is
// UNKNOWN or TIMEOUT with Z3's reason.
#pragma once

#include "claims/registry.h"
#include "proofs/z3_query.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace palcheck::proofs {

/// What a query's answers mean for one claim under one reading.
struct Judgement {
  std::string proved;   ///< summary when Z3 shows the negation unsat
  std::string refuted;  ///< summary when Z3 finds a model (then `witness` makes the instance)
  std::function<Instance(const z3::model&)> witness;  ///< a model as an exact instance (may be empty)
  std::map<std::string, std::string> interpretation;  ///< readings the result depends on
  std::vector<std::string> implicit;  ///< hypotheses built into the encoding (e.g. the BMC bound)
};

/// The verdict of one query under `j`; a sat answer without a witness is an ERROR.
CheckResult judge(const QueryOutcome& outcome, const Judgement& j);

/// Marks a result as coming from a bounded model check of sequences of at most n inputs.
std::string bmc_hypothesis(std::size_t n);

/// Joins names with ", ".
std::string join(const std::vector<std::string>& items);

}  // namespace palcheck::proofs
