// def:relay, def:pal, prop:wiping, prop:rate_independence, ref:congruency: a fuzz-impl case run and checked
// (fuzz_tester.h).
#include "oracle/fuzz/fuzz_tester.h"

#include "oracle/diagnosis/diagnosis.h"
#include "oracle/formats/json_input.h"
#include "oracle/fuzz/fuzz_cases.h"
#include "oracle/keyed/keyed_pal.h"
#include "reference/preisach_memory.h"

#include <algorithm>
#include <cmath>

namespace palcheck::oracle::fuzz {

using nlohmann::json;

// A measure keyed for the reference, with its readings; shared while the measure is in use.
struct MeasureState {
  explicit MeasureState(const Measure& mu) : keyed(mu), readings(keyed) {}
  KeyedMeasure keyed;
  ReadingMeasures readings;
};

Tester::Tester(const Implementation& impl, const FuzzOptions& o) : impl_(impl), o_(o) {}

Tester::~Tester() = default;

Outcome Tester::run(const Measure& mu, const std::vector<Q>& u) {
  ++calls_;
  Outcome out;
  out.reply = impl_(mu, doubles(u));
  ImplReply& reply = out.reply;
  if (reply.error.empty() && reply.outputs.size() != u.size())
    reply.error = "returned " + std::to_string(reply.outputs.size()) + " outputs for " + std::to_string(u.size()) +
                  " inputs" + (reply.read.empty() ? "" : " (its reply: " + shown(reply.read) + ")");
  if (reply.error.empty() && !reply.undefined.empty() && reply.undefined.size() != u.size())
    reply.error = "marked " + std::to_string(reply.undefined.size()) + " outputs undefined for " +
                  std::to_string(u.size()) + " inputs";
  if (!reply.error.empty()) {
    out.fails = true;
    out.cause = "error";
    return out;
  }
  MeasureState& state = measure_state(mu);
  // An undeclared dtype is the one the outputs came in, where the caller could see it.
  Conventions seen;
  const bool detected = !o_.conventions.dtype && reply.dtype;
  if (detected) seen = o_.conventions, seen.dtype = reply.dtype;
  PalSequence seq(state.readings, u, reply.outputs, o_.initial, detected ? seen : o_.conventions, reply.undefined);
  for (const DivergentRun& r : seq.runs())
    if (r.failure) {
      out.fails = true;
      out.token = r.first;
      while (seq.status()[out.token] != TokenStatus::Differ) ++out.token;
      out.diagnosis = seq.diagnose(r);
      out.cause = out.diagnosis.value("cause", "");
      const json& causes = out.diagnosis["causes"];
      if (!causes.empty() && causes[0]["explains"] == "whole_sequence")
        for (const json& c : causes)
          out.ambiguous = out.ambiguous || (c["explains"] == "whole_sequence" && c["cause"] != causes[0]["cause"] &&
                                            !first_token_defect(c));
      out.expected = seq.expected_json(out.token);
      const PalValues& sharp = seq.reference().pal(seq.reference().declared());
      for (std::size_t n = 0; n < u.size(); ++n) out.sharp.push_back(sharp.at(n));
      break;
    }
  if (!out.fails)
    for (TokenStatus t : seq.status()) out.undecided = out.undecided || t == TokenStatus::Undecided;
  return out;
}

std::string Tester::classify(const Measure& mu, const std::vector<Q>& u, const Outcome& out) {
  if (!out.reply.error.empty()) return "exception";
  if (!out.reply.undefined.empty() && out.reply.undefined[out.token]) return "undefined output";
  bool whole = !out.diagnosis["causes"].empty() && out.diagnosis["causes"][0]["explains"] == "whole_sequence";
  if (out.cause == "tie_rule" && whole) return "tie rule";
  if ((out.cause == "initial_state" || out.cause == "first_token") && whole) return "initial state";
  const std::vector<Q>& y = out.reply.outputs;
  auto defined = [&](std::size_t n) { return out.reply.undefined.empty() || !out.reply.undefined[n]; };
  // Within tolerance, decided in doubles when clearly so (half the tolerance), else exactly.
  double atol = to_double(o_.conventions.atol), rtol = to_double(o_.conventions.rtol);
  auto same = [&](const Q& a, const Q& b) {
    double ad = to_double(a), bd = to_double(b);
    if (std::abs(ad - bd) < 0.5 * (atol + rtol * std::abs(bd))) return true;
    return within_tolerance(o_.conventions, a, b);
  };
  std::vector<double> yd;
  for (const Q& q : y) yd.push_back(to_double(q));
  std::size_t n = out.token;
  for (std::size_t k = 0; k < 6 && k <= n; ++k) {
    std::size_t t = n - (n * k) / 6;
    std::vector<Q> longer(u.begin(), u.end());
    longer.insert(longer.begin() + static_cast<std::ptrdiff_t>(t), u[t]);
    ImplReply o = run_plain(mu, longer);
    if (!o.error.empty() || o.outputs.size() != longer.size() || !o.undefined.empty()) continue;
    for (std::size_t m = 0; m < longer.size(); ++m)
      if (defined(m <= t ? m : m - 1) && !same(o.outputs[m], y[m <= t ? m : m - 1])) return "rate independence";
  }
  std::vector<std::vector<Q>> memory = memory_trace(u, o_.initial);
  for (std::size_t j = 0; j < u.size(); ++j)
    for (std::size_t i = 0; i < j; ++i)
      if (yd[i] != yd[j] && u[i] == u[j] && defined(i) && defined(j) && memory[i] == memory[j] && !same(y[j], y[i]))
        return "return-point memory";
  const std::vector<Q>& extrema = memory[n];
  if (extrema.size() < n + 1) {
    ImplReply o = run_plain(mu, extrema);
    if (o.error.empty() && o.outputs.size() == extrema.size() && o.undefined.empty() &&
        !same(o.outputs.back(), y[n]))
      return "wiping-out";
  }
  // Segments of at most 16 tokens starting within 64 tokens of each other: enough for the short
  // witnesses shrinking aims at, and quadratic rather than cubic on cycles of hundreds of periods.
  for (std::size_t len = 2; len <= 16 && 2 * len <= u.size(); ++len)
    for (std::size_t i = 0; i + 2 * len <= u.size(); ++i)
      for (std::size_t j = i + len; j + len <= u.size() && j <= i + 64; ++j) {
        if (!std::equal(u.begin() + i, u.begin() + i + len, u.begin() + j)) continue;
        for (std::size_t k = 1; k < len; ++k)
          if (yd[j + k] - yd[j] != yd[i + k] - yd[i] && defined(i) && defined(j) && defined(i + k) &&
              defined(j + k) && out.sharp[i + k] - out.sharp[i] == out.sharp[j + k] - out.sharp[j] &&
              !same(Q(y[j + k] - y[j]), Q(y[i + k] - y[i])))
            return "congruency";
      }
  return "outputs";
}

CaseExplanations Tester::explain(const Measure& mu, const std::vector<Q>& u, const Outcome& out,
                         const std::vector<ConventionChange>& changes) {
  CaseExplanations e;
  if (!out.reply.error.empty()) {
    e.defects = {DefectKind{"error"}};
    return e;
  }
  ReadingMeasures& readings = measure_state(mu).readings;
  e.changes = reproducing_changes(changes, readings, u, out.reply.outputs, out.reply.undefined, out.token);
  e.defects = defect_kinds(out.diagnosis);
  // Two defects at once: a convention change may leave a defect kind the declared diagnosis cannot see.
  bool alone = !e.changes.empty() ||
               std::any_of(e.defects.begin(), e.defects.end(), [](const DefectKind& d) { return d.kind != "relay_flip"; });
  if (!alone) e.combined = combined_changes(changes, readings, u, out.reply.outputs, out.reply.undefined, out.token);
  return e;
}

ImplReply Tester::run_plain(const Measure& mu, const std::vector<Q>& u) {
  ++calls_;
  return impl_(mu, doubles(u));
}

// The keyed measure of the last few measures asked for (shrinking tries many, one at a time).
MeasureState& Tester::measure_state(const Measure& mu) {
  for (auto& [relays, state] : states_)
    if (relays.size() == mu.relays.size() &&
        std::equal(relays.begin(), relays.end(), mu.relays.begin(), [](const WeightedRelay& a, const WeightedRelay& b) {
          return a.weight == b.weight && a.thresholds.alpha == b.thresholds.alpha &&
                 a.thresholds.beta == b.thresholds.beta;
        }))
      return *state;
  if (states_.size() >= 4) states_.erase(states_.begin() + 1);  // keep the measure under test
  states_.emplace_back(mu.relays, std::make_unique<MeasureState>(mu));
  return *states_.back().second;
}

}  // namespace palcheck::oracle::fuzz
