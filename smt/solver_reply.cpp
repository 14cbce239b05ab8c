// Spelling a solver's answer (see solver_reply.h).
#include "smt/solver_reply.h"

#include "reference/name_table.h"

namespace palcheck::smt {
namespace {

constexpr NameTable<SolverAnswer, 5> kAnswers{{
    {SolverAnswer::Sat, "sat"},
    {SolverAnswer::Unsat, "unsat"},
    {SolverAnswer::Unknown, "unknown"},
    {SolverAnswer::Error, "error"},
    {SolverAnswer::NotAsked, "not asked"},
}};

}  // namespace

std::string to_string(SolverAnswer a) { return name_in(kAnswers, a); }

std::string to_string(const SolverReply& reply) {
  switch (reply.answer) {
    case SolverAnswer::Unknown: return "unknown (" + reply.reason + ")";
    case SolverAnswer::Error: return "error: " + reply.reason;
    default: return to_string(reply.answer);
  }
}

}  // namespace palcheck::smt
