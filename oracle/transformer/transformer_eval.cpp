// `palcheck eval` on a transformer document (see transformer_eval.h).
#include "oracle/transformer/transformer_eval.h"

#include "oracle/transformer/transformer_document.h"

#include <cmath>

namespace palcheck::oracle {

using nlohmann::json;

std::array<double, 3> enclosure_doubles(const Ball& a) { return {a.lower_double(), a.mid_double(), a.upper_double()}; }

std::vector<double> enclosure_table(const std::vector<BVector>& rows) {
  std::vector<double> out;
  out.reserve(rows.size() * (rows.empty() ? 0 : rows[0].size()) * 3);
  for (const BVector& row : rows)
    for (const Ball& a : row)
      for (double v : enclosure_doubles(a)) out.push_back(v);
  return out;
}

json undecided_json(const PalTransformerSpec& spec, const std::vector<UndecidedRelay>& undecided) {
  json out = json::array();
  for (const UndecidedRelay& u : undecided) {
    const WeightedRelay& r = spec.layers[u.layer].heads[u.head].mu.relays[u.relay];
    out.push_back({{"token", u.token},
                   {"layer", u.layer},
                   {"head", u.head},
                   {"relay", u.relay},
                   {"alpha", to_string(r.thresholds.alpha)},
                   {"beta", to_string(r.thresholds.beta)},
                   {"input_lo", u.input.lower_double()},
                   {"input_hi", u.input.upper_double()}});
  }
  return out;
}

namespace {

// Why a ball does not meet the goal, in the words eval and compare print.
std::string reason(const Ball& b, const PrecisionGoal& goal, long bits) {
  const std::string at = " at " + std::to_string(bits) + " bits, the cap";
  if (!b.finite()) return "not finite" + at;
  if (!goal.width) {
    if (beyond_doubles(b)) return "beyond the double range: the value is the ball";
    if (std::isinf(b.lower_double()) || std::isinf(b.upper_double())) return "reaches beyond the double range" + at;
    return "the nearest double is not determined" + at;
  }
  return "wider than " + to_string(*goal.width) + at;
}

// The first relay no precision decided at or before token t: a state read both ways carries to every later
// token, so it, not the precision, is why an output there is not determined.
const UndecidedRelay* first_undecided_by(const TransformerRun& run, std::size_t t) {
  for (const UndecidedRelay& u : run.undecided)
    if (u.token <= t) return &u;
  return nullptr;
}

}  // namespace

json undetermined_json(const TransformerRun& run, const PrecisionGoal& goal) {
  json out = json::array();
  const std::vector<BVector>& rows = run.output();
  for (std::size_t t = 0; t < rows.size(); ++t)
    for (std::size_t i = 0; i < rows[t].size(); ++i)
      if (!determined(rows[t][i], goal)) {
        std::string why = reason(rows[t][i], goal, run.bits);
        if (const UndecidedRelay* u = first_undecided_by(run, t))
          why = "rests on the undecided relay at token " + std::to_string(u->token) + ", layer " +
                std::to_string(u->layer) + ", head " + std::to_string(u->head) + "; " + why;
        out.push_back({{"token", t}, {"coordinate", i}, {"ball", rows[t][i].to_string()}, {"reason", why}});
      }
  return out;
}

json evaluate_transformer_document(const json& doc, const PrecisionGoal& goal) {
  TransformerDocument parsed = parse_transformer_document(doc);
  TransformerRun run = run_transformer_to(parsed.spec, parsed.inputs, parsed.conventions, goal);
  json tokens = json::array();
  for (const BVector& token : run.output()) {
    json lo = json::array(), hi = json::array(), mid = json::array();
    for (const Ball& a : token) {
      std::optional<double> nearest = a.nearest_double();
      lo.push_back(a.lower_double());
      // The double is printed only where the ball determines it; the ball itself is in "undetermined".
      mid.push_back(determined(a, goal) ? json(nearest ? *nearest : a.mid_double()) : json(nullptr));
      hi.push_back(a.upper_double());
    }
    tokens.push_back({{"lo", lo}, {"hi", hi}, {"double", mid}});
  }
  return {{"conventions", transformer_conventions_json(parsed.conventions)},
          {"bits", run.bits},
          {"outputs", tokens},
          {"undecided", undecided_json(parsed.spec, run.undecided)},
          {"undetermined", undetermined_json(run, goal)}};
}

}  // namespace palcheck::oracle
