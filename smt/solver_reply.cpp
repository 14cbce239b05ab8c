// Spelling a solver's answer (see solver_reply.h).
#include "smt/solver_reply.h"

#include "reference/name_table.h"

namespace palcheck::smt {
namespace {

constexpr NameTable<SolverAnswer, 6> kAnswers{{
    {SolverAnswer::Sat, "sat"},
    {SolverAnswer::Unsat, "unsat"},
    {SolverAnswer::Unknown, "unknown"},
    {SolverAnswer::Error, "error"},
    {SolverAnswer::NotAsked, "not asked"},
    {SolverAnswer::Backstop, "stopped by the wall-clock backstop"},
}};

}  // namespace

std::string to_string(SolverAnswer a) { return name_in(kAnswers, a); }

std::string to_string(const SolverReply& reply) {
  switch (reply.answer) {
    case SolverAnswer::Unknown: return "unknown (" + reply.reason + ")";
    case SolverAnswer::Error: return "error: " + reply.reason;
    case SolverAnswer::Backstop: return to_string(reply.answer) + " (" + reply.reason + ")";
    case SolverAnswer::Sat:
    case SolverAnswer::Unsat:
    case SolverAnswer::NotAsked: return to_string(reply.answer);
  }
  return to_string(reply.answer);
}

}  // namespace palcheck::smt
