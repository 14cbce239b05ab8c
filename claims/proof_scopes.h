// The scope tables (docs/proofs.md, "Assumptions"): what each proved claim's statement quantifies over, and
// what each of its proofs takes as given, both as typed data. run_checker attaches a proof's assumptions
// to its PROVED results and makes a proof that does not cover its statement a sub-claim.
#pragma once

#include "claims/assumption.h"
#include "claims/reading.h"

#include <optional>

#include <string>
#include <vector>

namespace palcheck {

/// What the statement of `label` quantifies over (empty when not declared).
const std::vector<Assumption>& statement_scope(const std::string& label);

/// The stack a proof runs on, from its result's typed reading: the classical memory, Algorithm 1 under one
/// completion, or under every completion palcheck admits; nullopt when the result names no stack.
std::optional<Assumption> stack_model(const Reading& reading);

/// What the proof of `label` by `method` takes as given (empty when not declared); the stack it runs on
/// comes from its result's reading (stack_model).
const std::vector<Assumption>& proof_assumptions(const std::string& label, const std::string& method);

}  // namespace palcheck
