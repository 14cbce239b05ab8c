// Rigorous rational enclosures (see enclosure.h); used by prop:bp_pal and prop:criticality checks.
#include "enclosure.h"

#include <stdexcept>

namespace palcheck::physics {
namespace {

using Z = boost::multiprecision::mpz_int;

Q two_to_minus(unsigned bits) { return Q(Z(1), Z(1) << bits); }

// Partial sums of sum_k (-1)^k x^(2k+1)/(2k+1) for 0 < x < 1 bracket arctan(x): the terms decrease.
Enclosure arctan_small(const Q& x, unsigned bits) {
  Q sum = 0, power = x, x2 = x * x;
  const Q tolerance = two_to_minus(bits);
  for (int k = 0;; ++k) {
    Q term = power / (2 * k + 1);
    Q next = sum + (k % 2 == 0 ? term : Q(-term));
    if (term < tolerance) return k % 2 == 0 ? Enclosure{sum, next} : Enclosure{next, sum};
    sum = next;
    power *= x2;
  }
}

// artanh(x) for 0 < x < 1 = sum_k x^(2k+1)/(2k+1); after the term k the tail is at most
// x^(2k+3)/((2k+3)(1-x^2)).
Enclosure artanh_series(const Q& x, unsigned bits) {
  const Q x2 = x * x, tolerance = two_to_minus(bits);
  Q sum = 0, power = x;
  for (int k = 0;; ++k) {
    sum += power / (2 * k + 1);
    power *= x2;
    Q tail = power / ((2 * k + 3) * (1 - x2));
    if (tail < tolerance) return {sum, sum + tail};
  }
}

// Decimal rounding of q to `digits` places, downwards or upwards.
std::string decimal(const Q& q, int digits, bool up) {
  Z scale = 1;
  for (int i = 0; i < digits; ++i) scale *= 10;
  Q scaled = q * scale;
  Q f = floor_q(scaled);
  if (up && f != scaled) f += 1;
  Z n = boost::multiprecision::numerator(f);
  bool negative = n < 0;
  if (negative) n = -n;
  std::string s = n.str();
  while (static_cast<int>(s.size()) <= digits) s.insert(s.begin(), '0');
  if (digits > 0) s.insert(s.end() - digits, '.');
  return (negative ? "-" : "") + s;
}

}  // namespace

Enclosure operator+(const Enclosure& a, const Enclosure& b) { return {a.lo + b.lo, a.hi + b.hi}; }
Enclosure operator-(const Enclosure& a, const Enclosure& b) { return {a.lo - b.hi, a.hi - b.lo}; }
Enclosure scale(const Enclosure& a, const Q& factor) {
  return factor >= 0 ? Enclosure{a.lo * factor, a.hi * factor} : Enclosure{a.hi * factor, a.lo * factor};
}
bool contains(const Enclosure& a, const Q& q) { return a.lo <= q && q <= a.hi; }

std::string to_decimal_string(const Enclosure& a, int digits) {
  return "[" + decimal(a.lo, digits, false) + ", " + decimal(a.hi, digits, true) + "]";
}

Enclosure artanh_enclosure(const Q& x, unsigned bits) {
  if (x <= -1 || x >= 1) throw std::domain_error("artanh needs |x| < 1, got " + to_string(x));
  if (x < 0) {
    Enclosure e = artanh_enclosure(Q(-x), bits);
    return {Q(-e.hi), Q(-e.lo)};
  }
  if (x == 0) return {0, 0};
  // A long series over a huge denominator is slow: split x into a dyadic y <= x and the small remainder
  // z = (x - y)/(1 - x y), using artanh(x) = artanh(y) + artanh(z).
  const Z scale = Z(1) << 16;
  Q y(boost::multiprecision::numerator(floor_q(x * scale)), scale);
  if (y != x && y > 0) return artanh_series(y, bits + 1) + artanh_series(Q((x - y) / (1 - x * y)), bits + 1);
  return artanh_series(x, bits);
}

Enclosure pi_enclosure(unsigned bits) {
  // pi = 16 arctan(1/5) - 4 arctan(1/239).
  return scale(arctan_small(Q(1, 5), bits + 5), 16) - scale(arctan_small(Q(1, 239), bits + 3), 4);
}

Enclosure sqrt_enclosure(const Enclosure& x, unsigned bits) {
  if (x.lo < 0) throw std::domain_error("sqrt of an enclosure reaching below 0");
  const Z denominator = Z(1) << bits;
  auto floor_sqrt = [&](const Q& q) {  // floor(sqrt(q) * 2^bits) / 2^bits <= sqrt(q)
    Q scaled = q * denominator * denominator;
    Z n = boost::multiprecision::numerator(floor_q(scaled));
    return Q(boost::multiprecision::sqrt(n), denominator);
  };
  Q lo = floor_sqrt(x.lo), hi = floor_sqrt(x.hi) + Q(Z(1), denominator);
  return {lo, hi};
}

Enclosure sqrt_two_over_pi(unsigned bits) {
  Enclosure pi = pi_enclosure(bits + 4);
  return sqrt_enclosure({Q(2) / pi.hi, Q(2) / pi.lo}, bits);
}

}  // namespace palcheck::physics
