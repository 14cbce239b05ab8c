// Outward-rounded double intervals (see double_interval.h).
#include "oracle/eval/double_interval.h"

#include <algorithm>
#include <limits>

namespace palcheck::oracle {

namespace {

// A bound of e^-z for z >= 0 (lower or upper): w = z / 2^k <= 1/2 exactly, the alternating series
// of e^-w with every term and sum rounded towards the side asked for, ending on a subtracted (lower)
// or added (upper) term once the next is below 2^-60, then squared k times.
double exp_negative(double z, bool upper) {
  if (!(z <= 1000)) return upper ? 0x1p-1000 : 0.0;  // e^-1000 < 2^-1442; also ends the halving of infinity
  int k = 0;
  double w = z;
  while (w > 0.5) w *= 0.5, ++k;  // exact: a power of two
  double sum = 1, term_up = 1, term_down = 1;
  for (int j = 1;; ++j) {
    term_up = round_up(round_up(term_up * w) / j);
    term_down = std::max(0.0, round_down(round_down(term_down * w) / j));
    bool subtracted = j % 2 == 1;
    // Upper: add the larger term or subtract the smaller, rounding up; lower: the other way round.
    if (upper)
      sum = round_up(subtracted ? sum - term_down : sum + term_up);
    else
      sum = round_down(subtracted ? sum - term_up : sum + term_down);
    if (subtracted != upper && term_up * w < 0x1p-60) break;
  }
  sum = upper ? std::min(sum, 1.0) : std::max(sum, 0.0);
  for (int s = 0; s < k; ++s) sum = upper ? round_up(sum * sum) : std::max(0.0, round_down(sum * sum));
  return sum;
}

// A bound of 1/(1 + e^-y), lower or upper, for one y.
double logistic_bound(double y, bool upper) {
  if (y < 0)  // s(y) = 1 - s(-y): a bound of s(y) from the opposite bound of s(-y)
    return upper ? round_up(1 - logistic_bound(-y, false)) : std::max(0.0, round_down(1 - logistic_bound(-y, true)));
  double e = exp_negative(y, !upper);  // a smaller e^-y gives a larger value
  return upper ? std::min(1.0, round_up(1 / round_down(1 + e))) : round_down(1 / round_up(1 + e));
}

}  // namespace

DoubleInterval operator+(DoubleInterval a, DoubleInterval b) { return {round_down(a.lo + b.lo), round_up(a.hi + b.hi)}; }

DoubleInterval operator*(DoubleInterval a, DoubleInterval b) {
  double p[] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
  // 0 times an infinite end: the product's end is unknown here, so the whole line (the exact path decides).
  for (double v : p)
    if (std::isnan(v)) return {-INFINITY, INFINITY};
  return {round_down(*std::min_element(p, p + 4)), round_up(*std::max_element(p, p + 4))};
}

std::optional<double> exact_double(const Q& q) {
  const __mpq_struct* r = q.backend().data();
  if (mpz_sgn(mpq_numref(r)) == 0) return 0.0;
  if (mpz_popcount(mpq_denref(r)) != 1) return std::nullopt;
  long bits = static_cast<long>(mpz_sizeinbase(mpq_numref(r), 2));
  long significant = bits - static_cast<long>(mpz_scan1(mpq_numref(r), 0));
  long exponent = bits - static_cast<long>(mpz_scan1(mpq_denref(r), 0));  // |q| in [2^(exponent-1), 2^exponent)
  if (significant > 53 || exponent < -1021 || exponent > 1024) return std::nullopt;
  return mpq_get_d(r);  // truncating a value that is a double: exact
}

DoubleInterval enclose(const Q& q) {
  if (std::optional<double> exact = exact_double(q)) return {*exact, *exact};
  double d = to_double(q);
  // Beyond the double range: the largest double on one side, the infinity on the other.
  constexpr double largest = std::numeric_limits<double>::max();
  if (std::isinf(d)) return d > 0 ? DoubleInterval{largest, INFINITY} : DoubleInterval{-INFINITY, -largest};
  Q exact = *rational_from_double(d);
  if (exact == q) return {d, d};
  return exact < q ? DoubleInterval{d, round_up(d)} : DoubleInterval{round_down(d), d};
}

DoubleInterval logistic_interval(DoubleInterval y) { return {logistic_bound(y.lo, false), logistic_bound(y.hi, true)}; }

}  // namespace palcheck::oracle
