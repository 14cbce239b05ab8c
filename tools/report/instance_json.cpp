// JSON of instances and replay files (see instance_json.h).
#include "tools/report/instance_json.h"

#include "oracle/formats/json_input.h"

namespace palcheck::report {

using namespace oracle;  // the oracle library: formats, problem, eval, compare

using nlohmann::json;
using ojson = nlohmann::ordered_json;

namespace {

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
      out.push_back(parse_number(list[i], "values." + name + "[" + std::to_string(i) + "]"));
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

}  // namespace palcheck::report
