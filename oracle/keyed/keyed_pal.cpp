// The rank-keyed exact PAL (see keyed_pal.h).
#include "oracle/keyed/keyed_pal.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

namespace palcheck {

namespace {

using Z = boost::multiprecision::mpz_int;

// Sums and outputs stay below 2^kMaxBits in magnitude on the integer path.
constexpr int kMaxBits = 120;
constexpr int kMaxScale = 200;

unsigned __int128 magnitude(__int128 v) {
  return v < 0 ? static_cast<unsigned __int128>(-(v + 1)) + 1 : static_cast<unsigned __int128>(v);
}

int bit_length(unsigned __int128 v) {
  auto high = static_cast<std::uint64_t>(v >> 64);
  if (high) return 128 - std::countl_zero(high);
  return 64 - std::countl_zero(static_cast<std::uint64_t>(v));
}

Z to_z(__int128 v) {
  unsigned __int128 mag = magnitude(v);
  Z z = static_cast<std::uint64_t>(mag >> 64);
  z <<= 64;
  z += static_cast<std::uint64_t>(mag);
  return v < 0 ? Z(-z) : z;
}

// A weight as odd-or-even numerator * 2^-exponent read straight from GMP (no allocation); false when
// the denominator is not a power of two or the numerator needs more than kMaxBits bits.
bool dyadic_weight(const Q& w, __int128& numerator, int& exponent) {
  const __mpq_struct* q = w.backend().data();
  const __mpz_struct* den = &q->_mp_den;
  const __mpz_struct* num = &q->_mp_num;
  if (mpz_popcount(den) != 1) return false;
  exponent = static_cast<int>(mpz_scan1(den, 0));
  if (mpz_sgn(num) == 0) {
    numerator = 0;
    return true;
  }
  if (mpz_sizeinbase(num, 2) > static_cast<std::size_t>(kMaxBits)) return false;
  unsigned __int128 mag = mpz_getlimbn(num, 0);
  if (mpz_size(num) > 1) mag |= static_cast<unsigned __int128>(mpz_getlimbn(num, 1)) << 64;
  numerator = mpz_sgn(num) < 0 ? -static_cast<__int128>(mag) : static_cast<__int128>(mag);
  return true;
}

// A double with no double strictly between it and t (so comparisons with doubles are decided by
// it except on equality); GMP's truncation is one, checked exactly and replaced by the nearest if not.
double bracketing_double(const Q& t) {
  double d = mpq_get_d(t.backend().data());
  if (!std::isfinite(d)) return d;  // beyond every finite double: every input lies on one side
  Q dq = *rational_from_double(d);
  if (dq == t) return d;
  double toward =
      std::nextafter(d, dq < t ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::infinity());
  if (!std::isfinite(toward)) return toward;
  Q nq = *rational_from_double(toward);
  bool between = dq < t ? t < nq : nq < t;
  if (between || nq == t) return nq == t ? toward : d;
  return to_double(t);
}

// A double as sign * odd mantissa * 2^exponent, read from its bits.
struct DoubleParts {
  std::uint64_t mantissa;
  int exponent;
};

DoubleParts double_parts(double w) {
  auto bits = std::bit_cast<std::uint64_t>(w);
  int biased = static_cast<int>((bits >> 52) & 0x7ff);
  std::uint64_t mantissa = bits & ((std::uint64_t{1} << 52) - 1);
  int exponent = -1074;
  if (biased != 0) {
    mantissa |= std::uint64_t{1} << 52;
    exponent = biased - 1075;
  }
  int zeros = std::countr_zero(mantissa);
  return {mantissa >> zeros, exponent + zeros};
}

}  // namespace

double dyadic_to_double_exact(__int128 n, int scale) {
  if (n == 0) return 0.0;
  return scale >= 0 ? to_double(Q(to_z(n), Z(1) << scale)) : to_double(Q(to_z(n) << -scale));
}

namespace {

// The decimal text of 2^k for k < 128, the denominators dyadic_text writes.
const std::string& power_of_two_text(int k) {
  static const auto texts = [] {
    std::vector<std::string> t;
    Z power = 1;
    for (int e = 0; e < 128; ++e, power <<= 1) t.push_back(power.str());
    return t;
  }();
  return texts[static_cast<std::size_t>(k)];
}

// Decimal digits of v at p, returning the end: 64-bit values directly, wider ones in pieces of 19
// digits (one 128-bit division per piece, not per digit).
char* decimal(char* p, unsigned __int128 v) {
  if (v >> 64 == 0) return std::to_chars(p, p + 20, static_cast<std::uint64_t>(v)).ptr;
  constexpr std::uint64_t kPiece = 10000000000000000000ull;  // 10^19
  std::uint64_t pieces[2];
  int count = 0;
  while (v >= kPiece) {
    pieces[count++] = static_cast<std::uint64_t>(v % kPiece);
    v /= kPiece;
  }
  p = std::to_chars(p, p + 20, static_cast<std::uint64_t>(v)).ptr;
  while (count-- > 0) {
    std::uint64_t piece = pieces[count];
    for (int i = 18; i >= 0; --i, piece /= 10) p[i] = static_cast<char>('0' + piece % 10);
    p += 19;
  }
  return p;
}

}  // namespace

void append_dyadic_text(std::string& out, __int128 n, int scale) {
  if (n == 0) {
    out += '0';
    return;
  }
  unsigned __int128 mag = magnitude(n);
  auto low = static_cast<std::uint64_t>(mag);
  int twos = low ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<std::uint64_t>(mag >> 64));
  int reduce = std::max(0, std::min(twos, scale));
  int den_bits = scale - reduce;
  if (scale < 0 || den_bits > 127) {
    out += to_string(scale >= 0 ? Q(to_z(n), Z(1) << scale) : Q(to_z(n) << -scale));
    return;
  }
  mag >>= reduce;
  char buf[kDyadicTextMax];
  char* p = buf;
  if (n < 0) *p++ = '-';
  p = decimal(p, mag);
  out.append(buf, p);
  if (den_bits > 0) {
    out += '/';
    out += power_of_two_text(den_bits);
  }
}

