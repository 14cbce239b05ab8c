// The machines behind the separation claims (see separation_witnesses.h).
#include "claims/constructions/separation_witnesses.h"

#include <algorithm>

namespace palcheck {
namespace {

PalLayerSpec one_head_layer(QVector w_in, Thresholds t) {
  PalLayerSpec layer;
  layer.heads.push_back({std::move(w_in), {Q(1), Q(0)}, Measure{{{t, Q(1)}}}});
  layer.ln_mpal = plain_layer_norm(2, Q(1, 100));
  layer.ln_mlp = plain_layer_norm(2, Q(1, 100));
  return layer;
}

}  // namespace

std::vector<HardAttentionHead> range_heads() {
  HardAttentionHead max_head{{{Q(0), Q(1)}}, {{Q(1), Q(0)}}, {Q(1), Q(0)}, {Q(1)}};
  HardAttentionHead min_head{{{Q(0), Q(1)}}, {{Q(-1), Q(0)}}, {Q(1), Q(0)}, {Q(-1)}};
  return {max_head, min_head};
}

std::vector<QVector> range_tokens(const std::vector<Q>& u) {
  std::vector<QVector> x;
  for (const Q& v : u) x.push_back({v, Q(1)});
  return x;
}

std::vector<Q> f_range(const std::vector<Q>& u) {
  std::vector<Q> out;
  for (std::size_t n = 0; n < u.size(); ++n) {
    auto [lo, hi] = std::minmax_element(u.begin(), u.begin() + static_cast<long>(n) + 1);
    out.push_back(*hi - *lo);
  }
  return out;
}

std::vector<HardAttentionHead> copy_heads_quadratic() {
  // q = (2p, -1) from (p, 1); k_j = (j, j^2); the constant -p^2 is common to all j and dropped.
  HardAttentionHead head{{{Q(0), Q(0), Q(0), Q(0), Q(2)}, {Q(0), Q(-1), Q(0), Q(0), Q(0)}},
                         {{Q(0), Q(0), Q(1), Q(0), Q(0)}, {Q(0), Q(0), Q(0), Q(1), Q(0)}},
                         {Q(1), Q(0), Q(0), Q(0), Q(0)},
                         {Q(1)}};
  return {head};
}

std::vector<QVector> copy_tokens_quadratic(const std::vector<Q>& x, std::size_t p) {
  std::vector<QVector> z;
  for (std::size_t j = 0; j < x.size(); ++j) {
    Q jq(static_cast<long>(j));
    z.push_back({x[j], Q(1), jq, jq * jq, Q(static_cast<long>(p))});
  }
  return z;
}

std::vector<HardAttentionHead> copy_heads_sinusoidal() {
  HardAttentionHead head{{{Q(0), Q(0), Q(0), Q(1), Q(0)}, {Q(0), Q(0), Q(0), Q(0), Q(1)}},
                         {{Q(0), Q(1), Q(0), Q(0), Q(0)}, {Q(0), Q(0), Q(1), Q(0), Q(0)}},
                         {Q(1), Q(0), Q(0), Q(0), Q(0)},
                         {Q(1)}};
  return {head};
}

std::vector<IVector> copy_tokens_sinusoidal(const std::vector<Q>& x, std::size_t p, unsigned bits) {
  const Q pq(static_cast<long>(p));
  const QInterval sp = sin_enclosure(pq, bits), cp = cos_enclosure(pq, bits);
  std::vector<IVector> z;
  for (std::size_t j = 0; j < x.size(); ++j) {
    const Q jq(static_cast<long>(j));
    z.push_back({point(x[j]), sin_enclosure(jq, bits), cos_enclosure(jq, bits), sp, cp});
  }
  return z;
}

PalTransformerSpec pe_reading_spec() {
  PalTransformerSpec spec;
  spec.layers.push_back(one_head_layer({Q(1), Q(0)}, {Q(9, 10), Q(1, 2)}));
  return spec;
}

PalTransformerSpec non_extremal_reading_spec() {
  PalTransformerSpec spec;
  spec.layers.push_back(one_head_layer({Q(1), Q(3)}, {Q(16, 5), Q(0)}));
  return spec;
}

}  // namespace palcheck
