// The transformer's conventions (see transformer_conventions.h), one table of keys and spellings.
#include "oracle/transformer/transformer_conventions.h"

#include "util/errors.h"

#include <functional>

namespace palcheck::oracle {

namespace {

// One key: its spellings (the paper's first) and where the chosen index is kept.
struct ConventionKey {
  const char* key;
  std::vector<std::string> values;
  std::function<std::size_t(const TransformerConventions&)> get;
  std::function<void(TransformerConventions&, std::size_t)> set;
};

// The getter and setter of one member, its value the index of its spelling.
template <class Value>
ConventionKey key_of(const char* key, std::vector<std::string> values, Value TransformerConventions::*member) {
  return {key, std::move(values),
          [member](const TransformerConventions& c) { return static_cast<std::size_t>(c.*member); },
          [member](TransformerConventions& c, std::size_t i) { c.*member = static_cast<Value>(i); }};
}

const std::vector<ConventionKey>& keys() {
  static const std::vector<ConventionKey> table = [] {
    std::vector<std::string> ties;
    for (TieRule t : all_tie_rules()) ties.push_back(to_string(t));
    return std::vector<ConventionKey>{
        key_of("ln_variance", {"biased", "unbiased"}, &TransformerConventions::ln_variance),
        key_of("ln_eps", {"inside", "outside"}, &TransformerConventions::ln_eps),
        key_of("ln_placement", {"post", "pre"}, &TransformerConventions::ln_placement),
        key_of("pe_start", {"0", "1"}, &TransformerConventions::pe_start),
        key_of("pe_layout", {"interleaved", "halves"}, &TransformerConventions::pe_layout),
        key_of("pe_into", {"stream", "heads", "residual"}, &TransformerConventions::pe_into),
        key_of("residual", {"both", "no-mpal", "no-mlp"}, &TransformerConventions::residual),
        key_of("tie_rule", ties, &TransformerConventions::tie),
        key_of("states", {"01", "pm1"}, &TransformerConventions::states),
        key_of("initial_state", {"0", "1"}, &TransformerConventions::initial),
    };
  }();
  return table;
}

std::string joined(const std::vector<std::string>& values) {
  std::string text;
  for (const std::string& v : values) text += (text.empty() ? "" : ", ") + v;
  return text;
}

}  // namespace

void apply_transformer_convention(TransformerConventions& c, const std::string& key, const std::string& value) {
  std::vector<std::string> names;
  for (const ConventionKey& k : keys()) {
    names.push_back(k.key);
    if (key != k.key) continue;
    for (std::size_t i = 0; i < k.values.size(); ++i)
      if (k.values[i] == value) {
        k.set(c, i);
        return;
      }
    throw InputError(key + ": expected one of " + joined(k.values) + ", got \"" + value + "\"");
  }
  throw InputError(key + ": not a transformer convention (the transformer's keys: " + joined(names) + ")");
}

void apply_transformer_conventions(TransformerConventions& c, const nlohmann::json& object, const std::string& where) {
  if (!object.is_object()) throw InputError(where + ": expected an object of key: value");
  for (const auto& [key, value] : object.items()) {
    std::string text;
    if (value.is_string()) text = value.get<std::string>();
    else if (value.is_number_integer()) text = std::to_string(value.get<long long>());
    else throw InputError(where + "." + key + ": expected a string or an integer");
    try {
      apply_transformer_convention(c, key, text);
    } catch (const InputError& e) {
      throw InputError(where + "." + e.what());
    }
  }
}

nlohmann::json transformer_conventions_json(const TransformerConventions& c) {
  nlohmann::json out = nlohmann::json::object();
  for (const ConventionKey& k : keys()) out[k.key] = k.values.at(k.get(c));
  return out;
}

std::vector<std::pair<std::string, std::vector<std::string>>> transformer_convention_values() {
  std::vector<std::pair<std::string, std::vector<std::string>>> out;
  for (const ConventionKey& k : keys()) out.emplace_back(k.key, k.values);
  return out;
}

}  // namespace palcheck::oracle
