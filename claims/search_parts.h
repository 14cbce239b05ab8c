// The parts of one sharded search (RunConfig::part, `palcheck verify --shard i/N`) combined into the
// result one process gets, and the words a search's counterexample opens with: no claim label of its own,
// every search result passes through it.
#pragma once

#include "claims/verdict.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace palcheck {

/// One search's results from parts 0..N-1 (in that order), combined. One process stops at its first
/// case k that does not pass, and only part k mod N judged that case; so the result is the stop (REFUTED,
/// ERROR, UNKNOWN) with the fewest cases (k + 1), else the parts' common HELD result. nullopt and a
/// one-line reason in `error` when there is no part, or parts that never stopped disagree.
std::optional<CheckResult> merge_search_parts(const std::vector<CheckResult>& parts, std::string& error);

/// How a searched counterexample's summary opens, after `passing` cases that passed: "counterexample after
/// 1 passing case: ", "counterexample after 91 passing cases: " (the report reads it back).
std::string counterexample_opening(std::uint64_t passing);

}  // namespace palcheck
