// rem:backprop: the stateful sigmoid relaxation s_{n+1} = s_n [1 - sig_tau(beta - u_n)] +
// (1 - s_n) sig_tau(u_n - alpha), sig_tau(x) = 1/(1 + exp(-x/tau)), in its limit tau -> 0. The limit of
// sig_tau(x) is 1 for x > 0, 0 for x < 0 and exactly 1/2 at x = 0 (sig_tau(0) = 1/2 for every tau), and
// the recursion is a polynomial in finitely many such values, so the limit sequence is exact and rational.
#pragma once

#include "../relay.h"

#include <vector>

namespace palcheck::physics {

/// lim_{tau -> 0} sig_tau(x): 1, 1/2 or 0.
Q sigmoid_limit(const Q& x);

/// The limit sequence s_0, s_1, ..., s_{n+1} of the relaxation for thresholds t, inputs u, start s_0.
std::vector<Q> relaxation_limit(const Thresholds& t, const std::vector<Q>& u, const Q& s0);

}  // namespace palcheck::physics
