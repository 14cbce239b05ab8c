// rem:backprop: the tau -> 0 limit of the stateful sigmoid relaxation (see sigmoid_relaxation.h).
#include "sigmoid_relaxation.h"

namespace palcheck::physics {

Q sigmoid_limit(const Q& x) { return x > 0 ? Q(1) : x < 0 ? Q(0) : Q(1, 2); }

std::vector<Q> relaxation_limit(const Thresholds& t, const std::vector<Q>& u, const Q& s0) {
  std::vector<Q> s{s0};
  for (const Q& x : u) {
    const Q& prev = s.back();
    s.push_back(prev * (1 - sigmoid_limit(t.beta - x)) + (1 - prev) * sigmoid_limit(x - t.alpha));
  }
  return s;
}

}  // namespace palcheck::physics
