// What the tests of the proofs by queries (finite image, range transformer, the short inductions, the memory
// corollaries, the inductions of the memory, Algorithm 1, excursions and repair:thm:tc) expect of a proof and
// of its mutants, stated once.
#pragma once

#include "smt/induction_record.h"
#include "smt/mutation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace palcheck::testing {

/// Each query's name and both solvers' answers, one per line.
inline std::string answers(const std::vector<smt::InductionQuery>& queries) {
  std::string out;
  for (const smt::InductionQuery& q : queries)
    out += "\n  " + q.name + ": z3 " + smt::to_string(q.z3) + ", cvc5 " + smt::to_string(q.cvc5);
  return out;
}

/// The proof closed: every query unsat in Z3 and in cvc5.
inline void expect_closed(bool proved, const std::vector<smt::InductionQuery>& queries, const std::string& what) {
  EXPECT_TRUE(proved) << what << answers(queries);
  for (const smt::InductionQuery& q : queries) {
    EXPECT_TRUE(q.z3.is(smt::SolverAnswer::Unsat)) << to_string(q.z3) << ": " << what << ": " << q.name;
    EXPECT_TRUE(q.cvc5.is(smt::SolverAnswer::Unsat)) << to_string(q.cvc5) << ": " << what << ": " << q.name;
  }
}

/// The mutant is refuted: one of the queries it changes is sat in Z3.
template <class Change>
void expect_refuted(const smt::Mutant<Change>& m, const std::vector<smt::InductionQuery>& queries,
                    const std::string& what) {
  bool sat = false;
  for (const smt::InductionQuery& q : queries) sat = sat || q.z3.is(smt::SolverAnswer::Sat);
  EXPECT_TRUE(sat) << what << ": mutant '" << m.name << "' (" << m.change_text << ") stays unsat" << answers(queries);
}

/// A proof declares at least three mutants.
template <class Change>
void expect_three_mutants(const std::vector<smt::Mutant<Change>>& mutants, const std::string& what) {
  EXPECT_GE(mutants.size(), 3u) << what;
}

/// A checker's result PROVED in both solvers, relying on each of `definitions`, each pinned by a refuted model
/// mutant, and no mutant surviving.
inline void expect_proved_and_pinned(const CheckResult& r, const std::vector<ModelDefinition>& definitions) {
  EXPECT_EQ(r.verdict, Verdict::Proved) << r.summary;
  ASSERT_TRUE(r.second_solver.has_value()) << r.summary;
  EXPECT_EQ(r.second_solver->answer, "unsat");
  for (ModelDefinition d : definitions) {
    EXPECT_NE(std::find(r.relies_on.begin(), r.relies_on.end(), d), r.relies_on.end()) << to_string(d);
    EXPECT_TRUE(std::any_of(r.mutants.begin(), r.mutants.end(),
                            [&](const MutantResult& m) { return m.definition == d && m.refuted; }))
        << to_string(d);
  }
  for (const MutantResult& m : r.mutants) EXPECT_TRUE(m.refuted) << m.name << ": " << m.evidence;
}

}  // namespace palcheck::testing
