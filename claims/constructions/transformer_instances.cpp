// Transformers as replayable instances (see transformer_instances.h).
#include "claims/constructions/transformer_instances.h"

#include <stdexcept>

namespace palcheck {
namespace {

// Dimensions, heads, layers and widths a replay accepts: the constructions use a few dozen at most.
constexpr std::size_t kMaxTransformerSize = 4096;
// Largest sinusoidal PE frequency (and token entry) a replay accepts: the sine enclosures cost grows
// with the argument.
const Q kMaxMagnitude{1000};

// The list under key, every entry of magnitude at most kMaxMagnitude.
const std::vector<Q>& bounded(const std::vector<Q>& values, const std::string& key) {
  for (const Q& q : values)
    if (q > kMaxMagnitude || q < -kMaxMagnitude)
      throw BadInstance("values[\"" + key + "\"] holds " + to_string(q) + ", beyond +-" + to_string(kMaxMagnitude));
  return values;
}

QMatrix rows(const std::vector<Q>& flat, std::size_t width) {
  if (width == 0 || flat.size() % width != 0) throw BadInstance("matrix length is not a multiple of d");
  QMatrix m;
  for (std::size_t i = 0; i < flat.size(); i += width) m.emplace_back(flat.begin() + i, flat.begin() + i + width);
  return m;
}

void put(Instance& instance, const std::string& key, std::vector<Q> values) {
  instance.values[key] = std::move(values);
}

void store_ln(const LayerNormSpec& ln, const std::string& key, Instance& instance) {
  put(instance, key + ".eps", {ln.eps});
  put(instance, key + ".gamma", ln.gamma);
  put(instance, key + ".beta", ln.beta);
}

LayerNormSpec load_ln(const Instance& instance, const std::string& key, std::size_t d) {
  return {scalar(instance, key + ".eps"), list(instance, key + ".gamma", d), list(instance, key + ".beta", d)};
}

}  // namespace

std::vector<QVector> load_tokens(const Instance& instance, const std::string& key, std::size_t d) {
  const std::vector<Q>& flat = bounded(list(instance, key, d, kMaxTransformerSize * d), key);
  if (d == 0 || flat.size() % d != 0)
    throw BadInstance("values[\"" + key + "\"] has " + std::to_string(flat.size()) + " numbers, not tokens of " +
                      std::to_string(d));
  return unflatten(flat, d);
}

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
  std::size_t n = index(instance, prefix + "heads", kMaxTransformerSize);
  for (std::size_t h = 0; h < n; ++h) {
    const std::string key = prefix + "H" + std::to_string(h) + ".";
    std::size_t d = index(instance, key + "d", kMaxTransformerSize);
    HardAttentionHead head{rows(list(instance, key + "w_q"), d), rows(list(instance, key + "w_k"), d),
                           list(instance, key + "w_v"), list(instance, key + "w_o")};
    if (head.w_q.size() != head.w_k.size()) throw BadInstance(key + "w_q and w_k differ in rows");
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
  spec.d = static_cast<std::size_t>(integer(instance, prefix + "d", 1, static_cast<long>(kMaxTransformerSize)));
  spec.sinusoidal_pe = scalar(instance, prefix + "sinusoidal_pe") != 0;
  spec.pe_frequencies =
      bounded(list(instance, prefix + "pe_frequencies", 0, kMaxTransformerSize), prefix + "pe_frequencies");
  if (spec.sinusoidal_pe && 2 * spec.pe_frequencies.size() < spec.d)
    throw BadInstance("values[\"" + prefix + "pe_frequencies\"] has too few PE frequencies for d");
  std::size_t layers = index(instance, prefix + "layers", kMaxTransformerSize);
  for (std::size_t l = 0; l < layers; ++l) {
    PalLayerSpec layer;
    const std::string key = prefix + "L" + std::to_string(l) + ".";
    std::size_t heads = index(instance, key + "heads", kMaxTransformerSize);
    for (std::size_t h = 0; h < heads; ++h) {
      const std::string hk = key + "H" + std::to_string(h) + ".";
      PalHeadSpec head{list(instance, hk + "w_in", spec.d), list(instance, hk + "w_out", spec.d), {}};
      const std::vector<Q>& relays = list(instance, hk + "relays");
      if (relays.size() % 3 != 0) throw BadInstance("values[\"" + hk + "relays\"] is not a list of triples");
      for (std::size_t r = 0; r < relays.size(); r += 3)
        head.mu.relays.push_back({{relays[r], relays[r + 1]}, relays[r + 2]});
      validate(head.mu);
      layer.heads.push_back(std::move(head));
    }
    layer.ln_mpal = load_ln(instance, key + "ln_mpal", spec.d);
    layer.ln_mlp = load_ln(instance, key + "ln_mlp", spec.d);
    std::size_t hidden = index(instance, key + "mlp.hidden", kMaxTransformerSize);
    if (hidden > 0) {
      layer.mlp.w1 = unflatten(list(instance, key + "mlp.w1", hidden * spec.d), spec.d);
      layer.mlp.b1 = list(instance, key + "mlp.b1", hidden);
      layer.mlp.w2 = unflatten(list(instance, key + "mlp.w2", spec.d * hidden), hidden);
      layer.mlp.b2 = list(instance, key + "mlp.b2", spec.d);
    }
    spec.layers.push_back(std::move(layer));
  }
  return spec;
}

}  // namespace palcheck
