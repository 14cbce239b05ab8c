// Rigorous rational enclosures for the places where sec:rfim leaves the rationals: artanh (prop:bp_pal),
// pi and sqrt (prop:criticality, the mean-field critical disorder sqrt(2/pi) J). Every enclosure is a
// pair of exact rationals lo <= x <= hi, the ends of an Arb ball (reference/ball.h) narrow enough.
#pragma once

#include "../rational.h"

#include <string>

namespace palcheck::physics {

/// A closed interval [lo, hi] of exact rationals known to contain a real number.
struct Enclosure {
  Q lo;  ///< lower bound
  Q hi;  ///< upper bound
};

/// Interval sum.
Enclosure operator+(const Enclosure& a, const Enclosure& b);
/// Interval difference.
Enclosure operator-(const Enclosure& a, const Enclosure& b);
/// Interval times an exact rational.
Enclosure scale(const Enclosure& a, const Q& factor);
/// Whether the interval contains q.
bool contains(const Enclosure& a, const Q& q);
/// "[lo, hi]" with both ends as decimals to `digits` places (rounded outwards) for reports.
std::string to_decimal_string(const Enclosure& a, int digits = 6);

/// artanh(x) for rational |x| < 1, width below 2^-bits.
Enclosure artanh_enclosure(const Q& x, unsigned bits = 80);
/// pi, width below 2^-bits.
Enclosure pi_enclosure(unsigned bits = 80);
/// sqrt(x) for an enclosure of x >= 0, each end widened by at most 2^-bits.
Enclosure sqrt_enclosure(const Enclosure& x, unsigned bits = 80);
/// sqrt(2/pi): the mean-field RFIM critical disorder over J for Gaussian random fields.
Enclosure sqrt_two_over_pi(unsigned bits = 80);

}  // namespace palcheck::physics
