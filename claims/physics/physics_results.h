// Small builders shared by the sec:rfim / prop:pal_preisach / rem:backprop checkers: one CheckResult
// and the registration functions of each checker file.
#pragma once

#include "claims/registry.h"
#include "reference/relay.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>

namespace palcheck::physics {

/// HELD by a numeric search: `cases` generated cases from config.seed, none failed, under `interpretation`.
CheckResult held_search(std::string summary, std::uint64_t cases, const RunConfig& config,
                        std::map<std::string, std::string> interpretation, Reading reading = {});

/// A checker whose run gives a single result.
Checker single_result_checker(std::string label, std::string method,
                              std::function<CheckResult(const RunConfig&)> check);

/// require_half_plane's message for t ("" when t lies in T).
std::string half_plane_violation(const Thresholds& t);

/// The physics registrars, one per group of claims (register_physics_checkers calls them all):
/// register_pal_preisach_checks: prop:pal_preisach, prop:pal_preisach:convergence, prop:universal.
/// register_backprop_checks: rem:backprop, rem:backprop:off_ties.
/// register_rfim_checks: prop:preisach_rfim, rem:rfim_structure.
/// register_criticality_checks: prop:criticality and its sub-claims, rem:criticality_learning, tab:ising_summary.
/// register_ising_checks: prop:ising_streaming, rem:maxcut.
/// register_hopfield_checks: prop:hopfield_pal (part 2), rem:retrieval.
/// register_bp_checks: prop:bp_pal.
Registrar register_pal_preisach_checks, register_backprop_checks, register_rfim_checks, register_criticality_checks,
    register_ising_checks, register_hopfield_checks, register_bp_checks;

}  // namespace palcheck::physics
