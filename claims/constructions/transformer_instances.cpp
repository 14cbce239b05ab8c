// Transformers as replayable instances (see transformer_instances.h).
#include "claims/constructions/transformer_instances.h"

#include <stdexcept>

namespace palcheck {
namespace {

const std::vector<Q>& get_values(const Instance& instance, const std::string& key) {
  auto it = instance.values.find(key);
  if (it == instance.values.end()) throw std::invalid_argument("instance lacks " + key);
  return it->second;
}

std::size_t count(const Instance& instance, const std::string& key) {
  const std::vector<Q>& v = get_values(instance, key);
  if (v.size() != 1 || v[0] < 0 || denominator(v[0]) != 1) throw std::invalid_argument(key + " is not a count");
  return static_cast<std::size_t>(numerator(v[0]).convert_to<unsigned long>());
}

QMatrix rows(const std::vector<Q>& flat, std::size_t width) {
  if (width == 0 || flat.size() % width != 0) throw std::invalid_argument("matrix length is not a multiple of d");
  QMatrix m;
  for (std::size_t i = 0; i < flat.size(); i += width) m.emplace_back(flat.begin() + i, flat.begin() + i + width);
  return m;
}

void put(Instance& instance, const std::string& key, std::vector<Q> values) { instance.values[key] = std::move(values); }

void store_ln(const LayerNormSpec& ln, const std::string& key, Instance& instance) {
  put(instance, key + ".eps", {ln.eps});
  put(instance, key + ".gamma", ln.gamma);
  put(instance, key + ".beta", ln.beta);
}

LayerNormSpec load_ln(const Instance& instance, const std::string& key) {
  return {get_values(instance, key + ".eps").at(0), get_values(instance, key + ".gamma"), get_values(instance, key + ".beta")};
}

}  // namespace

void store_heads(const std::vector<HardAttentionHead>& heads, const std::string& prefix, Instance& instance) {
  instance.values[prefix + "heads"] = {Q(static_cast<long>(heads.size()))};
  for (std::size_t h = 0; h < heads.size(); ++h) {
    const std::string key = prefix + "H" + std::to_string(h) + ".";
    instance.values[key + "d"] = {Q(static_cast<long>(heads[h].w_v.size()))};
    std::vector<Q> q, k;
    for (const QVector& row : heads[h].w_q) q.insert(q.end(), row.begin(), row.end());
    for (const QVector& row : heads[h].w_k) k.insert(k.end(), row.begin(), row.end());
    instance.values[key + "w_q"] = q;
    instance.values[key + "w_k"] = k;
    instance.values[key + "w_v"] = heads[h].w_v;
    instance.values[key + "w_o"] = heads[h].w_o;
  }
}

std::vector<HardAttentionHead> load_heads(const Instance& instance, const std::string& prefix) {
  std::vector<HardAttentionHead> heads;
  std::size_t n = count(instance, prefix + "heads");
  for (std::size_t h = 0; h < n; ++h) {
    const std::string key = prefix + "H" + std::to_string(h) + ".";
    std::size_t d = count(instance, key + "d");
    HardAttentionHead head{rows(get_values(instance, key + "w_q"), d), rows(get_values(instance, key + "w_k"), d),
                           get_values(instance, key + "w_v"), get_values(instance, key + "w_o")};
    if (head.w_q.size() != head.w_k.size()) throw std::invalid_argument(key + "w_q and w_k differ in rows");
    heads.push_back(std::move(head));
  }
  return heads;
}

void store_spec(const PalTransformerSpec& spec, const std::string& prefix, Instance& instance) {
  put(instance, prefix + "d", {Q(static_cast<long>(spec.d))});
  put(instance, prefix + "sinusoidal_pe", {Q(spec.sinusoidal_pe ? 1 : 0)});
  put(instance, prefix + "pe_frequencies", spec.pe_frequencies);
  put(instance, prefix + "layers", {Q(static_cast<long>(spec.layers.size()))});
  for (std::size_t l = 0; l < spec.layers.size(); ++l) {
    const PalLayerSpec& layer = spec.layers[l];
    const std::string key = prefix + "L" + std::to_string(l) + ".";
    put(instance, key + "heads", {Q(static_cast<long>(layer.heads.size()))});
    for (std::size_t h = 0; h < layer.heads.size(); ++h) {
      const std::string hk = key + "H" + std::to_string(h) + ".";
      put(instance, hk + "w_in", layer.heads[h].w_in);
      put(instance, hk + "w_out", layer.heads[h].w_out);
      std::vector<Q> relays;
      for (const WeightedRelay& r : layer.heads[h].mu.relays)
        relays.insert(relays.end(), {r.thresholds.alpha, r.thresholds.beta, r.weight});
      put(instance, hk + "relays", relays);
    }
    store_ln(layer.ln_mpal, key + "ln_mpal", instance);
    store_ln(layer.ln_mlp, key + "ln_mlp", instance);
    put(instance, key + "mlp.hidden", {Q(static_cast<long>(layer.mlp.w1.size()))});
    put(instance, key + "mlp.w1", flatten(layer.mlp.w1));
    put(instance, key + "mlp.b1", layer.mlp.b1);
    put(instance, key + "mlp.w2", flatten(layer.mlp.w2));
    put(instance, key + "mlp.b2", layer.mlp.b2);
  }
}

PalTransformerSpec load_spec(const Instance& instance, const std::string& prefix) {
  PalTransformerSpec spec;
  spec.d = count(instance, prefix + "d");
  spec.sinusoidal_pe = get_values(instance, prefix + "sinusoidal_pe").at(0) != 0;
  spec.pe_frequencies = get_values(instance, prefix + "pe_frequencies");
  if (spec.sinusoidal_pe && 2 * spec.pe_frequencies.size() < spec.d)
    throw std::invalid_argument("too few PE frequencies for d");
  std::size_t layers = count(instance, prefix + "layers");
  for (std::size_t l = 0; l < layers; ++l) {
    PalLayerSpec layer;
    const std::string key = prefix + "L" + std::to_string(l) + ".";
    std::size_t heads = count(instance, key + "heads");
    for (std::size_t h = 0; h < heads; ++h) {
      const std::string hk = key + "H" + std::to_string(h) + ".";
      PalHeadSpec head{get_values(instance, hk + "w_in"), get_values(instance, hk + "w_out"), {}};
      const std::vector<Q>& relays = get_values(instance, hk + "relays");
      if (relays.size() % 3 != 0) throw std::invalid_argument(hk + "relays is not a list of triples");
      for (std::size_t r = 0; r < relays.size(); r += 3)
        head.mu.relays.push_back({{relays[r], relays[r + 1]}, relays[r + 2]});
      validate(head.mu);
      layer.heads.push_back(std::move(head));
    }
    layer.ln_mpal = load_ln(instance, key + "ln_mpal");
    layer.ln_mlp = load_ln(instance, key + "ln_mlp");
    std::size_t hidden = count(instance, key + "mlp.hidden");
    if (hidden > 0) {
      layer.mlp.w1 = unflatten(get_values(instance, key + "mlp.w1"), spec.d);
      layer.mlp.b1 = get_values(instance, key + "mlp.b1");
      layer.mlp.w2 = unflatten(get_values(instance, key + "mlp.w2"), hidden);
      layer.mlp.b2 = get_values(instance, key + "mlp.b2");
    }
    spec.layers.push_back(std::move(layer));
  }
  return spec;
}

}  // namespace palcheck
