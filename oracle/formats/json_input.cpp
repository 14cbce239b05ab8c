// JSON input of `palcheck eval` (see json_input.h).
#include "oracle/formats/json_input.h"

#include "util/shown.h"

#include <new>
#include <set>

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
    if (!q) throw InputError(field + ": not a finite number: " + shown(value));
    return *q;
  }
  if (value.is_string()) {
    auto q = parse_rational(value.get<std::string>());
    if (!q)
      throw InputError(field + ": not an exact number (integer, decimal with exponent within +-" +
                       std::to_string(kMaxDecimalExponent) + ", or p/q; at most " + std::to_string(kMaxNumberChars) +
                       " characters): \"" + shown(value.get<std::string>()) + "\"");
    return *q;
  }
  throw InputError(field + ": expected a number or a numeric string, got " + std::string(value.type_name()));
}

const json& require(const json& object, const std::string& key, const std::string& where) {
  if (!object.is_object()) throw InputError(where + ": expected an object");
  auto it = object.find(key);
  if (it == object.end()) throw InputError(where + ": missing key \"" + key + "\"");
  return *it;
}

namespace {

int parse_int(const json& value, const std::string& field) {
  if (!value.is_number_integer()) throw InputError(field + ": expected an integer, got " + shown(value));
  long long v = value.get<long long>();
  if (v < -1'000'000'000LL || v > 1'000'000'000LL) throw InputError(field + ": integer out of range: " + shown(value));
  return static_cast<int>(v);
}

}  // namespace

void check_grid_size(std::size_t L, const std::string& source) {
  if (L < (std::size_t{1} << 16) && (L + 1) * (L + 1) <= kMaxTableCells) return;
  throw InputError(source + ": a grid of L = " + std::to_string(L) + " needs a table of (L + 1)^2 sums; at most " +
                   std::to_string(kMaxTableCells) + " (L <= " + std::to_string(kMaxGridL) +
                   "; a relay list has no such limit)");
}

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

WeightedRelay parse_relay(const json& r, const std::string& where, RelayForms forms) {
  WeightedRelay relay;
  if (forms == RelayForms::ObjectsOrRows && r.is_array()) {
    if (r.size() != 2 && r.size() != 3) throw InputError(where + ": expected [alpha, beta] or [alpha, beta, weight]");
    relay = {{parse_number(r[0], where + "[0]"), parse_number(r[1], where + "[1]")},
             r.size() == 3 ? parse_number(r[2], where + "[2]") : Q(1)};
  } else {
    relay = {{parse_number(require(r, "alpha", where), where + ".alpha"),
              parse_number(require(r, "beta", where), where + ".beta")},
             r.contains("weight") ? parse_number(r.at("weight"), where + ".weight") : Q(1)};
  }
  if (relay.thresholds.alpha < relay.thresholds.beta)
    throw InputError(where + ": alpha (" + to_string(relay.thresholds.alpha) + ") < beta (" +
                     to_string(relay.thresholds.beta) + "): not in the Preisach half-plane alpha >= beta");
  return relay;
}

Measure parse_measure(const json& doc) {
  if (!doc.is_object()) throw InputError("document: expected a JSON object");
  bool relays = doc.contains("relays"), grid = doc.contains("grid");
  if (relays == grid) throw InputError("document: exactly one of \"relays\" or \"grid\" is required");
  if (grid) return measure_from_grid(parse_grid(doc));
  const json& list = doc.at("relays");
  if (!list.is_array()) throw InputError("relays: expected a list of {alpha, beta, weight}");
  Measure mu;
  for (std::size_t k = 0; k < list.size(); ++k)
    mu.relays.push_back(parse_relay(list[k], "relays[" + std::to_string(k) + "]", RelayForms::Objects));
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
  throw InputError("initial_state: expected 0 or 1, got " + shown(v));
}

std::string shown(const std::string& text) { return palcheck::shown(text); }

std::string shown(const json& value) {
  // Only scalars are printed whole; a list or an object could be nested as deep as the parser allows.
  if (value.is_array()) return "a list of " + std::to_string(value.size());
  if (value.is_object()) return "an object";
  return shown(value.dump());
}

std::string json_number_problem(double value, const std::string& text) {
  if (!parse_rational(text))
    return "JSON number " + shown(text) + " is outside the exact range (decimal exponent within +-" +
           std::to_string(kMaxDecimalExponent) + ", at most " + std::to_string(kMaxNumberChars) + " characters)";
  if (value == 0 && text.find_first_of("123456789") < text.find_first_of("eE"))
    return "JSON number " + shown(text) + " underflows to 0 as a double; write it as a string (\"" + shown(text) +
           "\") for its exact value";
  return "";
}

