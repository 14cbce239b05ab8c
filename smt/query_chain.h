// prop:no_copy, thm:separation:tr_only, rem:backprop:off_ties, rem:maxcut:identity,
// rem:heads_dims:parameters, lem:mlp_width: proofs made of a few named queries (an induction's base and
// step, a lemma and its conclusion), each asked in a fresh context of both solvers, and the semantic
// mutants that must turn one of them sat. A proof builds its queries under a change of its own enum
// (smt/mutation.h; Change{} is the real encoding), so the mutants are data the tests and the mutation suite
// iterate over.
#pragma once

#include "smt/induction_query.h"
#include "smt/induction_report.h"
#include "smt/mutation.h"
#include "smt/z3_query.h"

#include <algorithm>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

namespace palcheck::proofs {

/// One query of a chain: its name, the question in words, and what it asserts (hypotheses and the
/// negated goal, so that unsat proves the question).
template <class Change>
struct ChainQuery {
  std::string name;                                     ///< "base", "step: ...", "conclusion: ..."
  std::string question;                                 ///< premises => goal, in words
  std::function<void(smt::Context&, Query&)> negation;  ///< asserts the premises and the negated goal
  std::vector<Change> changed_by{};                     ///< the mutants that change this query
};

/// The file of query `query` of the chain `text` under the mutant numbered `mutant` (0: none):
/// "<tag>[_mutant_<mutant>]_<query>", the query's spaces and colons made underscores.
std::string chain_file(const InductionText& text, int mutant, const std::string& query);

/// Asks each query in order, in a fresh context, with files named by chain_file, a mutant numbered by its
/// enum value (reordering a proof's enum renames its mutants' files). The proof carries `text`'s words;
/// `proved` when every query is unsat in both solvers. Under a mutant (`mutant` != Change{}) only the
/// queries it changes are asked (the others are the proof's own, unsat), up to the first one Z3 answers
/// sat: the mutant is refuted there.
template <class Change>
InductionProof run_chain(const RunConfig& config, const InductionText& text,
                         const std::vector<ChainQuery<Change>>& queries, Change mutant = Change{}) {
  const bool mutated = mutant != Change{};
  InductionProof proof = start_induction(text);
  proof.proved = true;
  for (const ChainQuery<Change>& k : queries) {
    if (mutated && std::find(k.changed_by.begin(), k.changed_by.end(), mutant) == k.changed_by.end()) continue;
    smt::Context c;
    Query q(c, config, chain_file(text, static_cast<int>(mutant), k.name));
    k.negation(c, q);
    proof.proved = ask(q, k.name, k.question, proof.queries) && proof.proved;
    if (mutated && proof.queries.back().z3.is(SolverAnswer::Sat)) break;
  }
  return proof;
}

/// A chain's result: PROVED (method `method`) when every query is unsat in both solvers, with the claim's
/// words and hypotheses, the invariant or lemma and what it takes as given (InductionText::ghosts), every
/// query and its file in the details; ERROR on a disagreement; else UNKNOWN naming the first open query.
CheckResult chain_report(const InductionProof& proof, const InductionClaim& claim, const std::string& method);

/// Each of `mutants` run as `prove(settings, change)` under mutant_config (Z3 alone), as the results pin()
/// takes; Change is read from `mutants` alone, so `prove` may be a lambda or a function.
template <class Change>
std::vector<MutantResult> chain_mutants(
    const RunConfig& config, const std::vector<Mutant<Change>>& mutants,
    const std::type_identity_t<std::function<InductionProof(const RunConfig&, Change)>>& prove) {
  return induction_mutants<Change>(
      config, mutants, [&](const RunConfig& settings, Change change) { return prove(settings, change).queries; });
}

}  // namespace palcheck::proofs
