// `palcheck eval` on a transformer document (see transformer_eval.h).
#include "oracle/transformer/transformer_eval.h"

#include "oracle/eval/double_interval.h"
#include "oracle/transformer/transformer_document.h"

namespace palcheck::oracle {

using nlohmann::json;

std::array<double, 3> enclosure_doubles(const QInterval& a) {
  return {enclose(a.lo).lo, to_double((a.lo + a.hi) / 2), enclose(a.hi).hi};
}

std::vector<double> enclosure_table(const std::vector<IVector>& rows) {
  std::vector<double> out;
  out.reserve(rows.size() * (rows.empty() ? 0 : rows[0].size()) * 3);
  for (const IVector& row : rows)
    for (const QInterval& a : row)
      for (double v : enclosure_doubles(a)) out.push_back(v);
  return out;
}

json undecided_json(const PalTransformerSpec& spec, const std::vector<UndecidedRelay>& undecided) {
  json out = json::array();
  for (const UndecidedRelay& u : undecided) {
    const WeightedRelay& r = spec.layers[u.layer].heads[u.head].mu.relays[u.relay];
    std::array<double, 3> input = enclosure_doubles(u.input);
    out.push_back({{"token", u.token},
                   {"layer", u.layer},
                   {"head", u.head},
                   {"relay", u.relay},
                   {"alpha", to_string(r.thresholds.alpha)},
                   {"beta", to_string(r.thresholds.beta)},
                   {"input_lo", input[0]},
                   {"input_hi", input[2]}});
  }
  return out;
}

json evaluate_transformer_document(const json& doc) {
  TransformerDocument parsed = parse_transformer_document(doc);
  TransformerRun run = run_transformer(parsed.spec, parsed.inputs, parsed.conventions);
  json tokens = json::array();
  for (const IVector& token : run.output()) {
    json lo = json::array(), hi = json::array(), mid = json::array();
    for (const QInterval& a : token) {
      std::array<double, 3> v = enclosure_doubles(a);
      lo.push_back(v[0]);
      mid.push_back(v[1]);
      hi.push_back(v[2]);
    }
    tokens.push_back({{"lo", lo}, {"hi", hi}, {"double", mid}});
  }
  return {{"conventions", transformer_conventions_json(parsed.conventions)},
          {"outputs", tokens},
          {"undecided", undecided_json(parsed.spec, run.undecided)}};
}

}  // namespace palcheck::oracle
