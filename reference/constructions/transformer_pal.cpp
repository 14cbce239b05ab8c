// The PAL-Transformer of def:pal_transformer on rigorous enclosures (see transformer_pal.h).
#include "constructions/transformer_pal.h"

namespace palcheck {
namespace {

QInterval dot(const QVector& w, const IVector& z) {
  if (w.size() != z.size()) throw std::invalid_argument("weight and token lengths differ");
  QInterval s = point(0);
  for (std::size_t i = 0; i < w.size(); ++i) s = s + point(w[i]) * z[i];
  return s;
}

QInterval square(const QInterval& a) {
  QInterval p = a * a;
  if (a.lo <= 0 && a.hi >= 0) p.lo = 0;
  return p;
}

// eq:relay on an enclosure: decided only when the enclosure is on one side of each threshold.
RelayState step_enclosed(const Thresholds& t, const QInterval& u, RelayState previous) {
  if (u.lo >= t.alpha) return 1;
  if (u.hi < t.alpha) {
    if (u.hi <= t.beta) return 0;
    if (u.lo > t.beta) return previous;
  }
  throw RelayUndecided("relay (" + to_string(t.alpha) + ", " + to_string(t.beta) + ") undecided on input " +
                       to_string(u));
}

IVector mlp(const MlpSpec& m, const IVector& z) {
  if (m.w1.empty()) return IVector(z.size(), point(0));
  IVector hidden;
  for (std::size_t k = 0; k < m.w1.size(); ++k) hidden.push_back(relu(dot(m.w1[k], z) + point(m.b1.at(k))));
  IVector out;
  for (std::size_t i = 0; i < m.w2.size(); ++i) out.push_back(dot(m.w2[i], hidden) + point(m.b2.at(i)));
  return out;
}

void put(Instance& instance, const std::string& key, std::vector<Q> values) { instance.values[key] = std::move(values); }

const std::vector<Q>& get(const Instance& instance, const std::string& key) {
  auto it = instance.values.find(key);
  if (it == instance.values.end()) throw std::invalid_argument("instance lacks " + key);
  return it->second;
}

std::size_t get_size(const Instance& instance, const std::string& key) {
  const std::vector<Q>& v = get(instance, key);
  if (v.size() != 1 || v[0] < 0 || denominator(v[0]) != 1) throw std::invalid_argument(key + " is not a count");
  return static_cast<std::size_t>(numerator(v[0]).convert_to<unsigned long>());
}

void store_ln(const LayerNormSpec& ln, const std::string& key, Instance& instance) {
  put(instance, key + ".eps", {ln.eps});
  put(instance, key + ".gamma", ln.gamma);
  put(instance, key + ".beta", ln.beta);
}

LayerNormSpec load_ln(const Instance& instance, const std::string& key) {
  return {get(instance, key + ".eps").at(0), get(instance, key + ".gamma"), get(instance, key + ".beta")};
}

}  // namespace

IVector positional_encoding(const PalTransformerSpec& spec, std::size_t n, unsigned bits) {
  IVector pe;
  for (std::size_t k = 0; pe.size() < spec.d; ++k) {
    Q angle = spec.pe_frequencies.at(k) * Q(static_cast<long>(n));
    pe.push_back(sin_enclosure(angle, bits));
    if (pe.size() < spec.d) pe.push_back(cos_enclosure(angle, bits));
  }
  return pe;
}

IVector layer_norm(const LayerNormSpec& ln, const IVector& z, unsigned bits) {
  const QInterval inv_d = point(Q(1, static_cast<long>(z.size())));
  QInterval mean = point(0);
  for (const QInterval& v : z) mean = mean + v;
  mean = mean * inv_d;
  IVector centred;
  for (const QInterval& v : z) centred.push_back(v - mean);
  QInterval var = point(0);
  for (const QInterval& c : centred) var = var + square(c);
  QInterval sd = sqrt_enclosure(round_out(var * inv_d + point(ln.eps), bits), bits);
  IVector out;
  for (std::size_t i = 0; i < z.size(); ++i)
    out.push_back(round_out(point(ln.gamma.at(i)) * (centred[i] / sd) + point(ln.beta.at(i)), bits));
  return out;
}

PalTransformerRun run_pal_transformer(const PalTransformerSpec& spec, const std::vector<QVector>& x,
                                      InitialState initial, unsigned bits) {
  std::vector<IVector> z;
  for (std::size_t n = 0; n < x.size(); ++n) {
    if (x[n].size() != spec.d) throw std::invalid_argument("token length differs from d");
    IVector token;
    for (const Q& q : x[n]) token.push_back(point(q));
    if (spec.sinusoidal_pe) {
      IVector pe = positional_encoding(spec, n, bits);
      for (std::size_t i = 0; i < spec.d; ++i) token[i] = token[i] + pe[i];
    }
    z.push_back(std::move(token));
  }
  PalTransformerRun run;
  for (const PalLayerSpec& layer : spec.layers) {
    std::vector<IVector> attended(z.size(), IVector(spec.d, point(0)));
    for (const PalHeadSpec& head : layer.heads) {
      std::vector<RelayState> state(head.mu.relays.size(), initial == InitialState::On ? 1 : 0);
      for (std::size_t n = 0; n < z.size(); ++n) {
        QInterval u = dot(head.w_in, z[n]);
        Q pal = 0;
        for (std::size_t r = 0; r < state.size(); ++r) {
          state[r] = step_enclosed(head.mu.relays[r].thresholds, u, state[r]);
          if (state[r]) pal += head.mu.relays[r].weight;
        }
        for (std::size_t i = 0; i < spec.d; ++i) attended[n][i] = attended[n][i] + point(head.w_out.at(i) * pal);
      }
    }
    for (std::size_t n = 0; n < z.size(); ++n) {
      IVector sum;
      for (std::size_t i = 0; i < spec.d; ++i) sum.push_back(z[n][i] + attended[n][i]);
      z[n] = layer_norm(layer.ln_mpal, sum, bits);
      IVector m = mlp(layer.mlp, z[n]);
      for (std::size_t i = 0; i < spec.d; ++i) sum[i] = z[n][i] + m[i];
      z[n] = layer_norm(layer.ln_mlp, sum, bits);
    }
    run.mpal.push_back(std::move(attended));
  }
  run.output = std::move(z);
  return run;
}

std::vector<Q> flatten(const std::vector<QVector>& x) {
  std::vector<Q> flat;
  for (const QVector& row : x) flat.insert(flat.end(), row.begin(), row.end());
  return flat;
}

std::vector<QVector> unflatten(const std::vector<Q>& flat, std::size_t d) {
  if (d == 0 || flat.size() % d != 0) throw std::invalid_argument("flat length is not a multiple of the row length");
  std::vector<QVector> x;
  for (std::size_t i = 0; i < flat.size(); i += d) x.emplace_back(flat.begin() + i, flat.begin() + i + d);
  return x;
}

LayerNormSpec plain_layer_norm(std::size_t d, const Q& eps) { return {eps, QVector(d, Q(1)), QVector(d, Q(0))}; }

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
  spec.d = get_size(instance, prefix + "d");
  spec.sinusoidal_pe = get(instance, prefix + "sinusoidal_pe").at(0) != 0;
  spec.pe_frequencies = get(instance, prefix + "pe_frequencies");
  if (spec.sinusoidal_pe && 2 * spec.pe_frequencies.size() < spec.d)
    throw std::invalid_argument("too few PE frequencies for d");
  std::size_t layers = get_size(instance, prefix + "layers");
  for (std::size_t l = 0; l < layers; ++l) {
    PalLayerSpec layer;
    const std::string key = prefix + "L" + std::to_string(l) + ".";
    std::size_t heads = get_size(instance, key + "heads");
    for (std::size_t h = 0; h < heads; ++h) {
      const std::string hk = key + "H" + std::to_string(h) + ".";
      PalHeadSpec head{get(instance, hk + "w_in"), get(instance, hk + "w_out"), {}};
      const std::vector<Q>& relays = get(instance, hk + "relays");
      if (relays.size() % 3 != 0) throw std::invalid_argument(hk + "relays is not a list of triples");
      for (std::size_t r = 0; r < relays.size(); r += 3)
        head.mu.relays.push_back({{relays[r], relays[r + 1]}, relays[r + 2]});
      validate(head.mu);
      layer.heads.push_back(std::move(head));
    }
    layer.ln_mpal = load_ln(instance, key + "ln_mpal");
    layer.ln_mlp = load_ln(instance, key + "ln_mlp");
    std::size_t hidden = get_size(instance, key + "mlp.hidden");
    if (hidden > 0) {
      layer.mlp.w1 = unflatten(get(instance, key + "mlp.w1"), spec.d);
      layer.mlp.b1 = get(instance, key + "mlp.b1");
      layer.mlp.w2 = unflatten(get(instance, key + "mlp.w2"), hidden);
      layer.mlp.b2 = get(instance, key + "mlp.b2");
    }
    spec.layers.push_back(std::move(layer));
  }
  return spec;
}

}  // namespace palcheck
