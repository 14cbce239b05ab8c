// prop:no_copy, thm:separation:tr_only, rem:backprop:off_ties, rem:maxcut:identity,
// rem:heads_dims:parameters, lem:mlp_width: proofs made of a few named queries (an induction's base and
// step, a lemma and its conclusion), each asked in a fresh context of both solvers, and the semantic
// mutants that must turn one of them sat. A proof builds its queries under a mutant index (0: the real
// encoding), so the mutants are data the tests and the mutation suite iterate over.
#pragma once

#include "smt/induction_report.h"
#include "smt/proof_mutant.h"
#include "smt/z3_query.h"

#include <functional>
#include <string>
#include <vector>

namespace palcheck::proofs {

/// One query of a chain: its name, the question in words, and what it asserts (hypotheses and the
/// negated goal, so that unsat proves the question).
struct ChainQuery {
  std::string name;                                    ///< "base", "step: ...", "conclusion: ..."
  std::string question;                                ///< premises => goal, in words
  std::function<void(z3::context&, Query&)> negation;  ///< asserts the premises and the negated goal
  std::vector<int> changed_by{};                       ///< the mutants that change this query (ProofMutant::id)
};

/// Asks each query in order, in a fresh context, with files named "<tag>_<query name>" (tag from `text`).
/// The proof carries `text`'s words; `proved` when every query is unsat in both solvers. Under a mutant
/// (`mutant` != 0) only the queries it changes are asked (the others are the proof's own, unsat), up to the
/// first one Z3 answers sat: the mutant is refuted there.
InductionProof run_chain(const RunConfig& config, const InductionText& text, const std::vector<ChainQuery>& queries,
                         int mutant = 0);

/// A chain's result: PROVED (method `method`) when every query is unsat in both solvers, with the claim's
/// words and hypotheses, the invariant or lemma and what it takes as given (InductionText::ghosts), every
/// query and its file in the details; ERROR on a disagreement; else UNKNOWN naming the first open query.
CheckResult chain_report(const InductionProof& proof, const InductionClaim& claim, const std::string& method);

/// True when some query of `proof` was answered sat by Z3 (a mutant is refuted).
bool some_query_sat(const InductionProof& proof);

/// Each of `mutants` run as `prove(settings, id)` under mutant_config (Z3 alone), as the results pin() takes.
std::vector<MutantResult> chain_mutants(const RunConfig& config, const std::vector<ProofMutant>& mutants,
                                        const std::function<InductionProof(const RunConfig&, int)>& prove);

}  // namespace palcheck::proofs
