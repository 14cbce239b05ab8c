// The whole PAL-Transformer on balls, in declared conventions, at adaptive precision (see transformer_run.h).
#include "oracle/transformer/transformer_run.h"

#include "oracle/eval/oracle_readings.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace palcheck::oracle {

namespace {

// A relay's state on enclosures: decided, or either (a straddled threshold not yet settled).
enum class Known { Off, On, Either };

// A point's step under the tie rule: which of "on" and "off" it meets, in the rule's order.
Known step_point(TieRule rule, const Thresholds& t, const Q& v, Known previous) {
  const auto [on, off] = meets(rule, v, t);
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

// The relays' inputs are compared with their thresholds exactly: the ball's ends as rationals.
QInterval ends(const Ball& u) { return {*u.lower(), *u.upper()}; }

Ball weighted_sum(const QVector& w, const BVector& z, long bits) {
  Ball s(bits);
  for (std::size_t i = 0; i < w.size(); ++i)
    if (w[i] != 0) s += scaled(w[i], z[i]);
  return s;
}

BVector layer_norm(const LayerNormSpec& ln, const BVector& z, const TransformerConventions& c, long bits) {
  const std::size_t d = z.size();
  Ball mean(bits);
  for (const Ball& v : z) mean += v;
  mean = scaled(Q(1, static_cast<long>(d)), mean);
  BVector centred;
  centred.reserve(d);
  for (const Ball& v : z) centred.push_back(v - mean);
  Ball var(bits);
  for (const Ball& x : centred) var += squared(x);
  long divisor = static_cast<long>(c.ln_variance == LnVariance::Unbiased ? d - 1 : d);
  var = scaled(Q(1, divisor), var);
  const Ball eps(ln.eps, bits);
  // The variance is at least 0 by definition: its ball's negative part is rounding, not value.
  const Ball sd = c.ln_eps == LnEps::Inside ? sqrt_nonnegative(var + eps) : sqrt_nonnegative(var) + eps;
  // |z_i - mean| <= sqrt(d var) <= sqrt(d) sd for either variance and either eps: a bound the balls do
  // not know (they count z twice), which keeps a deep model's balls finite where the sd's holds 0.
  const Ball root_d = sqrt_nonnegative(Ball(Q(static_cast<long>(d)), bits));
  const Ball bound = join(Ball(Q(-*root_d.upper()), bits), Ball(*root_d.upper(), bits));
  BVector out;
  out.reserve(d);
  for (std::size_t i = 0; i < d; ++i) {
    Ball normalised = centred[i] / sd;
    normalised = normalised.finite() ? intersect(normalised, bound) : bound;
    out.push_back(scaled(ln.gamma[i], normalised) + Ball(ln.beta[i], bits));
  }
  return out;
}

BVector mlp(const MlpSpec& m, const BVector& z, long bits) {
  if (m.w1.empty()) return BVector(z.size(), Ball(bits));
  BVector hidden;
  hidden.reserve(m.w1.size());
  for (std::size_t k = 0; k < m.w1.size(); ++k)
    hidden.push_back(relu(weighted_sum(m.w1[k], z, bits) + Ball(m.b1[k], bits)));
  BVector out;
  out.reserve(m.w2.size());
  for (std::size_t i = 0; i < m.w2.size(); ++i) out.push_back(weighted_sum(m.w2[i], hidden, bits) + Ball(m.b2[i], bits));
  return out;
}

BVector sum(const BVector& a, const BVector& b) {
  BVector out;
  out.reserve(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) out.push_back(a[i] + b[i]);
  return out;
}

// The dot product's scale at which rounding is measured: sum_i |w_i z_i| (balls' midpoints).
double dot_scale(const QVector& w, const BVector& z, const std::optional<QVector>& exact) {
  double scale = 0;
  for (std::size_t i = 0; i < w.size(); ++i)
    if (w[i] != 0) scale += std::abs(to_double(w[i]) * (exact ? to_double((*exact)[i]) : z[i].mid_double()));
  return scale;
}

// Whether relay r, stepping from `previous` to `now` on input `u`, is within rounding of a threshold
// whose other side would step it elsewhere; the place and that input if so.
std::optional<NearThreshold> near_threshold(TieRule rule, const Thresholds& t, const QInterval& u, double scale,
                                            FloatFormat format, Known previous, Known now) {
  if (previous == Known::Either || now == Known::Either) return std::nullopt;
  const Q mid = (u.lo + u.hi) / 2;
  for (bool at_alpha : {true, false}) {
    const Q& theta = at_alpha ? t.alpha : t.beta;
    const double bound = rounding_bound(scale + std::abs(to_double(theta)), format);
    const double distance = to_double(abs(Q(mid - theta)));
    if (!(distance <= bound)) continue;
    const Q step = *rational_from_double(bound);
    for (const Q& v : {Q(theta - step), Q(theta + step)})
      if (step_point(rule, t, v, previous) != now) return NearThreshold{{0, 0, 0, v}, 0, at_alpha, distance, bound};
  }
  return std::nullopt;
}

// The heads of one layer on the inputs they read: their PAL values and MPAL, relays run over the tokens.
// `exact` holds a token's input where it is still rational (the first layer before any LayerNorm), so
// that a token exactly on a threshold meets the tie rule, as in the exact reference, whatever the bits.
// With probe.near, the relays rounding may have switched are listed in `near`.
void run_heads(const PalLayerSpec& layer, std::size_t l, const std::vector<BVector>& read,
               const std::vector<std::optional<QVector>>& exact, const TransformerConventions& c, long bits,
               const RunProbe& probe, TransformerLayerRun& out, std::vector<UndecidedRelay>& undecided,
               std::vector<NearThreshold>& near) {
  const std::size_t n = read.size(), d = read.empty() ? 0 : read[0].size(), H = layer.heads.size();
  out.inputs.assign(n, BVector(H, Ball(bits)));
  out.heads.assign(n, BVector(H, Ball(bits)));
  out.mpal.assign(n, BVector(d, Ball(bits)));
  const bool pm1 = c.states == HeadStates::PlusMinusOne;
  for (std::size_t h = 0; h < H; ++h) {
    const PalHeadSpec& head = layer.heads[h];
    const std::vector<WeightedRelay>& relays = head.mu.relays;
    std::vector<Known> state(relays.size(), c.initial == InitialState::On ? Known::On : Known::Off);
    for (std::size_t t = 0; t < n; ++t) {
      std::optional<Q> rational;
      if (t < exact.size() && exact[t]) {
        rational = Q(0);
        for (std::size_t i = 0; i < d; ++i) *rational += head.w_in[i] * (*exact[t])[i];
      }
      Ball u = rational ? Ball(*rational, bits) : weighted_sum(head.w_in, read[t], bits);
      out.inputs[t][h] = u;
      auto moved = std::find_if(probe.moved.begin(), probe.moved.end(), [&](const MovedInput& m) {
        return m.token == t && m.layer == l && m.head == h;
      });
      const bool is_moved = moved != probe.moved.end();
      const bool finite = u.finite() || is_moved;
      const QInterval range = is_moved   ? point(moved->input)
                              : rational ? point(*rational)
                              : finite   ? ends(u)
                                         : QInterval{};
      // Listed only where the implementation's own computation can round: not an input it computes exactly
      // (dyadic tokens on a coarse grid), nor one the probe moved.
      const bool may_round =
          probe.near && !is_moved && !(t < exact.size() && exact[t] && dot_is_exact(head.w_in, *exact[t], *probe.near));
      Q decided = 0, low = 0, high = 0;  // the decided relays' sum, and the undecided ones' range
      for (std::size_t r = 0; r < relays.size(); ++r) {
        bool straddled = true;
        const Known previous = state[r];
        if (finite || rational) state[r] = step_enclosed(c.tie, relays[r].thresholds, range, state[r], straddled);
        else state[r] = Known::Either;
        if (may_round && !straddled) {
          const double scale = dot_scale(head.w_in, read[t], t < exact.size() ? exact[t] : std::nullopt);
          if (auto n = near_threshold(c.tie, relays[r].thresholds, range, scale, *probe.near, previous, state[r])) {
            n->moved.token = t, n->moved.layer = l, n->moved.head = h, n->relay = r;
            near.push_back(std::move(*n));
          }
        }
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
      Ball pal = low == high ? Ball(decided + low, bits) : join(Ball(decided + low, bits), Ball(decided + high, bits));
      out.heads[t][h] = pal;
      for (std::size_t i = 0; i < d; ++i)
        if (head.w_out[i] != 0) out.mpal[t][i] += scaled(head.w_out[i], pal);
    }
  }
}

}  // namespace

TransformerRun run_transformer(const PalTransformerSpec& spec, const std::vector<QVector>& x,
                               const TransformerConventions& c, long bits, const Interrupt& interrupt,
                               const RunProbe& probe) {
  const std::size_t n = x.size(), d = spec.d;
  TransformerRun run;
  run.bits = bits;
  std::vector<BVector> z(n);
  for (std::size_t t = 0; t < n; ++t) {
    if (x[t].size() != d) throw std::invalid_argument("token length differs from d");
    z[t].reserve(d);
    for (const Q& q : x[t]) z[t].emplace_back(q, bits);
  }
  if (spec.sinusoidal_pe) {
    for (std::size_t t = 0; t < n; ++t)
      run.pe.push_back(transformer_pe(spec, static_cast<long>(t) + c.pe_start, c.pe_layout, bits));
  }
  std::vector<BVector> plain = z;  // x, for heads that read no PE
  if (spec.sinusoidal_pe && c.pe_into != PeInto::Heads)
    for (std::size_t t = 0; t < n; ++t) z[t] = sum(z[t], run.pe[t]);
  const bool pre = c.ln_placement == LnPlacement::Pre;
  // What the first layer's heads read, exactly, where PE adds nothing irrational (an exact ball is its
  // midpoint): the tokens themselves, or with PE at a position whose angles are all 0.
  const bool pe_read = spec.sinusoidal_pe && c.pe_into != PeInto::Residual;
  std::vector<std::optional<QVector>> first_exact(n), no_exact;
  for (std::size_t t = 0; t < n && !pre; ++t) {
    QVector v = x[t];
    bool rational = true;
    for (std::size_t i = 0; pe_read && i < d && rational; ++i) {
      rational = run.pe[t][i].exact();
      if (rational) v[i] += *run.pe[t][i].lower();
    }
    if (rational) first_exact[t] = std::move(v);
  }
  for (std::size_t l = 0; l < spec.layers.size(); ++l) {
    if (interrupt) interrupt();
    const PalLayerSpec& layer = spec.layers[l];
    TransformerLayerRun part;
    std::vector<BVector> read = l == 0 && spec.sinusoidal_pe && c.pe_into == PeInto::Residual ? plain : z;
    if (pre) {
      part.ln_mpal.reserve(n);
      for (std::size_t t = 0; t < n; ++t) part.ln_mpal.push_back(layer_norm(layer.ln_mpal, read[t], c, bits));
      read = part.ln_mpal;  // PE for the heads only is added after the LayerNorm, to what they read
    }
    if (l == 0 && spec.sinusoidal_pe && c.pe_into == PeInto::Heads)
      for (std::size_t t = 0; t < n; ++t) read[t] = sum(read[t], run.pe[t]);
    run_heads(layer, l, read, l == 0 && !pre ? first_exact : no_exact, c, bits, probe, part, run.undecided, run.near);
    part.mlp.reserve(n);
    part.stream.reserve(n);
    if (!pre) part.ln_mpal.reserve(n), part.ln_mlp.reserve(n);
    const BVector zero(d, Ball(bits));
    const bool keep_mpal = c.residual != Residual::NoMpal, keep_mlp = c.residual != Residual::NoMlp;
    for (std::size_t t = 0; t < n; ++t) {
      if (interrupt && t % kTokensBetweenInterrupts == kTokensBetweenInterrupts - 1) interrupt();
      BVector after = sum(keep_mpal ? z[t] : zero, part.mpal[t]);
      if (pre) {
        part.ln_mlp.push_back(layer_norm(layer.ln_mlp, after, c, bits));
        part.mlp.push_back(mlp(layer.mlp, part.ln_mlp[t], bits));
        part.stream.push_back(sum(keep_mlp ? after : zero, part.mlp[t]));
      } else {
        part.ln_mpal.push_back(layer_norm(layer.ln_mpal, after, c, bits));
        part.mlp.push_back(mlp(layer.mlp, part.ln_mpal[t], bits));
        part.ln_mlp.push_back(layer_norm(layer.ln_mlp, sum(keep_mlp ? part.ln_mpal[t] : zero, part.mlp[t]), c, bits));
        part.stream.push_back(part.ln_mlp[t]);
      }
    }
    z = part.stream;
    run.layers.push_back(std::move(part));
  }
  return run;
}

bool determined(const Ball& b, const PrecisionGoal& goal) {
  return goal.width ? b.width_at_most(*goal.width) : b.nearest_double().has_value();
}

bool beyond_doubles(const Ball& b) {
  constexpr double largest = std::numeric_limits<double>::max();
  return b.finite() && (b.lower_double() >= largest || b.upper_double() <= -largest);
}

namespace {

// Every ball of the rows determined, or beyond what more bits could determine.
bool all_determined(const std::vector<BVector>& rows, const PrecisionGoal& goal) {
  for (const BVector& row : rows)
    for (const Ball& b : row)
      if (!determined(b, goal) && (goal.width || !beyond_doubles(b))) return false;
  return true;
}

}  // namespace

bool meets(const TransformerRun& run, const PrecisionGoal& goal) {
  if (!run.undecided.empty() || !all_determined(run.output(), goal)) return false;
  if (!goal.parts) return true;
  for (const TransformerLayerRun& l : run.layers)
    for (const auto* part : {&l.heads, &l.mpal, &l.ln_mpal, &l.mlp, &l.ln_mlp, &l.stream})
      if (!all_determined(*part, goal)) return false;
  return true;
}

long first_bits(const PalTransformerSpec& spec) {
  long want = kFirstTransformerBits + kBitsPerLayer * static_cast<long>(spec.layers.size());
  return std::min((want + 63) / 64 * 64, kMaxTransformerBits);
}

TransformerRun run_transformer_to(const PalTransformerSpec& spec, const std::vector<QVector>& x,
                                  const TransformerConventions& c, const PrecisionGoal& goal,
                                  const Interrupt& interrupt, const RunProbe& probe) {
  long bits = std::min(first_bits(spec), goal.max_bits);
  for (;;) {
    TransformerRun run = run_transformer(spec, x, c, bits, interrupt, probe);
    if (meets(run, goal) || bits >= goal.max_bits) return run;
    bits = std::min(2 * bits, goal.max_bits);
  }
}

}  // namespace palcheck::oracle