std::string dyadic_text(__int128 n, int scale) {
  std::string text;
  append_dyadic_text(text, n, scale);
  return text;
}

namespace {

/// The distinct thresholds of a measure, increasing, and each relay's thresholds as indices among them.
struct DistinctThresholds {
  std::vector<Q> values;           ///< sorted, distinct
  std::vector<std::size_t> index;  ///< by slot: 2 * relay for alpha, 2 * relay + 1 for beta
};

// Sorted by their doubles (monotone in t), then equal doubles split exactly; each threshold's index is
// found while splitting, with no search after.
DistinctThresholds distinct_thresholds(const Measure& mu) {
  struct Entry {
    double d;
    const Q* t;
    std::size_t slot;
  };
  std::vector<Entry> entries;
  entries.reserve(2 * mu.relays.size());
  for (std::size_t r = 0; r < mu.relays.size(); ++r) {
    const Thresholds& t = mu.relays[r].thresholds;
    entries.push_back({mpq_get_d(t.alpha.backend().data()), &t.alpha, 2 * r});
    entries.push_back({mpq_get_d(t.beta.backend().data()), &t.beta, 2 * r + 1});
  }
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.d < b.d; });
  DistinctThresholds out{{}, std::vector<std::size_t>(entries.size())};
  // A run of equal doubles is sorted exactly (O(g log g): thousands of thresholds may share one double).
  for (std::size_t lo = 0; lo < entries.size();) {
    std::size_t hi = lo;
    while (hi < entries.size() && entries[hi].d == entries[lo].d) ++hi;
    std::sort(entries.begin() + static_cast<std::ptrdiff_t>(lo), entries.begin() + static_cast<std::ptrdiff_t>(hi),
              [](const Entry& a, const Entry& b) { return *a.t < *b.t; });
    for (std::size_t k = lo; k < hi; ++k) {
      if (k == lo || !mpq_equal(entries[k - 1].t->backend().data(), entries[k].t->backend().data()))
        out.values.push_back(*entries[k].t);
      out.index[entries[k].slot] = out.values.size() - 1;
    }
    lo = hi;
  }
  for (std::size_t c = 1; c < out.values.size(); ++c)
    if (!(out.values[c - 1] < out.values[c])) throw std::logic_error("KeyedMeasure: thresholds out of order");
  return out;
}

