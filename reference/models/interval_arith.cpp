// Rigorous rational enclosures (see interval_arith.h).
#include "interval_arith.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace palcheck {
namespace {

using Z = boost::multiprecision::mpz_int;

Q pow2(unsigned bits) { return Q(Z(1) << bits); }

Q ceil_q(const Q& q) { return -floor_q(-q); }

Z as_integer(const Q& integral) { return boost::multiprecision::numerator(integral); }

// Sum of a Taylor series sum_k sign(k) x^k / k! over the indices `step` apart from `first`, with the
// Lagrange bound `scale * |x|^m / m!` on the remainder after the last term taken.
QInterval taylor(const Q& x, unsigned first, unsigned step, bool alternating, const Q& scale, unsigned bits) {
  const Q target = Q(1) / pow2(bits + 1);
  const Q ax = abs(x);
  Q term = 1;  // x^m / m! for the current m
  for (unsigned m = 1; m <= first; ++m) term = term * x / m;
  Q sum = 0;
  unsigned m = first;
  bool negative = false;
  for (;;) {
    sum += negative ? Q(-term) : term;
    if (alternating) negative = !negative;
    for (unsigned s = 0; s < step; ++s) {
      ++m;
      term = term * x / m;
    }
    Q bound = scale * abs(term);
    if (bound <= target && m > 2 * ax) return round_out({sum - bound, sum + bound}, bits + 1);
  }
}

}  // namespace

QInterval point(const Q& q) { return {q, q}; }

QInterval operator+(const QInterval& a, const QInterval& b) { return {a.lo + b.lo, a.hi + b.hi}; }

QInterval operator-(const QInterval& a, const QInterval& b) { return {a.lo - b.hi, a.hi - b.lo}; }

QInterval operator*(const QInterval& a, const QInterval& b) {
  Q p[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
  return {*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
}

QInterval operator/(const QInterval& a, const QInterval& b) {
  if (b.lo <= 0 && b.hi >= 0) throw std::domain_error("interval division by an enclosure of 0");
  return a * QInterval{Q(1) / b.hi, Q(1) / b.lo};
}

QInterval relu(const QInterval& a) { return {a.lo > 0 ? a.lo : Q(0), a.hi > 0 ? a.hi : Q(0)}; }

QInterval round_out(const QInterval& a, unsigned bits) {
  const Q scale = pow2(bits);
  return {floor_q(a.lo * scale) / scale, ceil_q(a.hi * scale) / scale};
}

QInterval sqrt_enclosure(const QInterval& a, unsigned bits) {
  if (a.lo < 0) throw std::domain_error("sqrt of an enclosure reaching below 0");
  const Q scale = pow2(2 * bits);
  Z low = boost::multiprecision::sqrt(as_integer(floor_q(a.lo * scale)));
  Z top = as_integer(ceil_q(a.hi * scale));
  Z high = boost::multiprecision::sqrt(top);
  if (high * high < top) high += 1;
  return {Q(low) / pow2(bits), Q(high) / pow2(bits)};
}

QInterval sin_enclosure(const Q& x, unsigned bits) {
  QInterval s = taylor(x, 1, 2, true, 1, bits);
  return {std::max(s.lo, Q(-1)), std::min(s.hi, Q(1))};
}

QInterval cos_enclosure(const Q& x, unsigned bits) {
  QInterval c = taylor(x, 0, 2, true, 1, bits);
  return {std::max(c.lo, Q(-1)), std::min(c.hi, Q(1))};
}

QInterval exp_enclosure(const Q& x, unsigned bits) {
  // e^xi <= 3^ceil(x) bounds the derivative on [0, x]; on [x, 0] it is at most 1.
  Q scale = 1;
  for (Q k = 0; k < x; k += 1) scale *= 3;
  QInterval e = taylor(x, 0, 1, false, scale, bits);
  return {std::max(e.lo, Q(0)), e.hi};
}

std::optional<int> certified_compare(const QInterval& a, const QInterval& b) {
  if (a.lo > b.hi) return 1;
  if (a.hi < b.lo) return -1;
  if (a.lo == a.hi && b.lo == b.hi && a.lo == b.lo) return 0;
  return std::nullopt;
}

std::string to_string(const QInterval& a) {
  if (a.lo == a.hi) return to_string(a.lo);
  char text[96];
  std::snprintf(text, sizeof text, "[%.9g, %.9g] (width %.2g)", to_double(a.lo), to_double(a.hi),
                to_double(a.hi - a.lo));
  return text;
}

}  // namespace palcheck
