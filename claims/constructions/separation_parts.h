// The pieces of register_separation_checkers (separation_checkers.cpp), one file per group of
// claims: separation_range.cpp (prop:range, prop:range_hard), separation_copy.cpp (prop:copy,
// prop:no_copy's proof step), separation_rate.cpp (thm:rate_independence, rem:pe, prop:attention_pal,
// tab:complexity), separation_prob_fix.cpp (rem:prob_fix), efo_checkers.cpp (sec:characterisation,
// app:efo_proof), and the small helpers they share.
#pragma once

#include "claims/registry.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace palcheck {

/// The separation registrars, one per group of claims (register_separation_checkers calls them all):
/// register_range_checkers: prop:range, prop:range_hard.
/// register_copy_checkers: prop:copy and prop:no_copy's proof step.
/// register_rate_checkers: thm:rate_independence, rem:pe, prop:attention_pal (item 3), tab:complexity.
/// register_prob_fix_checkers: rem:prob_fix.
/// register_efo_checkers: def:efo ... cor:depth_nesting.
/// register_threshold_every_eps: lem:threshold for every eps > 0 (threshold_every_eps.cpp).
Registrar register_range_checkers, register_copy_checkers, register_rate_checkers, register_prob_fix_checkers,
    register_efo_checkers, register_threshold_every_eps;

/// Records beside a construction's verdict the cases it tried from the run's seed, its reading, its
/// interpretation and its details.
void record_construction(CheckResult& r, std::uint64_t cases, const RunConfig& config, Reading reading,
                         std::map<std::string, std::string> interpretation, std::vector<Detail> details);

/// The scenario of the non-extremal pair witness (separation_copy.cpp).
inline constexpr const char* kNonExtremalPair = "construction-pal-transformer-pair";

/// A pair (0, v, 2), (0, v', 2) told apart by non_extremal_reading_spec(), found by a seeded search and
/// labelled `label`; `separated` counts the separated pairs among `cases` tries. nullopt if none.
std::optional<Instance> find_non_extremal_pair(const std::string& label, const RunConfig& config,
                                               std::uint64_t& separated, std::uint64_t& cases);

/// Replays a non-extremal pair: equal Preisach memories and equal extremal structure (every
/// ExtremumReading) of the first coordinates, yet certified different last outputs.
ReplayOutcome replay_non_extremal_pair(const Instance& instance);

}  // namespace palcheck
