// ref:memory_equals_definition, prop:sufficiency (classical memory) and def:relay:well-defined (as-printed
// ties) for every sequence length: the induction of memory_induction.h, one result per initial state,
// with its invariant, base and step cases, ghost witnesses, query files and the non-vacuity evidence.
#include "proofs/checkers.h"
#include "proofs/judgement.h"
#include "proofs/memory_induction.h"
#include "reference/readings.h"

namespace palcheck::proofs {
namespace {

CheckResult induction_result(const MemoryInduction& run) {
  CheckResult r;
  r.method = "induction";
  r.interpretation = {{"stack", to_string(StackReading{})}, {"initial_state", to_string(run.initial)}};
  r.details.emplace_back("invariant", memory_invariant_text(run.initial));
  r.details.emplace_back("step cases and ghost witnesses", memory_step_text());
  std::string confirmations;
  const InductionQuery* disagreement = nullptr;
  for (const InductionQuery& q : run.queries) {
    r.details.emplace_back(q.name, q.question + ": z3 " + q.z3 + ", cvc5 " + q.cvc5);
    r.details.emplace_back(q.name + " smt2", q.smt2_path.empty() ? "(not kept: pass --smt2-dir)" : q.smt2_path);
    if (q.disagree) disagreement = &q;
    confirmations += (confirmations.empty() ? "" : ", ") + q.cvc5;
  }
  r.second_solver = SecondSolver{cvc5_version(), run.proved ? "unsat" : confirmations};
  std::string replay = run.reachable_state ? replay_reachable_state(*run.reachable_state) : "no model";
  r.details.emplace_back("non-vacuity (a)", run.witness_query.question + ": z3 " + run.witness_query.z3 +
                                                (replay.empty() ? "; the reference replays the model as a reachable "
                                                                  "state (memory, u, next memory, relay states agree)"
                                                                : "; " + replay));
  if (disagreement) {
    r.verdict = Verdict::Error;
    r.summary = "the solvers disagree on " + disagreement->name + ": z3 " + disagreement->z3 + ", cvc5 " +
                disagreement->cvc5 + " (" + disagreement->smt2_path + ")";
  } else if (!run.proved) {
    r.verdict = Verdict::Unknown;
    r.summary = "the induction did not close (see the step answers)";
    for (const InductionQuery& q : run.queries)
      if (q.z3.rfind("unknown", 0) == 0) r.summary = "Z3 gave up on " + q.name + ": " + q.z3;
  } else if (!replay.empty()) {
    r.verdict = Verdict::Error;
    r.summary = "the induction closes but its non-vacuity witness does not replay: " + replay;
  } else {
    r.verdict = Verdict::Proved;
    r.summary =
        "for every sequence length: the classical memory stays nested and alternating, and every relay "
        "state equals the reading of the memory (the last entry outside the dead band decides), so PAL "
        "read from the memory equals PAL by definition";
    r.hypotheses_used = {"alpha >= beta", "invariant: " + memory_invariant_text(run.initial)};
  }
  return r;
}

std::vector<CheckResult> check_memory_induction(const RunConfig& config) {
  std::vector<CheckResult> out;
  for (InitialState initial : {InitialState::Off, InitialState::On})
    out.push_back(induction_result(prove_memory_invariant(config, initial)));
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
