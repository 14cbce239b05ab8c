// Floating-point formats and exact rounding to them (see float_format.h).
#include "oracle/eval/float_format.h"

#include "reference/name_table.h"

#include <algorithm>
#include <cmath>

namespace palcheck::oracle {

namespace {

constexpr NameTable<FloatFormat, 4> kFormats{{
    {FloatFormat::Float64, "float64"},
    {FloatFormat::Float32, "float32"},
    {FloatFormat::Float16, "float16"},
    {FloatFormat::BFloat16, "bfloat16"},
}};

// The smallest normal exponent and the largest exponent of each format.
struct Range {
  int min_exponent, max_exponent;
};

Range range_of(FloatFormat f) {
  switch (f) {
    case FloatFormat::Float64: return {-1022, 1023};
    case FloatFormat::Float32: return {-126, 127};
    case FloatFormat::Float16: return {-14, 15};
    case FloatFormat::BFloat16: return {-126, 127};
  }
  return {0, 0};
}

Q power_of_two(long k) {
  const boost::multiprecision::mpz_int p = boost::multiprecision::mpz_int(1) << static_cast<unsigned>(k >= 0 ? k : -k);
  return k >= 0 ? Q(p) : Q(boost::multiprecision::mpz_int(1), p);
}

// floor(log2 a) for a > 0.
long floor_log2(const Q& a) {
  long e = static_cast<long>(msb(numerator(a))) - static_cast<long>(msb(denominator(a)));
  return a < power_of_two(e) ? e - 1 : e;
}

}  // namespace

std::string to_string(FloatFormat f) { return name_in(kFormats, f); }

std::optional<FloatFormat> parse_float_format(const std::string& text) { return value_in(kFormats, text); }

std::vector<FloatFormat> all_float_formats() { return values_in(kFormats); }

int significand_bits(FloatFormat f) {
  switch (f) {
    case FloatFormat::Float64: return 53;
    case FloatFormat::Float32: return 24;
    case FloatFormat::Float16: return 11;
    case FloatFormat::BFloat16: return 8;
  }
  return 0;
}

double rounding_bound(double scale, FloatFormat f) {
  return std::ldexp(scale, kRoundingSlackBits + 1 - significand_bits(f));
}

bool dot_is_exact(const std::vector<Q>& w, const std::vector<Q>& x, FloatFormat f) {
  std::vector<Q> terms;
  for (std::size_t i = 0; i < w.size() && i < x.size(); ++i) {
    if (round_to(w[i], f) != w[i] || round_to(x[i], f) != x[i]) return false;
    if (w[i] != 0 && x[i] != 0) terms.push_back(abs(Q(w[i] * x[i])));
  }
  if (terms.empty()) return true;
  // Every term is dyadic (both factors are); 2^g is the largest power of two dividing them all.
  long g = 0;
  bool first = true;
  for (const Q& t : terms) {
    long e = -static_cast<long>(msb(denominator(t))) + static_cast<long>(lsb(numerator(t)));
    g = first ? e : std::min(g, e);
    first = false;
  }
  Q sum = 0;
  for (const Q& t : terms) sum += t;
  return sum < power_of_two(g + significand_bits(f));
}

std::optional<Q> round_to(const Q& q, FloatFormat f) {
  if (q == 0) return Q(0);
  const Range r = range_of(f);
  const Q a = abs(q);
  const long e = std::max(floor_log2(a), static_cast<long>(r.min_exponent));
  const Q ulp = power_of_two(e - significand_bits(f) + 1);
  const Q m = a / ulp;
  Q whole = floor_q(m);
  const Q rest = m - whole;
  if (rest > Q(1, 2) || (rest == Q(1, 2) && numerator(whole) % 2 != 0)) whole += 1;
  const Q rounded = whole * ulp;
  if (rounded >= power_of_two(r.max_exponent + 1)) return std::nullopt;
  return q < 0 ? Q(-rounded) : rounded;
}

}  // namespace palcheck::oracle
