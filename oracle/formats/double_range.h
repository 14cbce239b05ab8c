// The range of the paths that compute in doubles (fuzz-impl's requests, fuzz()'s calls, evaluate()'s
// float64 outputs): a number is checked against it once, in one place, and refused with the same words
// on the command line and in Python. The exact paths take any number parse_rational reads (+-1e1000).
#pragma once

#include "reference/rational.h"

#include <string>
#include <utility>

namespace palcheck::oracle {

/// The supported range of a double path as its messages state it: every finite double.
inline constexpr const char* kDoubleRangeText = "[-1.7976931348623157e308, 1.7976931348623157e308]";

/// The exact value of the double nearest q; InputError "WHERE = q is beyond the range of a double
/// (RANGE), and WHY" when that double is infinite.
Q nearest_double_value(const Q& q, const std::string& where, const std::string& why);

/// The largest double <= hi and the smallest double >= lo: the doubles a domain [lo, hi] holds;
/// InputError naming `where` and the range when an end lies beyond the doubles or no double lies within.
std::pair<Q, Q> doubles_within(const Q& lo, const Q& hi, const std::string& where, const std::string& why);

}  // namespace palcheck::oracle
