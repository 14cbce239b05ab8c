// The rank-keyed exact PAL (see oracle_keyed_pal.h).
#include "keyed_pal.h"

#include <algorithm>
#include <cmath>
#include <cfloat>

namespace palcheck {

namespace {

using Z = boost::multiprecision::mpz_int;

// Exponent e with q = odd / 2^e, or -1 when the denominator is not a power of two.
int dyadic_exponent(const Q& q) {
  Z d = denominator(q);
  std::size_t bits = msb(d);
  if (d != (Z(1) << bits)) return -1;
  return static_cast<int>(bits);
}

// The wiping-out memory of preisach_memory.cpp over keys, with each entry's output alongside
// (the same recurrences as MemoryPal::reached, with the sentinel written as -1).
template <class Sum, class Cell>
class KeyedRun {
 public:
  KeyedRun(std::size_t m, Cell cell, InitialState initial, Sum start)
      : m_(m), cell_(cell), first_is_max_(initial == InitialState::Off), start_(start) {}

  const Sum& step(int u) {
    if (extrema_.empty()) {
      push(u);
    } else if (u == extrema_.back()) {
      return outputs_.back();
    } else {
      bool rising = u > extrema_.back();
      if (is_maximum(extrema_.size() - 1) == rising) extrema_.back() = u;
      else push(u);
      while (extrema_.size() >= 3) {
        int older = extrema_[extrema_.size() - 3];
        if (!(rising ? u >= older : u <= older)) break;
        extrema_.erase(extrema_.end() - 3, extrema_.end() - 1);
        outputs_.erase(outputs_.end() - 3, outputs_.end() - 1);
      }
    }
    outputs_.back() = reached(extrema_.size() - 1);
    return outputs_.back();
  }

 private:
  void push(int u) {
    extrema_.push_back(u);
    outputs_.emplace_back();
  }
  bool is_maximum(std::size_t index) const { return (index % 2 == 0) == first_is_max_; }
  // Sum over {alpha <= a, beta >= b}; a < 0 is +inf, b < 0 is -inf.
  Sum box(int a, int b) const {
    std::size_t i = a < 0 ? m_ : static_cast<std::size_t>(a / 2);
    std::size_t j = b < 0 ? 0 : static_cast<std::size_t>((b - 1) / 2);
    return cell_(i, j);
  }
  Sum reached(std::size_t index) const {
    int u = extrema_[index];
    int p = index > 0 ? extrema_[index - 1] : -1;
    Sum before = index > 0 ? outputs_[index - 1] : start_;
    if (is_maximum(index)) {
      Sum gained = box(u, p);
      if (p >= 0) gained -= box(p, p);
      return before + gained;
    }
    return before - (box(p, u) - box(u, u));
  }

