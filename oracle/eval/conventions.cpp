// Conventions of another implementation (see conventions.h): one table of keys, read from `key=value`
// text or a JSON object, written back in the same spelling.
#include "oracle/eval/conventions.h"

#include "oracle/formats/json_input.h"
#include "reference/name_table.h"

#include <functional>
#include <sstream>

namespace palcheck::oracle {

using nlohmann::json;

namespace {

Q exact_value(const std::string& text, const std::string& where) {
  auto q = parse_rational(text);
  if (!q) throw InputError(where + ": expected an exact number, got \"" + shown(text) + "\"");
  return *q;
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, sep);) parts.push_back(part);
  if (!text.empty() && text.back() == sep) parts.emplace_back();
  return parts;
}

constexpr NameTable<FirstToken, 4> kFirstTokens{{
    {FirstToken::Applied, "applied"},
    {FirstToken::NotApplied, "not-applied"},
    {FirstToken::StateBefore, "state-before"},
    {FirstToken::Direction, "direction"},
}};

constexpr NameTable<StateSet, 2> kStateSets{{{StateSet::ZeroOne, "01"}, {StateSet::PlusMinusOne, "pm1"}}};

constexpr NameTable<BeforeCrossing, 2> kBeforeCrossings{{{BeforeCrossing::InitialState, "initial-state"},
                                                         {BeforeCrossing::Undefined, "undefined"}}};

constexpr NameTable<RoundingCases, 2> kRoundingCases{{{RoundingCases::Failure, "failure"},
                                                       {RoundingCases::Expected, "expected"}}};

// The value among `all` whose name is `text`, else InputError listing the names.
template <class T>
T one_of(const std::vector<T>& all, const std::string& text, const std::string& where) {
  std::string names;
  for (const T& value : all) {
    if (to_string(value) == text) return value;
    names += (names.empty() ? "" : "|") + to_string(value);
  }
  throw InputError(where + ": expected " + names + ", got \"" + shown(text) + "\"");
}

void set_columns(Conventions& c, const std::vector<std::string>& names, const std::string& where) {
  RelayColumns cols{{-1, -1, -1}};
  static const char* known[] = {"alpha", "beta", "weight"};
  for (std::size_t k = 0; k < names.size(); ++k) {
    int which = -1;
    for (int n = 0; n < 3; ++n)
      if (names[k] == known[n]) which = n;
    if (which < 0 || cols.position[which] >= 0)
      throw InputError(where + ": columns must name alpha, beta and optionally weight once each, got \"" +
                       shown(names[k]) + "\"");
    cols.position[which] = static_cast<int>(k);
  }
  if (cols.position[0] < 0 || cols.position[1] < 0) throw InputError(where + ": columns must include alpha and beta");
  c.columns = cols;
}

Smoothing parse_smoothing(const std::string& value, const std::string& where) {
  if (value == "none") return {};
  auto colon = value.find(':');
  std::string kind = value.substr(0, colon);
  Smoothing s;
  if (kind == "band")
    s.kind = SmoothingKind::Band;
  else if (kind == "tanh")
    s.kind = SmoothingKind::Tanh;
  else if (kind == "logistic")
    s.kind = SmoothingKind::Logistic;
  if (s.kind == SmoothingKind::None || colon == std::string::npos)
    throw InputError(where + ": expected none, band:T, tanh:T or logistic:T (tanh:T:sharp-ties, logistic:T:sharp-ties), "
                     "got \"" + shown(value) + "\"");
  std::string temperature = value.substr(colon + 1);
  const std::string sharp = ":sharp-ties";
  if (temperature.size() > sharp.size() && temperature.ends_with(sharp)) {
    if (s.kind == SmoothingKind::Band)
      throw InputError(where + ": :sharp-ties applies to tanh and logistic smoothing, not to band:T");
    s.ties = TieSwitch::Sharp;
    temperature.resize(temperature.size() - sharp.size());
  }
  s.temperature = exact_value(temperature, where);
  if (s.temperature <= 0) throw InputError(where + ": the temperature T must be > 0");
  return s;
}

std::pair<Q, Q> parse_domain(const Q& lo, const Q& hi, const std::string& where) {
  if (hi < lo) throw InputError(where + ": expected LO,HI with LO <= HI");
  return {lo, hi};
}

Q nonnegative(const Q& value, const std::string& where) {
  if (value < 0) throw InputError(where + ": must be >= 0, got " + to_string(value));
  return value;
}

// One key: how its option text is read. Lists (output_map, domain, columns) are comma-separated.
struct Key {
  const char* name;
  std::function<void(Conventions&, const std::string&, const std::string&)> read;
};

