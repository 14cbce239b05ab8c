// Replayers for every instance the Z3 checkers of proofs/ produce (def:encoding:grid, lem:stack_ops,
// lem:threshold, lem:ext_indicator, prop:sufficiency, def:autoregressive, alg:stack, def:stack, lem:pop_one,
// lem:push_no_wipe, prop:range). They use the exact reference only: no Z3 here.
#include "proofs/checkers.h"
#include "reference/algorithm1.h"
#include "reference/pal_definition.h"
#include "reference/preisach_memory.h"

#include <algorithm>
#include <functional>
#include <set>
#include <stdexcept>
#include <tuple>

namespace palcheck::proofs {
namespace {

// Z3 instances are short (the bounded model checks unroll a few inputs); longer lists are not theirs.
constexpr std::size_t kMaxLength = 4096;

// A sequence of 1..kMaxLength inputs.
const std::vector<Q>& sequence(const Instance& inst, const std::string& name) {
  return list(inst, name, 1, kMaxLength);
}

std::string show(const std::vector<Q>& v) {
  std::string s = "(";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + to_string(v[i]);
  return s + ")";
}
std::string show(const std::vector<StackPair>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i)
    s += (i ? ", " : "") + ("(" + to_string(v[i].M) + ", " + to_string(v[i].m) + ")");
  return s + "]";
}

Q code(const Q& k, const Q& D_max, const Q& Delta, const Q& i, const Q& d) {
  return D_max * (k + 1) * Delta - (d * (k + 1) + i) * Delta;
}

bool strict_extremum(const std::vector<Q>& u, std::size_t i) {
  if (i == 0 || i + 1 >= u.size()) return false;
  return (u[i - 1] < u[i] && u[i + 1] < u[i]) || (u[i - 1] > u[i] && u[i + 1] > u[i]);
}

ReplayOutcome code_below_grid(const Instance& inst) {
  Q c = code(scalar(inst, "k"), scalar(inst, "D_max"), scalar(inst, "Delta"), scalar(inst, "i"), scalar(inst, "d"));
  ReplayOutcome r;
  r.predicted = "code*(a_i, d) >= Delta (a threshold of the grid)";
  r.computed = "code*(a_i, d) = " + to_string(c) + ", Delta = " + to_string(scalar(inst, "Delta"));
  r.violates = scalar(inst, "k") >= 1 && scalar(inst, "i") >= 1 && scalar(inst, "i") <= scalar(inst, "k") &&
               scalar(inst, "d") >= 0 && scalar(inst, "d") <= scalar(inst, "D_max") && scalar(inst, "Delta") > 0 &&
               c < scalar(inst, "Delta");
  return r;
}

ReplayOutcome top_decode(const Instance& inst) {
  const Q &k = scalar(inst, "k"), &Delta = scalar(inst, "Delta"), &eps = scalar(inst, "eps"), &i = scalar(inst, "i");
  Q C_max = scalar(inst, "D_max") * (k + 1) * Delta;
  Q M_top = code(k, scalar(inst, "D_max"), Delta, i, scalar(inst, "d")) + eps;
  Q f = floor_q((C_max - M_top) / Delta);
  Q decoded = f - floor_q(f / (k + 1)) * (k + 1);
  ReplayOutcome r;
  r.predicted = "Dec(M_top) = a_" + to_string(i);
  r.computed = "M_top = code* + eps = " + to_string(M_top) + ", floor((C_max - M_top)/Delta) = " + to_string(f) +
               ", mod (k+1) = " + to_string(decoded);
  r.violates = eps > 0 && 2 * eps < Delta && i >= 1 && i <= k && decoded != i;
  return r;
}

ReplayOutcome threshold_at_extremum(const Instance& inst) {
  const std::vector<Q>& u = sequence(inst, "u");
  const Q &c = scalar(inst, "c"), &eps = scalar(inst, "eps");
  std::size_t i = index(inst, "i", u.size() - 1);
  RelayState s = run_relay({c + eps, c - eps}, u, initial_state(inst)).at(i);
  int indicator = u.at(i) >= c ? 1 : 0;
  ReplayOutcome r;
  r.predicted = "relay(c+eps, c-eps)[u](" + std::to_string(i) + ") = 1[u_i >= c] = " + std::to_string(indicator);
  r.computed =
      "u = " + show(u) + ", c = " + to_string(c) + ", eps = " + to_string(eps) + ": relay state " + std::to_string(s);
  r.violates = eps > 0 && strict_extremum(u, i) && s != indicator;
  return r;
}

ReplayOutcome ext_indicator(const Instance& inst) {
  const std::vector<Q>& u = sequence(inst, "u");
  const Q& eps = scalar(inst, "eps");
  std::size_t i = index(inst, "i", u.size() - 1);
  std::vector<RelayState> s = run_relay({u.at(i) + eps, u.at(i) - eps}, u, initial_state(inst));
  int before = i == 0 ? static_cast<int>(initial_state(inst)) : s.at(i - 1);
  int diff = s.at(i) - before;
  ReplayOutcome r;
  r.predicted = "relay(u_i+eps, u_i-eps)(i) - (i-1) = 1[i extremal] = " + std::to_string(strict_extremum(u, i) ? 1 : 0);
  r.computed = "u = " + show(u) + ", eps = " + to_string(eps) + ": difference " + std::to_string(diff);
  r.violates = eps > 0 && diff != (strict_extremum(u, i) ? 1 : 0);
  return r;
}

// Two sequences with equal Algorithm 1 stacks, then the tokens `continuation` appended to both, and a relay
// whose PAL outputs after them tell the two apart.
ReplayOutcome different_relay_after(const Instance& inst, const std::vector<Q>& continuation) {
  std::vector<Q> u = sequence(inst, "u"), v = sequence(inst, "v");
  std::vector<StackPair> su = algorithm1_trace(u, algorithm1_reading(inst)).back(),
                         sv = algorithm1_trace(v, algorithm1_reading(inst)).back();
  u.insert(u.end(), continuation.begin(), continuation.end());
  v.insert(v.end(), continuation.begin(), continuation.end());
  Thresholds t{scalar(inst, "alpha"), scalar(inst, "beta")};
  Measure mu{{{t, Q(1)}}};
  Q pu = pal_by_definition(mu, u, initial_state(inst)).back(),
    pv = pal_by_definition(mu, v, initial_state(inst)).back();
  ReplayOutcome r;
  r.predicted = continuation.empty() ? "equal stacks give equal PAL outputs"
                                     : "equal stacks and the same next tokens give equal PAL outputs";
  r.computed = "u = " + show(sequence(inst, "u")) + ", v = " + show(sequence(inst, "v")) + ": stacks " + show(su) +
               " and " + show(sv) + (continuation.empty() ? "" : "; then " + show(continuation)) +
               "; PAL of the relay (" + to_string(t.alpha) + ", " + to_string(t.beta) + ") with weight 1: " +
               to_string(pu) + " vs " + to_string(pv);
  r.violates = t.alpha >= t.beta && su == sv && pu != pv;
  return r;
}

ReplayOutcome different_relay(const Instance& inst) { return different_relay_after(inst, {}); }

ReplayOutcome different_later_output(const Instance& inst) {
  return different_relay_after(inst, sequence(inst, "w"));
}

ReplayOutcome stack_values_vs_memory(const Instance& inst) {
  const std::vector<Q>& u = sequence(inst, "u");
  std::vector<StackPair> stack = algorithm1_trace(u, algorithm1_reading(inst)).back();
  std::vector<Q> memory = memory_trace(u, InitialState::Off).back();
  std::set<Q> in_stack, in_memory(memory.begin(), memory.end());
  for (const StackPair& p : stack) {
    in_stack.insert(p.M);
    in_stack.insert(p.m);
  }
  ReplayOutcome r;
  r.predicted = "Algorithm 1's stack holds the classical memory's values";
  r.computed = "u = " + show(u) + ": stack " + show(stack) + ", memory " + show(memory);
  r.violates = in_stack != in_memory;
  return r;
}

ReplayOutcome stack_order(const Instance& inst) {
  const std::vector<Q>& u = sequence(inst, "u");
  std::vector<Q> M, m;
  std::string held;
  StackReading stack_kind = stack_reading(inst);
  if (stack_kind.classical()) {
    PreisachMemory memory(InitialState::Off);
    for (const Q& x : u) memory.step(x);
    for (std::size_t k = 0; k < memory.extrema().size(); ++k)
      (memory.is_maximum(k) ? M : m).push_back(memory.extrema()[k]);
    held = "memory " + show(memory.extrema());
  } else {
    std::vector<StackPair> stack = algorithm1_trace(u, stack_kind.algorithm1).back();
    for (const StackPair& p : stack) {
      M.push_back(p.M);
      m.push_back(p.m);
    }
    held = "stack " + show(stack);
  }
  auto decreasing = [](const std::vector<Q>& x) {
    return std::adjacent_find(x.begin(), x.end(), [](const Q& a, const Q& b) { return a <= b; }) == x.end();
  };
  ReplayOutcome r;
  r.predicted = "M_1 > M_2 > ... and m_1 > m_2 > ...";
  r.computed = "u = " + show(u) + ": " + held + ", maxima " + show(M) + ", minima " + show(m);
  r.violates = !decreasing(M) || !decreasing(m);
  return r;
}

ReplayOutcome pop_signal(const Instance& inst) {
  const std::vector<Q>& u = sequence(inst, "u");
  const Q& eps = scalar(inst, "eps");
  long min_depth = integer(inst, "min_depth", 2, static_cast<long>(kMaxLength));
  StackReading stack = stack_reading(inst);
  bool repaired = inst.label == "repair:lem:pop_one";
  ReplayOutcome r;
  r.predicted = "the POP signal removes exactly the top pair";
  if (stack.classical()) {
    PreisachMemory memory(InitialState::Off);
    for (const Q& x : u) memory.step(x);
    const std::vector<Q>& e = memory.extrema();
    if (e.size() % 2 != 0 || static_cast<long>(e.size()) < 2 * min_depth) {
      r.computed =
          "memory " + show(e) + " does not end with at least " + std::to_string(min_depth) + " (max, min) pairs";
      return r;
    }
    Q M_top = e[e.size() - 2], M_below = e[e.size() - 4];
    Q signal = repaired ? Q(M_below - eps) : Q(M_below + 2 * eps);
    std::vector<Q> before = e;
    MemoryStepEffect effect = memory.step(signal);
    r.computed = "memory " + show(before) + ", signal " + to_string(signal) + ": removed " +
                 std::to_string(effect.wiped / 2) + " pairs, memory now " + show(memory.extrema());
    r.violates = eps > 0 && M_top < M_below && (!repaired || eps < M_below - M_top) && effect.wiped != 2;
    return r;
  }
  Algorithm1 alg(stack.algorithm1);
  for (const Q& x : u) alg.step(x);
  std::vector<StackPair> before = alg.stack();
  if (static_cast<long>(before.size()) < min_depth) {
    r.computed = "stack " + show(before) + " is shallower than " + std::to_string(min_depth);
    return r;
  }
  Q M_top = before.back().M, M_below = before[before.size() - 2].M;
  Q signal = repaired ? Q(M_below - eps) : Q(M_below + 2 * eps);
  Algorithm1Step step = alg.step(signal);
  r.computed = "stack " + show(before) + ", signal " + to_string(signal) + ": popped " +
               std::to_string(step.popped.size()) + ", stack now " + show(alg.stack());
  r.violates = eps > 0 && M_top < M_below && (!repaired || (eps < M_below - M_top && signal > u.back())) &&
               step.popped.size() != 1;
  return r;
}

ReplayOutcome push_program(const Instance& inst) {
  const Q &k = scalar(inst, "k"), &eps = scalar(inst, "eps"), &Delta = scalar(inst, "Delta"),
          &D_max = scalar(inst, "D_max");
  const std::vector<Q>& symbols = list(inst, "symbols", 1, kMaxLength);
  std::vector<Q> u{D_max * (k + 1) * Delta};
  for (std::size_t j = 1; j <= symbols.size(); ++j) {
    Q c = code(k, D_max, Delta, symbols[j - 1], Q(static_cast<long>(j)));
    u.push_back(c + eps);
    u.push_back(c - eps);
  }
  StackReading stack = stack_reading(inst);
  bool memory_stack = stack.classical();
  bool growth = option(inst, "check", {"growth", "no-removal"}) == "growth";
  std::vector<std::size_t> sizes;
  std::vector<bool> removed;
  std::string held;
  if (memory_stack) {
    PreisachMemory memory(InitialState::Off);
    for (const Q& x : u) {
      std::vector<Q> before = memory.extrema();
      memory.step(x);
      const std::vector<Q>& after = memory.extrema();
      bool lost = after.size() < before.size();
      for (std::size_t e = 0; e < before.size() && !lost; ++e) lost = after[e] != before[e];
      removed.push_back(lost);
      sizes.push_back(after.size());
    }
    held = "memory " + show(memory.extrema());
  } else {
    Algorithm1 alg(stack.algorithm1);
    for (const Q& x : u) {
      removed.push_back(!alg.step(x).popped.empty());
      sizes.push_back(alg.stack().size());
    }
    held = "stack " + show(alg.stack());
  }
  std::size_t per_push = memory_stack ? 2 : 1;
  bool violated = false;
  for (std::size_t j = 1; j <= symbols.size(); ++j) {
    if (growth)
      violated = violated || sizes[2 * j] != sizes[0] + per_push * j;
    else if (j >= 2)
      violated = violated || removed[2 * j - 1];
  }
  bool valid = eps > 0 && 2 * eps < Delta && Delta > 0;
  for (const Q& s : symbols) valid = valid && s >= 1 && s <= k;
  ReplayOutcome r;
  r.predicted = growth ? "each PUSH adds one pair" : "the PUSH signal code*+eps removes nothing";
  std::string size_list;
  for (std::size_t s : sizes) size_list += (size_list.empty() ? "" : ", ") + std::to_string(s);
  r.computed = "signals " + show(u) + ": sizes after each signal (" + size_list + "), final " + held;
  r.violates = valid && violated;
  return r;
}

ReplayOutcome range_equal_relays(const Instance& inst) {
  const std::vector<Q>&u = sequence(inst, "u"), &v = sequence(inst, "v");
  const Q& Delta = scalar(inst, "Delta");
  long L = integer(inst, "L", 1, static_cast<long>(kMaxGridLevels));
  bool all_equal = true;
  for (long i = 1; i <= L; ++i)
    for (long j = 1; j <= i; ++j) {
      Thresholds t{Delta * i, Delta * j};
      all_equal =
          all_equal && run_relay(t, u, initial_state(inst)).back() == run_relay(t, v, initial_state(inst)).back();
    }
  auto range = [](const std::vector<Q>& x) {
    return *std::max_element(x.begin(), x.end()) - *std::min_element(x.begin(), x.end());
  };
  ReplayOutcome r;
  r.predicted = "some mu on G_L has PAL_mu = f_range";
  r.computed = "u = " + show(u) + ", v = " + show(v) + ": every relay of G_" + std::to_string(L) +
               (all_equal ? " ends in the same state on both" : " does not agree") +
               ", so PAL_mu(u) = PAL_mu(v) for "
               "every mu, while f_range = " +
               to_string(range(u)) + " vs " + to_string(range(v));
  r.violates = Delta > 0 && all_equal && range(u) != range(v);
  return r;
}

}  // namespace

