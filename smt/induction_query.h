// repair:prop:wiping, repair:lem:pop_one, prop:complexity:counts, ref:return_point_memory, ref:congruency,
// ref:algorithm1_steps: one solver query of an induction, recorded as the Z3-free InductionQuery the
// reports and tests read.
#pragma once

#include "smt/induction_record.h"
#include "smt/z3_query.h"

#include <string>

namespace palcheck::smt {

/// `o` recorded as query `name` ("base", "step: ...", "exit: ...") asking `question` in words.
InductionQuery recorded(const std::string& name, const std::string& question, const QueryOutcome& o);

/// Runs `q` in both solvers, appends it to `queries` and returns whether both said unsat.
bool ask(Query& q, const std::string& name, const std::string& question, std::vector<InductionQuery>& queries);

}  // namespace palcheck::smt
