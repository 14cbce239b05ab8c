// def:relay: the floating-point formats an implementation may hold its inputs and thresholds in
// (the `dtype` convention), and exact rounding to them. A float32 implementation compares fl(u) with
// fl(alpha), so an input within a float32 ulp of a threshold can switch a relay the exact input does
// not: the diagnosis names that `rounding` (diagnosis_rounding.cpp), never a defect.
#pragma once

#include "reference/rational.h"

#include <optional>
#include <string>
#include <vector>

namespace palcheck::oracle {

using palcheck::to_string;  // the overload below must not hide the reference's (Q, ...)

/// An IEEE-754 binary format (or bfloat16), round to nearest, ties to even.
enum class FloatFormat { Float64, Float32, Float16, BFloat16 };

/// "float64", "float32", "float16" or "bfloat16".
std::string to_string(FloatFormat f);

/// The format named `text` (as to_string writes it); nullopt otherwise.
std::optional<FloatFormat> parse_float_format(const std::string& text);

/// Every format, float64 first.
std::vector<FloatFormat> all_float_formats();

/// Bits of the significand, the hidden bit included: 53, 24, 11, 8.
int significand_bits(FloatFormat f);

/// How far an implementation's rounding may move an input it computes itself (a head's w_in . z):
/// 2^kRoundingSlackBits units in the last place of the computation's scale (sum_i |w_i z_i| + |threshold|).
/// A dot product and LayerNorm's square root stay inside; an input 1e-12 from a threshold is outside for
/// float64 at any scale below 70, so an implementation must decide it.
inline constexpr int kRoundingSlackBits = 6;

/// The rounding bound at `scale` in format f (see kRoundingSlackBits).
double rounding_bound(double scale, FloatFormat f);

/// Whether w . x computed in format f rounds nothing, in any order of the sum: every w_i and x_i is a
/// value of the format, and the products w_i x_i are multiples of one power of two 2^g whose magnitudes
/// sum to less than 2^p 2^g (p the significand bits), so every product and partial sum is one too. An
/// input so computed is the exact one: rounding cannot have moved it across a threshold.
bool dot_is_exact(const std::vector<Q>& w, const std::vector<Q>& x, FloatFormat f);

/// q rounded to the nearest value of the format (ties to even, subnormals included), exactly; nullopt
/// when it rounds beyond the largest finite value (an infinity, which no rational is).
std::optional<Q> round_to(const Q& q, FloatFormat f);

}  // namespace palcheck::oracle