// Whether the dyadic weights (numerator, exponent), scaled to 2^-scale, keep every partial sum and output
// below 2^kMaxBits: each is bounded by the total absolute mass.
bool fits_integers(const std::vector<std::pair<__int128, int>>& dyadic, int scale) {
  unsigned __int128 abs_mass = 0;
  for (auto [num, e] : dyadic) {
    if (bit_length(magnitude(num)) + scale - e >= kMaxBits) return false;
    abs_mass += magnitude(num) << (scale - e);
    if (bit_length(abs_mass) >= kMaxBits) return false;
  }
  return true;
}

}  // namespace

KeyedMeasure::KeyedMeasure(Measure mu) : mu_(std::move(mu)) {
  validate(*mu_);
  DistinctThresholds distinct = distinct_thresholds(*mu_);
  thresholds_ = std::move(distinct.values);
  const std::vector<std::size_t>& index = distinct.index;
  m_ = thresholds_.size();
  // Per relay: its cell and, while every weight is dyadic, its weight in integers.
  std::vector<std::pair<std::size_t, std::size_t>> cells;
  std::vector<std::pair<__int128, int>> dyadic;
  cells.reserve(mu_->relays.size());
  integral_ = true;
  for (std::size_t relay = 0; relay < mu_->relays.size(); ++relay) {
    const WeightedRelay& r = mu_->relays[relay];
    std::size_t ia = index[2 * relay], ib = index[2 * relay + 1];
    alpha_keys_.push_back(2 * static_cast<int>(ia + 1));
    beta_keys_.push_back(2 * static_cast<int>(ib + 1));
    cells.emplace_back(ia + 1, ib);
    __int128 num = 0;
    int e = 0;
    if (integral_ && dyadic_weight(r.weight, num, e) && e <= kMaxScale) {
      dyadic.emplace_back(num, e);
      scale_ = std::max(scale_, e);
    } else {
      integral_ = false;
    }
  }
  integral_ = integral_ && fits_integers(dyadic, scale_);
  if (integral_) {
    std::vector<StaircaseMass<__int128>> masses(cells.size());
    for (std::size_t r = 0; r < cells.size(); ++r)
      masses[r] = {cells[r].first, cells[r].second, dyadic[r].first << (scale_ - dyadic[r].second)};
    int_table_ = StaircaseTable<__int128>(m_, masses, staircase_layout(m_, masses.size()));
  } else {
    scale_ = 0;
    std::vector<StaircaseMass<Q>> masses(cells.size());
    for (std::size_t r = 0; r < cells.size(); ++r) masses[r] = {cells[r].first, cells[r].second, mu_->relays[r].weight};
    table_ = StaircaseTable<Q>(m_, masses, staircase_layout(m_, masses.size()));
  }
  build_double_keys();
}

Grid DoubleGrid::exact() const {
  Grid grid{delta, static_cast<int>(L), {}};
  for (std::size_t r = 0; r < L; ++r)
    for (std::size_t c = 0; c < cols; ++c)
      if (double w = weights[r * cols + c]; w != 0)
        grid.weights.push_back({static_cast<int>(r + 1), static_cast<int>(c + 1), *rational_from_double(w)});
  return grid;
}

KeyedMeasure KeyedMeasure::from_grid(const DoubleGrid& grid) {
  if (grid.delta <= 0) throw std::invalid_argument("grid delta must be > 0, got " + to_string(grid.delta));
  if (grid.L < 1 || grid.L > (std::size_t{1} << 24) || grid.cols > grid.L || grid.weights.size() != grid.L * grid.cols)
    throw std::invalid_argument("DoubleGrid: needs 1 <= L <= 2^24, cols <= L and L * cols weights");
  for (std::size_t r = 0; r < grid.L; ++r)
    for (std::size_t c = 0; c < grid.cols; ++c) {
      double w = grid.weights[r * grid.cols + c];
      if (!std::isfinite(w) || (c > r && w != 0))
        throw std::invalid_argument("grid weight (" + std::to_string(r + 1) + ", " + std::to_string(c + 1) +
                                    ") is not finite or above the diagonal");
    }
  KeyedMeasure keyed;
  if (keyed.build_grid(grid)) return keyed;
  return KeyedMeasure(measure_from_grid(grid.exact()));
}

