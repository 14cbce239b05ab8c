// Recording an induction's queries (see induction_query.h).
#include "smt/induction_query.h"

#include "smt/judgement.h"

namespace palcheck::smt {

InductionQuery recorded(const std::string& name, const std::string& question, const QueryOutcome& o) {
  return {name, question, z3_reply(o), o.second.reply, o.smt2_path, solvers_disagree(o)};
}

bool ask(Query& q, const std::string& name, const std::string& question, std::vector<InductionQuery>& queries) {
  QueryOutcome o = q.check();
  queries.push_back(recorded(name, question, o));
  return confirmed_unsat(o);
}

}  // namespace palcheck::smt
