// The verdict vocabulary shared by every checker (Z3 proofs, property searches, constructions) and
// the rules that combine several checkers' results into one verdict per paper label.
#pragma once

#include "claims/assumption.h"
#include "claims/instance.h"
#include "claims/measured_cost.h"
#include "claims/reading.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace palcheck {

/// The only verdicts palcheck gives.
enum class Verdict { Proved, Bounded, Refuted, Held, IllPosed, Unknown, Timeout, NotCheckable, Error };

/// "PROVED", "BOUNDED", "REFUTED", "HELD", "ILL-POSED", "UNKNOWN", "TIMEOUT", "NOT-CHECKABLE", "ERROR".
std::string to_string(Verdict v);

/// The inverse of to_string(Verdict); nullopt for any other spelling.
std::optional<Verdict> parse_verdict(const std::string& text);

/// Every verdict in the order they are listed to readers: what fails (REFUTED, ILL-POSED), what holds
/// (PROVED, BOUNDED, HELD), then what was not decided.
std::vector<Verdict> all_verdicts();

/// What a result speaks about, declared where its checker is registered: only a result about the statement
/// decides the claim.
enum class Scope {
  Statement,       ///< the claim as its row states it (a sub-claim's row states the sub-claim)
  ProofStep,       ///< a step of the paper's proof (the claim may still hold, or fail elsewhere)
  FixedParameter,  ///< the claim at one value of a parameter the statement quantifies over
  SubClaim,        ///< a proof under assumptions narrower than the statement: proves a sub-claim only
};

/// "statement", "proof step", "fixed parameter", "sub-claim".
std::string to_string(Scope s);

/// The inverse of to_string(Scope); nullopt for any other spelling.
std::optional<Scope> parse_scope(const std::string& text);

/// The answer of the independent second solver (cvc5) to the same query as Z3.
struct SecondSolver {
  std::string solver;  ///< "cvc5 <version>"
  std::string answer;  ///< "sat", "unsat", "unknown" (with its reason) or "error: ..."

  /// Equal in both fields.
  bool operator==(const SecondSolver&) const = default;
};

/// A definition of the model that a proof's queries encode and a model mutant changes.
enum class ModelDefinition {
  None,               ///< no definition: the mutant changes a hypothesis, an invariant or the goal
  RelayStep,          ///< eq:relay's step: its thresholds, tie order and hold
  InitialState,       ///< the relay's state before u_0
  MemoryUpdate,       ///< the classical memory's step: continue, turn, wipe
  Algorithm1Push,     ///< Algorithm 1's push
  Algorithm1Pop,      ///< Algorithm 1's pop loop
  Encoding,           ///< def:encoding's codes, the stack signals and their decoding
  AttentionReadOut,   ///< attention, its scores and selection, and a head's read-out
  PositionEncoding,   ///< the position encoding
  LayerNorm,          ///< layer normalisation
  Mlp,                ///< the MLP (ReLU neurons, their weights and biases)
  Grid,               ///< the grid G_L of def:pal
  IsingEnergy,        ///< eq:ising_energy and the cut
  SigmoidRelaxation,  ///< rem:backprop's stateful sigmoid relaxation
  Feedback,           ///< def:autoregressive's feedback of the output as the next token
};

/// Whether a mutant changes the model (a definition) or a hypothesis, an invariant or the goal.
enum class MutantKind {
  Model,       ///< changes a definition: refuting it shows the proof depends on that definition
  Hypothesis,  ///< changes a premise, an invariant conjunct or the goal: refuting it shows it is needed
};

/// "relay step", "memory update", ...; "" for ModelDefinition::None.
std::string to_string(ModelDefinition d);

/// The inverse of to_string(ModelDefinition); nullopt for any other spelling.
std::optional<ModelDefinition> parse_model_definition(const std::string& text);

/// "model" or "hypothesis".
std::string to_string(MutantKind k);

