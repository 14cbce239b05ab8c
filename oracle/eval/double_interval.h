// rem:backprop: rigorous enclosures at double speed. A real number is carried as a closed interval of
// doubles; every operation rounds each end outwards by one unit in the last place (more than the half
// unit the operation rounded by), so the interval always contains the exact result. The logistic
// function is bounded by an alternating Taylor series on z / 2^k, whose partial sums bracket e^-z,
// squared k times, each step rounded outwards: about 1e-14 wide, enough to settle nearly every
// comparison; the Arb enclosures of smoothed_switch.h settle the rest and are the reference it is
// tested against.
#pragma once

#include "reference/rational.h"

#include <cmath>
#include <optional>

namespace palcheck::oracle {

/// A closed interval [lo, hi] of doubles containing the real it stands for.
struct DoubleInterval {
  double lo = 0;  ///< lower end
  double hi = 0;  ///< upper end
};

/// x rounded down (up) by one unit in the last place: outside the exact value x was rounded from.
inline double round_down(double x) { return std::nextafter(x, -INFINITY); }
inline double round_up(double x) { return std::nextafter(x, INFINITY); }

/// Sum and product, rounded outwards.
DoubleInterval operator+(DoubleInterval a, DoubleInterval b);
DoubleInterval operator*(DoubleInterval a, DoubleInterval b);

/// q as a double when some double equals it exactly (a power-of-two denominator, at most 53 significant
/// bits, within the normal range), else nullopt: read from the bits of numerator and denominator, no
/// rational arithmetic (the inputs and outputs the oracle meets are doubles).
std::optional<double> exact_double(const Q& q);

/// The doubles just outside an exact rational (one unit beyond when it is not a double).
DoubleInterval enclose(const Q& q);

/// An enclosure of 1/(1 + e^-y) for every y in `y`.
DoubleInterval logistic_interval(DoubleInterval y);

}  // namespace palcheck::oracle
