// prop:criticality: the quantile-disorder sweep (see quantile_rfim.h).
#include "quantile_rfim.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace palcheck::physics {
namespace {

// Phi^{-1}(p) by bisection on the normal CDF 0.5 erfc(-z/sqrt 2); 200 halvings exhaust double precision.
double normal_quantile(double p) {
  double lo = -40, hi = 40;
  for (int i = 0; i < 200; ++i) {
    double mid = (lo + hi) / 2;
    if (0.5 * std::erfc(-mid / std::sqrt(2.0)) < p)
      lo = mid;
    else
      hi = mid;
  }
  return (lo + hi) / 2;
}

}  // namespace

std::vector<Q> quantile_fields(std::size_t N, double R) {
  std::vector<Q> fields;
  for (std::size_t i = 0; i < N; ++i) {
    double p = (static_cast<double>(N - i) - 0.5) / static_cast<double>(N);
    fields.push_back(*rational_from_double(R * normal_quantile(p)));
  }
  return fields;
}

std::size_t largest_ascending_avalanche(const std::vector<Q>& fields, const Q& J) {
  if (!std::is_sorted(fields.begin(), fields.end(), [](const Q& a, const Q& b) { return a > b; }))
    throw std::invalid_argument("fields must be sorted largest first");
  // With k spins up (the k largest fields), the next spin flips when H > trigger(k) = -(J(2k - N)/N + h_k).
  const long N = static_cast<long>(fields.size());
  auto trigger = [&](long k) { return Q(-(J * Q(2 * k - N, N) + fields[static_cast<std::size_t>(k)])); };
  std::size_t largest = 0;
  for (long k = 0; k < N;) {
    Q level = trigger(k);  // H rises to just above this value
    std::size_t size = 0;
    while (k < N && trigger(k) <= level) {
      ++k;
      ++size;
    }
    largest = std::max(largest, size);
  }
  return largest;
}

}  // namespace palcheck::physics