const std::vector<Key>& keys() {
  static const std::vector<Key> table{
      {"tie_rule", [](Conventions& c, const std::string& v,
                      const std::string& w) { c.tie = one_of(all_tie_rules(), v, w); }},
      {"first_token",
       [](Conventions& c, const std::string& v, const std::string& w) {
         c.first_token = one_of(values_in(kFirstTokens), v, w);
       }},
      {"states",
       [](Conventions& c, const std::string& v, const std::string& w) {
         c.states = one_of(values_in(kStateSets), v, w);
       }},
      {"output_map",
       [](Conventions& c, const std::string& v, const std::string& w) {
         std::vector<std::string> parts = split(v, ',');
         if (parts.size() != 3) throw InputError(w + ": expected a,b,c (output a*S + b + c*u), got \"" + shown(v) + "\"");
         c.output = {exact_value(parts[0], w), exact_value(parts[1], w), exact_value(parts[2], w)};
       }},
      {"a", [](Conventions& c, const std::string& v, const std::string& w) { c.output.a = exact_value(v, w); }},
      {"b", [](Conventions& c, const std::string& v, const std::string& w) { c.output.b = exact_value(v, w); }},
      {"c", [](Conventions& c, const std::string& v, const std::string& w) { c.output.c = exact_value(v, w); }},
      {"smoothing",
       [](Conventions& c, const std::string& v, const std::string& w) { c.smoothing = parse_smoothing(v, w); }},
      {"domain",
       [](Conventions& c, const std::string& v, const std::string& w) {
         std::vector<std::string> parts = split(v, ',');
         if (parts.size() != 2) throw InputError(w + ": expected LO,HI, got \"" + shown(v) + "\"");
         c.domain = parse_domain(exact_value(parts[0], w), exact_value(parts[1], w), w);
       }},
      {"before_crossing",
       [](Conventions& c, const std::string& v, const std::string& w) {
         c.before_crossing = one_of(values_in(kBeforeCrossings), v, w);
       }},
      {"dtype",
       [](Conventions& c, const std::string& v, const std::string& w) {
         c.dtype = one_of(all_float_formats(), v, w);
       }},
      {"rounding",
       [](Conventions& c, const std::string& v, const std::string& w) {
         c.rounding = one_of(values_in(kRoundingCases), v, w);
       }},
      {"columns", [](Conventions& c, const std::string& v, const std::string& w) { set_columns(c, split(v, ','), w); }},
      {"atol", [](Conventions& c, const std::string& v, const std::string& w) { c.atol = nonnegative(exact_value(v, w), w); }},
      {"rtol", [](Conventions& c, const std::string& v, const std::string& w) { c.rtol = nonnegative(exact_value(v, w), w); }},
  };
  return table;
}

std::string key_names() {
  std::string names;
  for (const Key& k : keys()) names += (names.empty() ? "" : ", ") + std::string(k.name);
  return names;
}

void apply_key(Conventions& c, const std::string& key, const std::string& value, const std::string& where) {
  std::string name = key == "output" ? "output_map" : key;  // "output" is the short form of the same key
  for (const Key& k : keys())
    if (name == k.name) {
      k.read(c, value, where);
      if (c.output.a == 0) throw InputError(where + ": the output map's a must be nonzero");
      return;
    }
  if (name == "initial_state")  // the reference's own initial state, not a convention of the other implementation
    throw InputError(where + ": initial_state is not a convention: give the initial state with --initial-state (" +
                     "Python: initial_state=, a JSON document: \"initial_state\")");
  throw InputError(where + ": unknown convention \"" + shown(key) + "\" (" + key_names() + ")");
}

// Whether a key's value is a list (output_map [a, b, c], domain [lo, hi], columns): any other key takes one
// value, so atol [1] is an error rather than 1.
bool takes_list(const std::string& key) {
  return key == "output_map" || key == "output" || key == "domain" || key == "columns";
}

// The option text of one JSON value: a string as it is, a number as its exact text.
std::string scalar_text(const json& value, const std::string& where) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number()) return to_string(parse_number(value, where));
  throw InputError(where + ": expected a string or a number");
}

// The option text of a key's JSON value: a list (for the keys that take one) joined by commas.
std::string option_text(const std::string& key, const json& value, const std::string& where) {
  if (!value.is_array()) return scalar_text(value, where);
  if (!takes_list(key)) throw InputError(where + ": expected one value, got a list");
  std::string text;
  for (std::size_t k = 0; k < value.size(); ++k)
    text += (k ? "," : "") + scalar_text(value[k], where + "[" + std::to_string(k) + "]");
  return text;
}

}  // namespace

std::string to_string(StateSet s) { return name_in(kStateSets, s); }

std::string to_string(FirstToken f) { return name_in(kFirstTokens, f); }

