// Conventions of another implementation (see conventions.h).
#include "tools/oracle/conventions.h"

#include "tools/oracle/json_input.h"

#include <sstream>

namespace palcheck::oracle {

using nlohmann::json;

namespace {

Q exact_value(const std::string& text, const std::string& option) {
  auto q = parse_rational(text);
  if (!q) throw InputError("--convention " + option + ": expected an exact number, got \"" + text + "\"");
  return *q;
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, sep);) parts.push_back(part);
  if (!text.empty() && text.back() == sep) parts.emplace_back();
  return parts;
}

void set_states(Conventions& c, const std::string& value, const std::string& where) {
  if (value == "01")
    c.states = StateSet::ZeroOne;
  else if (value == "pm1")
    c.states = StateSet::PlusMinusOne;
  else
    throw InputError(where + ": states must be 01 or pm1, got \"" + value + "\"");
}

void set_columns(Conventions& c, const std::vector<std::string>& names, const std::string& where) {
  RelayColumns cols{{-1, -1, -1}};
  static const char* known[] = {"alpha", "beta", "weight"};
  for (std::size_t k = 0; k < names.size(); ++k) {
    int which = -1;
    for (int n = 0; n < 3; ++n)
      if (names[k] == known[n]) which = n;
    if (which < 0 || cols.position[which] >= 0)
      throw InputError(where + ": columns must name alpha, beta and optionally weight once each, got \"" + names[k] +
                       "\"");
    cols.position[which] = static_cast<int>(k);
  }
  if (cols.position[0] < 0 || cols.position[1] < 0) throw InputError(where + ": columns must include alpha and beta");
  c.columns = cols;
}

void set_nonnegative(Q& field, const Q& value, const std::string& where) {
  if (value < 0) throw InputError(where + ": must be >= 0, got " + to_string(value));
  field = value;
}

// The non-negative tolerance a key names (atol, rtol, smoothing), or nullptr.
Q* nonnegative_field(Conventions& c, const std::string& key) {
  if (key == "atol") return &c.atol;
  if (key == "rtol") return &c.rtol;
  if (key == "smoothing") return &c.smoothing;
  return nullptr;
}

}  // namespace

std::string state_set_name(StateSet s) { return s == StateSet::ZeroOne ? "01" : "pm1"; }

void apply_convention_option(Conventions& c, const std::string& option) {
  auto eq = option.find('=');
  if (eq == std::string::npos)
    throw InputError(
        "--convention: expected key=value (states, output, a, b, c, columns, atol, rtol, smoothing), got \"" + option +
        "\"");
  std::string key = option.substr(0, eq), value = option.substr(eq + 1), where = "--convention " + key;
  if (key == "states") {
    set_states(c, value, where);
  } else if (key == "output" || key == "output_map") {
    std::vector<std::string> parts = split(value, ',');
    if (parts.size() != 3) throw InputError(where + ": expected a,b,c (output a*S + b + c*u), got \"" + value + "\"");
    c.output = {exact_value(parts[0], key), exact_value(parts[1], key), exact_value(parts[2], key)};
  } else if (key == "a") {
    c.output.a = exact_value(value, key);
  } else if (key == "b") {
    c.output.b = exact_value(value, key);
  } else if (key == "c") {
    c.output.c = exact_value(value, key);
  } else if (key == "columns") {
    set_columns(c, split(value, ','), where);
  } else if (Q* tolerance = nonnegative_field(c, key)) {
    set_nonnegative(*tolerance, exact_value(value, key), where);
  } else {
    throw InputError("--convention: unknown key \"" + key +
                     "\" (states, output, a, b, c, columns, atol, rtol, smoothing)");
  }
}

void apply_convention_json(Conventions& c, const json& object, const std::string& where) {
  if (!object.is_object()) throw InputError(where + ": expected an object");
  for (const auto& [key, value] : object.items()) {
    std::string field = where + "." + key;
    if (key == "states") {
      if (!value.is_string()) throw InputError(field + ": expected \"01\" or \"pm1\"");
      set_states(c, value.get<std::string>(), field);
    } else if (key == "output_map") {
      if (!value.is_array() || value.size() != 3) throw InputError(field + ": expected [a, b, c]");
      c.output = {parse_number(value[0], field + "[0]"), parse_number(value[1], field + "[1]"),
                  parse_number(value[2], field + "[2]")};
    } else if (key == "columns") {
      if (!value.is_array()) throw InputError(field + ": expected a list such as [\"beta\", \"alpha\", \"weight\"]");
      std::vector<std::string> names;
      for (const json& n : value) {
        if (!n.is_string()) throw InputError(field + ": expected column names");
        names.push_back(n.get<std::string>());
      }
      set_columns(c, names, field);
    } else if (Q* tolerance = nonnegative_field(c, key)) {
      set_nonnegative(*tolerance, parse_number(value, field), field);
    } else {
      throw InputError(field + ": unknown convention (states, output_map, columns, atol, rtol, smoothing)");
    }
  }
}

json conventions_json(const Conventions& c) {
  static const char* names[] = {"alpha", "beta", "weight"};
  std::vector<std::string> columns(3);
  std::size_t used = 0;
  for (int n = 0; n < 3; ++n)
    if (c.columns.position[n] >= 0) columns[c.columns.position[n]] = names[n], ++used;
  columns.resize(used);
  return {{"states", state_set_name(c.states)},
          {"output_map", {to_string(c.output.a), to_string(c.output.b), to_string(c.output.c)}},
          {"columns", columns},
          {"atol", to_string(c.atol)},
          {"rtol", to_string(c.rtol)},
          {"smoothing", to_string(c.smoothing)}};
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

}  // namespace palcheck::oracle