// The integer table straight from the doubles; false (nothing kept) when the scaled sums could
// reach 2^kMaxBits, so the caller takes the GMP route.
bool KeyedMeasure::build_grid(const DoubleGrid& grid) {
  std::size_t L = grid.L, cols = grid.cols, nonzero = 0;
  int lowest = std::numeric_limits<int>::max(), top = std::numeric_limits<int>::min();
  for (double w : grid.weights) {
    if (w == 0) continue;
    DoubleParts p = double_parts(w);
    lowest = std::min(lowest, p.exponent);
    top = std::max(top, p.exponent + static_cast<int>(std::bit_width(p.mantissa)));
    ++nonzero;
  }
  scale_ = nonzero == 0 ? 0 : std::max(0, -lowest);
  // Every sum is below nonzero * 2^(top + scale) in magnitude.
  if (scale_ > kMaxScale || (nonzero > 0 && top + scale_ + static_cast<int>(std::bit_width(nonzero)) >= kMaxBits))
    return false;
  m_ = L;
  thresholds_.reserve(L);
  for (std::size_t i = 1; i <= L; ++i) thresholds_.push_back(grid.delta * static_cast<long long>(i));
  std::size_t side = L + 1;
  std::vector<__int128> table(side * side, 0);
  // Relay (i, j) has alpha index i - 1 and beta index j - 1: its mass sits at cell (i, j - 1).
  for (std::size_t r = 0; r < L; ++r)
    for (std::size_t c = 0; c < cols; ++c) {
      double w = grid.weights[r * cols + c];
      if (w == 0) continue;
      DoubleParts p = double_parts(w);
      __int128 v = static_cast<__int128>(p.mantissa) << (p.exponent + scale_);
      table[c * side + r + 1] = w < 0 ? -v : v;
    }
  int_table_ = StaircaseTable<__int128>::from_dense_masses(L, std::move(table));
  integral_ = true;
  build_double_keys();
  return true;
}

const Measure& KeyedMeasure::measure() const {
  if (!mu_) throw std::logic_error("KeyedMeasure: built from a DoubleGrid in machine arithmetic, no relay list kept");
  return *mu_;
}

namespace {

// Whether every threshold is a double (a dyadic whose double is itself).
bool all_doubles(const std::vector<Q>& thresholds) {
  return std::all_of(thresholds.begin(), thresholds.end(), [](const Q& t) {
    // Beyond DBL_MAX mpq_get_d gives an infinity, which no rational equals (and GMP cannot convert).
    double d = mpq_get_d(t.backend().data());
    return mpz_popcount(&t.backend().data()->_mp_den) == 1 && std::isfinite(d) && d == t;
  });
}

// Each threshold as a fraction of machine integers; none when one does not fit.
std::vector<std::pair<std::int64_t, std::int64_t>> machine_fractions(const std::vector<Q>& thresholds) {
  std::vector<std::pair<std::int64_t, std::int64_t>> fractions;
  for (const Q& t : thresholds) {
    const __mpq_struct* q = t.backend().data();
    if (!mpz_fits_slong_p(&q->_mp_num) || !mpz_fits_slong_p(&q->_mp_den)) return {};
    fractions.emplace_back(mpz_get_si(&q->_mp_num), mpz_get_si(&q->_mp_den));
  }
  return fractions;
}

// 2^-e when the thresholds are the lattice c * 2^e for c = 1..m (the first a power of two, the others its
// multiples, m <= 2^24, -1000 < e < 1000); else 0.
double lattice_inverse_step(const std::vector<Q>& thresholds) {
  const std::size_t m = thresholds.size();
  if (m == 0 || m > (std::size_t{1} << 24)) return 0;
  const __mpq_struct* first = thresholds[0].backend().data();
  bool power = mpz_popcount(&first->_mp_num) == 1 && mpz_popcount(&first->_mp_den) == 1 && mpz_sgn(&first->_mp_num) > 0;
  int e = power ? static_cast<int>(mpz_scan1(&first->_mp_num, 0)) - static_cast<int>(mpz_scan1(&first->_mp_den, 0)) : 0;
  bool lattice = power && e > -1000 && e < 1000;
  for (std::size_t c = 1; lattice && c < m; ++c)
    lattice = thresholds[c] == thresholds[0] * static_cast<long long>(c + 1);
  return lattice ? std::ldexp(1.0, -e) : 0;
}

}  // namespace

