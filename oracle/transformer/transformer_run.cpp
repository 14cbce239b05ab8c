// The whole PAL-Transformer on enclosures, in declared conventions (see transformer_run.h).
#include "oracle/transformer/transformer_run.h"

#include "oracle/transformer/enclosure_ops.h"
#include "oracle/transformer/positional_encoding.h"

#include <algorithm>
#include <stdexcept>

namespace palcheck::oracle {

namespace {

// A relay's state on enclosures: decided, or either (a straddled threshold not yet settled).
enum class Known { Off, On, Either };

// A point's step under the tie rule: which of "on" and "off" it meets, in the rule's order.
Known step_point(TieRule rule, const Thresholds& t, const Q& v, Known previous) {
  bool strict_alpha = rule == TieRule::Strict || rule == TieRule::StrictAlpha;
  bool strict_beta = rule == TieRule::Strict || rule == TieRule::StrictBeta;
  bool on = strict_alpha ? v > t.alpha : v >= t.alpha;
  bool off = strict_beta ? v < t.beta : v <= t.beta;
  if (rule == TieRule::OffFirst && off) return Known::Off;
  if (on) return Known::On;
  if (off) return Known::Off;
  return previous;
}

// The step on an enclosure. The point step is constant between the thresholds, so the outcomes over
// [lo, hi] are those at its ends, at the thresholds inside it and between them. `straddled`: the
// outcome depends on where in the enclosure the input is.
Known step_enclosed(TieRule rule, const Thresholds& t, const QInterval& u, Known previous, bool& straddled) {
  straddled = false;
  bool alpha_inside = u.lo <= t.alpha && t.alpha <= u.hi, beta_inside = u.lo <= t.beta && t.beta <= u.hi;
  if (u.lo == u.hi || (!alpha_inside && !beta_inside)) return step_point(rule, t, u.lo, previous);
  std::vector<Q> at{u.lo, u.hi};
  if (alpha_inside) at.push_back(t.alpha);
  if (beta_inside) at.push_back(t.beta);
  std::sort(at.begin(), at.end());
  at.erase(std::unique(at.begin(), at.end()), at.end());
  for (std::size_t i = 0, n = at.size(); i + 1 < n; ++i) at.push_back((at[i] + at[i + 1]) / 2);
  bool can_on = false, can_off = false;
  for (Known from : {Known::Off, Known::On}) {
    if (previous != Known::Either && from != previous) continue;
    bool first_on = step_point(rule, t, at[0], from) == Known::On;
    for (const Q& v : at) {
      bool is_on = step_point(rule, t, v, from) == Known::On;
      straddled = straddled || is_on != first_on;
      (is_on ? can_on : can_off) = true;
    }
  }
  if (can_on && can_off) return Known::Either;
  straddled = false;
  return can_on ? Known::On : Known::Off;
}

IVector layer_norm(const LayerNormSpec& ln, const IVector& z, const TransformerConventions& c, unsigned bits) {
  const std::size_t d = z.size();
  QInterval mean{Q(0), Q(0)};
  for (const QInterval& v : z) mean = mean + v;
  mean = scaled(Q(1, static_cast<long>(d)), mean);
  IVector centred;
  centred.reserve(d);
  for (const QInterval& v : z) centred.push_back(v - mean);
  QInterval var{Q(0), Q(0)};
  for (const QInterval& x : centred) var = var + squared(x);
  long divisor = static_cast<long>(c.ln_variance == LnVariance::Unbiased ? d - 1 : d);
  var = rounded_out(scaled(Q(1, divisor), var), bits);
  QInterval sd = c.ln_eps == LnEps::Inside ? sqrt_enclosure(var + point(ln.eps), bits)
                                           : sqrt_enclosure(var, bits) + point(ln.eps);
  const QInterval inverse{Q(1) / sd.hi, Q(1) / sd.lo};
  IVector out;
  out.reserve(d);
  for (std::size_t i = 0; i < d; ++i) {
    QInterval v = scaled(ln.gamma[i], times_positive(centred[i], inverse));
    out.push_back(rounded_out({v.lo + ln.beta[i], v.hi + ln.beta[i]}, bits));
  }
  return out;
}

IVector mlp(const MlpSpec& m, const IVector& z) {
  if (m.w1.empty()) return IVector(z.size(), point(0));
  IVector hidden;
  hidden.reserve(m.w1.size());
  for (std::size_t k = 0; k < m.w1.size(); ++k) hidden.push_back(relu(weighted_sum(m.w1[k], z) + point(m.b1[k])));
  IVector out;
  out.reserve(m.w2.size());
  for (std::size_t i = 0; i < m.w2.size(); ++i) out.push_back(weighted_sum(m.w2[i], hidden) + point(m.b2[i]));
  return out;
}

IVector sum(const IVector& a, const IVector& b) {
  IVector out(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) out[i] = a[i] + b[i];
  return out;
}

// The heads of one layer on the inputs they read: their PAL values and MPAL, relays run over the tokens.
void run_heads(const PalLayerSpec& layer, std::size_t l, const std::vector<IVector>& read,
               const TransformerConventions& c, TransformerLayerRun& out, std::vector<UndecidedRelay>& undecided) {
  const std::size_t n = read.size(), d = read.empty() ? 0 : read[0].size(), H = layer.heads.size();
  out.inputs.assign(n, IVector(H, point(0)));
  out.heads.assign(n, IVector(H, point(0)));
  out.mpal.assign(n, IVector(d, point(0)));
  const bool pm1 = c.states == HeadStates::PlusMinusOne;
  for (std::size_t h = 0; h < H; ++h) {
    const PalHeadSpec& head = layer.heads[h];
    const std::vector<WeightedRelay>& relays = head.mu.relays;
    std::vector<Known> state(relays.size(), c.initial == InitialState::On ? Known::On : Known::Off);
    for (std::size_t t = 0; t < n; ++t) {
      QInterval u = weighted_sum(head.w_in, read[t]);
      out.inputs[t][h] = u;
      Q decided = 0, low = 0, high = 0;  // the decided relays' sum, and the undecided ones' range
      for (std::size_t r = 0; r < relays.size(); ++r) {
        bool straddled = false;
        state[r] = step_enclosed(c.tie, relays[r].thresholds, u, state[r], straddled);
        if (straddled) undecided.push_back({t, l, h, r, u});
        const Q& w = relays[r].weight;
        Q off_value = pm1 ? Q(-w) : Q(0);
        if (state[r] == Known::On) decided += w;
        else if (state[r] == Known::Off) decided += off_value;
        else {
          low += std::min(off_value, w);
          high += std::max(off_value, w);
        }
      }
      QInterval pal{decided + low, decided + high};
      out.heads[t][h] = pal;
      for (std::size_t i = 0; i < d; ++i) add_scaled(out.mpal[t][i], head.w_out[i], pal);
    }
  }
}

}  // namespace

TransformerRun run_transformer(const PalTransformerSpec& spec, const std::vector<QVector>& x,
                               const TransformerConventions& c, unsigned bits) {
  const std::size_t n = x.size(), d = spec.d;
  TransformerRun run;
  std::vector<IVector> z(n), pe_for_heads;
  for (std::size_t t = 0; t < n; ++t) {
    if (x[t].size() != d) throw std::invalid_argument("token length differs from d");
    z[t].reserve(d);
    for (const Q& q : x[t]) z[t].push_back(point(q));
  }
  if (spec.sinusoidal_pe) {
    for (std::size_t t = 0; t < n; ++t)
      run.pe.push_back(transformer_pe(spec, static_cast<long>(t) + c.pe_start, c.pe_layout, bits));
  }
  std::vector<IVector> plain = z;  // x, for heads that read no PE
  if (spec.sinusoidal_pe && c.pe_into != PeInto::Heads)
    for (std::size_t t = 0; t < n; ++t) z[t] = sum(z[t], run.pe[t]);
  const bool pre = c.ln_placement == LnPlacement::Pre;
  for (std::size_t l = 0; l < spec.layers.size(); ++l) {
    const PalLayerSpec& layer = spec.layers[l];
    TransformerLayerRun part;
    std::vector<IVector> read = l == 0 && spec.sinusoidal_pe && c.pe_into == PeInto::Residual ? plain : z;
    if (pre) {
      part.ln_mpal.reserve(n);
      for (std::size_t t = 0; t < n; ++t) part.ln_mpal.push_back(layer_norm(layer.ln_mpal, read[t], c, bits));
      read = part.ln_mpal;  // PE for the heads only is added after the LayerNorm, to what they read
    }
    if (l == 0 && spec.sinusoidal_pe && c.pe_into == PeInto::Heads)
      for (std::size_t t = 0; t < n; ++t) read[t] = sum(read[t], run.pe[t]);
    run_heads(layer, l, read, c, part, run.undecided);
    part.mlp.reserve(n);
    part.stream.reserve(n);
    if (!pre) part.ln_mpal.reserve(n), part.ln_mlp.reserve(n);
    const IVector zero(d, point(0));
    const bool keep_mpal = c.residual != Residual::NoMpal, keep_mlp = c.residual != Residual::NoMlp;
    for (std::size_t t = 0; t < n; ++t) {
      IVector after = sum(keep_mpal ? z[t] : zero, part.mpal[t]);
      if (pre) {
        part.ln_mlp.push_back(layer_norm(layer.ln_mlp, after, c, bits));
        part.mlp.push_back(mlp(layer.mlp, part.ln_mlp[t]));
        part.stream.push_back(sum(keep_mlp ? after : zero, part.mlp[t]));
      } else {
        part.ln_mpal.push_back(layer_norm(layer.ln_mpal, after, c, bits));
        part.mlp.push_back(mlp(layer.mlp, part.ln_mpal[t]));
        part.ln_mlp.push_back(layer_norm(layer.ln_mlp, sum(keep_mlp ? part.ln_mpal[t] : zero, part.mlp[t]), c, bits));
        part.stream.push_back(part.ln_mlp[t]);
      }
    }
    z = part.stream;
    run.layers.push_back(std::move(part));
  }
  return run;
}

}  // namespace palcheck::oracle
