// prop:rpm, rem:backprop: the diagnosis's cycle checks (see diagnosis.h). A smoothed switch that
// creeps on under repeated sub-threshold excursions breaks return-point memory: the reference repeats
// itself cycle after cycle, the implementation does not. Drift sees a difference that never shrinks;
// a ratchet compares each phase of the cycle with the same phase of the next cycles, so a difference
// that falls back within each cycle (a diagonal relay resetting on the down-stroke) still shows.
#include "oracle/diagnosis/diagnosis.h"

#include <algorithm>
#include <set>

namespace palcheck::oracle {

using nlohmann::json;

namespace {

constexpr std::size_t kLongestPeriod = 16;  // tokens per cycle, at most
constexpr std::size_t kCycles = 64;         // the last cycles examined, at most

}  // namespace

// The relays the input never reaches within [first, last] (strictly inside their dead band: as
// printed, no input at or beyond a threshold), nearest first: by the distance from the window's
// inputs to the threshold their state waits for.
static std::vector<std::pair<Q, std::size_t>> untouched_relays(SequenceReference& ref, std::size_t first,
                                                               std::size_t last) {
  const KeyedMeasure& keyed = ref.measures().keyed();
  const Measure& mu = ref.measure();
  Q lo = ref.inputs()[first], hi = lo;
  for (std::size_t n = first; n <= last; ++n) lo = std::min(lo, ref.inputs()[n]), hi = std::max(hi, ref.inputs()[n]);
  std::vector<std::pair<Q, std::size_t>> out;
  for (std::size_t r = 0; r < mu.relays.size(); ++r) {
    if (ref.last_touch(keyed.alpha_keys()[r], keyed.beta_keys()[r], first, last) != SequenceReference::npos) continue;
    int state = ref.state(r, last, ref.declared());
    out.emplace_back(state ? Q(lo - mu.relays[r].thresholds.beta) : Q(mu.relays[r].thresholds.alpha - hi), r);
  }
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return out;
}

json PalSequence::drift(const DivergentRun& run, bool detailed) {
  if (run.last - run.first < 2) return nullptr;
  for (std::size_t n = run.first; n <= run.last; ++n)
    if (ref_.keys()[n] % 2 == 0) return nullptr;  // an input on a threshold: a tie, not a creep
  std::vector<Q> gaps;
  for (std::size_t n = run.first; n <= run.last; ++n) gaps.push_back(apparent_pal(n) - apparent_expected(n));
  std::set<Q> distinct;
  for (std::size_t k = 0; k < gaps.size(); ++k) {
    if (gaps[k] == 0 || (k > 0 && abs(gaps[k]) + pal_tolerance(run.first + k) < abs(gaps[k - 1]))) return nullptr;
    distinct.insert(gaps[k]);
  }
  if (distinct.size() < 2) return nullptr;
  std::vector<std::pair<Q, std::size_t>> inside = untouched_relays(ref_, run.first, run.last);
  if (inside.empty()) return nullptr;
  json e{{"first_difference", to_string(gaps.front())},
         {"last_difference", to_string(gaps.back())},
         {"distinct_differences", distinct.size()},
         {"relay_count", inside.size()}};
  if (!detailed) return e;
  json relays = json::array();
  for (std::size_t k = 0; k < inside.size() && k < kListedRelays; ++k) {
    json j = relay_json(inside[k].second);
    j["reference_state"] = ref_.state(inside[k].second, run.first, ref_.declared());
    relays.push_back(j);
  }
  e["relays"] = relays;
  return e;
}

// The window of period p examined for a ratchet: the periodic stretch ending at the run's last token,
// from a cycle before the run (or the stretch's start), at most kCycles cycles, so that a ratchet that
// has saturated by the end of a long run still shows its growth; none when the stretch does not cover
// the run but for its first cycle or the reference does not repeat itself from the first or second cycle on.
std::optional<PalSequence::CycleWindow> PalSequence::cycle_window(const DivergentRun& run, std::size_t p) {
  const std::vector<Q>& u = ref_.inputs();
  const std::vector<int>& keys = ref_.keys();
  std::size_t start = run.last + 1 - p;
  while (start > 0 && keys[start - 1] == keys[start - 1 + p] && u[start - 1] == u[start - 1 + p]) --start;
  if (start > run.first + p) return std::nullopt;
  std::size_t s0 = start;
  if (run.first > start + p) s0 = start + ((run.first - start) / p - 1) * p;
  std::size_t cycles = std::min((run.last + 1 - s0) / p, kCycles);
  if (cycles < 2) return std::nullopt;
  auto expected_at = [&](std::size_t j, std::size_t phase) { return apparent_expected(s0 + j * p + phase); };
  std::size_t c0 = 0;
  for (std::size_t phase = 0; phase < p && c0 == 0; ++phase)
    if (expected_at(0, phase) != expected_at(1, phase)) c0 = 1;
  bool periodic = true;
  for (std::size_t j = c0 + 1; j < cycles && periodic; ++j)
    for (std::size_t phase = 0; phase < p && periodic; ++phase)
      periodic = expected_at(j, phase) == expected_at(c0, phase);
  if (!periodic || cycles - c0 < 2) return std::nullopt;
  return CycleWindow{p, s0, cycles, c0, s0 + cycles * p - 1};
}

// The phase whose difference from the reference grows most, monotonely, over the steady cycles; none
// when a phase's difference is not monotone or none grows beyond the tolerance.
std::optional<std::size_t> PalSequence::growing_phase(const CycleWindow& w) {
  bool monotone = true, grows = false;
  std::size_t growth_phase = 0;
  Q growth = 0;
  for (std::size_t phase = 0; phase < w.period && monotone; ++phase) {
    std::vector<Q> g;
    Q tol = 0;
    for (std::size_t j = w.steady; j < w.cycles; ++j) {
      std::size_t n = w.start + j * w.period + phase;
      if (status_[n] == TokenStatus::NotCompared || status_[n] == TokenStatus::Undecided || undefined(n)) {
        g.clear();
        break;
      }
      g.push_back(apparent_pal(n) - apparent_expected(n));
      tol = std::max(tol, pal_tolerance(n));
    }
    if (g.size() < 2) continue;
    int sign = g.back() > 0 ? 1 : -1;
    for (std::size_t j = 0; j < g.size() && monotone; ++j) {
      monotone = sign * g[j] >= -tol;
      if (j > 0) monotone = monotone && abs(g[j]) + tol >= abs(g[j - 1]);
    }
    Q rise = abs(g.back()) - abs(g.front());
    if (monotone && rise > tol && rise > growth) grows = true, growth = rise, growth_phase = phase;
  }
  if (!monotone || !grows) return std::nullopt;
  return growth_phase;
}

// The relays untouched in the window that account for the growth alone: their implied states
// h + difference / w stay in [0, 1]. Counts them all, lists the first kListedRelays when detailed.
json PalSequence::ratchet_relays(const CycleWindow& w, std::size_t phase, bool detailed, std::size_t& count) {
  json relays = json::array();
  for (const auto& [distance, r] : untouched_relays(ref_, w.start, w.last)) {
    const Q& weight = ref_.measure().relays[r].weight;
    if (weight == 0) continue;
    int h = ref_.state(r, w.last, ref_.declared());
    json implied = json::array();
    bool fits = true;
    for (std::size_t j = w.steady; j < w.cycles && fits; ++j) {
      std::size_t n = w.start + j * w.period + phase;
      Q state = h + (apparent_pal(n) - apparent_expected(n)) / weight, slack = pal_tolerance(n) / abs(weight);
      fits = state >= -slack && state <= 1 + slack;
      implied.push_back(to_double(state));
    }
    if (!fits) continue;
    if (++count > kListedRelays || !detailed) continue;
    json j = relay_json(r);
    j["reference_state"] = h;
    j["implied_states"] = implied;
    relays.push_back(j);
  }
  return relays;
}

json PalSequence::ratchet(const DivergentRun& run, bool detailed) {
  for (std::size_t p = 1; p <= kLongestPeriod && 2 * p <= run.last + 1; ++p) {
    std::optional<CycleWindow> w = cycle_window(run, p);
    if (!w) continue;
    std::optional<std::size_t> phase = growing_phase(*w);
    if (!phase) continue;
    json differences = json::array();
    for (std::size_t j = w->steady; j < w->cycles; ++j) {
      std::size_t n = w->start + j * p + *phase;
      differences.push_back(to_double(Q(apparent_pal(n) - apparent_expected(n))));
    }
    std::size_t count = 0;
    json relays = ratchet_relays(*w, *phase, detailed, count);
    json e{{"period", p},
           {"cycles", w->cycles - w->steady},
           {"window", {w->start + w->steady * p, w->last}},
           {"growing_phase_token", w->start + w->steady * p + *phase},
           {"differences", differences},
           {"relay_count", count}};
    if (detailed) e["relays"] = relays;
    return e;
  }
  return nullptr;
}

}  // namespace palcheck::oracle
