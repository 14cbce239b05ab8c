// The plain eval document (see eval_document.h).
#include "oracle/eval/eval_document.h"

#include "oracle/formats/json_input.h"
#include "oracle/keyed/keyed_pal.h"
#include "reference/trace.h"
#include "util/out_of_memory.h"


namespace palcheck::oracle {

using nlohmann::json;

namespace {

json thresholds_json(const WeightedRelay& r, std::size_t index) {
  return {{"index", index},
          {"alpha", to_string(r.thresholds.alpha)},
          {"beta", to_string(r.thresholds.beta)},
          {"weight", to_string(r.weight)}};
}

}  // namespace

json evaluate_document(const json& doc, bool trace) {
  Measure mu = parse_measure(doc);
  std::vector<Q> u = parse_inputs(doc);
  InitialState initial = parse_initial_state(doc);
  json out;
  out["initial_state"] = static_cast<int>(initial);
  json outputs = json::array();
  // The keyed PAL, tested equal to the reference's: its sums cost O(R log R) for R relays, where the
  // reference's table costs the square of the thresholds.
  KeyedMeasure keyed = building("relays", "the sums of " + std::to_string(mu.relays.size()) + " relays",
                                [&] { return KeyedMeasure(mu); });
  for (const Q& x : keyed.outputs(u, initial)) outputs.push_back(to_string(x));
  out["outputs"] = outputs;
  if (trace) {
    json steps = json::array();
    for (const TraceStep& s : trace_pal(mu, u, initial)) {
      json on = json::array(), off = json::array(), memory = json::array();
      for (std::size_t r : s.switched_on) on.push_back(thresholds_json(mu.relays[r], r));
      for (std::size_t r : s.switched_off) off.push_back(thresholds_json(mu.relays[r], r));
      for (const Q& e : s.memory) memory.push_back(to_string(e));
      steps.push_back({{"input", to_string(s.input)},
                       {"output", to_string(s.output)},
                       {"memory", memory},
                       {"switched_on", on},
                       {"switched_off", off}});
    }
    out["trace"] = steps;
  }
  return out;
}

}  // namespace palcheck::oracle
