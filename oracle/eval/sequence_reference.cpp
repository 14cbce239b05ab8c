// The reference over one sequence in another implementation's frame (see sequence_reference.h).
#include "oracle/eval/sequence_reference.h"

#include "oracle/eval/smoothed_switch.h"

#include <algorithm>
#include <cmath>

namespace palcheck::oracle {

namespace {

bool smoothed(const Conventions& c) { return !rational_outputs(c); }

Q pow2_negative(int bits) { return Q(1, boost::multiprecision::mpz_int(1) << bits); }

// The smoothing argument's unit: |u - theta| <= kFarArgument * unit is "near".
Q near_radius(const Smoothing& s) {
  Q unit = s.kind == SmoothingKind::Tanh ? Q(s.temperature / 2) : s.temperature;
  return kFarArgument * unit;
}

}  // namespace

std::optional<bool> interval_within_tolerance(const Q& atol, const Q& rtol, const Q& actual, const QInterval& e) {
  // atol + rtol |x| - |actual - x| is piecewise linear in x with kinks at 0 and actual: its extremes on
  // [lo, hi] are at the ends and the kinks inside.
  std::vector<Q> points{e.lo, e.hi};
  for (const Q& kink : {Q(0), actual})
    if (kink > e.lo && kink < e.hi) points.push_back(kink);
  bool all_in = true, all_out = true;
  for (const Q& x : points) {
    bool in = abs(Q(actual - x)) <= atol + rtol * abs(x);
    all_in = all_in && in;
    all_out = all_out && !in;
  }
  if (all_in) return true;
  if (all_out) return false;
  return std::nullopt;
}

std::optional<bool> interval_within_tolerance(const Conventions& c, const Q& actual, const QInterval& e) {
  return interval_within_tolerance(c.atol, c.rtol, actual, e);
}

SequenceReference::SequenceReference(ReadingMeasures& measures, const std::vector<Q>& inputs, InitialState initial,
                                     const Conventions& conventions)
    : measures_(measures),
      u_(inputs),
      conv_(conventions),
      declared_(declared_reading(conventions, initial)),
      keys_(measures.keyed().keys(inputs)) {
  // first_token=direction: u_0 sets no relay, so before u_1 every relay holds the initial state; u_1
  // rising from u_0 only switches relays on (from the initial state 0 as any input does, from 1 not at
  // all), falling only off. Where u_1 cannot move a relay, it is read as an input beyond every threshold
  // on the initial state's side, which leaves every relay as it is.
  const Measure& mu = measures.keyed().measure();
  if (conventions.first_token == FirstToken::Direction && u_.size() >= 2 && !mu.relays.empty()) {
    bool off = initial == InitialState::Off;
    if (off ? u_[1] <= u_[0] : u_[1] >= u_[0]) {
      Q beyond = mu.relays[0].thresholds.beta;
      for (const WeightedRelay& w : mu.relays)
        beyond = off ? std::min(beyond, w.thresholds.beta) : std::max(beyond, w.thresholds.alpha);
      keys_[1] = measures.keyed().keys(std::vector<Q>{off ? Q(beyond - 1) : Q(beyond + 1)})[0];
    }
  }
  if (conv_.output.c != 0) {
    u_double_.reserve(u_.size());
    for (const Q& x : u_) u_double_.push_back(to_double(x));
  }
  if (conv_.smoothing.kind != SmoothingKind::None) sorted_thresholds_ = &measures.sorted_thresholds();
  abs_total_ = measures.abs_total();
  if (smoothed(conv_)) {
    radius_ = near_radius(conv_.smoothing);
    slack_ = 2 * to_double(Q(abs(conv_.output.a) * 2 * abs_total_ * pow2_negative(kFarBits)));
    bands_ = std::make_unique<Bands>();
    const ReadingMeasures::RelayBands& relays = measures.relay_bands();
    bands_->alpha = relays.alpha, bands_->beta = relays.beta, bands_->weight = relays.weight;
    for (const Q& x : u_) bands_->inputs.push_back(enclose(x));
    bands_->inverse_unit = enclose(Q(kFarArgument / radius_));
    bands_->a = enclose(conv_.output.a);
    bands_->b = enclose(conv_.output.b);
    bands_->c = enclose(conv_.output.c);
    bands_->total = enclose(total());
    bands_->atol = enclose(conv_.atol);
    bands_->rtol = enclose(conv_.rtol);
    double far = round_up(to_double(Q(abs_total_ * pow2_negative(kFarBits))) * 2);
    bands_->far = {-far, far};
  }
  a_ = to_double(conv_.output.a);
  b_ = to_double(conv_.output.b);
  c_ = to_double(conv_.output.c);
  atol_ = to_double(conv_.atol);
  rtol_ = to_double(conv_.rtol);
  total_double_ = to_double(total());
}

const TouchIndex& SequenceReference::touches() {
  if (!touches_) touches_ = std::make_unique<TouchIndex>(keys_);
  return *touches_;
}

const PalValues& SequenceReference::pal(const RelayReading& reading) {
  auto key = std::make_tuple(static_cast<int>(reading.tie), static_cast<int>(reading.initial),
                             static_cast<int>(reading.first));
  auto it = pal_.find(key);
  if (it == pal_.end()) it = pal_.emplace(key, measures_.pal(keys_, reading)).first;
  return it->second;
}

std::size_t SequenceReference::decided_by(std::size_t r, std::size_t n, const RelayReading& reading) {
  if (n >= size() || (n == 0 && reading.first != FirstToken::Applied)) return npos;
  auto [hi, lo] = measures_.thresholds(reading.tie)[r];
  return touches().last(hi, lo, reading.first == FirstToken::NotApplied ? 1 : 0, n);
}

int SequenceReference::state(std::size_t r, std::size_t n, const RelayReading& reading) {
  std::size_t k = decided_by(r, n, reading);
  if (k == npos) return static_cast<int>(reading.initial);
  return keys_[k] >= measures_.thresholds(reading.tie)[r].first ? 1 : 0;
}

int SequenceReference::state_before(std::size_t r, std::size_t n, const RelayReading& reading) {
  std::size_t from = reading.first == FirstToken::NotApplied ? 1 : 0;
  if (n <= from) return static_cast<int>(reading.initial);
  auto [hi, lo] = measures_.thresholds(reading.tie)[r];
  std::size_t k = touches().last(hi, lo, from, n - 1);
  return k == npos ? static_cast<int>(reading.initial) : (keys_[k] >= hi ? 1 : 0);
}

std::size_t SequenceReference::decided_from(const RelayReading& reading) {
  std::size_t from = reading.first == FirstToken::NotApplied ? 1 : 0;
  std::size_t result = reading.first == FirstToken::Applied ? 0 : 1;
  const auto& thresholds = measures_.thresholds(reading.tie);
  for (auto [hi, lo] : thresholds) {
    std::size_t k = touches().first(hi, lo, from);
    if (k == npos) return size();
    result = std::max(result, k);
  }
  return std::min(result, size());
}

std::vector<std::size_t> SequenceReference::relays_near(const Q& u, const Q& radius) const {
  std::vector<std::size_t> out;
  if (!sorted_thresholds_) return out;
  const auto& sorted = *sorted_thresholds_;
  auto lo = std::lower_bound(sorted.begin(), sorted.end(), Q(u - radius),
                             [](const auto& entry, const Q& x) { return entry.first < x; });
  for (auto it = lo; it != sorted.end() && it->first <= u + radius; ++it) out.push_back(it->second);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

bool SequenceReference::sharp_tie(std::size_t r, std::size_t n, const RelayReading& reading) {
  if (conv_.smoothing.ties != TieSwitch::Sharp) return false;
  const Thresholds& t = measure().relays[r].thresholds;
  return u_[n] == (state_before(r, n, reading) ? t.beta : t.alpha);
}

QInterval SequenceReference::shown_state(std::size_t r, std::size_t n, const RelayReading& reading, unsigned bits) {
  int now = state(r, n, reading);
  if (n == 0 && reading.first != FirstToken::Applied) return {Q(now), Q(now)};  // the state before u_0
  const Thresholds& t = measure().relays[r].thresholds;
  if (sharp_tie(r, n, reading)) return {Q(now), Q(now)};
  Q y = smoothing_argument(conv_.smoothing, u_[n], state_before(r, n, reading) ? t.beta : t.alpha);
  if (abs(y) > kFarArgument) {
    Q far = pow2_negative(kFarBits);
    return now ? QInterval{1 - far, 1} : QInterval{0, far};
  }
  return logistic_enclosure(y, bits);
}

QInterval SequenceReference::smoothed_sum(const RelayReading& reading, std::size_t n, unsigned bits) {
  Q p = pal(reading).at(n);
  QInterval sum{p, p};
  if (n == 0 && reading.first != FirstToken::Applied) return sum;  // the output before u_0: no switch moved
  // A relay farther than k kFarArgument from its threshold (in the logistic's argument) shows its sharp
  // state to within e^(-kFarArgument k) < 2^(-kFarBits k): at `bits` the relays within k = bits / kFarBits
  // of that are enclosed one by one and the rest bounded together, so the enclosure narrows with the bits
  // without visiting every relay.
  const unsigned k = std::max(1u, bits / static_cast<unsigned>(kFarBits));
  for (std::size_t r : relays_near(u_[n], radius_ * k)) {
    const WeightedRelay& w = measure().relays[r];
    int before = state_before(r, n, reading), now = state(r, n, reading);
    if (sharp_tie(r, n, reading)) continue;  // its sharp state, already in p
    Q y = smoothing_argument(conv_.smoothing, u_[n], before ? w.thresholds.beta : w.thresholds.alpha);
    if (abs(y) > Q(kFarArgument) * k) continue;  // within the far bound below
    QInterval s = logistic_enclosure(y, bits);
    Q lo = (s.lo - now) * w.weight, hi = (s.hi - now) * w.weight;
    if (w.weight < 0) std::swap(lo, hi);
    sum.lo += lo;
    sum.hi += hi;
  }
  Q far = abs_total_ * pow2_negative(kFarBits * static_cast<int>(k));  // every other relay, together
  sum.lo -= far;
  sum.hi += far;
  return sum;
}

QInterval SequenceReference::expected(const RelayReading& reading, std::size_t n, unsigned bits) {
  if (!smoothed(conv_)) {
    Q e = their_output(conv_, pal(reading).at(n), total(), u_[n]);
    return {e, e};
  }
  QInterval s = smoothed_sum(reading, n, bits);
  Q lo = their_output(conv_, s.lo, total(), u_[n]), hi = their_output(conv_, s.hi, total(), u_[n]);
  if (hi < lo) std::swap(lo, hi);
  return {lo, hi};
}

std::optional<bool> SequenceReference::matches(const RelayReading& reading, std::size_t n, const Q& actual) {
  if (!smoothed(conv_)) return within_tolerance(conv_, actual, their_output(conv_, pal(reading).at(n), total(), u_[n]));
  for (unsigned bits = 80;; bits = std::min(2 * bits, kMaxSmoothingBits)) {
    if (std::optional<bool> in = interval_within_tolerance(conv_, actual, expected(reading, n, bits))) return *in;
    if (bits == kMaxSmoothingBits) return std::nullopt;
  }
}

std::optional<bool> SequenceReference::fast_match(const PalValues& pal, std::size_t n, double actual,
                                                  double slack) const {
  // Each of the few double operations below errs by at most 2^-53 relative; 2^-45 of the magnitudes
  // involved bounds them all with room to spare, and `slack` covers a smoothed switch's far relays.
  constexpr double kRelative = 0x1p-45, kTiny = 0x1p-1000;
  double p = pal.nearest(n);
  double sum = states01() ? p : 2 * p - total_double_;
  double magnitude = std::abs(a_) * (states01() ? std::abs(p) : 2 * std::abs(p) + std::abs(total_double_));
  double e = a_ * sum + b_, u = 0;
  magnitude += std::abs(b_);
  if (c_ != 0) {
    u = u_double_[n];
    e += c_ * u;
    magnitude += std::abs(c_ * u);
  }
  double e_error = magnitude * kRelative + slack + kTiny;
  double diff = std::abs(actual - e);
  double diff_error = e_error + std::abs(actual) * kRelative + diff * kRelative;
  double tolerance = atol_ + rtol_ * std::abs(e);
  double tolerance_error = tolerance * kRelative + rtol_ * e_error + kTiny;
  if (!std::isfinite(diff + diff_error + tolerance + tolerance_error) || magnitude > 0x1p1000) return std::nullopt;
  if (diff + diff_error < tolerance - tolerance_error) return true;
  if (diff - diff_error > tolerance + tolerance_error) return false;
  return std::nullopt;
}

DoubleInterval SequenceReference::expected_band(const RelayReading& reading, std::size_t n) {
  const Bands& b = *bands_;
  double p = pal(reading).nearest(n), slack = std::abs(p) * 0x1p-50 + 0x1p-1000;  // nearest: within 2^-51
  DoubleInterval sum{round_down(p - slack), round_up(p + slack)};
  if (!(n == 0 && reading.first != FirstToken::Applied)) {
    for (std::size_t r : relays_near(u_[n], radius_)) {
      int before = state_before(r, n, reading), now = state(r, n, reading);
      if (sharp_tie(r, n, reading)) continue;  // its sharp state, already in p
      const DoubleInterval& theta = before ? b.beta[r] : b.alpha[r];
      DoubleInterval y = (b.inputs[n] + DoubleInterval{-theta.hi, -theta.lo}) * b.inverse_unit;
      if (y.lo > kFarArgument || y.hi < -kFarArgument) continue;  // within the far bound
      DoubleInterval shown = logistic_interval(y);
      sum = sum + b.weight[r] * DoubleInterval{round_down(shown.lo - now), round_up(shown.hi - now)};
    }
    sum = sum + b.far;
  }
  if (!states01()) sum = sum * DoubleInterval{2, 2} + DoubleInterval{-b.total.hi, -b.total.lo};
  return b.a * sum + b.b + b.c * b.inputs[n];
}

std::optional<bool> SequenceReference::fast_smoothed_match(const RelayReading& reading, std::size_t n, double actual) {
  const Bands& b = *bands_;
  DoubleInterval e = expected_band(reading, n);
  DoubleInterval a{round_down(actual), round_up(actual)};  // actual may be truncated by one unit
  double distance_lo = std::max({0.0, round_down(e.lo - a.hi), round_down(a.lo - e.hi)});
  double distance_hi = std::max(round_up(std::abs(a.hi - e.lo)), round_up(std::abs(e.hi - a.lo)));
  double magnitude_lo = e.lo > 0 ? e.lo : e.hi < 0 ? -e.hi : 0.0, magnitude_hi = std::max(std::abs(e.lo), std::abs(e.hi));
  double tolerance_lo = round_down(b.atol.lo + round_down(b.rtol.lo * magnitude_lo));
  double tolerance_hi = round_up(b.atol.hi + round_up(b.rtol.hi * magnitude_hi));
  if (!std::isfinite(distance_hi + tolerance_hi)) return std::nullopt;
  if (distance_hi <= tolerance_lo) return true;
  if (distance_lo > tolerance_hi) return false;
  return std::nullopt;
}

std::optional<bool> SequenceReference::decide(const RelayReading& reading, std::size_t n, const Q& actual,
                                              double actual_double) {
  bool smooth = smoothed(conv_);
  if (smooth && !(n == 0 && reading.first != FirstToken::Applied) && !relays_near(u_[n], radius_).empty()) {
    if (std::optional<bool> fast = fast_smoothed_match(reading, n, actual_double)) return *fast;
    return matches(reading, n, actual);
  }
  std::optional<bool> fast = fast_match(pal(reading), n, actual_double, slack_);
  return fast ? *fast : matches(reading, n, actual);
}

bool SequenceReference::match(const RelayReading& reading, std::size_t n, const Q& actual, double actual_double) {
  return decide(reading, n, actual, actual_double).value_or(true);
}

std::vector<char> SequenceReference::matches_all(const RelayReading& reading, const std::vector<Q>& actual,
                                                 const std::vector<double>& actual_double) {
  std::vector<char> out(size());
  for (std::size_t n = 0; n < size(); ++n) out[n] = match(reading, n, actual[n], actual_double[n]);
  return out;
}

bool SequenceReference::band_explains(std::size_t n, const Q& actual) {
  if (conv_.smoothing.kind != SmoothingKind::Band) return false;
  Q p = pal(declared_).at(n), lo = p, hi = p;
  for (std::size_t r : relays_near(u_[n], conv_.smoothing.temperature)) {
    const Q& w = measure().relays[r].weight;
    if (state(r, n, declared_)) lo -= w, hi -= w;
    (w < 0 ? lo : hi) += w;
  }
  Q a = their_output(conv_, lo, total(), u_[n]), b = their_output(conv_, hi, total(), u_[n]);
  if (b < a) std::swap(a, b);
  return within_tolerance(conv_, actual, std::clamp(actual, a, b));
}

}  // namespace palcheck::oracle
