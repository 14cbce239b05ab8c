// Semantic mutants (see mutation.h).
#include "smt/mutation.h"

#include <algorithm>

namespace palcheck::smt {

namespace {

// How a mutant's evidence begins when the wall-clock backstop, not a solver, ended its open query.
const std::string kBackstopped = "stopped, no answer: ";

}  // namespace

RunConfig mutant_config(const RunConfig& config) {
  RunConfig settings = config;
  settings.second_solver = false;
  // A mutant's sat query is quantified, and Z3's answer under the rlimit varies with its random seed
  // (sat at one seed, unknown at another): asked at one fixed seed, a proof's verdict does not depend on
  // --seed, and ctest's mutation suite (RunConfig{}) checks exactly what every run asks.
  settings.seed = RunConfig{}.seed;
  return settings;
}

MutantResult mutant_outcome(const std::string& name, const std::string& change,
                            const std::vector<InductionQuery>& queries, ModelDefinition definition) {
  MutantResult m{name, change, false, "", definition};
  auto answers = [](const InductionQuery& q) { return q.name + ": z3 " + to_string(q.z3); };
  for (const InductionQuery& q : queries)
    if (q.z3.is(SolverAnswer::Sat)) {
      m.refuted = true;
      m.evidence = answers(q) + " (a model of the mutated query)";
      return m;
    }
  auto open = std::find_if(queries.begin(), queries.end(), [](const InductionQuery& q) { return !q.z3.is(SolverAnswer::Unsat); });
  if (open != queries.end() && backstopped(open->z3))
    m.evidence = kBackstopped + answers(*open);
  else if (open != queries.end())
    m.evidence = "undecided: " + answers(*open);
  else
    m.evidence = "every query stays unsat: the proof does not tell this change from the real semantics";
  return m;
}

void pin(CheckResult& r, const std::vector<ModelDefinition>& relies_on,
         const std::function<std::vector<MutantResult>()>& run) {
  r.relies_on = relies_on;
  if (r.verdict != Verdict::Proved && r.verdict != Verdict::Bounded) return;
  r.mutants = run();
  for (const MutantResult& m : r.mutants) {
    if (m.refuted) continue;
    if (m.evidence.rfind(kBackstopped, 0) == 0) {
      // Whether the mutant is refuted was left to the machine's load: no verdict either way.
      r.verdict = Verdict::Error;
      r.summary = "the proof's mutant '" + m.name + "' was not decided: " + m.evidence;
      r.hypotheses_used.clear();
      return;
    }
    r.details.emplace_back("not pinned: " + to_string(r.verdict) + " withdrawn", r.summary);
    r.verdict = Verdict::Unknown;
    r.summary = "the proof does not pin what it names: its mutant '" + m.name + "' (" + m.change +
                ") is not refuted: " + m.evidence;
    r.hypotheses_used.clear();
    return;
  }
}

}  // namespace palcheck::smt
