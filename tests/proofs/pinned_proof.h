// What every test of a proof of proofs/ checks first: the claim has one result, PROVED in both solvers,
// and each definition the proof relies on is declared and pinned by a refuted model mutant.
#pragma once

#include "tests/proofs/proof_registry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace palcheck::testing {

/// The one result of `label`'s proofs, checked to be PROVED by `method` with cvc5's unsat too.
inline CheckResult sole_proof(const std::string& label, const std::string& method) {
  std::vector<CheckResult> results = run_checkers(proof_registry(), label, RunConfig{});
  if (results.size() != 1) {
    ADD_FAILURE() << label << " has " << results.size() << " results";
    return {};
  }
  const CheckResult& r = results.front();
  EXPECT_EQ(r.method, method) << label;
  EXPECT_EQ(r.verdict, Verdict::Proved) << r.summary;
  EXPECT_TRUE(r.second_solver.has_value() && r.second_solver->answer == "unsat") << label;
  return r;
}

/// Checks that `r` relies on each of `definitions`, and that a refuted model mutant changes each.
inline void expect_pinned(const CheckResult& r, const std::vector<ModelDefinition>& definitions) {
  for (ModelDefinition d : definitions) {
    EXPECT_NE(std::find(r.relies_on.begin(), r.relies_on.end(), d), r.relies_on.end()) << to_string(d);
    EXPECT_TRUE(std::any_of(r.mutants.begin(), r.mutants.end(), [&](const MutantResult& m) {
      return m.definition == d && m.refuted;
    })) << to_string(d);
  }
}

}  // namespace palcheck::testing
