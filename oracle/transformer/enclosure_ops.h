// The few interval operations the PAL-Transformer's run repeats per token, with fewer rational products
// than the reference's general ones (interval_arith.h): an exact weight times an enclosure is two
// products, not four; a zero weight none; a square two; rounding outwards goes through the integers.
// Each returns an enclosure containing the reference operation's, so the run stays rigorous.
#pragma once

#include "reference/models/transformer_pal.h"

namespace palcheck::oracle {

/// w * a for an exact w.
QInterval scaled(const Q& w, const QInterval& a);

/// a += w * b for an exact w (nothing for w = 0).
void add_scaled(QInterval& a, const Q& w, const QInterval& b);

/// w . z with exact weights, zero weights skipped.
QInterval weighted_sum(const QVector& w, const IVector& z);

/// a^2 (its lower end 0 when a holds 0).
QInterval squared(const QInterval& a);

/// a * b for b > 0 (b.lo > 0).
QInterval times_positive(const QInterval& a, const QInterval& b);

/// a's ends rounded outwards to multiples of 2^-bits.
QInterval rounded_out(const QInterval& a, unsigned bits);

}  // namespace palcheck::oracle
