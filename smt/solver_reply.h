// A solver's answer to one query as a value: which answer, and why when it is not definite. Z3's and
// cvc5's answers are recorded, compared and confirmed as these; their text is written only for a reader.
// Solver-free, so that a proof's record never shows the solver.
#pragma once

#include <string>

namespace palcheck::smt {

/// What a solver answered (NotAsked: the run asks Z3 alone, as semantic mutants do; Backstop: the wall-clock
/// safety net ended the call before its resource limit did, a stop that depends on the machine's load).
enum class SolverAnswer { Sat, Unsat, Unknown, Error, NotAsked, Backstop };

/// One solver's answer and, when it is not definite, why.
struct SolverReply {
  SolverAnswer answer = SolverAnswer::Unknown;  ///< sat / unsat / unknown / error
  std::string reason;  ///< unknown: the solver's reason; error: its first line of output

  /// Whether the answer is `a`, whatever the reason.
  bool is(SolverAnswer a) const { return answer == a; }
};

/// "sat", "unsat", "unknown", "error" or "not asked".
std::string to_string(SolverAnswer a);

/// "sat", "unsat", "unknown (<reason>)", "error: <reason>", "not asked" or "stopped by the wall-clock
/// backstop (<reason>)".
std::string to_string(const SolverReply& reply);

/// Whether a reply is the backstop's: never a verdict, so the check it belongs to is an ERROR.
inline bool backstopped(const SolverReply& reply) { return reply.is(SolverAnswer::Backstop); }

}  // namespace palcheck::smt