namespace {

// nlohmann's DOM builder with four guards: a nesting limit (deep documents crash copying and printing,
// which recurse), numbers checked against their text (exponent range, length, underflow to 0), a key
// given twice in one object (which nlohmann would quietly resolve to the last value), and errors that
// name the source and the field.
template <class Json>
class CheckedDomParser : public nlohmann::detail::json_sax_dom_parser<Json> {
  using Base = nlohmann::detail::json_sax_dom_parser<Json>;

 public:
  using number_integer_t = typename Json::number_integer_t;
  using number_unsigned_t = typename Json::number_unsigned_t;
  using number_float_t = typename Json::number_float_t;
  using string_t = typename Json::string_t;

  CheckedDomParser(Json& root, std::string source) : Base(root, true), source_(std::move(source)) {}

  bool null() {
    return scalar([&] { return Base::null(); });
  }
  bool boolean(bool v) {
    return scalar([&] { return Base::boolean(v); });
  }
  bool number_integer(number_integer_t v) {
    return scalar([&] { return Base::number_integer(v); });
  }
  bool number_unsigned(number_unsigned_t v) {
    return scalar([&] { return Base::number_unsigned(v); });
  }
  bool string(string_t& v) {
    return scalar([&] { return Base::string(v); });
  }
  bool number_float(number_float_t v, const string_t& text) {
    if (std::string problem = json_number_problem(v, text); !problem.empty()) fail(problem);
    return scalar([&] { return Base::number_float(v, text); });
  }
  bool key(string_t& k) {
    Frame& f = frames_.back();
    if (!f.keys.insert(k).second) {
      f.key = k;
      fail("the key \"" + shown(k) + "\" is given twice in one object");
    }
    f.key = k;
    return Base::key(k);
  }
  bool start_object(std::size_t n) {
    return open(false, [&] { return Base::start_object(n); });
  }
  bool start_array(std::size_t n) {
    return open(true, [&] { return Base::start_array(n); });
  }
  bool end_object() {
    return close([&] { return Base::end_object(); });
  }
  bool end_array() {
    return close([&] { return Base::end_array(); });
  }
  template <class Exception>
  bool parse_error(std::size_t, const std::string&, const Exception& e) {
    // nlohmann's message less its tag ("[json.exception.parse_error.101] ") and the last token read,
    // which may be megabytes long or hold the very bytes that are not UTF-8.
    std::string what = e.what();
    if (what.rfind("[json.exception.", 0) == 0 && what.find("] ") != std::string::npos)
      what.erase(0, what.find("] ") + 2);
    if (std::size_t last = what.find("; last read: "); last != std::string::npos) what.erase(last);
    if (what.size() > 300) what = what.substr(0, 300) + "...";
    throw error("malformed JSON: " + what);
  }

 private:
  struct Frame {
    bool array;
    std::size_t index = 0;
    std::string key;
    std::set<std::string> keys;  // of an object, so far
  };

  template <class F>
  bool scalar(F&& f) {
    bool ok = f();
    advance();
    return ok;
  }
  template <class F>
  bool open(bool array, F&& f) {
    if (frames_.size() >= kMaxJsonDepth) fail("JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    bool ok = f();
    frames_.push_back({array, 0, {}, {}});
    return ok;
  }
  template <class F>
  bool close(F&& f) {
    frames_.pop_back();
    bool ok = f();
    advance();
    return ok;
  }
  void advance() {
    if (!frames_.empty() && frames_.back().array) ++frames_.back().index;
  }
  [[noreturn]] void fail(const std::string& what) const { throw error(what); }
  // The error naming the source and the field being read.
  InputError error(const std::string& what) const {
    std::string path;
    for (const Frame& f : frames_) {
      if (path.size() > 80) {
        path += "...";
        break;
      }
      path += f.array ? "[" + std::to_string(f.index) + "]" : (path.empty() ? "" : ".") + shown(f.key);
    }
    return InputError(source_ + ": " + (path.empty() ? std::string() : path + ": ") + what);
  }

  std::string source_;
  std::vector<Frame> frames_;
};

template <class Json>
Json parse_checked(const std::string& text, const std::string& source) {
  Json root;
  CheckedDomParser<Json> builder(root, source);
  try {
    Json::sax_parse(text, &builder);
  } catch (const std::bad_alloc&) {
    throw InputError(source + ": not enough memory to hold the document (" + std::to_string(text.size()) + " bytes)");
  }
  return root;
}

}  // namespace

json parse_json_text(const std::string& text, const std::string& source) { return parse_checked<json>(text, source); }

nlohmann::ordered_json parse_ordered_json_text(const std::string& text, const std::string& source) {
  return parse_checked<nlohmann::ordered_json>(text, source);
}

}  // namespace palcheck::oracle