void KeyedMeasure::build_double_keys() {
  // Thresholds sharing a bracketing double form one run; inside it the exact signs of t - d order them.
  std::size_t c = 0;
  while (c < m_) {
    double d = bracketing_double(thresholds_[c]);
    std::size_t end = c + 1;
    while (end < m_ && bracketing_double(thresholds_[end]) == d) ++end;
    if (std::isfinite(d)) {
      Q dq = *rational_from_double(d);
      std::size_t below = c;  // thresholds < d
      bool equal = false;
      for (std::size_t k = c; k < end; ++k) {
        if (thresholds_[k] < dq)
          ++below;
        else if (thresholds_[k] == dq)
          equal = true;
      }
      doubles_.push_back(d);
      key_at_.push_back(equal ? 2 * static_cast<int>(below + 1) : 2 * static_cast<int>(below) + 1);
      key_after_.push_back(2 * static_cast<int>(end) + 1);
    }
    c = end;
  }
  // Thresholds beyond the doubles (|t| > DBL_MAX) are above or below every input.
  std::size_t low_infinite = 0;
  while (low_infinite < m_ && bracketing_double(thresholds_[low_infinite]) == -std::numeric_limits<double>::infinity())
    ++low_infinite;
  key_below_all_ = 2 * static_cast<int>(low_infinite) + 1;
  thresholds_are_doubles_ = all_doubles(thresholds_);
  fractions_ = machine_fractions(thresholds_);
  lattice_inverse_step_ = lattice_inverse_step(thresholds_);
  if (doubles_.size() >= 2) {
    double span = doubles_.back() - doubles_.front();
    double inverse = static_cast<double>(doubles_.size() - 1) / span;
    if (std::isfinite(span) && std::isfinite(inverse) && inverse > 0) {
      guess_origin_ = doubles_.front();
      guess_inverse_step_ = inverse;
    }
  }
}

int KeyedMeasure::key(const Q& u) const {
  std::size_t c = std::upper_bound(thresholds_.begin(), thresholds_.end(), u) - thresholds_.begin();
  if (c > 0 && thresholds_[c - 1] == u) return 2 * static_cast<int>(c);
  return 2 * static_cast<int>(c) + 1;
}

inline int KeyedMeasure::double_key(double u) const {
  if (!std::isfinite(u)) throw std::invalid_argument("KeyedMeasure::key: input is not a finite number");
  if (lattice_inverse_step_ > 0) {
    // u * 2^-e is exact but where it underflows (then u is below the first threshold anyway) or
    // overflows (then above the last).
    // Clamped into [1/2, m + 1/2] without a branch: below the first threshold reads as 1/2, above the
    // last as m + 1/2, and neither is a grid point.
    double x = std::clamp(u * lattice_inverse_step_, 0.5, static_cast<double>(m_) + 0.5);
    auto c = static_cast<int>(x);
    return 2 * c + (x != c);
  }
  // k = number of doubles <= u, found by a guess on evenly spread doubles (grids) or a binary search.
  std::size_t n = doubles_.size(), k;
  const double* d = doubles_.data();
  if (n == 0 || u < d[0]) {
    k = 0;
  } else if (u >= d[n - 1]) {
    k = n;
  } else {
    k = 0;
    if (guess_inverse_step_ > 0) {
      // On evenly spread doubles (grids) the guess g has d[g] <= u < d[g + 1] up to one step.
      double x = (u - guess_origin_) * guess_inverse_step_;
      auto g = static_cast<std::size_t>(std::min(x, static_cast<double>(n - 2)));
      if (d[g] <= u && u < d[g + 1])
        k = g + 1;
      else if (g + 2 < n && d[g + 1] <= u && u < d[g + 2])
        k = g + 2;
      else if (g > 0 && d[g - 1] <= u && u < d[g])
        k = g;
    }
    if (k == 0) k = static_cast<std::size_t>(std::upper_bound(d, d + n, u) - d);
  }
  if (k == 0) return key_below_all_;
  return d[k - 1] == u ? key_at_[k - 1] : key_after_[k - 1];
}

int KeyedMeasure::key(double u) const { return double_key(u); }

void KeyedMeasure::keys(const double* u, std::size_t n, int* out) const {
  for (std::size_t k = 0; k < n; ++k) out[k] = double_key(u[k]);
}

