// MPAL divergences per head and relay (see mpal_diagnosis.h).
#include "oracle/diagnosis/mpal_diagnosis.h"

#include "oracle/diagnosis/diagnosis.h"
#include "oracle/eval/frame_eval.h"
#include "oracle/keyed/keyed_pal.h"

namespace palcheck::oracle {

using nlohmann::json;

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
    // The cause is the first explaining head's that names one (with d = 1 every head can explain).
    if (cause == cause_name(DivergenceCause::Unexplained)) cause = run["cause"].get<std::string>();
    heads.push_back({{"head", h}, {"cause", run["cause"]}, {"diagnosis", run}});
  }
  return {{"first_token", first}, {"last_token", last}, {"failure", true}, {"cause", cause}, {"heads", heads}};
}

}  // namespace palcheck::oracle
