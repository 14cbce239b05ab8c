// The second solver on every query of proofs/ (PROVED means proved; docs/decisions.md): cvc5 reads the same
// standard SMT-LIB2 text Z3 answers, under a resource limit and a wall-clock limit, so that a Z3 soundness
// bug cannot turn into a PROVED or a refutation on its own. cvc5 runs as a child process, so that it
// can work on one query while Z3 works on the next (see prove_each in judgement.h).
#pragma once

#include "smt/solver_reply.h"

#include <cstdint>
#include <future>
#include <string>

namespace palcheck::smt {

/// cvc5's answer to one SMT-LIB2 file.
struct SecondAnswer {
  std::string solver;  ///< "cvc5 <version>"
  SolverReply reply;   ///< unknown: a limit or incompleteness; error: its first line of output
};

/// cvc5's search heuristic for one query. It changes how fast cvc5 answers, never what a definite answer
/// means. On a whole-paper run's dumps, justification-based decisions take the sat queries from 27.4 s to
/// 10.1 s of cvc5 CPU, and the unsat ones from 15.1 s to 41 s: so each query gets the one for Z3's answer.
/// ITE simplification (a pass cvc5 designs for linear arithmetic) takes the unsat ones of a whole-paper run
/// from 10.3 s to 6.7 s, every answer the same, and does nothing for the sat ones; it is used on the
/// quantifier-free linear queries only.
enum class Cvc5Search {
  Refutation,        ///< cvc5's default decision heuristic (Z3 said unsat or unknown)
  LinearRefutation,  ///< --ite-simp (Z3 said unsat or unknown; logic QF_LRA, QF_LIA or QF_LIRA)
  ModelSearch,  ///< --decision=justification (Z3 said sat)
};

/// Runs the cvc5 binary on `smt2_path` under cvc5's resource limit for Z3's `z3_rlimit` (see cvc5_rlimit)
/// and a wall-clock limit of `seconds` (cvc5's --tlimit-per, and the process killed a second after it);
/// never throws.
SecondAnswer run_cvc5(const std::string& smt2_path, std::uint64_t z3_rlimit, Cvc5Search search = Cvc5Search::Refutation,
                      std::uint64_t seconds = 60);

/// run_cvc5 in a thread of its own; the file must stay until the answer is in.
std::future<SecondAnswer> start_cvc5(const std::string& smt2_path, std::uint64_t z3_rlimit, Cvc5Search search,
                                     std::uint64_t seconds);

/// cvc5's --rlimit for a Z3 rlimit: a tenth (cvc5 counts finer steps; at 5,000,000 / 10 every query of a
/// whole-paper run that Z3 decides is decided by cvc5 too, except nonlinear sat ones where it may say unknown).
std::uint64_t cvc5_rlimit(std::uint64_t z3_rlimit);

/// "cvc5 1.0.3" (from `cvc5 --version`), or "cvc5 (not found)".
std::string cvc5_version();

}  // namespace palcheck::smt
