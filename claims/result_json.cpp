// The JSON of results, instances and replay files (see result_json.h).
#include "claims/result_json.h"

#include "claims/search_parts.h"
#include "util/errors.h"
#include "util/shown.h"

namespace palcheck {

using nlohmann::json;
using ojson = nlohmann::ordered_json;

namespace {

// A value for an error message: at most a short prefix of a scalar's text, never a whole list or object.
std::string shown(const json& value) {
  if (value.is_array()) return "a list of " + std::to_string(value.size());
  if (value.is_object()) return "an object";
  return palcheck::shown(value.dump());
}

// An exact number from a JSON integer, a decimal read as its text (0.1 is 1/10) or a numeric string.
Q exact_number(const json& value, const std::string& field) {
  if (value.is_number_unsigned()) return Q(value.get<unsigned long long>());
  if (value.is_number_integer()) return Q(value.get<long long>());
  std::optional<Q> q = value.is_number_float() ? parse_rational(value.dump())
                       : value.is_string()     ? parse_rational(value.get<std::string>())
                                               : std::nullopt;
  if (q) return *q;
  if (value.is_number_float()) throw InputError(field + ": not a finite number: " + shown(value));
  if (value.is_string())
    throw InputError(field + ": not an exact number (integer, decimal with exponent within +-" +
                     std::to_string(kMaxDecimalExponent) + ", or p/q; at most " + std::to_string(kMaxNumberChars) +
                     " characters): \"" + palcheck::shown(value.get<std::string>()) + "\"");
  throw InputError(field + ": expected a number or a numeric string, got " + std::string(value.type_name()));
}

const json& require(const json& object, const std::string& key) {
  auto it = object.find(key);
  if (it == object.end()) throw InputError("missing key \"" + key + "\"");
  return *it;
}

std::string require_string(const json& object, const std::string& key) {
  const json& v = require(object, key);
  if (!v.is_string()) throw InputError(key + ": expected a string, got " + shown(v));
  return v.get<std::string>();
}

std::string optional_string(const json& object, const std::string& key) {
  auto it = object.find(key);
  if (it == object.end()) return {};
  if (!it->is_string()) throw InputError(key + ": expected a string, got " + shown(*it));
  return it->get<std::string>();
}

// The JSON of a proof's semantic mutants: each one, with the lines "k of n refuted" over them.
ojson mutants_to_json(const CheckResult& r) {
  ojson list = ojson::array();
  for (const MutantResult& m : r.mutants)
    list.push_back({{"name", m.name},
                    {"change", m.change},
                    {"kind", to_string(m.kind())},
                    {"definition", m.kind() == MutantKind::Model ? ojson(to_string(m.definition)) : ojson(nullptr)},
                    {"refuted", m.refuted},
                    {"evidence", m.evidence}});
  ojson relies_on = ojson::array();
  for (ModelDefinition d : r.relies_on) relies_on.push_back(to_string(d));
  auto line = [&](MutantKind kind) {
    std::string text = mutants_line(r, kind);
    return text.empty() ? ojson(nullptr) : ojson(text);
  };
  return {{"summary", mutants_line(r)},
          {"model", line(MutantKind::Model)},
          {"hypotheses_needed", line(MutantKind::Hypothesis)},
          {"relies_on", relies_on},
          {"list", list}};
}

// The field `key` of a result; nullptr when it is absent and `fields` lets it be (nlohmann's out_of_range when
// it does not).
const json* field(const json& doc, const char* key, ResultFields fields) {
  if (fields == ResultFields::Written) return &doc.at(key);
  auto it = doc.find(key);
  return it == doc.end() ? nullptr : &*it;
}

// A string field of a detail, "" when absent and `fields` lets it be.
std::string text_field(const json& doc, const char* key, ResultFields fields) {
  const json* value = field(doc, key, fields);
  return value ? value->get<std::string>() : std::string();
}

// A name as `parse` reads it, in the field `name`; InputError "<name>: unknown <kind> <text>" otherwise.
template <class Parse>
auto spelled(Parse parse, const json& value, const std::string& name, const char* kind) {
  if (!value.is_string()) throw InputError(name + ": not a string");
  auto parsed = parse(value.get<std::string>());
  if (!parsed) throw InputError(name + ": unknown " + kind + " " + value.dump());
  return *parsed;
}

// What a result speaks about: its "scope", or "refutes" in runs older than typed scopes; a run that says
// neither speaks of the statement.
Scope result_scope(const json& j, ResultFields fields) {
  if (fields == ResultFields::Written) return spelled(parse_scope, j.at("scope"), "scope", "scope");
  for (const char* key : {"scope", "refutes"})
    if (auto it = j.find(key); it != j.end() && !it->is_null()) return spelled(parse_scope, *it, key, "scope");
  return Scope::Statement;
}

// The typed reading, and the further conditions of "interpretation" (which shows the reading too).
void read_reading(const json& j, ResultFields fields, CheckResult& r) {
  const json* reading = field(j, "reading", fields);
  if (reading)
    for (const auto& [key, value] : reading->items()) {
      const json& v = value.at("value");
      ReadingKey dimension = spelled(parse_reading_key, json(key), "reading", "reading");
      r.reading[dimension] = ReadingValue{v.is_null() ? std::nullopt : std::optional<std::string>(v.get<std::string>()),
                                          value.at("note").get<std::string>()};
    }
  if (const json* interpretation = field(j, "interpretation", fields))
    for (const auto& [key, value] : interpretation->items())
      if (!reading || !reading->contains(key)) r.interpretation[key] = value.get<std::string>();
}

// A proof's mutants and the definitions it relies on.
void read_mutants(const json& mutants, CheckResult& r) {
  auto definition = [](const json& text) {
    return spelled(parse_model_definition, text.is_null() ? json("") : text, "mutants", "model definition");
  };
  for (const json& m : mutants.at("list"))
    r.mutants.push_back(MutantResult{m.at("name").get<std::string>(), m.at("change").get<std::string>(),
                                     m.at("refuted").get<bool>(), m.at("evidence").get<std::string>(),
                                     definition(m.at("definition"))});
  for (const json& d : mutants.at("relies_on")) r.relies_on.push_back(definition(d));
}

// What a proof takes as given.
void read_assumptions(const json& assumptions, CheckResult& r) {
  for (const json& a : assumptions) {
    Given kind = spelled(parse_given, a.at("kind"), "assumptions", "assumption kind");
    Extent extent = spelled(parse_extent, a.at("extent"), "assumptions", "assumption extent");
    r.assumptions.push_back(
        Assumption{kind, a.at("subject").get<std::string>(), a.at("value").get<std::string>(), extent});
  }
}

// The cells "name value" of a cost row's value "name value, name value, ...".
std::vector<std::pair<std::string, std::string>> cost_cells(const std::string& value) {
  std::vector<std::pair<std::string, std::string>> cells;
  for (std::size_t from = 0; from <= value.size();) {
    std::size_t comma = value.find(", ", from);
    std::string cell = value.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
    std::size_t space = cell.rfind(' ');
    if (space != std::string::npos) cells.emplace_back(cell.substr(0, space), cell.substr(space + 1));
    if (comma == std::string::npos) break;
    from = comma + 2;
  }
  return cells;
}

// The cost family a result's details show as a table: rows "n = <size>" with values "name value, ...,
// <quantity> <measured>, <bound> <bound value>, ratio <ratio>", and a row "family" naming the inputs; none
// when no row is "n = <size>" or a row does not read as one, so that only a whole table is typed.
std::optional<CostFamily> cost_family(const std::vector<Detail>& details) {
  CostFamily f;
  const std::string size_key = "n = ";
  for (const auto& [key, value] : details) {
    if (key == "family") f.family = value.substr(0, value.find(','));
    if (key.rfind(size_key, 0) != 0) continue;
    std::optional<Q> size = parse_rational(key.substr(size_key.size()));
    std::vector<std::pair<std::string, std::string>> cells = cost_cells(value);
    if (!size || cells.size() < 3) return std::nullopt;
    const auto& quantity = cells[cells.size() - 3];
    const auto& bound = cells[cells.size() - 2];
    std::optional<Q> cost = parse_rational(quantity.second), bound_value = parse_rational(bound.second);
    if (!cost || !bound_value) return std::nullopt;
    f.quantity = quantity.first, f.bound = bound.first;
    f.points.push_back(CostPoint{*size, *cost, *bound_value});
  }
  if (f.points.empty()) return std::nullopt;
  return f;
}

// The failing case and what the reference computed, from a REFUTED search's summary: what follows
// counterexample_opening(cases - 1), the K cases that passed before the one that failed.
std::optional<std::string> searched_counterexample(const CheckResult& r) {
  if (r.verdict != Verdict::Refuted || r.cases == 0) return std::nullopt;
  std::string opening = counterexample_opening(r.cases - 1);
  if (r.summary.rfind(opening, 0) != 0) return std::nullopt;
  return r.summary.substr(opening.size());
}

}  // namespace

nlohmann::ordered_json instance_to_json(const Instance& instance) {
  ojson options = ojson::object();
  for (const auto& [k, v] : instance.options) options[k] = v;
  ojson values = ojson::object();
  for (const auto& [name, list] : instance.values) {
    ojson items = ojson::array();
    for (const Q& q : list) items.push_back(to_string(q));
    values[name] = items;
  }
  return {{"label", instance.label}, {"scenario", instance.scenario}, {"options", options}, {"values", values}};
}

Instance instance_from_json(const json& doc) {
  if (!doc.is_object()) throw InputError("instance: expected an object");
  Instance instance;
  instance.label = require_string(doc, "label");
  instance.scenario = require_string(doc, "scenario");
  if (auto it = doc.find("options"); it != doc.end()) {
    if (!it->is_object()) throw InputError("options: expected an object");
    for (const auto& [k, v] : it->items()) {
      if (!v.is_string()) throw InputError("options." + k + ": expected a string, got " + shown(v));
      instance.options[k] = v.get<std::string>();
    }
  }
  const json& values = require(doc, "values");
  if (!values.is_object()) throw InputError("values: expected an object");
  for (const auto& [name, list] : values.items()) {
    if (!list.is_array()) throw InputError("values." + name + ": expected a list of numbers");
    std::vector<Q>& out = instance.values[name];
    for (std::size_t i = 0; i < list.size(); ++i)
      out.push_back(exact_number(list[i], "values." + name + "[" + std::to_string(i) + "]"));
  }
  return instance;
}

nlohmann::ordered_json replay_file_to_json(const ReplayFile& file) {
  ojson doc = instance_to_json(file.instance);
  doc["seed"] = file.seed ? ojson(*file.seed) : ojson(nullptr);
  doc["method"] = file.method;
  doc["predicted"] = file.predicted;
  doc["computed"] = file.computed;
  doc["command"] = file.command;
  return doc;
}

ReplayFile replay_file_from_json(const json& doc) {
  ReplayFile file;
  file.instance = instance_from_json(doc);
  if (auto it = doc.find("seed"); it != doc.end() && !it->is_null()) {
    if (!it->is_number_unsigned()) throw InputError("seed: expected a non-negative integer, got " + shown(*it));
    file.seed = it->get<std::uint64_t>();
  }
  file.method = optional_string(doc, "method");
  file.predicted = optional_string(doc, "predicted");
  file.computed = optional_string(doc, "computed");
  file.command = optional_string(doc, "command");
  return file;
}

nlohmann::ordered_json result_to_json(const CheckResult& r) {
  ojson details = ojson::array();
  for (const auto& [k, v] : r.details) details.push_back({{"key", k}, {"value", v}});
  ojson interpretation = ojson::object();
  for (const auto& [k, v] : interpretation_text(r)) interpretation[k] = v;
  ojson reading = ojson::object();
  for (const auto& [key, value] : r.reading)
    reading[to_string(key)] = {{"value", value.value ? ojson(*value.value) : ojson(nullptr)}, {"note", value.note}};
  ojson out = {{"verdict", to_string(r.verdict)},
               {"method", r.method},
               {"scope", to_string(r.scope)},
               {"summary", r.summary},
               {"details", details},
               {"interpretation", interpretation},
               {"reading", reading},
               {"hypotheses_used", r.hypotheses_used},
               {"bound", r.bound.empty() ? ojson(nullptr) : ojson(r.bound)},
               {"second_solver", r.second_solver
                                     ? ojson{{"solver", r.second_solver->solver}, {"answer", r.second_solver->answer}}
                                     : ojson(nullptr)},
               {"cases", r.cases},
               {"seed", r.seed ? ojson(*r.seed) : ojson(nullptr)},
               {"counterexample", r.counterexample ? instance_to_json(*r.counterexample) : ojson(nullptr)}};
  if (!r.mutants.empty()) out["mutants"] = mutants_to_json(r);
  if (!r.assumptions.empty()) {
    ojson list = ojson::array();
    for (const Assumption& a : r.assumptions)
      list.push_back({{"kind", to_string(a.kind)},
                      {"subject", a.subject},
                      {"value", a.value},
                      {"extent", to_string(a.extent)},
                      {"text", assumption_text(a)}});
    out["assumptions"] = list;
  }
  return out;
}

CheckResult result_from_json(const json& j, ResultFields fields) {
  CheckResult r;
  r.verdict = spelled(parse_verdict, *field(j, "verdict", ResultFields::Written), "verdict", "verdict");
  if (const json* method = field(j, "method", fields)) r.method = method->get<std::string>();
  if (const json* summary = field(j, "summary", fields)) r.summary = summary->get<std::string>();
  if (const json* details = field(j, "details", fields))
    for (const json& d : *details) r.details.emplace_back(text_field(d, "key", fields), text_field(d, "value", fields));
  read_reading(j, fields, r);
  if (const json* used = field(j, "hypotheses_used", fields)) r.hypotheses_used = used->get<std::vector<std::string>>();
  if (const json* bound = field(j, "bound", fields); bound && !bound->is_null()) r.bound = bound->get<std::string>();
  if (const json* s = field(j, "second_solver", fields); s && !s->is_null())
    r.second_solver = SecondSolver{s->at("solver").get<std::string>(), s->at("answer").get<std::string>()};
  if (const json* cases = field(j, "cases", fields)) r.cases = cases->get<std::uint64_t>();
  if (const json* seed = field(j, "seed", fields); seed && !seed->is_null()) r.seed = seed->get<std::uint64_t>();
  if (const json* c = field(j, "counterexample", fields); c && !c->is_null()) {
    try {
      r.counterexample = instance_from_json(*c);
    } catch (const InputError& e) {
      throw InputError(std::string("counterexample: ") + e.what());
    }
  }
  r.scope = result_scope(j, fields);
  if (j.contains("mutants")) read_mutants(j.at("mutants"), r);
  if (j.contains("assumptions")) read_assumptions(j.at("assumptions"), r);
  r.cost = cost_family(r.details);
  r.searched = searched_counterexample(r);
  return r;
}

}  // namespace palcheck
