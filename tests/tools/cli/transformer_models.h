// The PAL-Transformer documents the command line's transformer tests share (def:pal_transformer): a
// two-layer model written out, and generated deep ones, each with the reference's spec of the same model.
#pragma once

#include "reference/models/transformer_pal.h"

#include <nlohmann/json.hpp>

#include <random>
#include <string>
#include <utility>
#include <vector>

namespace palcheck::cli_test {

using palcheck::Q;

/// Two layers, d = 2, PE at frequency 1/2, with five tokens.
inline const char* kDocument = R"({"transformer": {"d": 2, "pe": {"frequencies": ["1/2"]}, "layers": [
  {"heads": [{"w_in": [1, 0], "w_out": ["1/2", "-1/2"], "relays": [[1, 0, 1], ["1/2", "-1/2", "3/4"]]}],
   "ln_mpal": {"eps": "1/1000"}, "mlp": {"w1": [[1, -1]], "b1": ["1/4"], "w2": [[1], ["-1/2"]], "b2": [0, "1/8"]},
   "ln_mlp": {"eps": "1/1000", "gamma": [2, 1], "beta": [0, "1/2"]}},
  {"heads": [{"w_in": [0, 1], "w_out": [1, 0], "relays": [["1/2", "-1/2", 1]]},
             {"w_in": [1, 1], "w_out": [0, 1], "relays": [[0, -1, 2]]}],
   "ln_mpal": {"eps": "1/1000"}, "ln_mlp": {"eps": "1/1000"}}]},
  "inputs": [[0, 0], [2, "1/3"], ["-3/2", 1], [1, 1], ["1/4", -2]]})";

/// The model of kDocument as the reference's spec.
inline palcheck::PalTransformerSpec reference_spec() {
  using palcheck::QVector;
  palcheck::PalTransformerSpec spec;
  spec.d = 2;
  spec.pe_frequencies = {Q(1, 2)};
  palcheck::PalLayerSpec first;
  first.heads.push_back({{Q(1), Q(0)}, {Q(1, 2), Q(-1, 2)}, {{{{Q(1), Q(0)}, Q(1)}, {{Q(1, 2), Q(-1, 2)}, Q(3, 4)}}}});
  first.ln_mpal = palcheck::plain_layer_norm(2, Q(1, 1000));
  first.mlp = {{{Q(1), Q(-1)}}, {Q(1, 4)}, {{Q(1)}, {Q(-1, 2)}}, {Q(0), Q(1, 8)}};
  first.ln_mlp = {Q(1, 1000), {Q(2), Q(1)}, {Q(0), Q(1, 2)}};
  palcheck::PalLayerSpec second;
  second.heads.push_back({{Q(0), Q(1)}, {Q(1), Q(0)}, {{{{Q(1, 2), Q(-1, 2)}, Q(1)}}}});
  second.heads.push_back({{Q(1), Q(1)}, {Q(0), Q(1)}, {{{{Q(0), Q(-1)}, Q(2)}}}});
  second.ln_mpal = second.ln_mlp = palcheck::plain_layer_norm(2, Q(1, 1000));
  spec.layers = {first, second};
  return spec;
}

/// A generated model of `layers` layers, 2 heads of 3 relays each, d = 4, PE on, weights k/8 in [-1, 1].
inline std::pair<palcheck::PalTransformerSpec, nlohmann::json> deep_model(std::size_t layers, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<Q> values;
  auto weight = [&] {
    Q w(static_cast<int>(rng() % 17) - 8, 8);
    return w;
  };
  auto vector = [&](std::size_t n, palcheck::QVector& q, nlohmann::json& j) {
    for (std::size_t i = 0; i < n; ++i) {
      q.push_back(weight());
      j.push_back(palcheck::to_string(q.back()));
    }
  };
  palcheck::PalTransformerSpec spec;
  spec.d = 4;
  spec.pe_frequencies = {Q(1), Q(1, 3)};
  nlohmann::json model = {{"d", 4}, {"pe", {{"frequencies", {"1", "1/3"}}}}, {"layers", nlohmann::json::array()}};
  for (std::size_t l = 0; l < layers; ++l) {
    palcheck::PalLayerSpec layer;
    nlohmann::json jl = {{"heads", nlohmann::json::array()}};
    for (int h = 0; h < 2; ++h) {
      palcheck::PalHeadSpec head;
      nlohmann::json jh = {
          {"w_in", nlohmann::json::array()}, {"w_out", nlohmann::json::array()}, {"relays", nlohmann::json::array()}};
      vector(4, head.w_in, jh["w_in"]);
      vector(4, head.w_out, jh["w_out"]);
      for (int r = 0; r < 3; ++r) {
        Q a = weight(), b = weight(), w = weight();
        if (a < b) std::swap(a, b);
        head.mu.relays.push_back({{a, b}, w});
        jh["relays"].push_back({palcheck::to_string(a), palcheck::to_string(b), palcheck::to_string(w)});
      }
      layer.heads.push_back(head);
      jl["heads"].push_back(jh);
    }
    layer.ln_mpal = layer.ln_mlp = palcheck::plain_layer_norm(4, Q(1, 100));
    jl["ln_mpal"] = jl["ln_mlp"] = {{"eps", "1/100"}};
    spec.layers.push_back(layer);
    model["layers"].push_back(jl);
  }
  return {spec, model};
}

/// A document of `model` with tokens x.
inline nlohmann::json transformer_document(const nlohmann::json& model, const std::vector<palcheck::QVector>& x) {
  nlohmann::json doc = {{"transformer", model}, {"inputs", nlohmann::json::array()}};
  for (const auto& token : x) {
    nlohmann::json row = nlohmann::json::array();
    for (const Q& v : token) row.push_back(palcheck::to_string(v));
    doc["inputs"].push_back(row);
  }
  return doc;
}

}  // namespace palcheck::cli_test
