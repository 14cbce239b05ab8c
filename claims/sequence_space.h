// The exhaustive searches of claims/ (lem:pop_one's encoded stacks, lem:threshold for every eps,
// prop:complexity's relay from the stack): every sequence over a small alphabet, shortest first, so that
// the first one found is a smallest witness of the space and the search needs no seed.
#pragma once

#include "claims/verdict.h"
#include "reference/rational.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace palcheck {

/// The first sequence over `alphabet` of length 1 to max_length on which `found` is true, or none: shortest
/// first and, within a length, the first position changing fastest; `found` sees every sequence before it.
std::optional<std::vector<Q>> first_sequence(const std::vector<Q>& alphabet, std::size_t max_length,
                                             const std::function<bool(const std::vector<Q>&)>& found);

/// A result of method "enumeration" over `cases` cases whose first detail is the space searched: `space`,
/// then that it is searched shortest first, with no seed.
CheckResult enumeration_result(std::uint64_t cases, const std::string& space);

}  // namespace palcheck
