// def:pal_transformer, rem:pe, rem:backprop, sec:rfim: where the mathematics leaves the rationals (sqrt in
// LayerNorm, sin and cos in PE, tanh and the logistic in smoothing, artanh and pi in the physics models),
// palcheck computes with Arb's midpoint-radius balls: every result is a proven enclosure of the real it
// stands for, at a working precision chosen per computation. This header is the only place Arb enters;
// the rest of palcheck sees Ball and exact rationals (Q), as it sees palcheck's own types behind smt/.
#pragma once

#include "rational.h"

#include <functional>
#include <optional>
#include <string>
#include <utility>

namespace palcheck {

/// A real number enclosed in a ball [mid - rad, mid + rad] of Arb, with the precision its operations use.
class Ball {
 public:
  /// Exactly 0, at `bits` of working precision.
  explicit Ball(long bits = 64);
  /// The ball nearest q at `bits` (exact, radius 0, when q is a dyadic that fits in `bits`).
  Ball(const Q& q, long bits);
  Ball(const Ball& other);
  Ball(Ball&& other) noexcept;
  Ball& operator=(const Ball& other);
  Ball& operator=(Ball&& other) noexcept;
  ~Ball();

  /// The working precision of the operations that take this ball.
  long bits() const { return bits_; }

  /// The lower and upper ends as exact rationals, an end nearer 0 than 2^-(2^23) rounded outwards to 0 or
  /// +-2^-(2^23) (nullopt when the ball is not finite or an end is beyond 2^(2^23)).
  std::optional<Q> lower() const;
  std::optional<Q> upper() const;
  /// The ends as doubles rounded outwards (-inf, +inf beyond the double range or for a non-finite ball).
  double lower_double() const;
  double upper_double() const;
  /// The double nearest the midpoint (an infinity beyond the double range).
  double mid_double() const;
  /// The double nearest the real, when the ball determines it (both ends round to the same finite double).
  std::optional<double> nearest_double() const;
  /// Whether mid and radius are finite.
  bool finite() const;
  /// Whether the radius is 0 (the ball is its midpoint, an exact dyadic).
  bool exact() const;
  /// Whether the ball's width 2 rad is at most w (false for a non-finite ball).
  bool width_at_most(const Q& w) const;
  /// Whether q lies in the ball (exact test).
  bool contains(const Q& q) const;
  /// "m +/- r" in decimal with `digits` significant digits, rounded so that it still encloses the real.
  std::string to_string(long digits = 20) const;

  /// Sum, difference, product and quotient at the larger of the two precisions; the quotient by a ball
  /// that holds 0 is the whole line (not finite), never a crash.
  friend Ball operator+(const Ball& a, const Ball& b);
  friend Ball operator-(const Ball& a, const Ball& b);
  friend Ball operator*(const Ball& a, const Ball& b);
  friend Ball operator/(const Ball& a, const Ball& b);
  /// a + w * b, a - b and w * a for an exact rational w.
  friend Ball add_scaled(const Ball& a, const Q& w, const Ball& b);
  friend Ball scaled(const Q& w, const Ball& a);
  Ball& operator+=(const Ball& b);

  /// sqrt of the part of a that is at least 0 (LayerNorm's variance, which is at least 0 by definition).
  friend Ball sqrt_nonnegative(const Ball& a);
  /// max(0, a).
  friend Ball relu(const Ball& a);
  /// a^2, at least 0.
  friend Ball squared(const Ball& a);
  /// sin a and cos a.
  friend std::pair<Ball, Ball> sin_cos(const Ball& a);
  /// e^a, tanh a, artanh a (|a| < 1, else not finite), 1/(1 + e^-a).
  friend Ball exp(const Ball& a);
  friend Ball tanh(const Ball& a);
  friend Ball artanh(const Ball& a);
  friend Ball logistic(const Ball& a);
  /// pi at `bits`.
  static Ball pi(long bits);

  /// The ball joining a and b (their convex hull).
  friend Ball join(const Ball& a, const Ball& b);
  /// A ball of the points in both a and b, for a real known to lie in both (a when they do not meet).
  friend Ball intersect(const Ball& a, const Ball& b);
  /// -1, 0 or 1 when the sign of (a - q) is certain (0 only when a is exactly q); nullopt otherwise.
  friend std::optional<int> certain_sign(const Ball& a, const Q& q);

 private:
  friend struct BallAccess;  // ball.cpp's one way to the arb_struct
  alignas(8) unsigned char storage_[48];  // an arb_struct, kept out of this header
  long bits_;
  void* raw();
  const void* raw() const;
};

std::optional<int> certain_sign(const Ball& a, const Q& q);

/// The exact ends [lo, hi] of the first ball compute(bits) no wider than `width`, trying `first_bits`,
/// then twice as many while wider, up to kMaxEnclosureBits (std::domain_error past it, naming `what`).
std::pair<Q, Q> ends_within(const std::function<Ball(long bits)>& compute, const Q& width, long first_bits,
                            const std::string& what);

/// The most bits ends_within spends on one value.
inline constexpr long kMaxEnclosureBits = long(1) << 20;

/// The version of Arb palcheck is built with, for reports.
std::string arb_version_string();

}  // namespace palcheck
