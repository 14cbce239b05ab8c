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
#include <utility>
#include <vector>

namespace palcheck::smt {

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

/// A chain proved unchanged (prove(config, Change{})) and reported under `claim` as an induction, then
/// pin()ned with `relies_on` and each of `mutants`.
template <class Change>
CheckResult chain_pinned(const RunConfig& config, const InductionClaim& claim,
                         const std::vector<ModelDefinition>& relies_on, const std::vector<Mutant<Change>>& mutants,
                         const std::type_identity_t<std::function<InductionProof(const RunConfig&, Change)>>& prove) {
  CheckResult r = chain_report(prove(config, Change{}), claim, "induction");
  pin(r, relies_on, [&] { return chain_mutants(config, mutants, prove); });
  return r;
}

/// The queries of one induction over a vocabulary built as `Symbols{context, change}`: each asked in a
/// fresh context, its file `<file>_<suffix>`, every query first posed with `common` (when given) and
/// recorded in `proof`. Under a mutant (change != Change{}) the later queries are skipped once Z3 answers
/// one sat: the mutant is refuted there.
template <class Symbols, class Change>
class InductionCases {
 public:
  /// Asserts premises and the negated goal of one query over the vocabulary.
  using Pose = std::function<void(Query&, const Symbols&)>;

  /// Cases of `proof` asked under `config` with `change`; `file` is the stem of their files.
  InductionCases(const RunConfig& config, Change change, std::string file, InductionProof& proof, Pose common = {})
      : config_(config), change_(change), file_(std::move(file)), proof_(proof), common_(std::move(common)) {}

  /// Asks the query `name` (`question` in words) that `pose` asserts, unless a mutant is already refuted.
  void run(const std::string& suffix, const std::string& name, const std::string& question, const Pose& pose) {
    if (change_ != Change{} && !proof_.queries.empty() && proof_.queries.back().z3.is(SolverAnswer::Sat)) return;
    smt::Context c;
    Symbols s{c, change_};
    Query q(c, config_, file_ + "_" + suffix);
    if (common_) common_(q, s);
    pose(q, s);
    all_unsat_ = ask(q, name, question, proof_.queries) && all_unsat_;
  }

  /// Whether every query asked was unsat in both solvers.
  bool all_unsat() const { return all_unsat_; }

 private:
  const RunConfig& config_;
  Change change_;
  std::string file_;
  InductionProof& proof_;
  Pose common_;
  bool all_unsat_ = true;
};

}  // namespace palcheck::smt
