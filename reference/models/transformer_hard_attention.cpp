// The exact hard-attention layer (see transformer_hard_attention.h).
#include "transformer_hard_attention.h"

#include <stdexcept>

namespace palcheck {

QInterval dot(const QVector& w, const IVector& z) {
  if (w.size() != z.size()) throw std::invalid_argument("weight and token lengths differ");
  QInterval s = point(0);
  for (std::size_t i = 0; i < w.size(); ++i) s = s + point(w[i]) * z[i];
  return s;
}

namespace {

IVector apply(const QMatrix& m, const IVector& z) {
  IVector out;
  for (const QVector& row : m) out.push_back(dot(row, z));
  return out;
}

QInterval dot(const IVector& a, const IVector& b) {
  QInterval s = point(0);
  for (std::size_t i = 0; i < a.size(); ++i) s = s + a[i] * b[i];
  return s;
}

}  // namespace

std::string to_string(ArgmaxTie tie) { return tie == ArgmaxTie::Leftmost ? "leftmost" : "average"; }

std::vector<std::size_t> hard_attention_selection(const HardAttentionHead& head, const std::vector<IVector>& z,
                                                  std::size_t n) {
  IVector q = apply(head.w_q, z.at(n));
  std::vector<QInterval> score;
  for (std::size_t j = 0; j <= n; ++j) score.push_back(dot(q, apply(head.w_k, z[j])));
  // A position stays a candidate unless some other score is certainly larger.
  std::vector<std::size_t> candidates;
  for (std::size_t j = 0; j <= n; ++j) {
    bool beaten = false;
    for (std::size_t k = 0; k <= n && !beaten; ++k) beaten = score[k].lo > score[j].hi;
    if (!beaten) candidates.push_back(j);
  }
  for (std::size_t j : candidates)
    if (j != candidates.front() && certified_compare(score[j], score[candidates.front()]) != 0)
      throw ArgmaxUndecided("argmax at position " + std::to_string(n) + " is not certified by the enclosures");
  return candidates;
}

std::vector<IVector> hard_attention_layer(const std::vector<HardAttentionHead>& heads, const std::vector<IVector>& z,
                                          ArgmaxTie tie) {
  std::vector<IVector> out;
  for (std::size_t n = 0; n < z.size(); ++n) {
    IVector row;
    for (const HardAttentionHead& head : heads) {
      std::vector<std::size_t> picked = hard_attention_selection(head, z, n);
      if (tie == ArgmaxTie::Leftmost) picked.resize(1);
      QInterval value = point(0);
      for (std::size_t j : picked) value = value + dot(head.w_v, z[j]);
      value = value * point(Q(1, static_cast<long>(picked.size())));
      if (row.empty()) row.assign(head.w_o.size(), point(0));
      for (std::size_t i = 0; i < head.w_o.size(); ++i) row[i] = row[i] + point(head.w_o[i]) * value;
    }
    out.push_back(std::move(row));
  }
  return out;
}

std::vector<IVector> as_points(const std::vector<QVector>& x) {
  std::vector<IVector> z;
  for (const QVector& token : x) {
    IVector t;
    for (const Q& q : token) t.push_back(point(q));
    z.push_back(std::move(t));
  }
  return z;
}

}  // namespace palcheck
