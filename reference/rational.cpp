// Exact parsing and printing of the reference scalar (see rational.h).
#include "rational.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace palcheck {
namespace {

using Z = boost::multiprecision::mpz_int;

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

Z pow10(unsigned long e) { return boost::multiprecision::pow(Z(10), static_cast<unsigned>(e)); }

// Decimal with optional sign, fraction and exponent, e.g. "-12.50e-3".
std::optional<Q> parse_decimal(std::string_view s) {
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  long exponent = 0;
  if (auto e = s.find_first_of("eE"); e != std::string_view::npos) {
    std::string_view exp_text = s.substr(e + 1);
    s = s.substr(0, e);
    bool exp_negative = false;
    if (!exp_text.empty() && (exp_text[0] == '+' || exp_text[0] == '-')) {
      exp_negative = exp_text[0] == '-';
      exp_text.remove_prefix(1);
    }
    if (!all_digits(exp_text)) return std::nullopt;
    // The range is checked on the text, before any big-number work: "1e999999" costs nothing.
    exp_text.remove_prefix(std::min(exp_text.find_first_not_of('0'), exp_text.size()));
    if (exp_text.size() > 4) return std::nullopt;
    exponent = exp_text.empty() ? 0 : std::stol(std::string(exp_text));
    if (exponent > kMaxDecimalExponent) return std::nullopt;
    if (exp_negative) exponent = -exponent;
  }
  std::string_view int_part = s, frac_part;
  if (auto dot = s.find('.'); dot != std::string_view::npos) {
    int_part = s.substr(0, dot);
    frac_part = s.substr(dot + 1);
  }
  if (int_part.empty() && frac_part.empty()) return std::nullopt;
  if (!int_part.empty() && !all_digits(int_part)) return std::nullopt;
  if (!frac_part.empty() && !all_digits(frac_part)) return std::nullopt;
  // Leading zeros stripped: GMP reads a string starting with 0 as octal ("075" would be 61).
  std::string digits = std::string(int_part) + std::string(frac_part);
  digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size() - 1));
  Z mantissa(digits);
  long scale = exponent - static_cast<long>(frac_part.size());
  Q value = scale >= 0 ? Q(mantissa * pow10(static_cast<unsigned long>(scale)))
                       : Q(mantissa, pow10(static_cast<unsigned long>(-scale)));
  return negative ? Q(-value) : value;
}

}  // namespace

std::optional<Q> parse_rational(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  if (text.empty() || text.size() > kMaxNumberChars) return std::nullopt;
  if (auto slash = text.find('/'); slash != std::string_view::npos) {
    auto num = parse_decimal(text.substr(0, slash));
    auto den = parse_decimal(text.substr(slash + 1));
    if (!num || !den || *den == 0) return std::nullopt;
    return Q(*num / *den);
  }
  return parse_decimal(text);
}

Q decimal_value(const Decimal& x) {
  Z power = pow10(static_cast<unsigned long>(std::abs(x.exponent)));
  Q u = x.exponent >= 0 ? Q(Z(x.digits) * power) : Q(Z(x.digits), power);
  return x.negative ? Q(-u) : u;
}

std::optional<Q> rational_from_double(double value) {
  if (!std::isfinite(value)) return std::nullopt;
  int exponent = 0;
  double mantissa = std::frexp(value, &exponent);  // value = mantissa * 2^exponent, |mantissa| in [0.5,1)
  // 2^53 * mantissa is an exact integer for every finite double.
  auto scaled = static_cast<long long>(std::ldexp(mantissa, 53));
  Q q(scaled);
  int shift = exponent - 53;
  Z two_pow = 1;
  two_pow <<= static_cast<unsigned>(shift >= 0 ? shift : -shift);
  return shift >= 0 ? Q(q * two_pow) : Q(q / two_pow);
}

std::string to_string(const Q& q) { return q.str(); }

double to_double(const Q& q) {
  // Boost's conversion, then a neighbour only where it is exactly closer: nearest, ties as Boost rounds them.
  double d = q.convert_to<double>();
  if (!std::isfinite(d)) return d;
  auto exact = rational_from_double(d);
  double best = d;
  Q best_err = abs(*exact - q);
  for (double n : {std::nextafter(d, std::numeric_limits<double>::infinity()),
                   std::nextafter(d, -std::numeric_limits<double>::infinity())}) {
    if (!std::isfinite(n)) continue;
    Q err = abs(*rational_from_double(n) - q);
    if (err < best_err) {
      best = n;
      best_err = err;
    }
  }
  return best;
}

Q floor_q(const Q& q) {
  Z n = numerator(q), d = denominator(q);
  Z f = n / d;  // truncates toward zero
  if (n < 0 && f * d != n) f -= 1;
  return Q(f);
}

}  // namespace palcheck
