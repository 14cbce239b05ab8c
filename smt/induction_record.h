// One solver query of a proof as the reports and tests read it: what it asks, both solvers' answers and
// its file. Solver-free, so that a proof's interface never shows the solver.
#pragma once

#include "smt/solver_reply.h"

#include <string>

namespace palcheck::smt {

/// One query of a proof: what it asks, both solvers' answers and its file.
struct InductionQuery {
  std::string name;       ///< "base", "step: equal input", "step: continue the run", ...
  std::string question;   ///< the query in words (premises => goal)
  SolverReply z3;         ///< Z3's answer
  SolverReply cvc5;       ///< cvc5's answer to the same file
  std::string smt2_path;  ///< kept when RunConfig::smt2_dir is set
  bool disagree = false;  ///< one solver sat, the other unsat
};

}  // namespace palcheck::smt
