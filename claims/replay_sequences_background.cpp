// §2 judges (see replay_sequences.h): prop:rate_independence (discrete reading), repair:prop:wiping,
// def:stack, prop:sufficiency, alg:stack, prop:complexity, prop:pal_preisach (first sentence), and the
// reference properties ref:memory_equals_definition, ref:return_point_memory, ref:congruency,
// ref:algorithm1_steps.
#include "claims/replay_sequences_judges.h"

#include "reference/memory_pal.h"
#include "reference/pal_definition.h"

#include <algorithm>

namespace palcheck::sequences {

namespace {

bool monotone_between(const std::vector<Q>& w, std::size_t from, std::size_t to) {
  bool up = true, down = true;
  for (std::size_t k = from; k < to; ++k) {
    if (w[k + 1] < w[k]) up = false;
    if (w[k + 1] > w[k]) down = false;
  }
  return up || down;
}

// w is u reparametrised: u_i sits at w[pos_i]; in between w is monotone from u_i to u_{i+1}
// (stuttering is the flat case); before pos_0 and after pos_n it repeats the end value.
bool is_reparametrisation(const std::vector<Q>& u, const std::vector<Q>& w, const std::vector<std::size_t>& pos) {
  if (u.empty() || pos.size() != u.size()) return false;
  for (std::size_t i = 0; i < pos.size(); ++i) {
    if (pos[i] >= w.size() || (i && pos[i] <= pos[i - 1]) || w[pos[i]] != u[i]) return false;
    if (i && !monotone_between(w, pos[i - 1], pos[i])) return false;
  }
  for (std::size_t k = 0; k < pos.front(); ++k)
    if (w[k] != u.front()) return false;
  for (std::size_t k = pos.back(); k < w.size(); ++k)
    if (w[k] != u.back()) return false;
  return true;
}

bool same_stack(const std::vector<Q>& u, const std::vector<Q>& v, const StackReading& r, InitialState init) {
  if (r.classical()) return memory_trace(u, init).back() == memory_trace(v, init).back();
  return stack_pairs(u, r, init) == stack_pairs(v, r, init);
}

}  // namespace

ReplayOutcome rate_independence(const Instance& in) {
  const auto& u = list(in, "u");
  const auto& w = list(in, "w");
  std::vector<std::size_t> pos;
  for (const Q& p : list(in, "pos")) pos.push_back(static_cast<std::size_t>(numerator(p).convert_to<unsigned long>()));
  InitialState init = initial_state(in);
  const std::string predicted =
      "every relay's state on w at the image of u_i (and at its repeats) equals its state on u at i";
  if (!is_reparametrisation(u, w, pos))
    return holds(predicted, "hypothesis not met: w is not a reparametrisation of u");
  for (const Thresholds& t : representative_relays(w)) {
    auto su = run_relay(t, u, init);
    auto sw = run_relay(t, w, init);
    for (std::size_t i = 0; i < u.size(); ++i) {
      std::size_t end = i + 1 < u.size() ? pos[i + 1] : w.size();
      for (std::size_t k = pos[i]; k < end && w[k] == u[i]; ++k)
        if (sw[k] != su[i])
          return violated(predicted, "relay " + show(t) + " is " + std::to_string(sw[k]) + " on w at " +
                                         std::to_string(k) + " but " + std::to_string(su[i]) + " on u at " +
                                         std::to_string(i));
    }
  }
  return holds(predicted, "equal at every image");
}

// Classical wiping-out: after prefix p, extremum M, reversal m, then M2 beyond M (rising: m < M <= M2).
// delete=max compares with the run without M; delete=pair with the run without M and m, which needs
// the nesting hypothesis that m does not pass the end of the prefix (rising: last(p) <= m).
ReplayOutcome wiping(const Instance& in) {
  const auto& p = list(in, "prefix");
  Q M = scalar(in, "M"), m = scalar(in, "m"), M2 = scalar(in, "M2");
  bool rising = option(in, "direction") == "rising";
  bool pair = option(in, "delete") == "pair";
  InitialState init = initial_state(in);
  const std::string predicted = std::string("every relay ends as if ") + (pair ? "M and m" : "M") + " had not occurred";
  Q s = rising ? Q(1) : Q(-1);
  bool ok = !p.empty() && s * m < s * M && s * M <= s * M2 && (!pair || s * p.back() <= s * m);
  if (!ok) return holds(predicted, "hypothesis not met");
  std::vector<Q> full = p, without = p;
  full.insert(full.end(), {M, m, M2});
  if (!pair) without.push_back(m);
  without.push_back(M2);
  if (auto t = distinguishing_relay(full, without, init))
    return violated(predicted, "relay " + show(*t) + " differs between " + show(full) + " and " + show(without));
  return holds(predicted, "same relay states");
}

ReplayOutcome stack_ordering(const Instance& in) {
  auto [u, r, init] = stack_input(in);
  std::vector<Q> maxima, minima;
  if (r.classical()) {
    PreisachMemory memory(init);
    for (const Q& x : u) memory.step(x);
    for (std::size_t k = 0; k < memory.extrema().size(); ++k)
      (memory.is_maximum(k) ? maxima : minima).push_back(memory.extrema()[k]);
  } else {
    for (const StackPair& pr : stack_pairs(u, r, init)) {
      maxima.push_back(pr.M);
      minima.push_back(pr.m);
    }
  }
  auto strictly_decreasing = [](const std::vector<Q>& v) {
    for (std::size_t k = 1; k < v.size(); ++k)
      if (!(v[k - 1] > v[k])) return false;
    return true;
  };
  const std::string predicted = "M_1 > M_2 > ... and m_1 > m_2 > ...";
  std::string computed = "M = " + show(maxima) + ", m = " + show(minima);
  if (strictly_decreasing(maxima) && strictly_decreasing(minima)) return holds(predicted, computed);
  return violated(predicted, computed);
}

ReplayOutcome sufficiency(const Instance& in) {
  const auto& u = list(in, "u");
  const auto& v = list(in, "v");
  StackReading r = stack_reading(in);
  InitialState init = initial_state(in);
  const std::string predicted = "equal stacks give equal PAL_mu for every mu";
  if (u.empty() || v.empty() || !same_stack(u, v, r, init))
    return holds(predicted, "hypothesis not met: stacks differ");
  if (auto t = distinguishing_relay(u, v, init))
    return violated(predicted, "equal stacks, but relay " + show(*t) + " (mu = its unit mass) ends differently");
  return holds(predicted, "same relay states");
}

// alg:stack is compared with the memory through the numbers stored: if Algorithm 1 kept the classical
// memory under any pairing, the set of its M and m components would be the set of memory entries.
ReplayOutcome algorithm_vs_memory(const Instance& in) {
  auto [u, r, init] = stack_input(in);
  auto stored = stack_values(u, r, init);
  auto memory = stack_values(u, StackReading{}, init);
  const std::string predicted = "numbers in the stack = classical memory " + show(memory);
  if (stored == memory) return holds(predicted, show(stored));
  return violated(predicted, "numbers in the stack " + show(stored));
}

ReplayOutcome complexity(const Instance& in) {
  const auto& u = list(in, "u");
  Algorithm1 alg(stack_reading(in).algorithm1);
  std::size_t pushes = 0, pops = 0;
  const std::string predicted = "at most one push per step, pops <= pushes, depth k <= n";
  for (std::size_t n = 0; n < u.size(); ++n) {
    Algorithm1Step s = alg.step(u[n]);
    pushes += s.pushed ? 1 : 0;
    pops += s.popped.size();
    if (pops > pushes) return violated(predicted, "after u_" + std::to_string(n) + ": more pops than pushes");
    if (alg.stack().size() > n)
      return violated(predicted, "depth " + std::to_string(alg.stack().size()) + " after u_0..u_" + std::to_string(n));
  }
  return holds(predicted, std::to_string(pushes) + " pushes, " + std::to_string(pops) + " pops");
}

ReplayOutcome algorithm1_steps(const Instance& in) {
  const auto& u = list(in, "u");
  Algorithm1 alg(stack_reading(in).algorithm1);
  const std::string predicted = "each step pops the top pairs meeting the printed test, then pushes one pair";
  std::optional<Q> previous;
  for (std::size_t n = 0; n < u.size(); ++n) {
    std::vector<StackPair> before = alg.stack();
    Algorithm1Step s = alg.step(u[n]);
    std::vector<StackPair> expect = before;
    bool rise = previous && u[n] > *previous, fall = previous && u[n] < *previous;
    for (const StackPair& p : s.popped) {
      if (expect.empty() || !(expect.back() == p)) return violated(predicted, "popped a pair that was not on top");
      if ((rise && !(p.M < u[n])) || (fall && !(p.m > u[n])) || (!rise && !fall))
        return violated(predicted, "popped a pair the printed test keeps at u_" + std::to_string(n));
      expect.pop_back();
    }
    if (!expect.empty() && ((rise && expect.back().M < u[n]) || (fall && expect.back().m > u[n])))
      return violated(predicted, "stopped popping early at u_" + std::to_string(n));
    if (s.pushed) expect.push_back(s.push);
    if (s.pushed != (rise || fall || (!previous && alg.options().first == FirstInput::PushPair)))
      return violated(predicted, "push count wrong at u_" + std::to_string(n));
    if (expect != alg.stack()) return violated(predicted, "recorded step differs from the stack change");
    previous = u[n];
  }
  return holds(predicted, "every step as recorded");
}

ReplayOutcome memory_vs_definition(const Instance& in) {
  const auto& u = list(in, "u");
  Measure mu = measure(in);
  InitialState init = initial_state(in);
  auto by_memory = pal_by_memory(mu, u, init);
  auto by_definition = pal_by_definition(mu, u, init);
  const std::string predicted = "PAL from the memory = PAL by definition at every n";
  for (std::size_t n = 0; n < u.size(); ++n)
    if (by_memory[n] != by_definition[n])
      return violated(predicted, "at n = " + std::to_string(n) + ": " + palcheck::to_string(by_memory[n]) + " vs " +
                                     palcheck::to_string(by_definition[n]));
  PreisachMemory memory(init);
  for (const Q& x : u) memory.step(x);
  for (const Thresholds& t : representative_relays(u))
    if (!u.empty() && memory.relay_state(t) != run_relay(t, u, init).back())
      return violated(predicted, "relay " + show(t) + " read from the memory differs from its run");
  return holds(predicted, "equal");
}

// Return-point memory: after a fall from h to the reversal point a, any excursion within [a, h]
// that comes back to a leaves every relay as it was at a (dually for a rise).
ReplayOutcome return_point(const Instance& in) {
  const auto& p = list(in, "prefix");
  const auto& loop = list(in, "loop");
  Q h = scalar(in, "h"), a = scalar(in, "a");
  InitialState init = initial_state(in);
  Q s = option(in, "direction") == "falling" ? Q(1) : Q(-1);
  const std::string predicted = "every relay is back where it was at the reversal point";
  bool ok = s * h > s * a;
  for (const Q& x : loop) ok = ok && s * x >= s * a && s * x <= s * h;
  if (!ok) return holds(predicted, "hypothesis not met");
  std::vector<Q> at_a = p;
  at_a.insert(at_a.end(), {h, a});
  std::vector<Q> back = at_a;
  back.insert(back.end(), loop.begin(), loop.end());
  back.push_back(a);
  if (auto t = distinguishing_relay(at_a, back, init))
    return violated(predicted, "relay " + show(*t) + " differs after the loop");
  return holds(predicted, "closed");
}

// Congruency: from the reversal point a (reached falling from h_k >= every value of the path), the
// same path changes every relay the same way, whatever the history before.
ReplayOutcome congruency(const Instance& in) {
  const auto& p1 = list(in, "prefix1");
  const auto& p2 = list(in, "prefix2");
  const auto& path = list(in, "path");
  Q h1 = scalar(in, "h1"), h2 = scalar(in, "h2"), a = scalar(in, "a");
  InitialState init = initial_state(in);
  const std::string predicted = "the output change along the path is the same after both histories";
  bool ok = h1 > a && h2 > a;
  for (const Q& x : path) ok = ok && x >= a && x <= h1 && x <= h2;
  if (!ok) return holds(predicted, "hypothesis not met");
  std::vector<Q> s1 = p1, s2 = p2;
  s1.insert(s1.end(), {h1, a});
  s2.insert(s2.end(), {h2, a});
  std::vector<Q> t1 = s1, t2 = s2;
  t1.insert(t1.end(), path.begin(), path.end());
  t2.insert(t2.end(), path.begin(), path.end());
  std::vector<Q> all = t1;
  all.insert(all.end(), t2.begin(), t2.end());
  for (const Thresholds& t : representative_relays(all)) {
    int d1 = run_relay(t, t1, init).back() - run_relay(t, s1, init).back();
    int d2 = run_relay(t, t2, init).back() - run_relay(t, s2, init).back();
    if (d1 != d2)
      return violated(predicted, "relay " + show(t) + " changes by " + std::to_string(d1) + " after history 1, " +
                                     std::to_string(d2) + " after history 2");
  }
  return holds(predicted, "same change for every relay");
}

ReplayOutcome grid_vs_atomic(const Instance& in) {
  const auto& u = list(in, "u");
  Grid grid{scalar(in, "delta"), static_cast<int>(index(in, "L", kMaxGridLevels)), {}};
  const auto& gi = list(in, "grid_i");
  const auto& gj = list(in, "grid_j");
  const auto& gw = list(in, "grid_weight");
  for (std::size_t k = 0; k < gi.size() && k < gj.size() && k < gw.size(); ++k)
    grid.weights.push_back(
        {static_cast<int>(gi[k].convert_to<double>()), static_cast<int>(gj[k].convert_to<double>()), gw[k]});
  InitialState init = initial_state(in);
  const std::string predicted =
      "PAL on G_L = Preisach operator of the atomic measure sum mu_ij delta_(alpha_i, beta_j)";
  MemoryPal pal(grid, init);
  auto atomic = pal_by_definition(measure_from_grid(grid), u, init);
  for (std::size_t n = 0; n < u.size(); ++n) {
    Q out = pal.step(u[n]);
    if (out != atomic[n])
      return violated(predicted, "at n = " + std::to_string(n) + ": " + palcheck::to_string(out) + " vs " +
                                     palcheck::to_string(atomic[n]));
  }
  return holds(predicted, "equal");
}

}  // namespace palcheck::sequences
