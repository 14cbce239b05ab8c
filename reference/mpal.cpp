// def:mpal (see mpal.h).
#include "mpal.h"

#include "memory_pal.h"

#include <stdexcept>
#include <string>

namespace palcheck {

std::vector<Q> project(const QVector& w_in, const std::vector<QVector>& x) {
  std::vector<Q> signal;
  signal.reserve(x.size());
  for (std::size_t n = 0; n < x.size(); ++n) {
    if (x[n].size() != w_in.size())
      throw std::invalid_argument("token " + std::to_string(n) + " has length " + std::to_string(x[n].size()) +
                                  ", W_I has length " + std::to_string(w_in.size()));
    Q s = 0;
    for (std::size_t k = 0; k < w_in.size(); ++k) s += w_in[k] * x[n][k];
    signal.push_back(s);
  }
  return signal;
}

std::vector<QVector> mpal(const std::vector<MpalHead>& heads, const std::vector<QVector>& x, InitialState initial) {
  std::size_t d = x.empty() ? (heads.empty() ? 0 : heads[0].w_out.size()) : x[0].size();
  std::vector<QVector> out(x.size(), QVector(d, Q(0)));
  for (std::size_t h = 0; h < heads.size(); ++h) {
    const MpalHead& head = heads[h];
    if (head.w_out.size() != d)
      throw std::invalid_argument("head " + std::to_string(h) + ": W_O has length " +
                                  std::to_string(head.w_out.size()) + ", model dimension is " + std::to_string(d));
    std::vector<Q> pal_out = pal_by_memory(head.mu, project(head.w_in, x), initial);
    for (std::size_t n = 0; n < x.size(); ++n)
      for (std::size_t k = 0; k < d; ++k) out[n][k] += head.w_out[k] * pal_out[n];
  }
  return out;
}

}  // namespace palcheck
