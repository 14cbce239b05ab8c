// repair:prop:wiping, repair:lem:pop_one, prop:complexity:counts, ref:return_point_memory, ref:congruency,
// ref:algorithm1_steps: what an induction proof of proofs/ reports, whatever it is about. Its invariant
// and step in words, every base/step/exit query with both solvers' answers and its file, and the
// non-vacuity witness (a) that the reference replays. Z3-free, so tests see answers and text only.
#pragma once

#include "claims/claim.h"
#include "claims/instance.h"
#include "smt/induction_record.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace palcheck::smt {

/// One induction: invariant, step, its queries (all must be unsat in both solvers) and witness (a).
struct InductionProof {
  std::string invariant;                ///< the invariant (and ghost witnesses) in words
  std::string step;                     ///< the step relation and its cases in words
  std::string ghosts;                   ///< the ghost witnesses carried in the state, in words
  std::vector<InductionQuery> queries;  ///< base, step cases, exit: each asks for a counterexample
  InductionQuery witness_query;         ///< non-vacuity (a): the premises with a real wipe, sat expected
  std::optional<Instance> witness;      ///< witness_query's model as exact reference inputs
  bool proved = false;                  ///< every query unsat in both solvers
};

/// The words of an induction, fixed per claim, and the stem of its query files.
struct InductionText {
  const char* tag;        ///< the stem of its .smt2 files ("repair_prop_wiping")
  const char* invariant;  ///< InductionProof::invariant
  const char* step;       ///< InductionProof::step
  const char* ghosts;     ///< InductionProof::ghosts
};

/// A proof carrying `text`'s words, with no query asked yet.
InductionProof start_induction(const InductionText& text);

/// The claim-specific words of a report.
struct InductionClaim {
  std::string summary;                                ///< the one line of a PROVED result
  Reading reading;                                    ///< the readings the proof covers
  std::map<std::string, std::string> interpretation;  ///< further conditions, in words
  std::vector<std::string> hypotheses;                ///< the claim's hypotheses the queries assume
};

/// The result of `proof`: PROVED (method "induction", the hypotheses and the invariant listed) when every
/// query is unsat in both solvers and `replay` (the reference's verdict on the witness, "" = agrees) is
/// empty; ERROR on a solver disagreement or a witness the reference rejects; else UNKNOWN with the reason.
CheckResult induction_report(const InductionProof& proof, const InductionClaim& claim, const std::string& replay);

/// Appends each query's question, both solvers' answers and its file to r.details.
void add_query_details(CheckResult& r, const std::vector<InductionQuery>& queries);

/// Sets r's verdict, summary, hypotheses and second solver as induction_report does, for an induction
/// whose invariant is `invariant`, whose queries are `queries` (`proved`: all unsat in both solvers) and
/// whose witness the reference judged `replay` ("" = agrees). UNKNOWN names where Z3 gave up, else the
/// first query not unsat in both.
void judge_induction(CheckResult& r, const std::vector<InductionQuery>& queries, bool proved, const std::string& replay,
                     const InductionClaim& claim, const std::string& invariant);

}  // namespace palcheck::smt
