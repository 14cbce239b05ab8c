// How a Z3 answer becomes a verdict, for every checker in proofs/: a query asserts the hypotheses and
// the negation of a claim; unsat is PROVED (with the unsat core as the hypotheses used), sat is a
// model turned into an exact Instance that only the reference's replayer may confirm, unknown is
// UNKNOWN or TIMEOUT with Z3's reason.
#pragma once

#include "claims/registry.h"
#include "smt/z3_query.h"

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

namespace palcheck::smt {

/// A model read back as an exact instance for the reference's replayer: values read from solver terms,
/// and values the query itself fixes. Usable as Judgement::witness (it holds the terms by value).
struct Witness {
  std::string label;                                    ///< the claim the instance is about
  std::string scenario;                                 ///< the replayer that judges it
  std::map<std::string, std::string> options{};         ///< readings and switches of the instance
  std::map<std::string, std::vector<smt::Term>> read{};  ///< instance values: these terms' values in the model
  std::map<std::string, std::vector<Q>> fixed{};        ///< instance values the query fixes
  /// The instance of `model`.
  Instance operator()(const smt::Model& model) const;
};

/// What a query's answers mean for one claim under one reading.
struct Judgement {
  std::string proved{};   ///< summary when Z3 shows the negation unsat
  std::string refuted{};  ///< summary when Z3 finds a model (then `witness` makes the instance)
  std::function<Instance(const smt::Model&)> witness{};  ///< a model as an exact instance (may be empty)
  Reading reading{};                                    ///< the readings the result is obtained under
  std::map<std::string, std::string> interpretation{};  ///< further conditions of the result, in words
  std::vector<std::string> implicit{};  ///< hypotheses built into the encoding (normalisations, readings)
  std::string bound{};        ///< for a bounded check: what is bounded, and to what (unsat is then BOUNDED, not PROVED)
  std::string method = "z3";  ///< "z3" for a formula-level proof, "induction" for an inductive one
};

/// The verdict of one query under `j`: unsat is PROVED (BOUNDED when `j.bound` is set) only if cvc5 also
/// says unsat; a sat answer without a witness, or any sat/unsat disagreement of the solvers, is an ERROR.
CheckResult judge(const QueryOutcome& outcome, const Judgement& j);

/// The part of a result every solver answer gives: method, both answers, the query file, the second
/// solver; an ERROR naming both answers and the file when Z3 and cvc5 disagree (sat against unsat).
CheckResult solver_result(const QueryOutcome& outcome, const std::string& method = "z3");

/// True when Z3 and cvc5 both say unsat.
bool confirmed_unsat(const QueryOutcome& outcome);

/// The shape every single-query check shares: a fresh context and query named `name`; `claim` asserts the
/// encoding, hypotheses and negated goal and returns the judgement (its witness must capture by value);
/// the answer is judged while the context lives.
CheckResult prove(const RunConfig& config, const std::string& name,
                  const std::function<Judgement(smt::Context&, Query&)>& claim);

/// A query's answers without a verdict (a step of a chain of queries, a side question): a fresh context
/// and query named `name`, `build` asserts. The outcome carries no model (its context is gone).
QueryOutcome ask(const RunConfig& config, const std::string& name,
                 const std::function<void(smt::Context&, Query&)>& build);

/// prove() once per item (a reading, an initial state, a variant), each in a fresh context and query named
/// `name(i)`: `claim(c, q, i)` states the claim for item i. Z3 answers the queries one after the other while
/// cvc5 answers the previous one in a child process; the results come in item order.
std::vector<CheckResult> prove_each(const RunConfig& config, std::size_t count,
                                    const std::function<std::string(std::size_t)>& name,
                                    const std::function<Judgement(smt::Context&, Query&, std::size_t)>& claim);

/// prove_each over the items of a list.
template <class Item>
std::vector<CheckResult> prove_each(
    const RunConfig& config, const std::vector<Item>& items,
    const std::function<std::string(const std::type_identity_t<Item>&)>& name,
    const std::function<Judgement(smt::Context&, Query&, const std::type_identity_t<Item>&)>& claim) {
  return prove_each(
      config, items.size(), [&](std::size_t i) { return name(items[i]); },
      [&](smt::Context& c, Query& q, std::size_t i) { return claim(c, q, items[i]); });
}

/// prove_each for a bounded model check over sequences of n inputs, shortest counterexample first: item i
/// is asked of Z3 alone at n = 2, 3, ... below bmc_length() until it answers sat, and then at that n (or at
/// bmc_length() when no shorter n is sat) by prove_each, with cvc5 and the dump. `claim(c, q, i, n)` states
/// the claim for item i at n inputs.
std::vector<CheckResult> bmc_each(
    const RunConfig& config, std::size_t count, const std::function<std::string(std::size_t)>& name,
    const std::function<Judgement(smt::Context&, Query&, std::size_t, std::size_t)>& claim);

/// bmc_each over the items of a list.
template <class Item>
std::vector<CheckResult> bmc_each(
    const RunConfig& config, const std::vector<Item>& items,
    const std::function<std::string(const std::type_identity_t<Item>&)>& name,
    const std::function<Judgement(smt::Context&, Query&, const std::type_identity_t<Item>&, std::size_t)>& claim) {
  return bmc_each(
      config, items.size(), [&](std::size_t i) { return name(items[i]); },
      [&](smt::Context& c, Query& q, std::size_t i, std::size_t n) { return claim(c, q, items[i], n); });
}

/// One named query of an induction (the base case, a step case) and its answers.
struct InductionCase {
  std::string name;      ///< "base: ...", "step: ..."
  QueryOutcome outcome;  ///< both solvers' answers
};

/// An induction's verdict: PROVED (method "induction") when every case is unsat in both solvers, ERROR on
/// a disagreement, else UNKNOWN with the answers (a non-inductive step is no counterexample).
CheckResult judge_induction(const std::vector<InductionCase>& cases, const Judgement& j);

/// The bound of a bounded model check of sequences of at most n inputs.
std::string bmc_bound(std::size_t n);

/// Joins names with ", ".
std::string join(const std::vector<std::string>& items);

}  // namespace palcheck::smt
