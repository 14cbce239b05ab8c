// The PAL-Transformer document (see transformer_document.h).
#include "oracle/transformer/transformer_document.h"

#include "oracle/formats/json_input.h"
#include "util/errors.h"

namespace palcheck::oracle {

using nlohmann::json;

namespace {

void check_keys(const json& object, std::initializer_list<const char*> known, const std::string& where) {
  for (const auto& item : object.items()) {
    bool found = false;
    for (const char* k : known) found = found || item.key() == k;
    if (!found) throw InputError(where + ": unknown key \"" + item.key() + "\"");
  }
}

// `value` as an object with no key but `known`; `shape` lists them in the error.
void check_object(const json& value, std::initializer_list<const char*> known, const std::string& where,
                  const std::string& shape) {
  if (!value.is_object()) throw InputError(where + ": expected an object " + shape);
  check_keys(value, known, where);
}

QVector numbers(const json& value, std::size_t length, const std::string& where) {
  if (!value.is_array()) throw InputError(where + ": expected a list of " + std::to_string(length) + " numbers");
  if (value.size() != length)
    throw InputError(where + ": expected " + std::to_string(length) + " numbers, got " + std::to_string(value.size()));
  QVector out;
  out.reserve(length);
  for (std::size_t i = 0; i < value.size(); ++i) out.push_back(parse_number(value[i], where + "[" + std::to_string(i) + "]"));
  return out;
}

QMatrix matrix(const json& value, std::size_t rows, std::size_t columns, const std::string& where) {
  if (!value.is_array() || value.size() != rows)
    throw InputError(where + ": expected " + std::to_string(rows) + " rows of " + std::to_string(columns) + " numbers");
  QMatrix out;
  for (std::size_t r = 0; r < rows; ++r) out.push_back(numbers(value[r], columns, where + "[" + std::to_string(r) + "]"));
  return out;
}

// "relays" as rows [alpha, beta(, weight)] or objects {alpha, beta, weight}, or a "grid".
Measure head_measure(const json& head, const std::string& where) {
  // Both would leave one of them unread: the head would not be the measure its author wrote.
  if (head.contains("relays") && head.contains("grid"))
    throw InputError(where + ": give \"relays\" or \"grid\", not both");
  if (head.contains("relays") && head.at("relays").is_array()) {
    Measure mu;
    const json& list = head.at("relays");
    for (std::size_t k = 0; k < list.size(); ++k)
      mu.relays.push_back(
          parse_relay(list[k], where + ".relays[" + std::to_string(k) + "]", RelayForms::ObjectsOrRows));
    return mu;
  }
  try {
    return parse_measure(head);
  } catch (const InputError& e) {
    throw InputError(where + ": " + e.what());
  }
}

LayerNormSpec layer_norm_spec(const json& value, std::size_t d, const std::string& where) {
  check_keys(value, {"eps", "gamma", "beta"}, where);
  LayerNormSpec ln{parse_number(require(value, "eps", where), where + ".eps"), QVector(d, Q(1)), QVector(d, Q(0))};
  if (ln.eps <= 0) throw InputError(where + ".eps: expected a number > 0, got " + to_string(ln.eps));
  if (value.contains("gamma")) ln.gamma = numbers(value.at("gamma"), d, where + ".gamma");
  if (value.contains("beta")) ln.beta = numbers(value.at("beta"), d, where + ".beta");
  return ln;
}

MlpSpec mlp_spec(const json& value, std::size_t d, const std::string& where) {
  if (value.is_null()) return {};
  check_keys(value, {"w1", "b1", "w2", "b2"}, where);
  const json& w1 = require(value, "w1", where);
  if (!w1.is_array() || w1.empty()) throw InputError(where + ".w1: expected a non-empty list of hidden rows of d numbers");
  if (w1.size() > kMaxTransformerWidth)
    throw InputError(where + ".w1: at most " + std::to_string(kMaxTransformerWidth) + " hidden rows, got " +
                     std::to_string(w1.size()));
  std::size_t hidden = w1.size();
  return {matrix(w1, hidden, d, where + ".w1"), numbers(require(value, "b1", where), hidden, where + ".b1"),
          matrix(require(value, "w2", where), d, hidden, where + ".w2"), numbers(require(value, "b2", where), d, where + ".b2")};
}

std::size_t count(const json& value, std::size_t most, const std::string& where, const std::string& what) {
  if (!value.is_array() || value.empty()) throw InputError(where + ": expected a non-empty list of " + what);
  if (value.size() > most)
    throw InputError(where + ": at most " + std::to_string(most) + " " + what + ", got " + std::to_string(value.size()));
  return value.size();
}

PalHeadSpec head_spec(const json& head, std::size_t d, const std::string& where) {
  check_object(head, {"w_in", "w_out", "relays", "grid"}, where, "{w_in, w_out, relays or grid}");
  return {numbers(require(head, "w_in", where), d, where + ".w_in"),
          numbers(require(head, "w_out", where), d, where + ".w_out"), head_measure(head, where)};
}

PalLayerSpec layer_spec(const json& layer, std::size_t d, const std::string& where) {
  check_object(layer, {"heads", "ln_mpal", "mlp", "ln_mlp"}, where, "{heads, ln_mpal, mlp, ln_mlp}");
  PalLayerSpec out;
  const json& heads = require(layer, "heads", where);
  std::size_t n_heads = count(heads, kMaxTransformerHeads, where + ".heads", "heads");
  for (std::size_t h = 0; h < n_heads; ++h)
    out.heads.push_back(head_spec(heads[h], d, where + ".heads[" + std::to_string(h) + "]"));
  out.ln_mpal = layer_norm_spec(require(layer, "ln_mpal", where), d, where + ".ln_mpal");
  out.mlp = layer.contains("mlp") ? mlp_spec(layer.at("mlp"), d, where + ".mlp") : MlpSpec{};
  out.ln_mlp = layer_norm_spec(require(layer, "ln_mlp", where), d, where + ".ln_mlp");
  return out;
}

}  // namespace

bool is_transformer_document(const json& doc) { return doc.is_object() && doc.contains("transformer"); }

PalTransformerSpec parse_transformer(const json& value) {
  const std::string where = "transformer";
  check_object(value, {"d", "pe", "layers"}, where, "{d, pe, layers}");
  const json& d_value = require(value, "d", where);
  if (!d_value.is_number_unsigned() || d_value.get<std::size_t>() == 0 || d_value.get<std::size_t>() > kMaxTransformerWidth)
    throw InputError(where + ".d: expected an integer from 1 to " + std::to_string(kMaxTransformerWidth) + ", got " +
                     shown(d_value));
  PalTransformerSpec spec;
  spec.d = d_value.get<std::size_t>();
  const json& pe = require(value, "pe", where);
  spec.sinusoidal_pe = !pe.is_null();
  spec.pe_frequencies.clear();
  if (spec.sinusoidal_pe) {
    check_object(pe, {"frequencies"}, where + ".pe", "{frequencies} or null (no PE)");
    spec.pe_frequencies = numbers(require(pe, "frequencies", where + ".pe"), (spec.d + 1) / 2, where + ".pe.frequencies");
  }
  const json& layers = require(value, "layers", where);
  std::size_t n_layers = count(layers, kMaxTransformerLayers, where + ".layers", "layers");
  for (std::size_t l = 0; l < n_layers; ++l)
    spec.layers.push_back(layer_spec(layers[l], spec.d, where + ".layers[" + std::to_string(l) + "]"));
  return spec;
}

std::vector<QVector> parse_transformer_inputs(const json& value, std::size_t d, const std::string& where) {
  if (!value.is_array()) throw InputError(where + ": expected a list of tokens, each a list of d = " + std::to_string(d) + " numbers");
  std::vector<QVector> x;
  x.reserve(value.size());
  for (std::size_t n = 0; n < value.size(); ++n) x.push_back(numbers(value[n], d, where + "[" + std::to_string(n) + "]"));
  return x;
}

void check_transformer_conventions(const PalTransformerSpec& spec, const TransformerConventions& c) {
  if (c.ln_variance == LnVariance::Unbiased && spec.d < 2)
    throw InputError("ln_variance: unbiased divides by d - 1 and needs d >= 2, got d = " + std::to_string(spec.d));
}

TransformerDocument parse_transformer_document(const json& doc) {
  if (!doc.is_object()) throw InputError("document: expected a JSON object");
  check_keys(doc, {"transformer", "inputs", "conventions", "initial_state"}, "document");
  TransformerDocument out;
  out.spec = parse_transformer(require(doc, "transformer", "document"));
  out.inputs = parse_transformer_inputs(require(doc, "inputs", "document"), out.spec.d, "inputs");
  if (doc.contains("initial_state")) out.conventions.initial = parse_initial_state(doc);
  if (doc.contains("conventions")) {
    // The tolerances a comparison reads among the conventions (palcheck_oracle.transformer reads them
    // there too); they change no output, so eval passes over them.
    json conventions = doc.at("conventions"), tolerances = json::object();
    if (conventions.is_object())
      for (const char* key : {"atol", "rtol"})
        if (conventions.contains(key)) {
          tolerances[key] = conventions[key];
          conventions.erase(key);
        }
    apply_transformer_conventions(out.conventions, conventions, "conventions");
    Conventions read = paper_conventions();  // the relay conventions' parser, for atol and rtol alone
    apply_convention_json(read, tolerances, "conventions");
    out.atol = read.atol;
    out.rtol = read.rtol;
  }
  check_transformer_conventions(out.spec, out.conventions);
  return out;
}

}  // namespace palcheck::oracle
