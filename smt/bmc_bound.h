// The bound of every bounded model check in proofs/ (prop:wiping repair, prop:sufficiency,
// prop:rate_independence, alg:stack, def:stack, prop:complexity, lem:pop_one, lem:stack_ops).
#pragma once

#include <cstddef>

namespace palcheck::smt {

/// Inputs per symbolic sequence: PALCHECK_BMC_N if set to an integer in [2, 12], else 6.
std::size_t bmc_length();

}  // namespace palcheck::smt
