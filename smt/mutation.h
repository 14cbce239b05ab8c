// Semantic mutants, for every proof of proofs/ (each induction and each Z3 lemma): a proof names the pieces
// of semantics it claims to pin (the relay's tie order, the initial state, each strict comparison of a
// step, a push, a reader's threshold, a conjunct of its invariant) and, for each, a mutant: the same
// queries with that one piece changed. The proof pins the piece when a query of the mutant turns sat; a
// mutant whose queries all stay unsat is a hole in the proof (it proves the same of the changed semantics),
// and the result is not PROVED. `palcheck show` and verify's JSON list every mutant ("k of n refuted").
//
// Declaring the mutants of a proof:
//   1. an enum of the pieces it can change, whose value-initialised member means "unchanged":
//        enum class StepChange { None, TieOrderFlipped, StrictWipe };
//   2. the proof's builder takes that enum and changes the piece where it builds it;
//   3. one table of mutants, the change with its name and words, and for a mutant of the model the
//      definition it changes (a mutant without one changes a premise, an invariant or the goal: it shows
//      that hypothesis is needed, not that the proof depends on a definition):
//        const std::vector<Mutant<StepChange>> kMutants{
//            {StepChange::TieOrderFlipped, "tie order flipped", "the relay reads u <= beta before u >= alpha",
//             ModelDefinition::RelayStep}};
//   4. after the real proof, pin(result, relies_on, ...) runs them, and only when the result is PROVED or
//      BOUNDED; relies_on lists the definitions its queries encode, each to be pinned by a model mutant
//      (the mutation suite checks that):
//        a single query:   prove_pinned(config, name, relies_on, kMutants, claim)  (claim(c, q, change) as for
//                          prove())
//        several queries:  pin(r, {ModelDefinition::RelayStep}, [&] { return induction_mutants<StepChange>(config,
//        kMutants,
//                                     [](const RunConfig& settings, StepChange m) {
//                                       return prove_mine(settings, m).queries; }); });
//      where prove_mine names its query files with mutant_tag(kMutants, m).
// A mutant's queries are asked in Z3 alone: a model refutes it (cvc5, run to its limit on the quantified sat
// queries, mostly answers unknown there, at several times Z3's cost).
#pragma once

#include "smt/induction_query.h"
#include "smt/judgement.h"

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

namespace palcheck::smt {

/// One semantic mutant a proof declares: which piece of it changes (the proof's own enum) and in words.
template <class Change>
struct Mutant {
  Change change;            ///< the piece changed (never the enum's "unchanged" member)
  std::string name;         ///< short and stable, e.g. "tie order flipped"; it names the mutant's .smt2 files
  std::string change_text;  ///< the change in the proof's terms
  ModelDefinition definition = ModelDefinition::None;  ///< the definition a model mutant changes (None: a hypothesis)
};

/// A mutated proof's answers as one MutantResult: refuted when Z3 finds a model of some query.
MutantResult mutant_outcome(const std::string& name, const std::string& change,
                            const std::vector<InductionQuery>& queries,
                            ModelDefinition definition = ModelDefinition::None);

/// Records `relies_on` on `r` and attaches the mutants `run` returns, running them only when `r` is PROVED
/// or BOUNDED. A mutant not refuted makes `r` UNKNOWN: the proof does not tell the changed semantics from
/// the real one.
void pin(CheckResult& r, const std::vector<ModelDefinition>& relies_on,
         const std::function<std::vector<MutantResult>()>& run);

/// The settings a mutant's queries run under: `config` with cvc5 not asked (a mutant is refuted by Z3's
/// model; its .smt2 files, kept with --smt2-dir, can be given to any solver) and Z3's seed fixed at the
/// default, so that whether a mutant is refuted does not depend on --seed.
RunConfig mutant_config(const RunConfig& config);

/// Each mutant of a proof made of several queries: `run(mutant_config(config), change)` asks the proof's
/// queries with that change (it may stop at the first sat one) and returns their records.
template <class Change>
std::vector<MutantResult> induction_mutants(
    const RunConfig& config, const std::vector<Mutant<Change>>& mutants,
    const std::function<std::vector<InductionQuery>(const RunConfig&, Change)>& run) {
  const RunConfig settings = mutant_config(config);
  std::vector<MutantResult> out;
  for (const Mutant<Change>& m : mutants)
    out.push_back(mutant_outcome(m.name, m.change_text, run(settings, m.change), m.definition));
  return out;
}

/// The mutants of `table` whose change is in `changes`, in the table's order.
template <class Change>
std::vector<Mutant<Change>> select_mutants(const std::vector<Mutant<Change>>& table,
                                           const std::vector<Change>& changes) {
  std::vector<Mutant<Change>> out;
  for (const Mutant<Change>& m : table)
    if (std::find(changes.begin(), changes.end(), m.change) != changes.end()) out.push_back(m);
  return out;
}

/// The name of the mutant `change` of `mutants` for query files: "_mutant_<name>" ("" for no change).
template <class Change>
std::string mutant_tag(const std::vector<Mutant<Change>>& mutants, Change change) {
  for (const Mutant<Change>& m : mutants)
    if (m.change == change) return "_mutant_" + m.name;
  return "";
}

/// Each mutant of a single-query proof: the query named `name` + mutant_tag, posed by `claim(c, q, change)`
/// (its Judgement unused).
template <class Change>
std::vector<MutantResult> query_mutants(const RunConfig& config, const std::string& name,
                                        const std::vector<Mutant<Change>>& mutants,
                                        const std::function<Judgement(smt::Context&, Query&, Change)>& claim) {
  return induction_mutants<Change>(config, mutants, [&](const RunConfig& settings, Change change) {
    QueryOutcome o =
        ask(settings, name + mutant_tag(mutants, change), [&](smt::Context& c, Query& q) { claim(c, q, change); });
    return std::vector<InductionQuery>{recorded("the query", "", o)};
  });
}

/// prove() of `claim` unchanged (claim(c, q, Change{})), then pin() with `relies_on` and each mutant of
/// `mutants`.
template <class Change>
CheckResult prove_pinned(const RunConfig& config, const std::string& name,
                         const std::vector<ModelDefinition>& relies_on, const std::vector<Mutant<Change>>& mutants,
                         const std::function<Judgement(smt::Context&, Query&, Change)>& claim) {
  CheckResult r = prove(config, name, [&](smt::Context& c, Query& q) { return claim(c, q, Change{}); });
  pin(r, relies_on, [&] { return query_mutants<Change>(config, name, mutants, claim); });
  return r;
}

}  // namespace palcheck::smt
