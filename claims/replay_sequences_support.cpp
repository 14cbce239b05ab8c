// Shared vocabulary of the sequence-level judges (see replay_sequences.h): extremal positions,
// stack readings, representative relays, instance access, and the one scenario table.
#include "claims/replay_sequences_judges.h"

#include <algorithm>
#include <stdexcept>

namespace palcheck::sequences {

std::vector<std::size_t> extremal_positions(const std::vector<Q>& u, Endpoints e) {
  // Plateaus collapse to their first index, so "strict" compares with the nearest different value.
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < u.size(); ++i)
    if (i == 0 || u[i] != u[i - 1]) starts.push_back(i);
  std::vector<std::size_t> out;
  for (std::size_t k = 0; k < starts.size(); ++k) {
    bool first = k == 0, last = k + 1 == starts.size();
    if (first || last) {
      if (e == Endpoints::Included) out.push_back(starts[k]);
      continue;
    }
    const Q& x = u[starts[k]];
    const Q& before = u[starts[k - 1]];
    const Q& after = u[starts[k + 1]];
    if ((x > before && x > after) || (x < before && x < after)) out.push_back(starts[k]);
  }
  return out;
}

std::vector<StackPair> stack_pairs(const std::vector<Q>& u, const StackReading& r, InitialState initial) {
  if (!r.classical()) {
    Algorithm1 alg(r.algorithm1);
    for (const Q& x : u) alg.step(x);
    return alg.stack();
  }
  PreisachMemory memory(initial);
  for (const Q& x : u) memory.step(x);
  const std::vector<Q>& e = memory.extrema();
  std::vector<StackPair> pairs;
  for (std::size_t k = 0; k < e.size(); ++k) {
    if (memory.is_maximum(k)) {
      pairs.push_back({e[k], k + 1 < e.size() ? e[k + 1] : e[k]});
    } else if (k == 0) {
      pairs.push_back({e[k], e[k]});
    }
  }
  return pairs;
}

