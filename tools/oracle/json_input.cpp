// JSON input of `palcheck eval` (see json_input.h).
#include "tools/oracle/json_input.h"

namespace palcheck::oracle {

using nlohmann::json;

Q parse_number(const json& value, const std::string& field) {
  if (value.is_number_integer()) {
    if (value.is_number_unsigned()) return Q(value.get<unsigned long long>());
    return Q(value.get<long long>());
  }
  if (value.is_number_float()) {
    // JSON numbers with a fraction are read as decimal text, so 0.1 is exactly 1/10.
    auto q = parse_rational(value.dump());
    if (!q) throw InputError(field + ": not a finite number: " + value.dump());
    return *q;
  }
  if (value.is_string()) {
    auto q = parse_rational(value.get<std::string>());
    if (!q) throw InputError(field + ": not an exact number (integer, decimal or p/q): \"" + value.get<std::string>() + "\"");
    return *q;
  }
  throw InputError(field + ": expected a number or a numeric string, got " + std::string(value.type_name()));
}

namespace {

const json& require(const json& object, const std::string& key, const std::string& where) {
  if (!object.is_object()) throw InputError(where + ": expected an object");
  auto it = object.find(key);
  if (it == object.end()) throw InputError(where + ": missing key \"" + key + "\"");
  return *it;
}

int parse_int(const json& value, const std::string& field) {
  if (!value.is_number_integer()) throw InputError(field + ": expected an integer, got " + value.dump());
  long long v = value.get<long long>();
  if (v < -1'000'000'000LL || v > 1'000'000'000LL) throw InputError(field + ": integer out of range: " + value.dump());
  return static_cast<int>(v);
}

}  // namespace

bool has_grid(const json& doc) { return doc.is_object() && doc.contains("grid"); }

Grid parse_grid(const json& doc) {
  const json& g = require(doc, "grid", "document");
  Grid grid;
  grid.delta = parse_number(require(g, "delta", "grid"), "grid.delta");
  if (grid.delta <= 0) throw InputError("grid.delta: must be > 0, got " + to_string(grid.delta));
  grid.L = parse_int(require(g, "L", "grid"), "grid.L");
  if (grid.L < 1 || grid.L > 4096) throw InputError("grid.L: must be in 1..4096, got " + std::to_string(grid.L));
  const json& weights = require(g, "weights", "grid");
  if (!weights.is_array()) throw InputError("grid.weights: expected a list of [i, j, weight]");
  for (std::size_t k = 0; k < weights.size(); ++k) {
    std::string field = "grid.weights[" + std::to_string(k) + "]";
    const json& w = weights[k];
    if (!w.is_array() || w.size() != 3) throw InputError(field + ": expected [i, j, weight]");
    GridWeight gw{parse_int(w[0], field + "[0]"), parse_int(w[1], field + "[1]"), parse_number(w[2], field + "[2]")};
    if (gw.j < 1 || gw.i > grid.L || gw.j > gw.i)
      throw InputError(field + ": (i, j) = (" + std::to_string(gw.i) + ", " + std::to_string(gw.j) +
                       ") is outside 1 <= j <= i <= L (alpha_i >= beta_j)");
    grid.weights.push_back(gw);
  }
  return grid;
}

Measure parse_measure(const json& doc) {
  if (!doc.is_object()) throw InputError("document: expected a JSON object");
  bool relays = doc.contains("relays"), grid = doc.contains("grid");
  if (relays == grid) throw InputError("document: exactly one of \"relays\" or \"grid\" is required");
  if (grid) return measure_from_grid(parse_grid(doc));
  const json& list = doc.at("relays");
  if (!list.is_array()) throw InputError("relays: expected a list of {alpha, beta, weight}");
  Measure mu;
  for (std::size_t k = 0; k < list.size(); ++k) {
    std::string where = "relays[" + std::to_string(k) + "]";
    const json& r = list[k];
    WeightedRelay relay{{parse_number(require(r, "alpha", where), where + ".alpha"),
                         parse_number(require(r, "beta", where), where + ".beta")},
                        r.contains("weight") ? parse_number(r.at("weight"), where + ".weight") : Q(1)};
    if (relay.thresholds.alpha < relay.thresholds.beta)
      throw InputError(where + ": alpha (" + to_string(relay.thresholds.alpha) + ") < beta (" +
                       to_string(relay.thresholds.beta) + "): not in the Preisach half-plane alpha >= beta");
    mu.relays.push_back(relay);
  }
  return mu;
}

std::vector<Q> parse_inputs(const json& doc) {
  const json& list = require(doc, "inputs", "document");
  if (!list.is_array()) throw InputError("inputs: expected a list of numbers");
  std::vector<Q> u;
  u.reserve(list.size());
  for (std::size_t k = 0; k < list.size(); ++k) u.push_back(parse_number(list[k], "inputs[" + std::to_string(k) + "]"));
  return u;
}

InitialState parse_initial_state(const json& doc) {
  if (!doc.contains("initial_state")) return InitialState::Off;
  const json& v = doc.at("initial_state");
  if (v == 0) return InitialState::Off;
  if (v == 1) return InitialState::On;
  throw InputError("initial_state: expected 0 or 1, got " + v.dump());
}

json parse_json_text(const std::string& text, const std::string& source) {
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    throw InputError(source + ": malformed JSON: " + e.what());
  }
}

}  // namespace palcheck::oracle