std::string to_string(const Smoothing& s) {
  switch (s.kind) {
    case SmoothingKind::None: return "none";
    case SmoothingKind::Band: return "band:" + to_string(s.temperature);
    case SmoothingKind::Tanh:
      return "tanh:" + to_string(s.temperature) + (s.ties == TieSwitch::Sharp ? ":sharp-ties" : "");
    case SmoothingKind::Logistic:
      return "logistic:" + to_string(s.temperature) + (s.ties == TieSwitch::Sharp ? ":sharp-ties" : "");
  }
  return "?";
}

std::string to_string(BeforeCrossing b) { return name_in(kBeforeCrossings, b); }

std::string to_string(RoundingCases r) { return name_in(kRoundingCases, r); }

void apply_convention_option(Conventions& c, const std::string& option) {
  auto eq = option.find('=');
  if (eq == std::string::npos)
    throw InputError("--convention: expected key=value (" + key_names() + "), got \"" + shown(option) + "\"");
  std::string key = option.substr(0, eq);
  apply_key(c, key, option.substr(eq + 1), "--convention " + key);
}

void apply_convention_json(Conventions& c, const json& object, const std::string& where) {
  if (!object.is_object()) throw InputError(where + ": expected an object");
  for (const auto& [key, value] : object.items()) {
    std::string field = where + "." + key;
    apply_key(c, key, option_text(key, value, field), field);
  }
}

json conventions_json(const Conventions& c) {
  static const char* names[] = {"alpha", "beta", "weight"};
  std::vector<std::string> columns(3);
  std::size_t used = 0;
  for (int n = 0; n < 3; ++n)
    if (c.columns.position[n] >= 0) columns[c.columns.position[n]] = names[n], ++used;
  columns.resize(used);
  json j{{"tie_rule", to_string(c.tie)},
         {"first_token", to_string(c.first_token)},
         {"states", to_string(c.states)},
         {"output_map", {to_string(c.output.a), to_string(c.output.b), to_string(c.output.c)}},
         {"smoothing", to_string(c.smoothing)},
         {"before_crossing", to_string(c.before_crossing)},
         {"columns", columns},
         {"atol", to_string(c.atol)},
         {"rtol", to_string(c.rtol)}};
  if (c.domain) j["domain"] = {to_string(c.domain->first), to_string(c.domain->second)};
  if (c.dtype) j["dtype"] = to_string(*c.dtype);
  if (c.rounding != RoundingCases::Failure) j["rounding"] = to_string(c.rounding);
  return j;
}

std::string conventions_help() {
  return "KEY=VALUE, repeatable (also a \"conventions\" object in a JSON document): "
         "tie_rule=as-printed|off-first|strict|strict-alpha|strict-beta (default as-printed: u >= alpha -> 1 "
         "first); first_token=applied|not-applied|state-before|direction (default applied); "
         "states=01|pm1 (default 01); output_map=a,b,c for y = a*S + b + c*u (default 1,0,0; also a=, b=, c=); "
         "smoothing=none|band:T|tanh:T|logistic:T, tanh and logistic also with :sharp-ties (default none); "
         "domain=LO,HI (inputs accepted; default "
         "any); before_crossing=initial-state|undefined (outputs before every relay met a threshold; default "
         "initial-state); dtype=float64|float32|float16|bfloat16 (the format it holds inputs and thresholds in; "
         "default: the outputs' dtype where Python sees one, else float64); rounding=failure|expected (a case that "
         "rounding in that dtype accounts for; default failure); columns=alpha,beta,weight (relay file order); "
         "atol= (default 1e-9), rtol= (default 1e-6)";
}

std::vector<std::vector<Q>> reorder_relay_rows(const std::vector<std::vector<Q>>& rows, const RelayColumns& columns,
                                               const std::string& source) {
  if (columns.position == std::array<int, 3>{0, 1, 2}) return rows;
  int width = 0;
  for (int p : columns.position) width = std::max(width, p + 1);
  std::vector<std::vector<Q>> out;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (static_cast<int>(rows[r].size()) != width)
      throw InputError(source + ": row " + std::to_string(r) + " has " + std::to_string(rows[r].size()) +
                       " columns; the declared column order has " + std::to_string(width));
    std::vector<Q> row{rows[r][columns.position[0]], rows[r][columns.position[1]]};
    if (columns.position[2] >= 0) row.push_back(rows[r][columns.position[2]]);
    out.push_back(std::move(row));
  }
  return out;
}

void check_in_domain(const Conventions& c, const Q& u, const std::string& where) {
  if (c.domain && (u < c.domain->first || u > c.domain->second))
    throw InputError(where + ": input " + to_string(u) + " lies outside the declared domain [" +
                     to_string(c.domain->first) + ", " + to_string(c.domain->second) + "]");
}

}  // namespace palcheck::oracle
