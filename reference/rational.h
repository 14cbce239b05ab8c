// Exact scalar of record for every paper label (def:relay, def:pal, def:encoding, ...):
// GMP rationals through Boost.Multiprecision, with exact parsing of user-written numbers.
#pragma once

#include <boost/multiprecision/gmp.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace palcheck {

/// The exact number type of the reference: an arbitrary-precision rational.
using Q = boost::multiprecision::mpq_rational;

/// The largest decimal exponent parse_rational accepts: "1e1000" and "1e-1000" are read, "1e1001" is not.
inline constexpr long kMaxDecimalExponent = 1000;

/// The longest text parse_rational reads (surrounding spaces aside): bounds GMP's work before it starts.
inline constexpr std::size_t kMaxNumberChars = 1000000;

/// Parses "3", "-0.125", "1/3", "2.5e-3" exactly; nullopt on anything else (NaN, Inf, junk, an exponent
/// beyond +-kMaxDecimalExponent, more than kMaxNumberChars characters).
std::optional<Q> parse_rational(std::string_view text);

/// A decimal as a machine reads it: -digits * 10^exponent when negative, else digits * 10^exponent.
struct Decimal {
  std::uint64_t digits = 0;  ///< the significant digits
  int exponent = 0;          ///< the power of ten
  bool negative = false;     ///< the sign
};

/// The exact value of a decimal.
Q decimal_value(const Decimal& x);

/// The exact value of a finite binary double; nullopt for NaN and infinities.
std::optional<Q> rational_from_double(double value);

/// Canonical text of q: "7/2", "-3", "0".
std::string to_string(const Q& q);

/// The double nearest to q; on an exact tie, the even one (Boost's conversion, kept on ties).
double to_double(const Q& q);

/// floor(q) as an exact integer-valued rational.
Q floor_q(const Q& q);

}  // namespace palcheck
