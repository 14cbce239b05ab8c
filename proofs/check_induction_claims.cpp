// repair:prop:wiping, ref:return_point_memory, ref:congruency (excursion_induction.h), repair:lem:pop_one,
// ref:algorithm1_steps, prop:complexity:counts (algorithm1_induction.h, and the classical memory's POP on
// the invariant of memory_induction.h): each PROVED by induction for every length and depth, with its
// invariant, base/step/exit queries, query files and a replayed non-vacuity witness in the details.
#include "proofs/algorithm1_induction.h"
#include "proofs/checkers.h"
#include "proofs/excursion_induction.h"
#include "proofs/memory_induction.h"
#include "reference/readings.h"
#include "smt/mutation.h"

namespace palcheck::proofs {

using namespace smt;

namespace {

Checker excursion_checker(const std::string& label, Excursion which) {
  return {label, "induction", [which](const RunConfig& config) {
            InductionProof proof = prove_excursion(config, which);
            std::string replay = proof.witness ? replay_excursion(*proof.witness) : "no model";
            CheckResult r = induction_report(proof, excursion_claim(which), replay);
            pin(r, {ModelDefinition::RelayStep}, [&] { return excursion_mutants(config, which); });
            return std::vector<CheckResult>{r};
          }};
}

CheckResult algorithm1_result(const RunConfig& config, Algorithm1Fact fact, FirstInput first) {
  InductionProof proof = prove_algorithm1(config, fact, first);
  std::string replay = proof.witness ? replay_algorithm1(*proof.witness) : "no model";
  CheckResult r = induction_report(proof, algorithm1_claim(fact, first), replay);
  pin(r, algorithm1_relies_on(fact), [&] { return algorithm1_mutants(config, fact, first); });
  return r;
}

// The classical memory's POP: one query on the memory invariant, which the memory induction proves.
CheckResult memory_pop_result(const RunConfig& config, InitialState initial) {
  MemoryInduction run = memory_pop_one(config, initial);
  InductionProof proof{memory_invariant_text(initial) +
                           " (proved for every length by ref:memory_equals_definition's "
                           "induction, proofs/memory_induction.cpp)",
                       memory_step_text(),
                       "g: the last entry outside the dead band (see the step)",
                       run.queries,
                       run.witness_query,
                       run.reachable_state,
                       run.proved};
  InductionClaim claim{
      "for every memory depth: on the classical memory (two (max, min) pairs at least, ending with a "
      "minimum) the signal M_{top-1} - eps turns and wipes exactly the top pair",
      {reading(StackReading{}), reading(initial)},
      {{"signal", "M_{top-1} - eps"}},
      {"eps > 0", "eps < M_{top-1} - M_top", "depth >= 2"}};
  std::string replay = run.reachable_state ? replay_reachable_state(*run.reachable_state) : "no model";
  CheckResult r = induction_report(proof, claim, replay);
  pin(r, {ModelDefinition::MemoryUpdate, ModelDefinition::Encoding},
      [&] { return memory_pop_one_mutants(config, initial); });
  return r;
}

}  // namespace

void register_induction_claim_checkers(Registry& r) {
  r.add(excursion_checker("repair:prop:wiping", Excursion::Wiping));
  r.add(excursion_checker("ref:return_point_memory", Excursion::ReturnPoint));
  r.add(excursion_checker("ref:congruency", Excursion::Congruency));
  r.add(Checker{"repair:lem:pop_one", "induction", [](const RunConfig& config) {
                  std::vector<CheckResult> out{algorithm1_result(config, Algorithm1Fact::PopOne, FirstInput::Empty)};
                  for (InitialState initial : {InitialState::Off, InitialState::On})
                    out.push_back(memory_pop_result(config, initial));
                  return out;
                }});
  r.add(Checker{"ref:algorithm1_steps", "induction", [](const RunConfig& config) {
                  return std::vector<CheckResult>{algorithm1_result(config, Algorithm1Fact::Steps, FirstInput::Empty)};
                }});
  r.add(Checker{"prop:complexity:counts", "induction", [](const RunConfig& config) {
                  std::vector<CheckResult> out;
                  for (FirstInput first : {FirstInput::Empty, FirstInput::PushPair})
                    out.push_back(algorithm1_result(config, Algorithm1Fact::Counts, first));
                  return out;
                }});
}

}  // namespace palcheck::proofs
