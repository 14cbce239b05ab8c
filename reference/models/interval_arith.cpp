// Rigorous rational enclosures (see interval_arith.h): sums and products exactly, sqrt, sin, cos and exp
// from Arb's balls.
#include "interval_arith.h"

#include "../ball.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <stdexcept>

namespace palcheck {
namespace {

using Z = boost::multiprecision::mpz_int;

Q pow2(unsigned bits) { return Q(Z(1) << bits); }

Q ceil_q(const Q& q) { return -floor_q(-q); }

// f at Arb's precision to within 2^-(bits+2), its ends rounded outwards to the grid of 2^-(bits+2): in all
// at most 2^-bits wide.
QInterval enclosed(const std::function<Ball(long)>& f, unsigned bits, const std::string& what) {
  auto [lo, hi] = ends_within(f, Q(1) / pow2(bits + 2), static_cast<long>(bits) + 32, what);
  return round_out({lo, hi}, bits + 2);
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
  // sqrt is increasing: the root of each end, that end's side kept.
  QInterval low = enclosed([&](long b) { return sqrt_nonnegative(Ball(a.lo, b)); }, bits, "sqrt");
  QInterval high = enclosed([&](long b) { return sqrt_nonnegative(Ball(a.hi, b)); }, bits, "sqrt");
  return {low.lo, high.hi};
}

QInterval sin_enclosure(const Q& x, unsigned bits) {
  QInterval s = enclosed([&](long b) { return sin_cos(Ball(x, b)).first; }, bits, "sin");
  return {std::max(s.lo, Q(-1)), std::min(s.hi, Q(1))};
}

QInterval cos_enclosure(const Q& x, unsigned bits) {
  QInterval c = enclosed([&](long b) { return sin_cos(Ball(x, b)).second; }, bits, "cos");
  return {std::max(c.lo, Q(-1)), std::min(c.hi, Q(1))};
}

QInterval exp_enclosure(const Q& x, unsigned bits) {
  QInterval e = enclosed([&](long b) { return exp(Ball(x, b)); }, bits, "exp");
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
