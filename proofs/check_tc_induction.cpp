// repair:thm:tc:library (repair:thm:tc for the library's machines) at every number of machine steps: the
// induction of tc_induction.h for each alphabet size of the library (reader lemmas, sum over depths, base,
// push/pop/no-op steps), and each library machine's finite control enumerated on the reference. PROVED
// (method induction) only under that sub-label: repair:thm:tc itself quantifies over every machine.
#include "claims/constructions/tc_checker_parts.h"
#include "proofs/checkers.h"
#include "proofs/second_solver.h"
#include "proofs/tc_induction.h"
#include "reference/models/pda_library.h"

#include <set>

namespace palcheck::proofs {
namespace {

std::vector<CheckResult> check_tc_induction(const RunConfig& config) {
  CheckResult r;
  r.method = "induction";
  r.interpretation = repair_interpretation();
  r.reading = repair_reading();
  r.details.emplace_back("invariant", tc_invariant_text());
  r.details.emplace_back("step and reader lemmas", tc_step_text());
  r.details.emplace_back(
      "induction over machine steps",
      "base: the first two tokens give Inv at step 0 (the 'base' query; the control head is memoryless, so it "
      "outputs q0). Step: by Inv and the reader lemma at rest the heads output the key (q, w_t, top1, top2); the "
      "MLP's next token at that key is the rise of delta's operation on each stack (finite control); in the "
      "middle the readers output the lemma's value and the MLP's next token is the fall (finite control); the "
      "rising and falling queries of that operation then give Inv at step t+1 for each stack. Push, pop and "
      "no-op are each a case for each stack, so the step holds whatever delta chooses");
  std::set<int> alphabets;
  std::vector<std::string> machines;
  for (const LibraryMachine& lm : machine_library()) {
    alphabets.insert(lm.machine.stack_symbol_count());
    machines.push_back(lm.machine.name());
  }
  bool proved = true;
  std::string failure, disagreement, confirmations;
  for (int k : alphabets) {
    TcInduction run = prove_tc_induction(config, k);
    std::string tag = "k = " + std::to_string(k) + ", ";
    for (const InductionQuery& q : run.queries) {
      r.details.emplace_back(tag + q.name, q.question + ": z3 " + q.z3 + ", cvc5 " + q.cvc5 +
                                               (q.smt2_path.empty() ? "" : " (" + q.smt2_path + ")"));
      if (q.disagree && disagreement.empty())
        disagreement = tag + q.name + ": z3 " + q.z3 + ", cvc5 " + q.cvc5 + " (" + q.smt2_path + ")";
      if (q.z3 != "unsat" || q.cvc5 != "unsat") confirmations += (confirmations.empty() ? "" : ", ") + tag + q.name;
    }
    std::string replay = run.reachable_state ? replay_tc_state(*run.reachable_state) : "no model";
    r.details.emplace_back(tag + "non-vacuity (a)",
                           run.witness_query.question + ": z3 " + run.witness_query.z3 +
                               (replay.empty() ? "; the reference replays the model: memory, reader outputs, middle "
                                                 "and next memories and the popped stack agree"
                                               : "; " + replay));
    for (const InductionQuery& q : run.queries)
      if (q.z3.rfind("unknown", 0) == 0 && failure.empty()) failure = "Z3 gave up on " + tag + q.name + ": " + q.z3;
    if (!run.proved && failure.empty()) failure = "the induction did not close for " + tag.substr(0, tag.size() - 2);
    if (!replay.empty() && failure.empty()) failure = "the non-vacuity witness does not replay (" + tag + replay + ")";
    proved = proved && run.proved && replay.empty();
  }
  for (const std::string& name : machines) {
    std::size_t keys = 0;
    std::string control = check_finite_control(name, keys);
    r.details.emplace_back(
        "finite control: " + name,
        control.empty() ? std::to_string(keys) + " keys enumerated, every next token as assumed" : control);
    if (!control.empty() && failure.empty()) failure = "the finite control of " + name + " differs: " + control;
    proved = proved && control.empty();
  }
  r.second_solver = SecondSolver{cvc5_version(), confirmations.empty() ? "unsat" : "not unsat on " + confirmations};
  std::string alphabet_list;
  for (int k : alphabets) alphabet_list += (alphabet_list.empty() ? "" : ", ") + std::to_string(k);
  if (!disagreement.empty()) {
    r.verdict = Verdict::Error;
    r.summary = "the solvers disagree on " + disagreement;
  } else if (!proved) {
    r.verdict = Verdict::Unknown;
    r.summary = failure;
  } else {
    r.verdict = Verdict::Proved;
    r.summary = "every step count and depth, the " + std::to_string(machines.size()) +
                " library machines: after each step the heads' memories encode both stacks exactly and the "
                "readers output the tops";
    r.hypotheses_used = {"|Gamma| in {" + alphabet_list + "} (the library's)",
                         "stack depth <= D_max (the transformer is built for the bound)",
                         "relay state = reading of the memory (ref:memory_equals_definition, proved by induction)",
                         "invariant: " + tc_invariant_text()};
    r.details.emplace_back(
        "what remains for every machine",
        "the Z3 part holds for any transition table over |Gamma| in {" + alphabet_list +
            "} (push/pop/no-op are its step cases); a machine's finite control (its MLP table at every key) is "
            "enumerated per machine; another |Gamma| needs the same queries run for it (the codes are linear in "
            "the depth only for a fixed |Gamma|)");
  }
  return {r};
}

}  // namespace

void register_tc_induction_checkers(Registry& r) { r.add(Checker{"repair:thm:tc:library", "induction", check_tc_induction}); }

}  // namespace palcheck::proofs
