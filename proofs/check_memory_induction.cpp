// ref:memory_equals_definition, prop:sufficiency (classical memory) and def:relay:well-defined (as-printed
// ties) for every sequence length: the induction of memory_induction.h, one result per initial state,
// with its invariant, base and step cases, ghost witnesses, query files and the non-vacuity evidence.
#include "proofs/checkers.h"
#include "proofs/induction_report.h"
#include "proofs/memory_induction.h"
#include "proofs/mutation.h"
#include "reference/readings.h"

namespace palcheck::proofs {
namespace {

CheckResult induction_result(const RunConfig& config, const MemoryInduction& run) {
  CheckResult r;
  r.method = "induction";
  r.interpretation = {{"stack", to_string(StackReading{})}, {"initial_state", to_string(run.initial)}};
  r.details.emplace_back("invariant", memory_invariant_text(run.initial));
  r.details.emplace_back("step cases and ghost witnesses", memory_step_text());
  add_query_details(r, run.queries);
  std::string replay = run.reachable_state ? replay_reachable_state(*run.reachable_state) : "no model";
  r.details.emplace_back("non-vacuity (a)", run.witness_query.question + ": z3 " + run.witness_query.z3 +
                                                (replay.empty() ? "; the reference replays the model as a reachable "
                                                                  "state (memory, u, next memory, relay states agree)"
                                                                : "; " + replay));
  InductionClaim claim{
      "for every sequence length: the classical memory stays nested and alternating, and every relay "
      "state equals the reading of the memory (the last entry outside the dead band decides), so PAL "
      "read from the memory equals PAL by definition",
      r.interpretation,
      {"alpha >= beta"}};
  judge_induction(r, run.queries, run.proved, replay, claim, memory_invariant_text(run.initial));
  pin(r, [&] { return memory_induction_mutants(config, run.initial); });
  return r;
}

std::vector<CheckResult> check_memory_induction(const RunConfig& config) {
  std::vector<CheckResult> out;
  for (InitialState initial : {InitialState::Off, InitialState::On})
    out.push_back(induction_result(config, prove_memory_invariant(config, initial)));
  return out;
}

}  // namespace

void register_memory_induction_checkers(Registry& r) {
  r.add(Checker{"ref:memory_equals_definition", "induction", check_memory_induction});
  r.add(Checker{"prop:sufficiency", "induction", check_memory_induction});
  r.add(Checker{"def:relay:well-defined", "induction", [](const RunConfig& config) {
                  // The relay step is a function of (state, input), so the ghost reading defines every state.
                  std::vector<CheckResult> out = check_memory_induction(config);
                  for (CheckResult& r : out) {
                    r.interpretation["tie_rule"] = to_string(TieRule::AsPrinted);
                    if (r.verdict == Verdict::Proved)
                      r.summary = "for every sequence length, from initial state " + r.interpretation["initial_state"] +
                                  ": eq:relay (ties as printed) defines every relay state, and each equals the "
                                  "reading of the classical memory, so PAL from the memory equals PAL by definition, "
                                  "relay by relay";
                  }
                  return out;
                }});
}

}  // namespace palcheck::proofs