/// A semantic mutant of a proof: one piece of the semantics the proof names (the relay's tie order, the
/// initial state, a strict comparison, a push) changed, and what the proof's queries answered on it. The
/// proof pins that piece when some query of the mutant turns sat: it tells the mutant from the real thing.
struct MutantResult {
  std::string name;      ///< e.g. "tie order flipped"
  std::string change;    ///< the change, in the proof's terms
  bool refuted = false;  ///< some query of the mutated proof is sat
  std::string evidence;  ///< the query that turned sat with both solvers' answers, or what every query answered
  ModelDefinition definition = ModelDefinition::None;  ///< the definition a model mutant changes

  /// Model when it changes a definition, else Hypothesis.
  MutantKind kind() const { return definition == ModelDefinition::None ? MutantKind::Hypothesis : MutantKind::Model; }

  /// Equal in every field.
  bool operator==(const MutantResult&) const = default;
};

/// What one checker found for one claim under one reading.
struct CheckResult {
  Verdict verdict = Verdict::Error;  ///< this checker's verdict
  std::string method;   ///< "induction", "z3", "enumeration", "property", "construction", "numeric", "analysis"
  std::string summary;  ///< one line of evidence for the table
  std::vector<std::pair<std::string, std::string>> details;  ///< further evidence, in order
  Reading reading;                                           ///< the readings this result was obtained under, typed
  std::map<std::string, std::string> interpretation;         ///< further conditions of the result, in words
  std::vector<std::string> hypotheses_used;   ///< for PROVED/BOUNDED: the hypotheses (or invariant) the proof needed
  std::string bound;                          ///< for BOUNDED: what was bounded, and to what (empty otherwise)
  std::optional<SecondSolver> second_solver;  ///< for solver results: the independent second solver's answer
  std::optional<Instance> counterexample;     ///< for REFUTED: replayable on the reference
  Scope scope = Scope::Statement;             ///< what the result speaks about (its checker's registration)
  std::uint64_t cases = 0;                    ///< for HELD/REFUTED by search: cases tried
  std::optional<std::uint64_t> seed;          ///< for searches: the seed
  std::vector<MutantResult> mutants;          ///< for proofs: the semantic mutants it declares, each run
  std::vector<ModelDefinition> relies_on;     ///< for proofs: the definitions its queries encode (one model mutant each)
  std::vector<Assumption> assumptions;        ///< for PROVED: what the proof takes as given (its checker's declaration)
  std::optional<CostFamily> cost;             ///< for cost analyses: the family measured (its details' table)
  /// for a search's REFUTED: the failing case and what the reference computed on it, which its summary states
  /// after counterexample_opening (claims/search_parts.h)
  std::optional<std::string> searched;

  /// Equal in every field (the parts of a sharded search that never stopped must be).
  bool operator==(const CheckResult&) const = default;
};

/// "k of n refuted" over a result's mutants ("" when it declares none).
std::string mutants_line(const CheckResult& result);

/// "k of n refuted" over a result's mutants of kind `kind` ("" when it declares none of that kind).
std::string mutants_line(const CheckResult& result, MutantKind kind);

/// A result's conditions in words: its reading (typed, as text) with its further conditions.
std::map<std::string, std::string> interpretation_text(const CheckResult& result);

/// One piece of further evidence: what it is, and what was found.
using Detail = std::pair<std::string, std::string>;

/// A result with its verdict, method, one-line summary and further evidence; the rest is the caller's.
CheckResult make_result(Verdict verdict, std::string method, std::string summary, std::vector<Detail> details = {});

/// Combines one claim's results: a confirmed refutation of the statement refutes; otherwise a crash is
/// ERROR; then ILL-POSED, PROVED, BOUNDED, HELD, TIMEOUT, UNKNOWN, NOT-CHECKABLE in that order. A result
/// about a proof step or a fixed parameter never decides the claim: refuted, proved, bounded or held, it
/// counts as UNKNOWN. Neither BOUNDED nor HELD ever becomes PROVED.
/// No results at all is NOT-CHECKABLE.
Verdict combine(const std::vector<CheckResult>& results);

}  // namespace palcheck
