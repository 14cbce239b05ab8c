// The PAL-Transformer of def:pal_transformer on rigorous enclosures (see transformer_pal.h).
#include "transformer_pal.h"

namespace palcheck {
namespace {

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

namespace {

PalTransformerRun run_at(const PalTransformerSpec& spec, const std::vector<QVector>& x, InitialState initial,
                         unsigned bits) {
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

}  // namespace

PalTransformerRun run_pal_transformer(const PalTransformerSpec& spec, const std::vector<QVector>& x,
                                      InitialState initial, unsigned bits) {
  for (;; bits *= 2) {
    try {
      return run_at(spec, x, initial, bits);
    } catch (const RelayUndecided&) {
      // An input exactly on a threshold that the enclosures cannot reach stays undecided at every width.
      if (bits >= kMaxReferenceBits) throw;
    }
  }
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

}  // namespace palcheck
