// "Did you mean": the known name nearest to a mistyped one (a command, a claim label), so that a typo gets
// its correction instead of a bare "unknown".
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace palcheck::cli {

/// The name of `names` fewest edits (insert, delete, replace, swap two neighbours) from `typed`, the first
/// such in order, when that is at most a third of typed's length (at least 1); nullopt otherwise.
std::optional<std::string> nearest_name(const std::string& typed, const std::vector<std::string>& names);

/// "; did you mean NAME?" for the nearest name, or "" when none is near.
std::string did_you_mean(const std::string& typed, const std::vector<std::string>& names);

}  // namespace palcheck::cli
