// Recording an induction's queries (see induction_query.h).
#include "smt/induction_query.h"

#include "smt/judgement.h"

namespace palcheck::proofs {

InductionQuery recorded(const std::string& name, const std::string& question, const QueryOutcome& o) {
  std::string z3 = o.answer == SolverAnswer::Unknown ? "unknown (" + o.reason_unknown + ")" : to_string(o.answer);
  return {name, question, z3, o.second.answer, o.smt2_path, solvers_disagree(o)};
}

bool ask(Query& q, const std::string& name, const std::string& question, std::vector<InductionQuery>& queries) {
  QueryOutcome o = q.check();
  queries.push_back(recorded(name, question, o));
  return confirmed_unsat(o);
}

}  // namespace palcheck::proofs
