// Enclosures of the smoothed switch (see smoothed_switch.h).
#include "oracle/eval/smoothed_switch.h"

namespace palcheck::oracle {

namespace {

Q pow2(int bits) {
  Q p = 1;
  if (bits >= 0)
    p = Q(boost::multiprecision::mpz_int(1) << bits);
  else
    p = Q(1, boost::multiprecision::mpz_int(1) << -bits);
  return p;
}

Q ceil_q(const Q& q) {
  Q f = floor_q(q);
  return f == q ? f : Q(f + 1);
}

// Rounds down (or up) onto the grid of 2^-bits: short denominators for the next operation.
Q round_down(const Q& q, int bits) { return floor_q(q * pow2(bits)) / pow2(bits); }
Q round_up(const Q& q, int bits) { return ceil_q(q * pow2(bits)) / pow2(bits); }

// A lower or upper bound of e^-z for 0 <= z: z / 2^k <= 1/2, whose alternating Taylor series has
// decreasing terms, so its partial sums ending on a subtracted (added) term lie below (above) e^-w;
// then squared k times, each square rounded the same way. Working precision `bits` past the point.
Q exp_negative_bound(const Q& z, bool upper, int bits) {
  int k = 0;
  Q w = z;
  while (w > Q(1, 2)) w /= 2, ++k;
  int work = bits + k + 8;
  Q sum = 1, term = 1;
  for (int j = 1;; ++j) {
    term = term * w / j;
    bool subtracted = j % 2 == 1;
    sum += subtracted ? Q(-term) : term;
    // Stop on the side asked for, once the next term is below the working precision.
    if (subtracted != upper && term * w < pow2(-work)) break;
    sum = upper ? round_up(sum, work + 4) : round_down(sum, work + 4);
  }
  Q v = upper ? round_up(sum, work) : std::max(Q(0), round_down(sum, work));
  for (int s = 0; s < k; ++s) v = upper ? round_up(v * v, work) : round_down(v * v, work);
  return v;
}

}  // namespace

Q smoothing_argument(const Smoothing& s, const Q& u, const Q& theta) {
  Q y = (u - theta) / s.temperature;
  return s.kind == SmoothingKind::Tanh ? Q(2 * y) : y;
}

QInterval logistic_enclosure(const Q& y, unsigned bits) {
  if (y < 0) {  // s(-z) = 1 - s(z)
    QInterval p = logistic_enclosure(Q(-y), bits);
    return {1 - p.hi, 1 - p.lo};
  }
  int b = static_cast<int>(bits);
  if (y > b) return {1 - pow2(-b), 1};  // e^-y < 2^-y
  // y rounded outwards keeps the Taylor terms short; e^-y is decreasing in y.
  Q y_lo = round_down(y, b + 8), y_hi = round_up(y, b + 8);
  Q e_lo = exp_negative_bound(y_hi, false, b + 4), e_hi = exp_negative_bound(y_lo, true, b + 4);
  return {round_down(1 / (1 + e_hi), b + 2), round_up(1 / (1 + e_lo), b + 2)};
}

}  // namespace palcheck::oracle
