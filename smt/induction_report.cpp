// The report of an induction proof (see induction_report.h).
#include "smt/induction_report.h"

#include "smt/second_solver.h"
#include "smt/z3_query.h"

namespace palcheck::smt {

InductionProof start_induction(const InductionText& text) {
  InductionProof proof;
  proof.invariant = text.invariant;
  proof.step = text.step;
  proof.ghosts = text.ghosts;
  return proof;
}

CheckResult induction_report(const InductionProof& proof, const InductionClaim& claim, const std::string& replay) {
  CheckResult r;
  r.method = "induction";
  r.reading = claim.reading;
  r.interpretation = claim.interpretation;
  r.details.emplace_back("invariant", proof.invariant);
  r.details.emplace_back("step", proof.step);
  r.details.emplace_back("ghost witnesses", proof.ghosts);
  add_query_details(r, proof.queries);
  const InductionQuery& w = proof.witness_query;
  r.details.emplace_back("non-vacuity (a)", w.question + ": z3 " + to_string(w.z3) + ", cvc5 " + to_string(w.cvc5) +
                                                (replay.empty() ? "; the reference replays the model" : "; " + replay));
  r.details.emplace_back("non-vacuity (a) smt2", w.smt2_path.empty() ? "(not kept: pass --smt2-dir)" : w.smt2_path);
  judge_induction(r, proof.queries, proof.proved, replay, claim, proof.invariant);
  return r;
}

void add_query_details(CheckResult& r, const std::vector<InductionQuery>& queries) {
  for (const InductionQuery& q : queries) {
    r.details.emplace_back(q.name, q.question + ": z3 " + to_string(q.z3) + ", cvc5 " + to_string(q.cvc5));
    r.details.emplace_back(q.name + " smt2", q.smt2_path.empty() ? "(not kept: pass --smt2-dir)" : q.smt2_path);
  }
}

void judge_induction(CheckResult& r, const std::vector<InductionQuery>& queries, bool proved, const std::string& replay,
                     const InductionClaim& claim, const std::string& invariant) {
  const InductionQuery* disagreement = nullptr;
  const InductionQuery* open = nullptr;
  const InductionQuery* gave_up = nullptr;
  for (const InductionQuery& q : queries) {
    if (q.disagree) disagreement = &q;
    if (!open && !(q.z3.is(SolverAnswer::Unsat) && q.cvc5.is(SolverAnswer::Unsat))) open = &q;
    if (!gave_up && q.z3.is(SolverAnswer::Unknown)) gave_up = &q;
  }
  r.second_solver = SecondSolver{cvc5_version(), proved ? "unsat" : "not all unsat (see details)"};
  std::optional<std::string> stop;
  for (const InductionQuery& q : queries)
    if (!stop) stop = backstop_stop(q.name, q.z3, q.cvc5);
  if (disagreement) {
    r.verdict = Verdict::Error;
    r.summary = "the solvers disagree on " + disagreement->name + ": z3 " + to_string(disagreement->z3) + ", cvc5 " +
                to_string(disagreement->cvc5) + " (" + disagreement->smt2_path + ")";
  } else if (stop) {
    r.verdict = Verdict::Error;
    r.summary = *stop;
  } else if (!proved) {
    r.verdict = gave_up && stopped_at_a_limit(gave_up->z3.reason) ? Verdict::Timeout : Verdict::Unknown;
    if (gave_up)
      r.summary = "Z3 gave up on " + gave_up->name + ": " + to_string(gave_up->z3);
    else
      r.summary = "the induction did not close at " + (open ? open->name + ": z3 " + to_string(open->z3) + ", cvc5 " + to_string(open->cvc5)
                                                            : std::string("an unanswered query"));
  } else if (!replay.empty()) {
    r.verdict = Verdict::Error;
    r.summary = "the induction closes but its non-vacuity witness does not replay: " + replay;
  } else {
    r.verdict = Verdict::Proved;
    r.summary = claim.summary;
    r.hypotheses_used = claim.hypotheses;
    r.hypotheses_used.push_back("invariant: " + invariant);
  }
}

}  // namespace palcheck::smt
