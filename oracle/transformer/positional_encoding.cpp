// Sinusoidal PE on balls (see positional_encoding.h).
#include "oracle/transformer/positional_encoding.h"

#include "util/errors.h"

#include <utility>

namespace palcheck::oracle {

BVector transformer_pe(const PalTransformerSpec& spec, long position, PeLayout layout, long bits) {
  const std::size_t d = spec.d, half = (d + 1) / 2;
  std::vector<std::pair<Ball, Ball>> waves;
  for (const Q& w : spec.pe_frequencies) {
    Q angle = w * Q(position);
    if (abs(angle) > Q(kMaxPeAngle))
      throw InputError("transformer.pe.frequencies: w * position = " + to_string(angle) + " exceeds " +
                       std::to_string(kMaxPeAngle) + " (a limit of the oracle, docs/hardening.md)");
    if (angle == 0) waves.emplace_back(Ball(Q(0), bits), Ball(Q(1), bits));
    else waves.push_back(sin_cos(Ball(angle, bits)));
  }
  BVector pe(d, Ball(bits));
  for (std::size_t i = 0; i < d; ++i) {
    bool cosine = layout == PeLayout::Interleaved ? i % 2 == 1 : i >= half;
    std::size_t k = layout == PeLayout::Interleaved ? i / 2 : (cosine ? i - half : i);
    pe[i] = cosine ? waves.at(k).second : waves.at(k).first;
  }
  return pe;
}

}  // namespace palcheck::oracle
