// §5 judges (see replay_sequences.h): prop:range (no grid PAL head tells apart two sequences of different
// range; the proof's formula M_1 - m_k) and prop:no_copy's key step (a change inside a strictly
// ascending segment leaves the stack unchanged).
#include "claims/replay_sequences_judges.h"

#include <algorithm>

namespace palcheck::sequences {

namespace {

Q range_of(const std::vector<Q>& u) {
  auto [lo, hi] = std::minmax_element(u.begin(), u.end());
  return *hi - *lo;
}

}  // namespace

// Two sequences of equal length and equal last input on which every relay of G_L ends in the same
// state: any readout of (u_n, n, the head's relay states), PAL_mu included, gives them the same value.
ReplayOutcome range_indistinguishable(const Instance& in) {
  const auto& u = list(in, "u");
  const auto& v = list(in, "v");
  Q delta = scalar(in, "delta");
  std::size_t L = index(in, "L", kMaxGridLevels);
  InitialState init = initial_state(in);
  const std::string predicted = "some mu on G_L gives PAL_mu = max - min on both sequences";
  if (u.empty() || u.size() != v.size() || u.back() != v.back() || !(delta > 0) || L < 1)
    return holds(predicted, "hypothesis not met");
  if (range_of(u) == range_of(v)) return holds(predicted, "equal ranges");
  for (std::size_t i = 1; i <= L; ++i)
    for (std::size_t j = 1; j <= i; ++j) {
      Thresholds t{Q(static_cast<long>(i)) * delta, Q(static_cast<long>(j)) * delta};
      if (run_relay(t, u, init).back() != run_relay(t, v, init).back())
        return holds(predicted, "relay " + show(t) + " tells them apart");
    }
  return violated(predicted,
                  "every relay of G_L ends alike on both, so PAL_mu(u) = PAL_mu(v) for every mu, but the "
                  "ranges are " +
                      palcheck::to_string(range_of(u)) + " and " + palcheck::to_string(range_of(v)));
}

// The proof reads M_1 (first maximum) and m_k (last minimum) off the stack.
ReplayOutcome range_formula(const Instance& in) {
  auto [u, r, init] = stack_input(in);
  const std::string predicted = "max - min = M_1 - m_k read from the stack";
  if (u.empty()) return holds(predicted, "hypothesis not met");
  auto pairs = stack_pairs(u, r, init);
  if (pairs.empty()) return violated(predicted, "the stack is empty; max - min = " + palcheck::to_string(range_of(u)));
  Q formula = pairs.front().M - pairs.back().m;
  std::string computed =
      "M_1 - m_k = " + palcheck::to_string(formula) + ", max - min = " + palcheck::to_string(range_of(u));
  return formula == range_of(u) ? holds(predicted, computed) : violated(predicted, computed);
}

ReplayOutcome no_copy(const Instance& in) {
  const auto& x = list(in, "x");
  std::size_t p = index(in, "p", kMaxPosition);
  Q v2 = scalar(in, "v2");
  StackReading r = stack_reading(in);
  InitialState init = initial_state(in);
  const std::string predicted = "the stacks of x and x' (x_p replaced by v') are equal";
  if (p < 1 || p + 1 >= x.size() || x[p] == v2 || !(x[p - 1] < std::min(x[p], v2)) || !(std::max(x[p], v2) < x[p + 1]))
    return holds(predicted, "hypothesis not met");
  std::vector<Q> y = x;
  y[p] = v2;
  if (r.classical()) {
    auto a = memory_trace(x, init).back(), b = memory_trace(y, init).back();
    if (a == b) return holds(predicted, "memory " + show(a));
    return violated(predicted, "memories " + show(a) + " and " + show(b));
  }
  auto a = stack_pairs(x, r, init), b = stack_pairs(y, r, init);
  if (a == b) return holds(predicted, "equal stacks");
  auto text = [](const std::vector<StackPair>& s) {
    std::string out;
    for (const StackPair& q : s) out += "(" + palcheck::to_string(q.M) + "," + palcheck::to_string(q.m) + ")";
    return out;
  };
  return violated(predicted, "stacks " + text(a) + " and " + text(b));
}

}  // namespace palcheck::sequences