int KeyedMeasure::key(std::int64_t num, std::int64_t den) const {
  constexpr std::int64_t kExact = std::int64_t{1} << 53;
  if (num <= kExact && num >= -kExact && den <= kExact) {
    if (thresholds_are_doubles_) {
      // x = num / den rounded once (both are doubles), and rounding keeps every order with a double
      // weakly: x strictly between two thresholds puts num / den there too; only x equal to one
      // leaves the side to an exact comparison.
      double x = static_cast<double>(num) / static_cast<double>(den);
      int k = double_key(x);
      if (k % 2 == 1 || std::fma(x, static_cast<double>(den), -static_cast<double>(num)) == 0) return k;
    }
  } else {
    // Longer decimals (17 digits exceed 2^53): num, den and their quotient each rounded once, by at most
    // 2^-53 of it, put x within 3.01 * 2^-53 |x| of num / den (64-bit num and den neither overflow nor
    // underflow a double's normal range). An interval about x more than twice that wide whose ends have
    // one odd key holds no threshold, so num / den has that key too; double_key is exact on doubles,
    // whatever the thresholds are.
    double x = static_cast<double>(num) / static_cast<double>(den), margin = std::abs(x) * 0x1p-50;
    int k = double_key(x - margin);
    if (k % 2 == 1 && k == double_key(x + margin)) return k;
  }
  if (fractions_.size() != m_) return key(Q(num) / den);
  // sign(num/den - p/q) with positive denominators; the products stay below 2^126.
  auto compare = [&](std::size_t c) {
    auto [p, q] = fractions_[c];
    __int128 left = static_cast<__int128>(num) * q, right = static_cast<__int128>(p) * den;
    return (left > right) - (left < right);
  };
  // c = the thresholds <= num/den: those <= its nearest double, then moved past the few in between.
  auto c = static_cast<std::size_t>(double_key(static_cast<double>(num) / static_cast<double>(den)) / 2);
  while (c > 0 && compare(c - 1) < 0) --c;
  while (c < m_ && compare(c) >= 0) ++c;
  return c > 0 && compare(c - 1) == 0 ? 2 * static_cast<int>(c) : 2 * static_cast<int>(c) + 1;
}

inline int KeyedMeasure::decimal_key(const Decimal& x) const {
  // Decimals of up to 19 digits (numpy's savetxt writes 19), whose denominator need not fit 64 bits:
  // digits and each product or quotient rounded once, the powers of ten (at most 10^22) exact, so at
  // most three roundings, and u lies within 3.01 * 2^-53 |u| of the value (normal doubles: 1e-44 to
  // 2e41); then the interval argument of key(num, den).
  static constexpr double kExactPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                            1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  if (x.digits != 0 && x.exponent >= -44 && x.exponent <= 22) {
    auto u = static_cast<double>(x.digits);
    if (x.exponent >= 0)
      u *= kExactPowers[x.exponent];
    else if (x.exponent >= -22)
      u /= kExactPowers[-x.exponent];
    else
      u = u / kExactPowers[22] / kExactPowers[-x.exponent - 22];
    if (x.negative) u = -u;
    double margin = std::abs(u) * 0x1p-50;
    int k = double_key(u - margin);
    if (k % 2 == 1 && k == double_key(u + margin)) return k;
  }
  return exact_decimal_key(x);
}

int KeyedMeasure::exact_decimal_key(const Decimal& x) const {
  // As num / den of 64-bit integers when it is one: key(num, den) settles a value equal to a threshold
  // without GMP when the thresholds are doubles or 64-bit fractions.
  static constexpr auto kPowers = [] {
    std::array<std::int64_t, 19> p{};
    p[0] = 1;
    for (std::size_t i = 1; i < p.size(); ++i) p[i] = p[i - 1] * 10;
    return p;
  }();
  constexpr auto kMax = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  if (x.digits == 0) return key(std::int64_t{0}, std::int64_t{1});
  if (x.digits <= kMax && x.exponent >= -18 && x.exponent <= 18) {
    auto digits = static_cast<std::int64_t>(x.digits);
    std::int64_t num = digits, den = x.exponent < 0 ? kPowers[-x.exponent] : 1;
    if (x.exponent <= 0 || !__builtin_mul_overflow(digits, kPowers[x.exponent], &num))
      return key(x.negative ? -num : num, den);
  }
  return key(decimal_value(x));
}

int KeyedMeasure::key(const Decimal& x) const { return decimal_key(x); }

void KeyedMeasure::keys(const Decimal* x, std::size_t n, int* out) const {
  for (std::size_t k = 0; k < n; ++k) out[k] = decimal_key(x[k]);
}

