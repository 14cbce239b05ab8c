// The registry the tests of proofs/ run: the claim table with the Z3 and induction checkers of proofs/
// (register_proof_checkers) and no others, so a test sees what the solvers say and nothing else.
#pragma once

#include "claims/areas.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>

namespace palcheck::testing {

/// The claim table with the checkers of proofs/ only.
inline Registry proof_registry() {
  Registry r;
  register_paper_claims(r);
  register_proof_checkers(r);
  return r;
}

/// The one result the proofs' checkers give `label`; std::logic_error (a failed test) unless just one.
inline CheckResult only_result(const std::string& label) {
  std::vector<CheckResult> results = run_checkers(proof_registry(), label, RunConfig{});
  if (results.size() != 1) throw std::logic_error(label + ": " + std::to_string(results.size()) + " results, not 1");
  return results.front();
}

/// Success when `result` is PROVED and the second solver answered unsat too; otherwise what differs.
inline ::testing::AssertionResult proved_in_both(const CheckResult& result) {
  if (result.verdict != Verdict::Proved)
    return ::testing::AssertionFailure() << to_string(result.verdict) << ": " << result.summary;
  if (!result.second_solver) return ::testing::AssertionFailure() << "no second solver: " << result.summary;
  if (result.second_solver->answer != "unsat")
    return ::testing::AssertionFailure() << "second solver: " << result.second_solver->answer;
  return ::testing::AssertionSuccess();
}

/// Whether a refuted mutant of `result` changes definition `d` (the proof depends on `d` as written).
inline bool pinned(const CheckResult& result, ModelDefinition d) {
  return std::any_of(result.mutants.begin(), result.mutants.end(),
                     [&](const MutantResult& m) { return m.definition == d && m.refuted; });
}

}  // namespace palcheck::testing
