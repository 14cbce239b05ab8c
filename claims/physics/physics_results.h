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

/// A result with its verdict, method and one-line summary; the rest is filled by the caller.
CheckResult make_result(Verdict verdict, std::string method, std::string summary);

/// HELD by a numeric search: `cases` generated cases from config.seed, none failed, under `interpretation`.
CheckResult held_search(std::string summary, std::uint64_t cases, const RunConfig& config,
                        std::map<std::string, std::string> interpretation);

/// A checker whose run gives a single result.
Checker single_result_checker(std::string label, std::string method,
                              std::function<CheckResult(const RunConfig&)> check);

/// require_half_plane's message for t ("" when t lies in T).
std::string half_plane_violation(const Thresholds& t);

/// prop:pal_preisach, prop:pal_preisach:convergence, prop:universal.
void register_pal_preisach_checks(Registry& registry);
/// rem:backprop, rem:backprop:off_ties.
void register_backprop_checks(Registry& registry);
/// prop:preisach_rfim, rem:rfim_structure.
void register_rfim_checks(Registry& registry);
/// prop:criticality and its sub-claims, rem:criticality_learning, tab:ising_summary.
void register_criticality_checks(Registry& registry);
/// prop:ising_streaming, rem:maxcut.
void register_ising_checks(Registry& registry);
/// prop:hopfield_pal (part 2), rem:retrieval.
void register_hopfield_checks(Registry& registry);
/// prop:bp_pal.
void register_bp_checks(Registry& registry);

}  // namespace palcheck::physics
