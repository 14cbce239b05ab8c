// def:pal_transformer, rem:pe: sinusoidal PE on rigorous enclosures, quickly. sin and cos of w*p leave
// the rationals; the reference (reference/models/interval_arith.h) sums their Taylor series in exact
// rationals at the whole angle, which costs more with every position. Here the angle is reduced by whole
// turns (2 pi enclosed once) and the series summed in fixed point with every truncation counted, so a
// position costs the same at 10 as at 10,000.
#pragma once

#include "oracle/transformer/transformer_conventions.h"
#include "reference/models/transformer_pal.h"

#include <utility>

namespace palcheck::oracle {

/// The largest |w * position| PE takes (the reduction by whole turns counts them in a long).
inline constexpr long kMaxPeAngle = 1000000000000;

/// Enclosures of width about 2^-bits of sin and cos of the exact angle a.
std::pair<QInterval, QInterval> sin_cos_enclosure(const Q& angle, unsigned bits);

/// PE at position p (sin and cos of w_k p, laid out as declared), enclosures of width about 2^-bits; exact at p = 0.
IVector transformer_pe(const PalTransformerSpec& spec, long position, PeLayout layout, unsigned bits);

}  // namespace palcheck::oracle
