// Verdicts from Z3 answers (see judgement.h).
#include "proofs/judgement.h"

namespace palcheck::proofs {

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

std::string bmc_hypothesis(std::size_t n) {
  return "sequences of at most " + std::to_string(n) + " inputs (bounded model check)";
}

CheckResult judge(const QueryOutcome& outcome, const Judgement& j) {
  CheckResult r;
  r.method = "z3";
  r.interpretation = j.interpretation;
  r.details.emplace_back("z3", to_string(outcome.answer));
  if (!outcome.smt2_path.empty()) r.details.emplace_back("smt2", outcome.smt2_path);
  switch (outcome.answer) {
    case SolverAnswer::Unsat:
      r.verdict = Verdict::Proved;
      // A bounded or reading-specific proof says so in the one line a reader sees first.
      r.summary = j.implicit.empty() ? j.proved : j.proved + " [under: " + join(j.implicit) + "]";
      r.hypotheses_used = outcome.core;
      r.hypotheses_used.insert(r.hypotheses_used.end(), j.implicit.begin(), j.implicit.end());
      r.details.emplace_back("unsat core", outcome.core.empty() ? "(no hypothesis needed)" : join(outcome.core));
      break;
    case SolverAnswer::Sat:
      if (!j.witness) {
        r.verdict = Verdict::Error;
        r.summary = "Z3 found a model where a proof was expected, and this check has no replayable witness";
        break;
      }
      r.verdict = Verdict::Refuted;
      r.summary = j.refuted;
      r.counterexample = j.witness(*outcome.model);
      break;
    case SolverAnswer::Unknown: {
      bool limit = outcome.reason_unknown.find("resource") != std::string::npos ||
                   outcome.reason_unknown.find("canceled") != std::string::npos;
      r.verdict = limit ? Verdict::Timeout : Verdict::Unknown;
      r.summary = "Z3 gave up: " + outcome.reason_unknown;
      r.details.emplace_back("reason_unknown", outcome.reason_unknown);
      break;
    }
  }
  return r;
}

}  // namespace palcheck::proofs
