// ref:memory_equals_definition, prop:sufficiency (classical memory) and def:relay:well-defined (as-printed
// ties) for every sequence length: the induction of memory_induction.h, one result per initial state,
// with its invariant, base and step cases, ghost witnesses, query files and the non-vacuity evidence.
#include "proofs/checkers.h"
#include "proofs/memory_induction.h"
#include "reference/readings.h"
#include "smt/induction_report.h"
#include "smt/mutation.h"

#include <algorithm>

namespace palcheck::proofs {

using namespace smt;

namespace {

CheckResult induction_result(const RunConfig& config, const MemoryInduction& run) {
  CheckResult r;
  r.method = "induction";
  r.reading = {reading(StackReading{}), reading(run.initial)};
  r.details.emplace_back("invariant", memory_invariant_text(run.initial));
  r.details.emplace_back("step cases and ghost witnesses", memory_step_text());
  add_query_details(r, run.queries);
  std::string replay = run.reachable_state ? replay_reachable_state(*run.reachable_state) : "no model";
  r.details.emplace_back("non-vacuity (a)", run.witness_query.question + ": z3 " + to_string(run.witness_query.z3) +
                                                (replay.empty() ? "; the reference replays the model as a reachable "
                                                                  "state (memory, u, next memory, relay states agree)"
                                                                : "; " + replay));
  InductionClaim claim{
      "for every sequence length: the classical memory stays nested and alternating, and every relay "
      "state equals the reading of the memory (the last entry outside the dead band decides), so PAL "
      "read from the memory equals PAL by definition",
      r.reading,
      {},
      {"alpha >= beta"}};
  judge_induction(r, run.queries, run.proved, replay, claim, memory_invariant_text(run.initial));
  pin(r, {ModelDefinition::RelayStep, ModelDefinition::InitialState, ModelDefinition::MemoryUpdate},
      [&] { return memory_induction_mutants(config, run.initial); });
  return r;
}

std::vector<CheckResult> check_memory_induction(const RunConfig& config) {
  std::vector<CheckResult> out;
  for (InitialState initial : {InitialState::Off, InitialState::On})
    out.push_back(induction_result(config, prove_memory_invariant(config, initial)));
  return out;
}

// def:relay:well-defined from both inductions at once, so that its one line says what both prove: the
// relay step is a function of (state, input), so the ghost reading defines every state.
CheckResult both_initial_states(const std::vector<CheckResult>& runs) {
  // The verdict, summary and hypotheses of the first run that is not PROVED, if any.
  auto open =
      std::find_if(runs.begin(), runs.end(), [](const CheckResult& run) { return run.verdict != Verdict::Proved; });
  CheckResult r = open == runs.end() ? runs.front() : *open;
  r.details.clear();
  r.mutants.clear();
  for (const CheckResult& run : runs) {
    const std::string from = "initial state " + run.reading.at(ReadingKey::InitialState).text() + ": ";
    for (const auto& [key, value] : run.details) r.details.emplace_back(from + key, value);
    for (MutantResult m : run.mutants) {
      m.name = from + m.name;
      r.mutants.push_back(m);
    }
  }
  r.reading = {reading(StackReading{}), reading(TieRule::AsPrinted),
               every(ReadingKey::InitialState, "0 and 1, one induction each")};
  if (r.verdict == Verdict::Proved)
    r.summary =
        "for every sequence length and both initial states (0 and 1): eq:relay (ties as printed) defines "
        "every relay state, and each equals the reading of the classical memory, so PAL from the memory "
        "equals PAL by definition, relay by relay";
  return r;
}

}  // namespace

void register_memory_induction_checkers(Registry& r) {
  r.add(Checker{"ref:memory_equals_definition", "induction", check_memory_induction});
  r.add(Checker{"prop:sufficiency", "induction", check_memory_induction});
  r.add(Checker{"def:relay:well-defined", "induction", [](const RunConfig& config) {
                  return std::vector<CheckResult>{both_initial_states(check_memory_induction(config))};
                }});
}

}  // namespace palcheck::proofs
