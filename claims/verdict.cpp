// Verdict spelling and combination (see verdict.h).
#include "claims/verdict.h"

#include "reference/name_table.h"

#include <algorithm>
#include <array>

namespace palcheck {
namespace {

// In the order of all_verdicts(), which the report's tallies and summary lists follow.
constexpr NameTable<Verdict, 9> kNames{{
    {Verdict::Refuted, "REFUTED"},
    {Verdict::IllPosed, "ILL-POSED"},
    {Verdict::Proved, "PROVED"},
    {Verdict::Bounded, "BOUNDED"},
    {Verdict::Held, "HELD"},
    {Verdict::Unknown, "UNKNOWN"},
    {Verdict::Timeout, "TIMEOUT"},
    {Verdict::NotCheckable, "NOT-CHECKABLE"},
    {Verdict::Error, "ERROR"},
}};

constexpr NameTable<Scope, 4> kScopes{{
    {Scope::Statement, "statement"},
    {Scope::ProofStep, "proof step"},
    {Scope::FixedParameter, "fixed parameter"},
    {Scope::SubClaim, "sub-claim"},
}};

// Strongest first: see combine() in verdict.h.
constexpr std::array<Verdict, 9> kPrecedence{Verdict::Refuted, Verdict::Error,   Verdict::IllPosed,
                                             Verdict::Proved,  Verdict::Bounded, Verdict::Held,
                                             Verdict::Timeout, Verdict::Unknown, Verdict::NotCheckable};

constexpr NameTable<ModelDefinition, 15> kDefinitions{{
    {ModelDefinition::RelayStep, "relay step"},
    {ModelDefinition::InitialState, "initial state"},
    {ModelDefinition::MemoryUpdate, "memory update"},
    {ModelDefinition::Algorithm1Push, "Algorithm 1 push"},
    {ModelDefinition::Algorithm1Pop, "Algorithm 1 pop"},
    {ModelDefinition::Encoding, "encoding"},
    {ModelDefinition::AttentionReadOut, "attention and read-out"},
    {ModelDefinition::PositionEncoding, "position encoding"},
    {ModelDefinition::LayerNorm, "LN"},
    {ModelDefinition::Mlp, "MLP"},
    {ModelDefinition::Grid, "grid"},
    {ModelDefinition::IsingEnergy, "Ising energy"},
    {ModelDefinition::SigmoidRelaxation, "sigmoid relaxation"},
    {ModelDefinition::Feedback, "feedback"},
    {ModelDefinition::None, ""},
}};

}  // namespace

std::string to_string(ModelDefinition d) { return name_in(kDefinitions, d, ""); }

std::optional<ModelDefinition> parse_model_definition(const std::string& text) { return value_in(kDefinitions, text); }

std::string to_string(MutantKind k) { return k == MutantKind::Model ? "model" : "hypothesis"; }

std::string to_string(Verdict v) { return name_in(kNames, v, "ERROR"); }

std::string to_string(Scope s) { return name_in(kScopes, s, "statement"); }

std::optional<Scope> parse_scope(const std::string& text) { return value_in(kScopes, text); }

std::map<std::string, std::string> interpretation_text(const CheckResult& result) {
  std::map<std::string, std::string> out = result.interpretation;
  for (const auto& [key, text] : reading_text(result.reading)) out[key] = text;
  return out;
}

std::optional<Verdict> parse_verdict(const std::string& text) { return value_in(kNames, text); }

std::vector<Verdict> all_verdicts() { return values_in(kNames); }

CheckResult make_result(Verdict verdict, std::string method, std::string summary, std::vector<Detail> details) {
  CheckResult r;
  r.verdict = verdict;
  r.method = std::move(method);
  r.summary = std::move(summary);
  r.details = std::move(details);
  return r;
}

std::string mutants_line(const CheckResult& result) {
  if (result.mutants.empty()) return "";
  std::size_t refuted = static_cast<std::size_t>(
      std::count_if(result.mutants.begin(), result.mutants.end(), [](const MutantResult& m) { return m.refuted; }));
  return std::to_string(refuted) + " of " + std::to_string(result.mutants.size()) + " refuted";
}

std::string mutants_line(const CheckResult& result, MutantKind kind) {
  std::size_t declared = 0, refuted = 0;
  for (const MutantResult& m : result.mutants)
    if (m.kind() == kind) ++declared, refuted += m.refuted ? 1 : 0;
  if (declared == 0) return "";
  return std::to_string(refuted) + " of " + std::to_string(declared) + " refuted";
}

Verdict combine(const std::vector<CheckResult>& results) {
  for (Verdict v : kPrecedence) {
    bool present = std::any_of(results.begin(), results.end(), [&](const CheckResult& r) {
      // A refutation counts only with a counterexample; without one it is an error, never dropped.
      if (r.verdict == Verdict::Refuted && !r.counterexample) return v == Verdict::Error;
      bool decides = r.verdict == Verdict::Refuted || r.verdict == Verdict::Proved || r.verdict == Verdict::Bounded ||
                     r.verdict == Verdict::Held || r.verdict == Verdict::IllPosed;
      if (decides && r.scope != Scope::Statement) return v == Verdict::Unknown;
      return r.verdict == v;
    });
    if (present) return v;
  }
  return Verdict::NotCheckable;
}

}  // namespace palcheck
