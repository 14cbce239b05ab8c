// def:pal_transformer, rem:pe: sinusoidal PE on Arb balls. sin and cos of w*p leave the rationals; Arb
// reduces the angle by whole turns itself (with as many bits of pi as the angle needs), so a position
// costs about the same at 10 as at 10,000 and every value is a proven enclosure at the run's precision.
#pragma once

#include "oracle/transformer/transformer_conventions.h"
#include "reference/ball.h"
#include "reference/models/transformer_pal.h"

#include <vector>

namespace palcheck::oracle {

/// A token's coordinates as balls.
using BVector = std::vector<Ball>;

/// The largest |w * position| PE takes (a limit of the oracle's inputs, docs/hardening.md).
inline constexpr long kMaxPeAngle = 1000000000000;

/// PE at position p (sin and cos of w_k p, laid out as declared) at `bits` of precision; exact at p = 0.
BVector transformer_pe(const PalTransformerSpec& spec, long position, PeLayout layout, long bits);

}  // namespace palcheck::oracle
