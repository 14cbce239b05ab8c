// Enclosures of the smoothed switch (see smoothed_switch.h).
#include "oracle/eval/smoothed_switch.h"

#include "reference/ball.h"

namespace palcheck::oracle {


Q smoothing_argument(const Smoothing& s, const Q& u, const Q& theta) {
  Q y = (u - theta) / s.temperature;
  return s.kind == SmoothingKind::Tanh ? Q(2 * y) : y;
}

QInterval logistic_enclosure(const Q& y, unsigned bits) {
  // Arb's logistic at a few guard bits over the width asked for; the ball's ends clipped to [0, 1], where
  // the function lies, and rounded outwards to 2^-(bits + 2) so that the rationals stay short.
  const long work = static_cast<long>(bits) + 16;
  Ball s = logistic(Ball(y, work));
  Q lo = s.finite() ? std::max(Q(0), *s.lower()) : Q(0), hi = s.finite() ? std::min(Q(1), *s.upper()) : Q(1);
  return round_out({lo, hi}, bits + 2);
}

}  // namespace palcheck::oracle
