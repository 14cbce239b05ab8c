// lem:mlp_width: exact ReLU networks (see tc_mlp.h).
#include "tc_mlp.h"

#include <stdexcept>

namespace palcheck {

QVector ReluMlp::apply(const QVector& z) const {
  QVector hidden(b1);
  for (std::size_t h = 0; h < hidden.size(); ++h) {
    if (w1[h].size() != z.size()) throw std::invalid_argument("MLP input has the wrong length");
    for (std::size_t i = 0; i < z.size(); ++i)
      if (w1[h][i] != 0) hidden[h] += w1[h][i] * z[i];
    if (hidden[h] < 0) hidden[h] = 0;
  }
  QVector out(b2);
  for (std::size_t o = 0; o < out.size(); ++o)
    for (std::size_t h = 0; h < hidden.size(); ++h)
      if (w2[o][h] != 0 && hidden[h] != 0) out[o] += w2[o][h] * hidden[h];
  return out;
}

ReluMlp one_hot_table_mlp(const std::vector<int>& sizes, const std::vector<QVector>& table) {
  std::size_t inputs = 0, entries = 1;
  for (int s : sizes) {
    inputs += static_cast<std::size_t>(s);
    entries *= static_cast<std::size_t>(s);
  }
  if (table.size() != entries) throw std::invalid_argument("table size is not the product of the input sizes");
  std::size_t outs = table.empty() ? 0 : table[0].size();
  ReluMlp mlp;
  mlp.w2.assign(outs, QVector(entries, Q(0)));
  mlp.b2.assign(outs, Q(0));
  for (std::size_t e = 0; e < entries; ++e) {
    QVector row(inputs, Q(0));
    std::size_t rest = e, base = 0;
    for (int s : sizes) {
      row[base + rest % static_cast<std::size_t>(s)] = 1;
      rest /= static_cast<std::size_t>(s);
      base += static_cast<std::size_t>(s);
    }
    mlp.w1.push_back(row);
    mlp.b1.push_back(-Q(static_cast<long>(sizes.size()) - 1));
    for (std::size_t o = 0; o < outs; ++o) mlp.w2[o][e] = table[e][o];
  }
  return mlp;
}

ReluMlp interpolation_table_mlp(std::size_t input_length, const QVector& key_weights,
                                const std::vector<QVector>& table) {
  if (table.empty()) throw std::invalid_argument("empty table");
  if (key_weights.size() > input_length) throw std::invalid_argument("key longer than the input");
  std::size_t outs = table[0].size(), n = table.size();
  QVector key(input_length, Q(0));
  for (std::size_t i = 0; i < key_weights.size(); ++i) key[i] = key_weights[i];
  ReluMlp mlp;
  mlp.b2 = table[0];
  mlp.w2.assign(outs, QVector(n > 0 ? n - 1 : 0, Q(0)));
  // f(t) = f(0) + sum_j c_j ReLU(t - j): c_0 is the first slope, c_j the change of slope at j.
  for (std::size_t j = 0; j + 1 < n; ++j) {
    mlp.w1.push_back(key);
    mlp.b1.push_back(-Q(static_cast<long>(j)));
    for (std::size_t o = 0; o < outs; ++o) {
      Q slope = table[j + 1][o] - table[j][o];
      Q previous = j == 0 ? Q(0) : table[j][o] - table[j - 1][o];
      mlp.w2[o][j] = slope - previous;
    }
  }
  return mlp;
}

}  // namespace palcheck
