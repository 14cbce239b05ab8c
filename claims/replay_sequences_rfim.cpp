// §8 judges (see replay_sequences.h): prop:hopfield_pal parts 1 (storage) and 3 (capacity),
// rem:retrieval, and the first equality of prop:ising_streaming on the atoms where it is defined.
#include "claims/replay_sequences_judges.h"

#include <algorithm>

namespace palcheck::sequences {

// Part 1: the numbers the stack keeps are exactly the strengths at local extrema of u_1..u_P.
ReplayOutcome hopfield_storage(const Instance& in) {
  const auto& u = list(in, "u");
  InitialState init = initial_state(in);
  const std::string predicted = "stack keeps exactly the strengths at local extrema";
  if (u.empty()) return holds(predicted, "hypothesis not met");
  std::vector<Q> extremal;
  for (std::size_t i : extremal_positions(u, endpoints(in))) extremal.push_back(u[i]);
  std::sort(extremal.begin(), extremal.end());
  extremal.erase(std::unique(extremal.begin(), extremal.end()), extremal.end());
  auto kept = stack_values(u, stack_reading(in), init);
  std::string computed = "kept " + show(kept) + ", local extrema " + show(extremal);
  return kept == extremal ? holds(predicted, computed) : violated(predicted, computed);
}

// Part 3: depth k (memory entries, or Algorithm 1's pairs) <= n_ext(u_1..u_P).
ReplayOutcome hopfield_capacity(const Instance& in) {
  auto [u, r, init] = stack_input(in);
  const std::string predicted = "k <= n_ext";
  if (u.empty()) return holds(predicted, "hypothesis not met");
  std::size_t k = r.classical() ? memory_trace(u, init).back().size() : stack_pairs(u, r, init).size();
  std::size_t n_ext = extremal_positions(u, endpoints(in)).size();
  std::string computed = "k = " + std::to_string(k) + ", n_ext = " + std::to_string(n_ext);
  return k <= n_ext ? holds(predicted, computed) : violated(predicted, computed);
}

// rem:retrieval: the query q = M_s (appended to the stream, or alone from the initial state) turns
// relay (M_s + eps, M_s - eps) on and leaves the other maxima's relays off.
ReplayOutcome retrieval(const Instance& in) {
  const auto& u = list(in, "u");
  std::size_t s = index(in, "s", kMaxPosition);
  Q eps = scalar(in, "eps");
  bool appended = option(in, "query") == "appended";
  InitialState init = initial_state(in);
  const std::string predicted = "query M_s activates relay s alone";
  if (u.empty() || !(eps > 0)) return holds(predicted, "hypothesis not met");
  PreisachMemory memory(init);
  for (const Q& x : u) memory.step(x);
  std::vector<Q> maxima;
  for (std::size_t k = 0; k < memory.extrema().size(); ++k)
    if (memory.is_maximum(k)) maxima.push_back(memory.extrema()[k]);
  if (s >= maxima.size()) return holds(predicted, "hypothesis not met");
  std::vector<Q> run = appended ? u : std::vector<Q>{};
  run.push_back(maxima[s]);
  for (std::size_t k = 0; k < maxima.size(); ++k) {
    int state = run_relay({maxima[k] + eps, maxima[k] - eps}, run, init).back();
    if (state != (k == s ? 1 : 0))
      return violated(predicted, "query " + palcheck::to_string(maxima[s]) + ": relay of M_" + std::to_string(k + 1) +
                                     " = " + palcheck::to_string(maxima[k]) + " is " + std::to_string(state));
  }
  return holds(predicted, "retrieved");
}

// prop:ising_streaming, first equality, with mu* = sum over the distinct J >= 0 of J delta_(J, -J)
// (the relay (J_t, -J_t) is outside T for J_t < 0): PAL_mu*(u_{0:n}) = sum_t J_t relay_{J_t,-J_t}[u](t).
ReplayOutcome ising_first_equality(const Instance& in) {
  const auto& u = list(in, "u");
  InitialState init = initial_state(in);
  const std::string predicted = "PAL_mu* = sum_t J_t relay(J_t, -J_t)[u](t)";
  if (u.empty() || std::any_of(u.begin(), u.end(), [](const Q& x) { return x < 0; }))
    return holds(predicted, "hypothesis not met");
  std::vector<Q> atoms = u;
  std::sort(atoms.begin(), atoms.end());
  atoms.erase(std::unique(atoms.begin(), atoms.end()), atoms.end());
  Q lhs = 0, rhs = 0;
  for (const Q& a : atoms) lhs += a * run_relay({a, -a}, u, init).back();
  for (std::size_t t = 0; t < u.size(); ++t) {
    std::vector<Q> prefix(u.begin(), u.begin() + static_cast<std::ptrdiff_t>(t + 1));
    rhs += u[t] * run_relay({u[t], -u[t]}, prefix, init).back();
  }
  std::string computed = "PAL_mu* = " + palcheck::to_string(lhs) + ", sum = " + palcheck::to_string(rhs);
  return lhs == rhs ? holds(predicted, computed) : violated(predicted, computed);
}

}  // namespace palcheck::sequences
