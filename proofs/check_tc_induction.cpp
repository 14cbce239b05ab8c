// repair:thm:tc by induction over machine steps for every two-stack PDA (tc_induction.h): PROVED (method
// induction) when every query is unsat in Z3 and cvc5 and the non-vacuity witness replays on the reference.
// repair:thm:tc:library: the library's machines as instances of that proof (their delta satisfies its
// hypotheses at every key, and the reference's transformer is the construction it models), PROVED when the
// generic proof is. The generic proof runs once per configuration and serves both labels.
#include "claims/constructions/tc_checker_parts.h"
#include "proofs/checkers.h"
#include "proofs/tc_induction.h"
#include "reference/models/pda_library.h"
#include "smt/mutation.h"
#include "smt/second_solver.h"

#include <map>
#include <mutex>
#include <tuple>

namespace palcheck::proofs {

using namespace smt;

namespace {

// The definitions the induction's queries encode, each pinned by a model mutant of tc_mutants().
const std::vector<ModelDefinition> kTcReliesOn{ModelDefinition::RelayStep, ModelDefinition::InitialState,
                                               ModelDefinition::MemoryUpdate, ModelDefinition::AttentionReadOut,
                                               ModelDefinition::Mlp};

// The bounds at which the library's transformers are compared with the modelled construction.
constexpr int kInstanceBounds = 4;

struct GenericProof {
  TcInduction run;
  std::string replay;         // replay_tc_state of the witness: "" when it agrees
  std::string confirmations;  // the queries cvc5 did not confirm unsat
  std::string disagreement;   // the first query the solvers disagree on
  std::string failure;        // why the proof did not close ("" when it did)
  std::vector<MutantResult> mutants;  // tc_mutants(), each run in Z3 (only when the proof closed)
};

const GenericProof& generic_proof(const RunConfig& config) {
  static std::mutex mutex;
  static std::map<std::tuple<std::uint64_t, std::uint64_t, std::string>, GenericProof> proofs;
  std::lock_guard<std::mutex> lock(mutex);
  auto key = std::tuple{config.seed, config.rlimit, config.smt2_dir};
  if (auto found = proofs.find(key); found != proofs.end()) return found->second;
  GenericProof p{prove_tc_induction(config), "", "", "", "", {}};
  p.replay = p.run.reachable_state ? replay_tc_state(*p.run.reachable_state) : "no model";
  for (const InductionQuery& q : p.run.queries) {
    if (q.disagree && p.disagreement.empty())
      p.disagreement = q.name + ": z3 " + to_string(q.z3) + ", cvc5 " + to_string(q.cvc5) + " (" + q.smt2_path + ")";
    if (!(q.z3.is(SolverAnswer::Unsat) && q.cvc5.is(SolverAnswer::Unsat))) p.confirmations += (p.confirmations.empty() ? "" : ", ") + q.name;
    if (q.z3.is(SolverAnswer::Unknown) && p.failure.empty()) p.failure = "Z3 gave up on " + q.name + ": " + to_string(q.z3);
  }
  if (!p.run.proved && p.failure.empty()) p.failure = "the induction did not close: not unsat on " + p.confirmations;
  if (!p.replay.empty() && p.failure.empty()) p.failure = "the non-vacuity witness does not replay (" + p.replay + ")";
  if (p.failure.empty() && p.disagreement.empty())
    for (const TcMutant& m : tc_mutants())
      p.mutants.push_back(
          mutant_outcome(m.name, m.what, run_tc_mutant(mutant_config(config), m).queries, m.definition));
  return proofs.emplace(key, std::move(p)).first->second;
}

// A result about the repair, under its reading and interpretation: both labels state the same construction.
CheckResult repair_result(const std::string& method) {
  CheckResult r;
  r.method = method;
  r.interpretation = repair_interpretation();
  r.reading = repair_reading();
  return r;
}

// The verdict of a result resting on the generic proof: ERROR on a disagreement, UNKNOWN when it did not close.
bool judged_by_the_proof(const GenericProof& p, CheckResult& r) {
  r.second_solver = SecondSolver{cvc5_version(), p.confirmations.empty() ? "unsat" : "not unsat on " + p.confirmations};
  if (!p.disagreement.empty()) {
    r.verdict = Verdict::Error;
    r.summary = "the solvers disagree on " + p.disagreement;
    return false;
  }
  if (!p.failure.empty()) {
    r.verdict = Verdict::Unknown;
    r.summary = p.failure;
    return false;
  }
  return true;
}

std::vector<CheckResult> check_generic(const RunConfig& config) {
  const GenericProof& p = generic_proof(config);
  CheckResult r = repair_result("induction");
  r.details.emplace_back("machines", tc_machine_text());
  r.details.emplace_back(
      "construction",
      "the network the queries model: H = 4 heads, diagonal relays (j, j) of "
      "weight 1 on the control and tape, the reader measure (weights 1, -1, -(|Gamma|-1)) on each "
      "stack; one ReLU MLP layer of 2|Q|(|Sigma|+1)(|Gamma|+1)^2 - 1 interpolation neurons and 3 "
      "linear ones; two tokens per machine step. The reference's RepairTransformer is compared with it "
      "parameter by parameter for the library machines at bounds 1.." +
          std::to_string(kInstanceBounds) + " (repair:thm:tc:library)");
  r.details.emplace_back("invariant", tc_invariant_text());
  r.details.emplace_back("lemmas", tc_lemmas_text());
  r.details.emplace_back("induction over machine steps", tc_induction_text());
  for (const InductionQuery& q : p.run.queries)
    r.details.emplace_back(q.name, q.question + ": z3 " + to_string(q.z3) + ", cvc5 " + to_string(q.cvc5) +
                                       (q.smt2_path.empty() ? "" : " (" + q.smt2_path + ")"));
  r.details.emplace_back("non-vacuity (a)",
                         p.run.witness_query.question + ": z3 " + to_string(p.run.witness_query.z3) +
                             (p.replay.empty() ? "; the reference replays the model: memory, reader outputs, middle "
                                                 "and next memories and the popped stack agree"
                                               : "; " + p.replay));
  if (!judged_by_the_proof(p, r)) return {r};
  r.verdict = Verdict::Proved;
  r.summary =
      "every two-stack PDA (|Q|, |Sigma|, |Gamma| symbolic, delta uninterpreted), every step count, every "
      "depth bound D_max with the stacks within it: after each machine step the control token is the state, "
      "each stack head's memory encodes its stack exactly and the readers output the tops; stack signals are "
      "integers in [1, 2C]";
  r.hypotheses_used = {tc_machine_text(),
                       "relay state = reading of the memory (ref:memory_equals_definition, proved by induction)",
                       "each token is one step of the classical memory (the memory induction's step)",
                       "invariant: " + tc_invariant_text()};
  pin(r, kTcReliesOn, [&] { return p.mutants; });
  return {r};
}

std::vector<CheckResult> check_library(const RunConfig& config) {
  const GenericProof& p = generic_proof(config);
  CheckResult r = repair_result("enumeration");
  std::string failure;
  std::size_t machines = 0;
  for (const LibraryMachine& lm : machine_library()) {
    std::size_t compared = 0;
    std::string problem = check_machine_instance(lm.machine, kInstanceBounds, compared);
    ++machines;
    r.details.emplace_back(lm.machine.name(), problem.empty()
                                                  ? "delta well formed at every key; the reference "
                                                    "transformer is the modelled construction at bounds 1.." +
                                                        std::to_string(kInstanceBounds) + " (" +
                                                        std::to_string(compared) + " parameters compared)"
                                                  : problem);
    if (!problem.empty() && failure.empty()) failure = problem;
  }
  r.details.emplace_back("scope of the comparison",
                         "the reference transformer (RepairTransformer) is compared with the construction the proof "
                         "models, parameter by parameter, for the bounds 1.." +
                             std::to_string(kInstanceBounds) +
                             "; the PROVED rests on repair:thm:tc's induction, whose only hypotheses on the machine "
                             "are the ones enumerated here");
  if (!judged_by_the_proof(p, r)) return {r};
  if (!failure.empty()) {
    r.verdict = Verdict::Error;  // a library machine or the reference breaks the construction: a defect of ours
    r.summary = failure;
    return {r};
  }
  r.verdict = Verdict::Proved;
  r.summary =
      "the " + std::to_string(machines) +
      " library machines are instances of repair:thm:tc's induction (every step count, every depth bound "
      "with the stacks within it): delta well formed at every key; their reference transformers are the modelled "
      "construction, parameter by parameter, for bounds 1.." +
      std::to_string(kInstanceBounds);
  r.hypotheses_used = {"repair:thm:tc's induction (every two-stack PDA)", tc_machine_text()};
  pin(r, kTcReliesOn, [&] { return p.mutants; });
  return {r};
}

}  // namespace

void register_tc_induction_checkers(Registry& r) {
  r.add(Checker{"repair:thm:tc", "induction", check_generic});
  r.add(Checker{"repair:thm:tc:library", "enumeration", check_library});
}

}  // namespace palcheck::proofs
