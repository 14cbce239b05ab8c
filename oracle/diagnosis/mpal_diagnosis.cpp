// MPAL divergences per head and relay (see mpal_diagnosis.h).
#include "oracle/diagnosis/mpal_diagnosis.h"

#include "oracle/diagnosis/diagnosis.h"
#include "oracle/eval/frame_eval.h"
#include "oracle/eval/oracle_readings.h"
#include "oracle/keyed/keyed_pal.h"

#include <cmath>

namespace palcheck::oracle {

using nlohmann::json;

namespace {

// Tokens whose head input a single rounding moves past the threshold tried alone, at most.
constexpr std::size_t kMovedAlone = 16;

// Rounding in one head: the evidence when its implied PAL values are reproduced with the inputs within
// the rounding bound of a threshold moved to its other side, all together or one alone; null otherwise.
json head_rounding(ReadingMeasures& measures, const MpalHead& head, const std::vector<QVector>& tokens,
                   const std::vector<Q>& signal, const std::vector<Q>& implied, InitialState initial,
                   const Conventions& frame, FloatFormat format) {
  struct Move {
    std::size_t token, relay;
    bool at_alpha;
    Q input;
    double distance, bound;
  };
  std::vector<Move> moves;
  for (std::size_t n = 0; n < signal.size(); ++n) {
    if (dot_is_exact(head.w_in, tokens[n], format)) continue;  // computed exactly: nothing rounded
    double scale = 0;
    for (std::size_t i = 0; i < head.w_in.size(); ++i) scale += std::abs(to_double(Q(head.w_in[i] * tokens[n][i])));
    bool moved = false;
    for (std::size_t r = 0; r < head.mu.relays.size() && !moved; ++r) {
      const Thresholds& t = head.mu.relays[r].thresholds;
      for (bool at_alpha : {true, false}) {
        const Q& theta = at_alpha ? t.alpha : t.beta;
        const double bound = rounding_bound(scale + std::abs(to_double(theta)), format);
        const double distance = std::abs(to_double(Q(signal[n] - theta)));
        if (moved || !(distance <= bound)) continue;
        const Q step = *rational_from_double(bound);
        for (const Q& v : {Q(theta - step), Q(theta + step)})
          if (!moved && meets(frame.tie, v, t) != meets(frame.tie, signal[n], t)) {
            moves.push_back({n, r, at_alpha, v, distance, bound});
            moved = true;
          }
      }
    }
  }
  if (moves.empty()) return nullptr;
  auto reproduced = [&](const std::vector<Move>& these) {
    std::vector<Q> u = signal;
    for (const Move& m : these) u[m.token] = m.input;
    return PalSequence::reproduces(measures, u, implied, initial, frame, {});
  };
  std::vector<Move> shown;
  if (reproduced(moves)) shown = moves;
  for (std::size_t k = 0; shown.empty() && k < moves.size() && k < kMovedAlone; ++k)
    if (reproduced({moves[k]})) shown = {moves[k]};
  if (shown.empty()) return nullptr;
  json list = json::array();
  for (const Move& m : shown) {
    const WeightedRelay& w = head.mu.relays[m.relay];
    list.push_back({{"token", m.token},
                    {"relay", {{"index", m.relay}, {"alpha", to_string(w.thresholds.alpha)},
                               {"beta", to_string(w.thresholds.beta)}, {"weight", to_string(w.weight)}}},
                    {"threshold", m.at_alpha ? "alpha" : "beta"},
                    {"input", to_string(signal[m.token])},
                    {"moved_input", to_string(m.input)},
                    {"distance", m.distance},
                    {"bound", m.bound}});
  }
  return {{"dtype", to_string(format)}, {"matches_whole_sequence", true}, {"moved", list}};
}

}  // namespace

json diagnose_mpal_run(const OracleProblem& p, std::size_t s, const std::vector<Q>& actual,
                       const std::vector<Q>& expected, const Conventions& conv, std::size_t first, std::size_t last) {
  std::size_t d = p.width();
  Q slope = their_slope(conv);  // their output per unit of sum_h W_O^(h) PAL_h
  json heads = json::array();
  std::string cause = cause_name(DivergenceCause::Unexplained);
  for (std::size_t h = 0; h < p.heads.size(); ++h) {
    const MpalHead& head = p.heads[h];
    std::size_t pivot = 0;  // the component W_O^(h) weighs most: it fixes the change of PAL_h
    for (std::size_t c = 1; c < d; ++c)
      if (abs(head.w_out[c]) > abs(head.w_out[pivot])) pivot = c;
    if (head.w_out[pivot] == 0) continue;
    KeyedMeasure keyed(head.mu);
    ReadingMeasures measures(keyed);
    std::vector<Q> signal = project(head.w_in, p.token_sequences[s]);
    std::vector<Q> implied = head_pal(measures, signal, conv, p.initial);
    // Every token's difference is read as a change of PAL_h (the head explains the run when that
    // reproduces each component there), so the readings judge PAL_h over the whole sequence.
    Q tolerance = 0;  // the comparison's tolerance in units of PAL_h, the largest over the sequence
    bool explains = true;
    for (std::size_t n = 0; n < signal.size(); ++n) {
      const std::size_t row = n * d;
      Q change = (actual[row + pivot] - expected[row + pivot]) / (slope * head.w_out[pivot]);
      for (std::size_t c = 0; c < d && n >= first && n <= last; ++c)
        explains =
            explains && within_tolerance(conv, actual[row + c], expected[row + c] + slope * head.w_out[c] * change);
      implied[n] += change;
      tolerance =
          std::max(tolerance, Q((conv.atol + conv.rtol * abs(actual[row + pivot])) / abs(slope * head.w_out[pivot])));
    }
    if (!explains) continue;
    Conventions head_frame;  // the implied PAL_h values are in the paper's frame, under the declared reading
    head_frame.tie = conv.tie;
    head_frame.first_token = conv.first_token;
    head_frame.atol = tolerance;
    head_frame.rtol = 0;
    PalSequence seq(measures, signal, implied, p.initial, head_frame);
    json run;
    for (const DivergentRun& r : seq.runs())
      if (r.first <= last && r.last >= first) {
        run = seq.diagnose(r);
        break;
      }
    if (run.is_null()) continue;
    const json rounding = head_rounding(measures, head, p.token_sequences[s], signal, implied, p.initial, head_frame,
                                        conv.dtype.value_or(FloatFormat::Float64));
    if (!rounding.is_null()) {
      run["causes"].insert(run["causes"].begin(),
                           json{{"cause", "rounding"}, {"explains", "whole_sequence"}, {"evidence", rounding}});
      run["cause"] = "rounding";
    }
    // The cause is the first explaining head's that names one (with d = 1 every head can explain).
    if (cause == cause_name(DivergenceCause::Unexplained)) cause = run["cause"].get<std::string>();
    heads.push_back({{"head", h}, {"cause", run["cause"]}, {"diagnosis", run}});
  }
  return {{"first_token", first}, {"last_token", last}, {"failure", true}, {"cause", cause}, {"heads", heads}};
}

}  // namespace palcheck::oracle