  std::size_t m_;
  Cell cell_;
  bool first_is_max_;
  Sum start_;
  std::vector<int> extrema_;
  std::vector<Sum> outputs_;
};

Z to_z(__int128 v) {
  bool negative = v < 0;
  unsigned __int128 mag = negative ? static_cast<unsigned __int128>(-(v + 1)) + 1 : static_cast<unsigned __int128>(v);
  Z z = static_cast<std::uint64_t>(mag >> 64);
  z <<= 64;
  z += static_cast<std::uint64_t>(mag);
  return negative ? Z(-z) : z;
}

__int128 from_z(const Z& v) {
  Z mag = v < 0 ? Z(-v) : v;
  Z low_mask = (Z(1) << 64) - 1;
  unsigned __int128 x = static_cast<unsigned __int128>((mag >> 64).convert_to<std::uint64_t>()) << 64;
  x |= Z(mag & low_mask).convert_to<std::uint64_t>();
  return v < 0 ? -static_cast<__int128>(x) : static_cast<__int128>(x);
}

}  // namespace

double dyadic_to_double(__int128 n, int scale) {
  if (n == 0) return 0.0;
  bool negative = n < 0;
  unsigned __int128 mag = negative ? static_cast<unsigned __int128>(-(n + 1)) + 1 : static_cast<unsigned __int128>(n);
  int bits = 0;
  for (unsigned __int128 t = mag; t; t >>= 1) ++bits;
  double d;
  if (bits <= 53) {
    d = static_cast<double>(static_cast<std::uint64_t>(mag));
  } else {
    int shift = bits - 53;
    unsigned __int128 q = mag >> shift, rem = mag & ((static_cast<unsigned __int128>(1) << shift) - 1);
    unsigned __int128 half = static_cast<unsigned __int128>(1) << (shift - 1);
    if (rem > half || (rem == half && (q & 1))) ++q;
    d = std::ldexp(static_cast<double>(static_cast<std::uint64_t>(q)), shift);
  }
  double r = std::ldexp(d, -scale);
  // Subnormal results would round twice; take the exact route there.
  if (r < DBL_MIN) return to_double(Q(to_z(n), Z(1) << scale));
  return negative ? -r : r;
}

KeyedMeasure::KeyedMeasure(const Measure& mu) : mu_(mu) {
  validate(mu_);
  for (const WeightedRelay& r : mu_.relays) {
    thresholds_.push_back(r.thresholds.alpha);
    thresholds_.push_back(r.thresholds.beta);
  }
  std::sort(thresholds_.begin(), thresholds_.end());
  thresholds_.erase(std::unique(thresholds_.begin(), thresholds_.end()), thresholds_.end());
  m_ = thresholds_.size();
  table_.assign((m_ + 1) * (m_ + 1), Q(0));
  auto at = [&](std::size_t i, std::size_t j) -> Q& { return table_[i * (m_ + 1) + j]; };
  integral_ = true;
  for (const WeightedRelay& r : mu_.relays) {
    std::size_t ia = std::lower_bound(thresholds_.begin(), thresholds_.end(), r.thresholds.alpha) - thresholds_.begin();
    std::size_t ib = std::lower_bound(thresholds_.begin(), thresholds_.end(), r.thresholds.beta) - thresholds_.begin();
    alpha_keys_.push_back(2 * static_cast<int>(ia + 1));
    beta_keys_.push_back(2 * static_cast<int>(ib + 1));
    at(ia + 1, ib) += r.weight;
    int e = dyadic_exponent(r.weight);
    if (e < 0) integral_ = false;
    scale_ = std::max(scale_, e);
  }
  for (std::size_t i = 1; i <= m_; ++i)
    for (std::size_t j = m_; j-- > 0;) at(i, j) += at(i, j + 1);
  for (std::size_t i = 1; i <= m_; ++i)
    for (std::size_t j = 0; j <= m_; ++j) at(i, j) += at(i - 1, j);
  if (integral_ && scale_ <= 200) {
    // Every partial sum and output is bounded by the total absolute mass; keep it below 2^120.
    Q abs_mass = 0;
    for (const WeightedRelay& r : mu_.relays) abs_mass += abs(r.weight);
    Z bound = numerator(Q(abs_mass * Q(Z(1) << scale_)));
    integral_ = msb(bound + 1) < 120;
  } else {
    integral_ = false;
  }
  if (integral_) {
    int_table_.resize(table_.size());
    Z factor = Z(1) << scale_;
    for (std::size_t k = 0; k < table_.size(); ++k) int_table_[k] = from_z(numerator(Q(table_[k] * factor)));
  }
}

int KeyedMeasure::key(const Q& u) const {
  std::size_t c = std::upper_bound(thresholds_.begin(), thresholds_.end(), u) - thresholds_.begin();
  if (c > 0 && thresholds_[c - 1] == u) return 2 * static_cast<int>(c);
  return 2 * static_cast<int>(c) + 1;
}

std::vector<int> KeyedMeasure::keys(const std::vector<Q>& u) const {
  std::vector<int> k;
  k.reserve(u.size());
  for (const Q& x : u) k.push_back(key(x));
  return k;
}

std::vector<Q> KeyedMeasure::outputs(const std::vector<Q>& u, InitialState initial) const {
  std::vector<Q> out;
  out.reserve(u.size());
  if (integral_) {
    auto cell = [this](std::size_t i, std::size_t j) { return int_cell(i, j); };
    KeyedRun<__int128, decltype(cell)> run(m_, cell, initial, initial == InitialState::On ? int_cell(m_, 0) : 0);
    Z denom = Z(1) << scale_;
    for (const Q& x : u) out.emplace_back(to_z(run.step(key(x))), denom);
    return out;
  }
  auto cell = [this](std::size_t i, std::size_t j) -> const Q& { return this->cell(i, j); };
  KeyedRun<Q, decltype(cell)> run(m_, cell, initial, initial == InitialState::On ? total() : Q(0));
  for (const Q& x : u) out.push_back(run.step(key(x)));
  return out;
}

std::vector<double> KeyedMeasure::outputs_double(const std::vector<Q>& u, InitialState initial) const {
  std::vector<double> out;
  out.reserve(u.size());
  if (integral_) {
    auto cell = [this](std::size_t i, std::size_t j) { return int_cell(i, j); };
    KeyedRun<__int128, decltype(cell)> run(m_, cell, initial, initial == InitialState::On ? int_cell(m_, 0) : 0);
    for (const Q& x : u) out.push_back(dyadic_to_double(run.step(key(x)), scale_));
    return out;
  }
  for (const Q& q : outputs(u, initial)) out.push_back(to_double(q));
  return out;
}

}  // namespace palcheck