std::vector<int> KeyedMeasure::keys(const std::vector<Q>& u) const {
  std::vector<int> k;
  k.reserve(u.size());
  for (const Q& x : u) k.push_back(key(x));
  return k;
}

Q KeyedMeasure::cell(std::size_t i, std::size_t j) const {
  if (!integral_) return table_.at(i, j);
  return Q(to_z(int_cell(i, j)), Z(1) << scale_);
}

namespace {

// The output after each input of u, read from the run by `read` (exact or nearest double).
template <class Out, class In, class Read>
std::vector<Out> run_outputs(const KeyedMeasure& keyed, const std::vector<In>& u, InitialState initial, Read read) {
  std::vector<Out> out;
  out.reserve(u.size());
  KeyedRun run(keyed, initial);
  for (const In& x : u) {
    run.step(keyed.key(x));
    out.push_back(read(run));
  }
  return out;
}

}  // namespace

std::vector<Q> KeyedMeasure::outputs(const std::vector<Q>& u, InitialState initial) const {
  return run_outputs<Q>(*this, u, initial, [](const KeyedRun& run) { return run.exact(); });
}

std::vector<double> KeyedMeasure::outputs_double(const std::vector<Q>& u, InitialState initial) const {
  return run_outputs<double>(*this, u, initial, [](const KeyedRun& run) { return run.nearest_double(); });
}

std::vector<double> KeyedMeasure::outputs_double(const std::vector<double>& u, InitialState initial) const {
  return run_outputs<double>(*this, u, initial, [](const KeyedRun& run) { return run.nearest_double(); });
}

KeyedRun::KeyedRun(const KeyedMeasure& keyed, InitialState initial)
    : keyed_(&keyed), stack_(initial) {
  if (initial == InitialState::On) {
    if (keyed.integral())
      int_start_ = keyed.int_cell(keyed.threshold_count(), 0);
    else
      start_ = keyed.total();
  }
}

// Each entry carries its output alongside; only the top one changes.
MemoryStepEffect KeyedRun::step(int u) {
  MemoryStepEffect effect = stack_.step(u);
  if (!effect.pushed && !effect.replaced) return effect;
  std::size_t size = stack_.extrema().size();
  if (keyed_->integral())
    int_outputs_.resize(size);
  else
    outputs_.resize(size);
  recompute_top();
  return effect;
}

void KeyedRun::step_scaled(const int* keys, std::size_t n, __int128* out) {
  // First the memory moves over a block's keys, noting per token the two cells of its output
  // (below + plus - minus) and where the value below is; then the sums, in order, without a branch
  // (or each at once when the table is small enough to stay in cache).
  // Entries at or above `low` were set in this block (by token setter_[e], their value in out);
  // those below keep int_outputs_. A token that leaves the memory as it was reads cell 0 (zero)
  // twice and takes the top's value.
  constexpr std::size_t kBlock = 256;
  const StaircaseTable<__int128>& sums = keyed_->int_table_;
  const __int128* table = sums.dense();  // nullptr for a tree, read through sums.at
  const std::size_t m = keyed_->threshold_count(), side = m + 1;
  std::size_t plus[kBlock], minus[kBlock];
  const __int128* below[kBlock];
  auto row = [m](int a) { return a < 0 ? m : static_cast<std::size_t>(a / 2); };
  auto column = [](int b) { return b < 0 ? 0 : static_cast<std::size_t>((b - 1) / 2); };
  // A table that stays in cache (up to L = 361) is read at once; a larger one a block later.
  const bool cached = table && side * side * sizeof(__int128) <= (std::size_t{2} << 20);
  for (std::size_t first = 0; first < n; first += kBlock) {
    std::size_t count = std::min(kBlock, n - first), size = stack_.extrema().size(), low = size;
    setter_.resize(size + count);
    int_outputs_.resize(size + count);
    int* setter = setter_.data();
    const __int128* kept = int_outputs_.data();
    __int128* block = out + first;
    auto value = [&](std::size_t e) { return e < low ? kept + e : block + setter[e]; };
    for (std::size_t k = 0; k < count; ++k) {
      MemoryStepEffect effect = stack_.step(keys[first + k]);
      const int* ext = stack_.extrema().data();
      size = stack_.extrema().size();
      if (!effect.pushed && !effect.replaced) {
        plus[k] = minus[k] = 0;
        below[k] = value(size - 1);
        if (cached) block[k] = *below[k];
        continue;
      }
      std::size_t index = size - 1;
      setter[index] = static_cast<int>(k);
      low = std::min(low, index);
      int u = ext[index], p = index > 0 ? ext[index - 1] : -1;
      if (stack_.is_maximum(index)) {
        plus[k] = column(p) * side + row(u);
        minus[k] = p >= 0 ? column(p) * side + row(p) : 0;
      } else {
        plus[k] = column(u) * side + row(u);
        minus[k] = column(u) * side + row(p);
      }
      below[k] = index > 0 ? value(index - 1) : &int_start_;
      if (cached) {
        block[k] = *below[k] + table[plus[k]] - table[minus[k]];
      } else if (table) {
        __builtin_prefetch(table + plus[k]);
        __builtin_prefetch(table + minus[k]);
      }
    }
    if (!cached && table)
      for (std::size_t k = 0; k < count; ++k) block[k] = *below[k] + table[plus[k]] - table[minus[k]];
    else if (!cached)
      for (std::size_t k = 0; k < count; ++k) block[k] = *below[k] + sums.at(plus[k]) - sums.at(minus[k]);
    for (std::size_t e = low; e < size; ++e) int_outputs_[e] = block[setter[e]];
    setter_.resize(size);
    int_outputs_.resize(size);
  }
}

