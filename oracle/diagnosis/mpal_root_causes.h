// def:mpal (eq:mpal), def:relay, def:pal: the root causes of MPAL failures, per head (root_causes.h).
// A convention change (tie rule, first token, initial state, or two of them) is tried in every head
// together and, with more than one head, in each head alone: the reference re-run with those heads' PAL
// under the change (the others as declared) explains a sequence when it reproduces every component of
// every token within tolerance. A defect kind explains it in head h when the PAL diagnosis of h's implied
// values (mpal_diagnosis.h) names it for the sequence's first failing run.
#pragma once

#include "oracle/diagnosis/root_causes.h"
#include "oracle/eval/oracle_problem.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace palcheck::oracle {

/// The changes of convention_changes() that MPAL takes (neither before_crossing nor smoothing), each in
/// every head and, with more than one head, in each head alone (ConventionChange::head).
std::vector<ConventionChange> mpal_convention_changes(const Conventions& declared, InitialState initial,
                                                      std::size_t heads);

/// The indices of the changes under which the reference reproduces `actual`, sequence s's outputs
/// (token-major rows of width d in the implementation's frame), within the declared tolerance;
/// `expected` are the reference's outputs as declared (mpal_in_frame). A change moves the outputs by
/// W_O^(h) times its change of PAL_h, so only the tokens where some changed head's PAL moves are
/// computed again; `first_failing`, the first token that fails as declared, is checked first.
std::vector<std::size_t> reproducing_mpal_changes(const std::vector<ConventionChange>& changes,
                                                  const OracleProblem& problem, std::size_t s,
                                                  const std::vector<Q>& actual, const std::vector<Q>& expected,
                                                  const Conventions& declared, std::size_t first_failing);

/// The defect kinds an MPAL run's diagnosis (diagnose_mpal_run) names, each in its head.
std::vector<DefectKind> mpal_defect_kinds(const nlohmann::json& diagnosis);

}  // namespace palcheck::oracle