void register_z3_replayers(Registry& r) {
  // Scenario, its replayer, and the labels whose checkers produce it.
  const std::vector<std::tuple<std::string, std::function<ReplayOutcome(const Instance&)>, std::vector<std::string>>>
      scenarios{{"z3-code-below-grid", code_below_grid, {"def:encoding:grid"}},
                {"z3-top-decode", top_decode, {"lem:stack_ops"}},
                {"z3-threshold-at-extremum", threshold_at_extremum, {"lem:threshold"}},
                {"z3-ext-indicator", ext_indicator, {"lem:ext_indicator"}},
                {"z3-equal-stacks-different-relay", different_relay, {"prop:sufficiency"}},
                {"z3-equal-stacks-later-output", different_later_output, {"def:autoregressive"}},
                {"z3-stack-values-vs-memory", stack_values_vs_memory, {"alg:stack"}},
                {"z3-stack-order", stack_order, {"def:stack"}},
                {"z3-pop-signal", pop_signal, {"lem:pop_one", "repair:lem:pop_one", "lem:stack_ops"}},
                {"z3-push-program", push_program, {"lem:stack_ops", "lem:push_no_wipe"}},
                {"z3-range-equal-relays", range_equal_relays, {"prop:range"}}};
  for (const auto& [scenario, replay, labels] : scenarios)
    for (const std::string& label : labels) r.add(Replayer{label, scenario, replay});
}

}  // namespace palcheck::proofs
