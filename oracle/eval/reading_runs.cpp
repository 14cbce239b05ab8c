// PAL under any reading on rank keys (see reading_runs.h).
#include "oracle/eval/reading_runs.h"

#include <algorithm>

namespace palcheck::oracle {

namespace {

Q from_int128(__int128 v) {
  using boost::multiprecision::mpz_int;
  bool negative = v < 0;
  unsigned __int128 m = negative ? static_cast<unsigned __int128>(-(v + 1)) + 1 : static_cast<unsigned __int128>(v);
  mpz_int z = (mpz_int(static_cast<std::uint64_t>(m >> 64)) << 64) + mpz_int(static_cast<std::uint64_t>(m));
  return Q(negative ? mpz_int(-z) : z);
}

}  // namespace

double PalValues::approximate(const Q& q) { return mpq_get_d(q.backend().data()); }

Q PalValues::scaled_value(std::size_t n) const {
  return from_int128(scaled[n]) / Q(boost::multiprecision::mpz_int(1) << scale);
}

ReadingMeasures::ReadingMeasures(const KeyedMeasure& keyed) : keyed_(keyed) {
  using boost::multiprecision::mpz_int;
  mpz_int common = 1;
  for (const WeightedRelay& w : keyed.measure().relays) {
    total_ += w.weight;
    abs_total_ += abs(w.weight);
    common = lcm(common, mpz_int(denominator(w.weight)));
  }
  if (!keyed.integral() && msb(common) < 64) divisor_ = Q(common);
}

ReadingMeasures::Shifted& ReadingMeasures::shifted(TieRule rule) {
  std::unique_ptr<Shifted>& slot = rules_[static_cast<std::size_t>(rule)];
  if (slot) return *slot;
  slot = std::make_unique<Shifted>();
  const Measure& mu = keyed_.measure();
  for (std::size_t r = 0; r < mu.relays.size(); ++r)
    slot->thresholds.push_back(keyed_thresholds(rule, keyed_.alpha_keys()[r], keyed_.beta_keys()[r]));
  // A rule that shifts no threshold of this measure (off-first without diagonal relays) runs on it as
  // it is, unless the weights are scaled.
  if (divisor_ == 1 && (rule == TieRule::AsPrinted || slot->thresholds == shifted(TieRule::AsPrinted).thresholds))
    return *slot;
  Measure on_keys;
  for (std::size_t r = 0; r < mu.relays.size(); ++r)
    on_keys.relays.push_back(
        {{Q(slot->thresholds[r].first), Q(slot->thresholds[r].second)}, mu.relays[r].weight * divisor_});
  slot->measure = std::make_unique<KeyedMeasure>(std::move(on_keys));
  int top = 2 * static_cast<int>(keyed_.threshold_count()) + 1;
  slot->key_map.assign(static_cast<std::size_t>(top) + 1, 0);
  for (int k = 1; k <= top; ++k) slot->key_map[static_cast<std::size_t>(k)] = slot->measure->key(Q(k));
  return *slot;
}

const std::vector<std::pair<int, int>>& ReadingMeasures::thresholds(TieRule rule) { return shifted(rule).thresholds; }

const std::vector<std::pair<Q, std::size_t>>& ReadingMeasures::sorted_thresholds() {
  if (sorted_thresholds_) return *sorted_thresholds_;
  const Measure& mu = keyed_.measure();
  std::vector<std::pair<Q, std::size_t>> sorted;
  for (std::size_t r = 0; r < mu.relays.size(); ++r) {
    sorted.emplace_back(mu.relays[r].thresholds.alpha, r);
    if (mu.relays[r].thresholds.beta != mu.relays[r].thresholds.alpha)
      sorted.emplace_back(mu.relays[r].thresholds.beta, r);
  }
  std::sort(sorted.begin(), sorted.end());
  return *(sorted_thresholds_ = std::move(sorted));
}

const ReadingMeasures::RelayBands& ReadingMeasures::relay_bands() {
  if (relay_bands_) return *relay_bands_;
  RelayBands b;
  for (const WeightedRelay& w : keyed_.measure().relays) {
    b.alpha.push_back(enclose(w.thresholds.alpha));
    b.beta.push_back(enclose(w.thresholds.beta));
    b.weight.push_back(enclose(w.weight));
  }
  return *(relay_bands_ = std::move(b));
}

PalValues ReadingMeasures::pal(const std::vector<int>& keys, const RelayReading& reading) {
  Shifted& s = shifted(reading.tie);
  const KeyedMeasure& m = s.measure ? *s.measure : keyed_;
  KeyedRun run(m, reading.initial);
  std::size_t n = keys.size(), skip = reading.first == FirstToken::NotApplied && n > 0 ? 1 : 0;
  std::vector<int> mapped(keys.begin() + static_cast<std::ptrdiff_t>(skip), keys.end());
  if (s.measure)
    for (int& k : mapped) k = s.key_map[static_cast<std::size_t>(k)];
  bool reports_initial = n > 0 && reading.first != FirstToken::Applied;  // output 0 is the one before u_0
  PalValues v;
  v.integral = m.integral();
  v.scale = m.scale();
  if (v.integral && s.measure) v.divisor = divisor_, v.divisor_double = to_double(divisor_);
  if (v.integral) {
    v.scaled.resize(n);
    __int128 initial = run.scaled();
    if (!mapped.empty()) run.step_scaled(mapped.data(), mapped.size(), v.scaled.data() + skip);
    if (reports_initial) v.scaled[0] = initial;
  } else {
    v.exact.reserve(n);
    if (skip) v.exact.push_back(run.exact());
    for (int k : mapped) {
      run.step(k);
      v.exact.push_back(run.exact());
    }
    if (reports_initial) v.exact[0] = KeyedRun(m, reading.initial).exact();
    if (s.measure)
      for (Q& q : v.exact) q /= divisor_;
  }
  return v;
}

}  // namespace palcheck::oracle
