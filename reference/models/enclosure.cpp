// Rigorous rational enclosures (see enclosure.h) from Arb's balls; used by prop:bp_pal and
// prop:criticality checks.
#include "enclosure.h"

#include "../ball.h"

#include <functional>
#include <stdexcept>

namespace palcheck::physics {
namespace {

using Z = boost::multiprecision::mpz_int;

Q two_to_minus(unsigned bits) { return Q(Z(1), Z(1) << bits); }

// f at Arb's precision to within 2^-bits: its exact ends.
Enclosure enclosed(const std::function<Ball(long)>& f, unsigned bits, const std::string& what) {
  auto [lo, hi] = ends_within(f, two_to_minus(bits), static_cast<long>(bits) + 32, what);
  return {lo, hi};
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
  return enclosed([&](long b) { return artanh(Ball(x, b)); }, bits, "artanh");
}

Enclosure pi_enclosure(unsigned bits) {
  return enclosed([](long b) { return Ball::pi(b); }, bits, "pi");
}

Enclosure sqrt_enclosure(const Enclosure& x, unsigned bits) {
  if (x.lo < 0) throw std::domain_error("sqrt of an enclosure reaching below 0");
  // sqrt is increasing: the root of each end, that end's side kept.
  Enclosure low = enclosed([&](long b) { return sqrt_nonnegative(Ball(x.lo, b)); }, bits, "sqrt");
  Enclosure high = enclosed([&](long b) { return sqrt_nonnegative(Ball(x.hi, b)); }, bits, "sqrt");
  return {low.lo, high.hi};
}

Enclosure sqrt_two_over_pi(unsigned bits) {
  return enclosed([](long b) { return sqrt_nonnegative(Ball(Q(2), b) / Ball::pi(b)); }, bits, "sqrt(2/pi)");
}

}  // namespace palcheck::physics