std::vector<Q> stack_values(const std::vector<Q>& u, const StackReading& r, InitialState initial) {
  std::vector<Q> out;
  if (r.classical()) {
    PreisachMemory memory(initial);
    for (const Q& x : u) memory.step(x);
    out = memory.extrema();
  } else {
    for (const StackPair& p : stack_pairs(u, r, initial)) {
      out.push_back(p.M);
      out.push_back(p.m);
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<Thresholds> representative_relays(std::vector<Q> values) {
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  std::vector<Q> points;
  if (values.empty()) {
    points.push_back(Q(0));
  } else {
    points.push_back(values.front() - 1);
    for (std::size_t k = 0; k < values.size(); ++k) {
      points.push_back(values[k]);
      if (k + 1 < values.size()) points.push_back((values[k] + values[k + 1]) / 2);
    }
    points.push_back(values.back() + 1);
  }
  std::vector<Thresholds> out;
  for (std::size_t a = 0; a < points.size(); ++a)
    for (std::size_t b = 0; b <= a; ++b) out.push_back({points[a], points[b]});
  return out;
}

std::optional<Thresholds> distinguishing_relay(const std::vector<Q>& u, const std::vector<Q>& v, InitialState initial) {
  std::vector<Q> all = u;
  all.insert(all.end(), v.begin(), v.end());
  auto final_state = [&](const Thresholds& t, const std::vector<Q>& w) {
    RelayState s = static_cast<RelayState>(initial);
    for (const Q& x : w) s = step_relay(t, x, s);
    return s;
  };
  for (const Thresholds& t : representative_relays(all))
    if (final_state(t, u) != final_state(t, v)) return t;
  return std::nullopt;
}

std::string show(const std::vector<Q>& values) {
  std::string out = "[";
  for (std::size_t k = 0; k < values.size(); ++k) out += (k ? ", " : "") + palcheck::to_string(values[k]);
  return out + "]";
}

std::string show(const Thresholds& t) {
  return "(" + palcheck::to_string(t.alpha) + ", " + palcheck::to_string(t.beta) + ")";
}

Measure measure(const Instance& instance) {
  const auto& a = list(instance, "alpha");
  const auto& b = list(instance, "beta");
  const auto& w = list(instance, "weight");
  if (a.size() != b.size() || a.size() != w.size()) throw std::invalid_argument("alpha, beta, weight differ in length");
  Measure mu;
  for (std::size_t k = 0; k < a.size(); ++k) mu.relays.push_back({{a[k], b[k]}, w[k]});
  validate(mu);
  return mu;
}

void put_measure(Instance& instance, const Measure& mu) {
  auto& a = instance.values["alpha"];
  auto& b = instance.values["beta"];
  auto& w = instance.values["weight"];
  a.clear();
  b.clear();
  w.clear();
  for (const WeightedRelay& r : mu.relays) {
    a.push_back(r.thresholds.alpha);
    b.push_back(r.thresholds.beta);
    w.push_back(r.weight);
  }
}

StackInput stack_input(const Instance& instance) {
  return {list(instance, "u"), stack_reading(instance), initial_state(instance)};
}

ReplayOutcome holds(std::string predicted, std::string computed) {
  return ReplayOutcome{false, std::move(predicted), std::move(computed), {}};
}

ReplayOutcome violated(std::string predicted, std::string computed) {
  return ReplayOutcome{true, std::move(predicted), std::move(computed), {}};
}

std::vector<Scenario> all_scenarios() {
  return {
      {"prop:rate_independence", "reparametrise", rate_independence},
      {"repair:prop:wiping", "wipe", wiping},
      {"def:stack", "ordering", stack_ordering},
      {"prop:sufficiency", "equal-stacks", sufficiency},
      {"alg:stack", "stored-numbers", algorithm_vs_memory},
      {"prop:complexity", "push-pop-count", complexity},
      {"prop:pal_preisach", "grid-vs-atomic", grid_vs_atomic},
      {"ref:memory_equals_definition", "memory-vs-definition", memory_vs_definition},
      {"ref:return_point_memory", "minor-loop", return_point},
      {"ref:congruency", "minor-loop-change", congruency},
      {"ref:algorithm1_steps", "step-record", algorithm1_steps},
      {"lem:monotone", "codes", monotone},
      {"lem:stack_ops", "signals", stack_ops_signals},
      {"lem:stack_ops", "top-decode", top_decode},
      {"lem:push_no_wipe", "signals", push_no_wipe},
      {"lem:pop_one", "any-stack", pop_one},
      {"prop:range", "indistinguishable", range_indistinguishable},
      {"prop:range", "proof-formula", range_formula},
      {"prop:no_copy:bare_memory", "ascending-position", no_copy},
      {"lem:ext_indicator", "indicator", ext_indicator},
      {"lem:threshold", "threshold", threshold},
      {"lem:extAgg", "pair-within-eps", ext_agg},
      {"lem:exists_ext", "count", exists_ext},
      {"eq:relay_efo", "relay-efo", relay_efo},
      {"prop:sparse", "snap", sparse},
      {"prop:hopfield_pal", "storage", hopfield_storage},
      {"prop:hopfield_pal", "capacity", hopfield_capacity},
      {"rem:retrieval", "query", retrieval},
      {"prop:ising_streaming", "first-equality", ising_first_equality},
  };
}

const std::function<ReplayOutcome(const Instance&)>& judge_for(const std::string& label, const std::string& scenario) {
  static const std::vector<Scenario> scenarios = all_scenarios();
  for (const Scenario& s : scenarios)
    if (s.label == label && s.scenario == scenario) return s.judge;
  throw std::invalid_argument("no judge for " + label + "/" + scenario);
}

void register_sequence_replayers(Registry& registry) {
  for (Scenario& s : all_scenarios()) registry.add(Replayer{s.label, s.scenario, std::move(s.judge)});
}

}  // namespace palcheck::sequences
