// Rigorous enclosures where the maths of def:pal_transformer (sinusoidal PE, LayerNorm's sqrt) and of
// eq:attention (softmax's exp) leaves the rationals. Every real is carried as a closed interval of
// exact rationals that is guaranteed to contain it; a rational stays an exact point (Arb's balls are
// dyadic and could not hold 1/3, so the constructions' exact ties would be lost), and what leaves the
// rationals is enclosed by Arb (ball.h). A comparison is decided only when the intervals separate.
#pragma once

#include "../rational.h"

#include <optional>
#include <string>

namespace palcheck {

/// A closed interval [lo, hi] of exact rationals that contains the real number it stands for.
struct QInterval {
  Q lo;  ///< lower bound
  Q hi;  ///< upper bound, hi >= lo
};

/// The degenerate interval of an exact rational.
QInterval point(const Q& q);

/// Sum, difference, product and quotient of enclosures (the quotient needs 0 outside the divisor).
QInterval operator+(const QInterval& a, const QInterval& b);
QInterval operator-(const QInterval& a, const QInterval& b);
QInterval operator*(const QInterval& a, const QInterval& b);
QInterval operator/(const QInterval& a, const QInterval& b);

/// max(0, x) of an enclosure.
QInterval relu(const QInterval& a);

/// Widens a to the grid of 2^-bits (outward), so that long computations keep small denominators.
QInterval round_out(const QInterval& a, unsigned bits);

/// An enclosure of sqrt(a) of width <= 2^-bits for a >= 0; throws std::domain_error if a.lo < 0.
QInterval sqrt_enclosure(const QInterval& a, unsigned bits);

/// Enclosures of sin(x), cos(x) and exp(x) for exact x, width <= 2^-bits (Arb's balls at the precision
/// that makes them so; std::domain_error when no precision up to kMaxEnclosureBits does).
QInterval sin_enclosure(const Q& x, unsigned bits);
QInterval cos_enclosure(const Q& x, unsigned bits);
QInterval exp_enclosure(const Q& x, unsigned bits);

/// -1, 0 or 1 when the sign of (a - b) is certain (0 only for two equal points); nullopt otherwise.
std::optional<int> certified_compare(const QInterval& a, const QInterval& b);

/// "[lo, hi] (~ decimal)" for evidence tables.
std::string to_string(const QInterval& a);

}  // namespace palcheck
