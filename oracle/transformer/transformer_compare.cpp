// `palcheck compare` on a transformer document (see transformer_compare.h).
#include "oracle/transformer/transformer_compare.h"

#include "oracle/eval/sequence_reference.h"
#include "oracle/transformer/transformer_eval.h"
#include "oracle/transformer/transformer_rounding.h"
#include "util/errors.h"

#include <cmath>
#include <optional>
#include <string>
#include <utility>

namespace palcheck::oracle {

namespace {

using nlohmann::json;

// Whether every point of b is within the tolerance of `actual` (true), none is (false), or neither.
std::optional<bool> within(const TransformerTolerance& tol, const Q& actual, const Ball& b) {
  std::optional<Q> lo = b.lower(), hi = b.upper();
  if (!b.finite() || !lo || !hi) return std::nullopt;
  return interval_within_tolerance(tol.atol, tol.rtol, actual, QInterval{*lo, *hi});
}

PrecisionGoal goal_of(const TransformerTolerance& tol) {
  PrecisionGoal goal;
  if (tol.atol > 0) goal.width = tol.atol;
  return goal;
}

// Tokens and the implementation's outputs on them.
struct Case {
  std::vector<QVector> x;
  std::vector<std::vector<Q>> y;
};

// The reference's run of `c` under `conventions` when it agrees with every output of the case.
std::optional<TransformerRun> explains(const PalTransformerSpec& spec, const TransformerConventions& conventions,
                                       const Case& c, const TransformerTolerance& tol) {
  TransformerRun run = run_transformer_to(spec, c.x, conventions, goal_of(tol));
  if (!outputs_agree(run, c.y, tol)) return std::nullopt;
  return run;
}

using Change = std::pair<std::string, std::string>;

// Every change of one convention from the declared ones, in the table's order.
std::vector<Change> alternatives(const TransformerConventions& declared) {
  const json current = transformer_conventions_json(declared);
  std::vector<Change> out;
  for (const auto& [key, values] : transformer_convention_values())
    for (const std::string& value : values)
      if (value != current.at(key).get<std::string>()) out.emplace_back(key, value);
  return out;
}

// The declared conventions with `changes` applied; nullopt when the model cannot run under them.
std::optional<TransformerConventions> changed(const PalTransformerSpec& spec, TransformerConventions c,
                                              const std::vector<Change>& changes) {
  for (const auto& [key, value] : changes) apply_transformer_convention(c, key, value);
  try {
    check_transformer_conventions(spec, c);
  } catch (const InputError&) {
    return std::nullopt;
  }
  return c;
}

// The change of one convention (else of two) under which the reference agrees with every case, the
// witness first, and the witness's run under it.
std::optional<std::pair<std::vector<Change>, TransformerRun>> cause(const TransformerDocument& doc,
                                                                    const std::vector<Case>& cases,
                                                                    const TransformerTolerance& tol) {
  std::vector<std::vector<Change>> singles, pairs;
  for (const Change& c : alternatives(doc.conventions)) singles.push_back({c});
  for (std::size_t a = 0; a < singles.size(); ++a)
    for (std::size_t b = a + 1; b < singles.size(); ++b)
      if (singles[a][0].first != singles[b][0].first) pairs.push_back({singles[a][0], singles[b][0]});
  for (const auto* candidates : {&singles, &pairs})
    for (const std::vector<Change>& changes : *candidates) {
      std::optional<TransformerConventions> c = changed(doc.spec, doc.conventions, changes);
      if (!c) continue;
      std::optional<TransformerRun> witness = explains(doc.spec, *c, cases.front(), tol);
      bool all = witness.has_value();
      for (std::size_t k = 1; all && k < cases.size(); ++k) all = explains(doc.spec, *c, cases[k], tol).has_value();
      if (all) return std::make_pair(changes, std::move(*witness));
    }
  return std::nullopt;
}

// Whether some ball of `b` lies, at its lower end, outside the tolerance around the same ball of `a`.
bool rows_differ(const std::vector<BVector>& a, const std::vector<BVector>& b, const TransformerTolerance& tol,
                 std::size_t* column = nullptr) {
  for (std::size_t t = 0; t < a.size() && t < b.size(); ++t)
    for (std::size_t i = 0; i < a[t].size() && i < b[t].size(); ++i) {
      std::optional<Q> point = b[t][i].lower();
      if (point && within(tol, *point, a[t][i]) == false) {
        if (column) *column = i;
        return true;
      }
    }
  return false;
}

// The first layer and part where two runs of the reference differ: PE, then each layer's parts in order.
std::pair<std::size_t, std::string> where_runs_differ(const TransformerRun& a, const TransformerRun& b,
                                                      const TransformerTolerance& tol) {
  if (rows_differ(a.pe, b.pe, tol)) return {0, "pe"};
  for (std::size_t l = 0; l < a.layers.size() && l < b.layers.size(); ++l) {
    const TransformerLayerRun &pa = a.layers[l], &pb = b.layers[l];
    std::size_t h = 0;
    if (rows_differ(pa.inputs, pb.inputs, tol, &h) || rows_differ(pa.heads, pb.heads, tol, &h))
      return {l, "head " + std::to_string(h)};
    const std::pair<const char*, const std::vector<BVector> TransformerLayerRun::*> parts[] = {
        {"mpal", &TransformerLayerRun::mpal},
        {"ln_mpal", &TransformerLayerRun::ln_mpal},
        {"mlp", &TransformerLayerRun::mlp},
        {"ln_mlp", &TransformerLayerRun::ln_mlp}};
    for (const auto& [name, part] : parts)
      if (rows_differ(pa.*part, pb.*part, tol)) return {l, name};
  }
  return {a.layers.empty() ? 0 : a.layers.size() - 1, "output"};
}

json exact_rows(const std::vector<QVector>& x) {
  json out = json::array();
  for (const QVector& row : x) {
    json r = json::array();
    for (const Q& q : row) r.push_back(to_string(q));
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace

bool outputs_agree(const TransformerRun& run, const std::vector<std::vector<Q>>& actual,
                   const TransformerTolerance& tolerance) {
  for (std::size_t t = 0; t < actual.size(); ++t)
    for (std::size_t i = 0; i < actual[t].size(); ++i)
      if (within(tolerance, actual[t][i], run.output()[t][i]) != true) return false;
  return true;
}

json compare_transformer_outputs(const TransformerDocument& doc, const std::vector<std::vector<Q>>& actual,
                                 const TransformerTolerance& tolerance, const std::string& source) {
  const std::size_t n = doc.inputs.size(), d = doc.spec.d;
  if (actual.size() != n)
    throw InputError(source + ": " + std::to_string(actual.size()) + " row(s) of outputs, the document has " +
                     std::to_string(n) + " token(s)");
  for (std::size_t t = 0; t < n; ++t)
    if (actual[t].size() != d)
      throw InputError(source + ": row " + std::to_string(t) + " has " + std::to_string(actual[t].size()) +
                       " value(s), the model's d is " + std::to_string(d));
  const PrecisionGoal goal = goal_of(tolerance);
  const TransformerRun run = run_transformer_to(doc.spec, doc.inputs, doc.conventions, goal);
  json report = {{"agree", false},
                 {"status", "agree"},
                 {"atol", to_string(tolerance.atol)},
                 {"rtol", to_string(tolerance.rtol)},
                 {"tokens", n},
                 {"bits", run.bits},
                 {"undecided", undecided_json(doc.spec, run.undecided)},
                 {"undetermined", undetermined_json(run, goal)},
                 {"failures", json::array()}};
  std::optional<std::pair<std::size_t, std::size_t>> first;
  bool open = false;
  for (std::size_t t = 0; t < n && !first; ++t)
    for (std::size_t i = 0; i < d && !first; ++i) {
      std::optional<bool> w = within(tolerance, actual[t][i], run.output()[t][i]);
      if (w == false) first = {t, i};
      open = open || !w;
    }
  if (!first) {
    // Agree only on what the reference determined: an output not settled at the cap is undecided.
    report["status"] = n == 0 ? "nothing compared" : open || !report["undetermined"].empty() ? "undecided" : "agree";
    report["agree"] = report["status"] == "agree";
    return report;
  }
  report["status"] = "disagree";
  const auto [token, coordinate] = *first;
  // The outputs up to a token depend on the tokens up to it alone: the prefix is the witness.
  Case witness{{doc.inputs.begin(), doc.inputs.begin() + static_cast<long>(token) + 1},
               {actual.begin(), actual.begin() + static_cast<long>(token) + 1}};
  std::vector<Case> cases{witness};
  if (token + 1 < n) cases.push_back(Case{doc.inputs, actual});
  auto found = cause(doc, cases, tolerance);
  std::pair<std::size_t, std::string> place{doc.spec.layers.empty() ? 0 : doc.spec.layers.size() - 1, "output"};
  json changes = json::object(), rounding;
  std::string name = "unexplained";
  if (!found) {
    auto rounded = rounding_cause(doc.spec, witness.x, doc.conventions, goal, FloatFormat::Float64,
                                  [&](const TransformerRun& r) { return outputs_agree(r, witness.y, tolerance); });
    if (rounded) {
      name = "rounding";
      rounding = rounding_json(doc.spec, rounded->first, FloatFormat::Float64);
      place = {rounded->first.moved.layer, "head " + std::to_string(rounded->first.moved.head)};
    }
  }
  if (found) {
    name.clear();
    for (const auto& [key, value] : found->first) {
      name += (name.empty() ? "" : "+") + key;
      changes[key] = value;
    }
    bool pe = false;
    for (const auto& change : found->first) pe = pe || change.first.rfind("pe_", 0) == 0;
    // The declared run's first tokens are the witness's run under the declared conventions.
    place = pe ? std::make_pair(std::size_t{0}, std::string("pe")) : where_runs_differ(run, found->second, tolerance);
  }
  const Ball& expected = run.output()[token][coordinate];
  const double actual_double = to_double(actual[token][coordinate]);
  report["failures"].push_back({{"cause", name},
                                {"conventions", changes},
                                {"layer", place.first},
                                {"part", place.second},
                                {"token", token},
                                {"coordinate", coordinate},
                                {"expected", expected.mid_double()},
                                {"lo", expected.lower_double()},
                                {"hi", expected.upper_double()},
                                {"actual", std::isfinite(actual_double) ? json(actual_double) : json(nullptr)},
                                {"actual_exact", to_string(actual[token][coordinate])},
                                {"witness", exact_rows(witness.x)}});
  if (!rounding.is_null()) report["failures"][0]["rounding"] = rounding;
  return report;
}

std::string summarize_transformer_report(const json& report) {
  const std::string status = report.at("status").get<std::string>();
  const std::string tokens = std::to_string(report.at("tokens").get<std::size_t>()) + " token(s)";
  const std::string bits = " at " + std::to_string(report.at("bits").get<long>()) + " bits";
  if (status == "nothing compared") return "compare: nothing compared: the document has no token\n";
  if (status == "agree")
    return "compare: agree: every output of " + tokens + " within atol " + report.at("atol").get<std::string>() +
           ", rtol " + report.at("rtol").get<std::string>() + bits + "\n";
  if (status == "undecided") {
    const json& open = report.at("undetermined");
    std::string text = "compare: undecided: no output differs, but " + std::to_string(open.size()) + " output(s) of " +
                       tokens + " are not determined to within atol" + bits;
    if (!open.empty())
      text += "; first: token " + open[0].at("token").dump() + ", coordinate " + open[0].at("coordinate").dump() +
              ": " + open[0].at("reason").get<std::string>();
    return text + "\n";
  }
  const json& f = report.at("failures").at(0);
  std::string text = "compare: disagree: token " + f.at("token").dump() + ", coordinate " + f.at("coordinate").dump() +
                     ": expected " + f.at("expected").dump() + " [" + f.at("lo").dump() + ", " + f.at("hi").dump() +
                     "], got " +
                     (f.at("actual").is_null() ? f.at("actual_exact").get<std::string>() : f.at("actual").dump()) +
                     "; cause " + f.at("cause").get<std::string>();
  if (!f.at("conventions").empty()) text += " " + f.at("conventions").dump();
  return text + ", first at layer " + f.at("layer").dump() + ", " + f.at("part").get<std::string>() + "\n";
}

}  // namespace palcheck::oracle
