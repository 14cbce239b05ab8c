// prop:criticality: the ascending hysteresis sweep of the mean-field RFIM (self-coupling included) with a
// deterministic Gaussian "quantile disorder" h_i = R * Phi^{-1}((i - 1/2)/N). The fields are doubles made exact;
// given them, the sweep is exact. With quantile disorder the sweep has a macroscopic avalanche iff
// R < sqrt(2/pi) J (up to O(1/N)), the mean-field critical disorder.
#pragma once

#include "../rational.h"

#include <cstddef>
#include <vector>

namespace palcheck::physics {

/// The N quantile fields for disorder R (largest first), exact rationals of the doubles R * Phi^{-1}(.).
std::vector<Q> quantile_fields(std::size_t N, double R);

/// The largest avalanche (spins flipped at one field value) of the sweep H: -inf -> +inf, all spins from -1.
/// The fields must be sorted largest first; the local field is J m + h_i + H with m including spin i.
std::size_t largest_ascending_avalanche(const std::vector<Q>& sorted_fields, const Q& J);

}  // namespace palcheck::physics
