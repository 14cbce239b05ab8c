// Sinusoidal PE on enclosures (see positional_encoding.h).
#include "oracle/transformer/positional_encoding.h"

#include "reference/models/enclosure.h"
#include "util/errors.h"

#include <cmath>
#include <mutex>
#include <stdexcept>

namespace palcheck::oracle {

namespace {

using Z = boost::multiprecision::mpz_int;

// Guard bits of the fixed point beyond the enclosure's: the counted truncations stay far below 2^-bits.
constexpr unsigned kGuardBits = 32;

Q pow2(unsigned bits) { return Q(Z(1) << bits); }

// 2 pi enclosed to `bits` + 64 bits: the reduction of an angle by k turns widens it k times that.
QInterval two_pi(unsigned bits) {
  static std::mutex guard;
  static unsigned cached_bits = 0;
  static QInterval cached;
  std::lock_guard<std::mutex> lock(guard);
  if (cached_bits != bits) {
    physics::Enclosure pi = physics::pi_enclosure(bits + 64);
    cached = {2 * pi.lo, 2 * pi.hi};
    cached_bits = bits;
  }
  return cached;
}

// sin and cos of M / 2^F (|M / 2^F| <= 4) in fixed point with F fraction bits: x^k / k! by the recurrence
// t_k = t_{k-1} * M / (k 2^F), each step truncated (at most one unit off, plus the error carried, scaled
// by |x| / k). Stops once a term is below a unit and past |x| (the terms then shrink: the alternating
// tails are bounded by the last term). Returns the sums and a bound on their error, in units of 2^-F.
struct FixedSinCos {
  Z sin, cos, error;
};

FixedSinCos fixed_sin_cos(const Z& m, unsigned f) {
  const Z one = Z(1) << f;
  const Z abs_m = abs(m);
  FixedSinCos out{0, one, 0};
  Z term = one;      // t_k
  Z carried = 0;     // bound on |t_k - x^k/k!| in units
  Z total = 0;       // bound on the sums' accumulated error
  for (unsigned k = 1;; ++k) {
    term = (term * m) / (one * k);  // truncates towards zero: within one unit
    carried = (carried * abs_m) / (one * k) + 2;
    total += carried;
    bool negative = (k / 2) % 2 == 1;  // sin: + - + ... at k = 1, 3, 5; cos: - + - at k = 2, 4, 6
    Z& sum = k % 2 == 1 ? out.sin : out.cos;
    sum += negative ? Z(-term) : term;
    if (abs(term) <= 1 && Z(k) * one > 2 * abs_m) break;
  }
  out.error = total + 4;  // the tails (each below the last term: at most one unit) and slack
  return out;
}

}  // namespace

std::pair<QInterval, QInterval> sin_cos_enclosure(const Q& angle, unsigned bits) {
  const unsigned f = bits + kGuardBits;
  double turns = std::nearbyint(to_double(angle) / (2 * M_PI));
  QInterval reduced = turns == 0 ? point(angle) : point(angle) - point(Q(static_cast<long>(turns))) * two_pi(bits);
  // The reduced angle's midpoint to F bits, and how far the reduced interval reaches from it.
  Q scaled = (reduced.lo + reduced.hi) / 2 * pow2(f);
  Z m = boost::multiprecision::numerator(floor_q(scaled));
  const Q mid = Q(m) / pow2(f);
  const Q radius = std::max(Q(reduced.hi - mid), Q(mid - reduced.lo));
  FixedSinCos s = fixed_sin_cos(m, f);
  // Both functions are 1-Lipschitz: the radius widens the enclosure at the midpoint.
  const Q spread = Q(s.error) / pow2(f) + radius;
  auto enclosure = [&](const Z& sum) {
    Q v = Q(sum) / pow2(f);
    QInterval e{std::max(Q(v - spread), Q(-1)), std::min(Q(v + spread), Q(1))};
    return round_out(e, bits);
  };
  return {enclosure(s.sin), enclosure(s.cos)};
}

IVector transformer_pe(const PalTransformerSpec& spec, long position, PeLayout layout, unsigned bits) {
  const std::size_t d = spec.d, half = (d + 1) / 2;
  std::vector<std::pair<QInterval, QInterval>> waves;
  for (const Q& w : spec.pe_frequencies) {
    Q angle = w * Q(position);
    if (abs(angle) > Q(kMaxPeAngle))
      throw InputError("transformer.pe.frequencies: w * position = " + to_string(angle) + " exceeds " +
                       std::to_string(kMaxPeAngle) + " (a limit of the oracle, docs/hardening.md)");
    waves.push_back(angle == 0 ? std::pair{point(Q(0)), point(Q(1))} : sin_cos_enclosure(angle, bits));
  }
  IVector pe(d);
  for (std::size_t i = 0; i < d; ++i) {
    bool cosine = layout == PeLayout::Interleaved ? i % 2 == 1 : i >= half;
    std::size_t k = layout == PeLayout::Interleaved ? i / 2 : (cosine ? i - half : i);
    pe[i] = cosine ? waves.at(k).second : waves.at(k).first;
  }
  return pe;
}

}  // namespace palcheck::oracle