void KeyedRun::step_doubles(const int* keys, std::size_t n, double* out) {
  constexpr std::size_t kBlock = 1024;
  __int128 scaled[kBlock];
  int scale = keyed_->scale();
  for (std::size_t first = 0; first < n; first += kBlock) {
    std::size_t count = std::min(kBlock, n - first);
    step_scaled(keys + first, count, scaled);
    for (std::size_t k = 0; k < count; ++k) out[first + k] = dyadic_to_double(scaled[k], scale);
  }
}

std::size_t KeyedRun::row(int a) const { return a < 0 ? keyed_->threshold_count() : static_cast<std::size_t>(a / 2); }

std::size_t KeyedRun::column(int b) const { return b < 0 ? 0 : static_cast<std::size_t>((b - 1) / 2); }

// The top entry's output is the entry below's plus cell `plus` minus cell `minus` of the table:
// cell(row(a), column(b)) sums {alpha <= a, beta >= b}, a sentinel of -1 is +-infinity, and row 0
// is zero (the empty sum stands for a missing term).
std::pair<std::size_t, std::size_t> KeyedRun::top_cells() const {
  std::size_t side = keyed_->threshold_count() + 1;
  const std::vector<int>& extrema = stack_.extrema();
  std::size_t index = extrema.size() - 1;
  int u = extrema[index];
  int p = index > 0 ? extrema[index - 1] : -1;
  if (stack_.is_maximum(index)) return {column(p) * side + row(u), p >= 0 ? column(p) * side + row(p) : 0};
  return {column(u) * side + row(u), column(u) * side + row(p)};
}

void KeyedRun::recompute_top() {
  std::size_t index = stack_.extrema().size() - 1;
  auto [plus, minus] = top_cells();
  // A dense table is read in place (no division into row and column, no copy of a Q).
  if (keyed_->integral()) {
    const StaircaseTable<__int128>& table = keyed_->int_table_;
    const __int128 below = index > 0 ? int_outputs_[index - 1] : int_start_;
    const __int128* cells = table.dense();
    int_outputs_[index] = cells ? below + cells[plus] - cells[minus] : below + table.at(plus) - table.at(minus);
  } else {
    const StaircaseTable<Q>& table = keyed_->table_;
    const Q& below = index > 0 ? outputs_[index - 1] : start_;
    if (const Q* cells = table.dense())
      outputs_[index] = below + cells[plus] - cells[minus];
    else
      outputs_[index] = below + table.at(plus) - table.at(minus);
  }
}

Q KeyedRun::exact() const {
  if (keyed_->integral()) return Q(to_z(scaled()), Z(1) << keyed_->scale());
  return outputs_.empty() ? start_ : outputs_.back();
}

double KeyedRun::nearest_double() const {
  if (keyed_->integral()) return dyadic_to_double(scaled(), keyed_->scale());
  return to_double(exact());
}

}  // namespace palcheck
