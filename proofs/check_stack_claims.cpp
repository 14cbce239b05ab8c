// alg:stack, def:stack, lem:pop_one (and repair:lem:pop_one, a bounded cross-check of its induction on
// the independent unrolled encoding), lem:stack_ops (PUSH and POP signals on real stacks) and
// lem:push_no_wipe (on the signal sequence), by bounded model checking of
// Algorithm 1 under every reading and of the classical memory. PUSH programs use Delta = 1 and
// C_max = D_max(k+1): Algorithm 1 and the memory only compare inputs, so scaling by Delta > 0 and shifting
// by a constant change nothing; k, the symbols and eps stay solver variables.
#include "proofs/bmc_bound.h"
#include "proofs/checkers.h"
#include "proofs/encode_algorithm1.h"
#include "proofs/encode_memory.h"
#include "proofs/judgement.h"

#include <algorithm>

namespace palcheck::proofs {
namespace {

std::vector<z3::expr> sequence(z3::context& c, const std::string& name, std::size_t n) {
  std::vector<z3::expr> u;
  for (std::size_t t = 0; t < n; ++t) u.push_back(c.real_const((name + std::to_string(t)).c_str()));
  return u;
}

std::vector<Q> values(const z3::model& m, const std::vector<z3::expr>& u) {
  std::vector<Q> out;
  for (const z3::expr& x : u) out.push_back(model_value(m, x));
  return out;
}

// v[index] for a symbolic index (0 outside the range).
z3::expr at(const std::vector<z3::expr>& v, const z3::expr& index) {
  z3::expr r = v.front().ctx().real_val(0);
  for (std::size_t j = v.size(); j-- > 0;) r = z3::ite(index == static_cast<int>(j), v[j], r);
  return r;
}

template <class Facts>
void assert_all(Query& q, const Facts& facts) {
  for (const z3::expr& f : facts) q.fact(f);
}

Instance sequence_instance(const z3::model& m, std::string label, std::string scenario, const std::vector<z3::expr>& u) {
  Instance inst{std::move(label), std::move(scenario), {}, {}};
  inst.values["u"] = values(m, u);
  return inst;
}

// alg:stack: the values held by the stack (all M's and m's) must be the memory's entries.
std::vector<CheckResult> check_alg_stack(const RunConfig& config) {
  std::size_t n = bmc_length();
  std::vector<CheckResult> out;
  for (const Algorithm1Options& reading : all_algorithm1_readings()) {
    z3::context c;
    std::vector<z3::expr> u = sequence(c, "u", n);
    Algorithm1Unrolling alg = unroll_algorithm1(c, u, reading, "alg");
    MemoryUnrolling mem = unroll_memory(c, u, InitialState::Off, "mem");
    Query q(c, config, "alg_stack_" + to_string(reading));
    assert_all(q, alg.facts);
    assert_all(q, mem.facts);
    const SymAlgorithm1& s = alg.states.back();
    const SymMemory& e = mem.states.back();
    auto in_memory = [&](const z3::expr& x) {
      z3::expr r = c.bool_val(false);
      for (std::size_t k = 0; k < e.entries.size(); ++k) r = r || (e.size > static_cast<int>(k) && e.entries[k] == x);
      return r;
    };
    auto in_stack = [&](const z3::expr& x) {
      z3::expr r = c.bool_val(false);
      for (std::size_t k = 0; k < s.M.size(); ++k) r = r || (s.size > static_cast<int>(k) && (s.M[k] == x || s.m[k] == x));
      return r;
    };
    z3::expr differ = c.bool_val(false);
    for (std::size_t k = 0; k < s.M.size(); ++k)
      differ = differ || (s.size > static_cast<int>(k) && (!in_memory(s.M[k]) || !in_memory(s.m[k])));
    for (std::size_t k = 0; k < e.entries.size(); ++k)
      differ = differ || (e.size > static_cast<int>(k) && !in_stack(e.entries[k]));
    q.fact(differ);
    Judgement j{.proved = "Algorithm 1's stack holds exactly the values of the classical memory",
                .interpretation = {{"algorithm1", to_string(reading)}, {"initial_state", "0"},
                                   {"comparison", "set of values in the stack (all M and m) = set of memory entries"},
                                   {"N", std::to_string(n)}},
                .bound = bmc_bound(n)};
    j.refuted = "Algorithm 1's stack and the classical memory hold different values";
    j.witness = [&](const z3::model& m) {
      Instance inst = sequence_instance(m, "alg:stack", "z3-stack-values-vs-memory", u);
      inst.options["algorithm1"] = to_string(reading);
      return inst;
    };
    out.push_back(judge(q.check(), j));
  }
  return out;
}

// def:stack: M_1 > M_2 > ... and m_1 > m_2 > ... (bottom first).
std::vector<CheckResult> check_def_stack(const RunConfig& config) {
  std::size_t n = bmc_length();
  std::vector<CheckResult> out;
  {
    z3::context c;
    std::vector<z3::expr> u = sequence(c, "u", n);
    MemoryUnrolling mem = unroll_memory(c, u, InitialState::Off, "mem");
    const SymMemory& e = mem.states.back();
    // Same-kind entries two apart: maxima at even indices, minima at odd ones (initial state 0).
    z3::expr maxima_bad = c.bool_val(false), minima_bad = c.bool_val(false), minima_not_up = c.bool_val(false);
    for (std::size_t k = 0; k + 2 < e.entries.size(); ++k) {
      z3::expr both = e.size > static_cast<int>(k + 2);
      if (memory_entry_is_maximum(InitialState::Off, k)) maxima_bad = maxima_bad || (both && e.entries[k] <= e.entries[k + 2]);
      else {
        minima_bad = minima_bad || (both && e.entries[k] <= e.entries[k + 2]);
        minima_not_up = minima_not_up || (both && e.entries[k] >= e.entries[k + 2]);
      }
    }
    Query increasing(c, config, "def_stack_memory_minima_increase");
    assert_all(increasing, mem.facts);
    increasing.fact(maxima_bad || minima_not_up);
    QueryOutcome nested = increasing.check();
    Query q(c, config, "def_stack_memory");
    assert_all(q, mem.facts);
    q.fact(maxima_bad || minima_bad);
    Judgement j{.proved = "the classical memory's maxima and minima both strictly decrease",
                .interpretation = {{"stack", to_string(StackReading{})}, {"initial_state", "0"}, {"N", std::to_string(n)}},
                .bound = bmc_bound(n)};
    j.refuted = "in the classical memory the minima increase (m_1 < m_2 < ...), they do not decrease";
    j.witness = [&](const z3::model& m) {
      Instance inst = sequence_instance(m, "def:stack", "z3-stack-order", u);
      inst.options["stack"] = to_string(StackReading{});
      return inst;
    };
    CheckResult r = judge(q.check(), j);
    r.details.emplace_back("memory maxima decrease and minima increase (contrary is)",
                           to_string(nested.answer) + " (cvc5: " + nested.second.answer + ")" +
                               (confirmed_unsat(nested) ? ": no counterexample up to N" : ""));
    out.push_back(r);
  }
  for (const Algorithm1Options& reading : all_algorithm1_readings()) {
    z3::context c;
    std::vector<z3::expr> u = sequence(c, "u", n);
    Algorithm1Unrolling alg = unroll_algorithm1(c, u, reading, "alg");
    const SymAlgorithm1& s = alg.states.back();
    Query q(c, config, "def_stack_alg1_" + to_string(reading));
    assert_all(q, alg.facts);
    z3::expr bad = c.bool_val(false);
    for (std::size_t k = 0; k + 1 < s.M.size(); ++k)
      bad = bad || (s.size > static_cast<int>(k + 1) && (s.M[k] <= s.M[k + 1] || s.m[k] <= s.m[k + 1]));
    q.fact(bad);
    Judgement j{.proved = "Algorithm 1's stack has M_1 > M_2 > ... and m_1 > m_2 > ...",
                .interpretation = {{"stack", to_string(StackReading{StackKind::Algorithm1, reading})}, {"N", std::to_string(n)}},
                .bound = bmc_bound(n)};
    j.refuted = "Algorithm 1 produces a stack whose M's or m's do not strictly decrease";
    j.witness = [&](const z3::model& m) {
      Instance inst = sequence_instance(m, "def:stack", "z3-stack-order", u);
      inst.options["stack"] = to_string(StackReading{StackKind::Algorithm1, reading});
      return inst;
    };
    out.push_back(judge(q.check(), j));
  }
  return out;
}

/// Which POP signal a check sends: the paper's M_{top-1} + 2 eps or our repair M_{top-1} - eps.
enum class PopSignal { Printed, Repaired };
/// Whether a POP check runs Algorithm 1 under every reading or only the first (plus the memory always).
enum class AlgorithmReadings { Every, FirstOnly };

// POP: after an arbitrary prefix, the signal M_{top-1} + 2 eps (or the repair M_{top-1} - eps).
CheckResult pop_on_algorithm1(const RunConfig& config, const std::string& label, const Algorithm1Options& reading,
                              int min_depth, PopSignal signal_kind) {
  const bool repaired = signal_kind == PopSignal::Repaired;
  std::size_t n = bmc_length();
  z3::context c;
  std::vector<z3::expr> prefix = sequence(c, "u", n);
  z3::expr eps = c.real_const("eps"), signal = c.real_const("pop_signal");
  std::vector<z3::expr> all = prefix;
  all.push_back(signal);
  Algorithm1Unrolling alg = unroll_algorithm1(c, all, reading, "alg");
  const SymAlgorithm1& s = alg.states[n - 1];
  z3::expr M_top = at(s.M, s.size - 1), M_below = at(s.M, s.size - 2);
  Query q(c, config, (repaired ? "repair_" : "") + label + "_alg1_" + to_string(reading));
  assert_all(q, alg.facts);
  q.hypothesis("eps > 0", eps > 0);
  q.hypothesis("depth >= " + std::to_string(min_depth), s.size >= min_depth);
  q.hypothesis("M_top < M_{top-1}", M_top < M_below);
  if (repaired) {
    q.fact(signal == M_below - eps);
    q.hypothesis("eps < M_{top-1} - M_top", eps < M_below - M_top);
    q.hypothesis("the signal rises above u_n", signal > prefix.back());
  } else {
    q.fact(signal == M_below + 2 * eps);
  }
  q.fact(alg.pops[n] != 1);
  std::string sig = repaired ? "M_{top-1} - eps" : "M_{top-1} + 2eps";
  Judgement j{.proved = "the signal " + sig + " pops exactly the top pair",
              .interpretation = {{"stack", to_string(StackReading{StackKind::Algorithm1, reading})}, {"N", std::to_string(n)},
                                 {"signal", sig}},
              .bound = bmc_bound(n) + " before the signal"};
  j.refuted = "the POP signal M_{top-1} + 2eps exceeds M_{top-1} too, so Algorithm 1 pops the top pair and the "
              "pair below it";
  j.witness = [&](const z3::model& m) {
    Instance inst = sequence_instance(m, label, "z3-pop-signal", prefix);
    inst.values["eps"] = {model_value(m, eps)};
    inst.values["min_depth"] = {Q(min_depth)};
    inst.options["stack"] = to_string(StackReading{StackKind::Algorithm1, reading});
    return inst;
  };
  return judge(q.check(), j);
}

// In the memory (initial state 0, so even entries are maxima) the pairs are (maximum, following minimum);
// the stack of pairs is complete when the memory ends with a minimum.
CheckResult pop_on_memory(const RunConfig& config, const std::string& label, int min_depth, PopSignal signal_kind) {
  const bool repaired = signal_kind == PopSignal::Repaired;
  std::size_t n = bmc_length();
  z3::context c;
  std::vector<z3::expr> prefix = sequence(c, "u", n);
  z3::expr eps = c.real_const("eps"), signal = c.real_const("pop_signal");
  std::vector<z3::expr> all = prefix;
  all.push_back(signal);
  MemoryUnrolling mem = unroll_memory(c, all, InitialState::Off, "mem");
  const SymMemory& e = mem.states[n - 1];
  z3::expr M_top = at(e.entries, e.size - 2), M_below = at(e.entries, e.size - 4);
  Query q(c, config, (repaired ? "repair_" : "") + label + "_memory");
  assert_all(q, mem.facts);
  q.hypothesis("eps > 0", eps > 0);
  q.hypothesis("depth >= " + std::to_string(min_depth) + " (max, min) pairs, ending with a minimum",
               e.size >= 2 * min_depth && z3::mod(e.size, 2) == 0);
  q.hypothesis("M_top < M_{top-1}", M_top < M_below);
  if (repaired) {
    q.fact(signal == M_below - eps);
    q.hypothesis("eps < M_{top-1} - M_top", eps < M_below - M_top);
  } else {
    q.fact(signal == M_below + 2 * eps);
  }
  q.fact(mem.wiped[n] != 2);
  std::string sig = repaired ? "M_{top-1} - eps" : "M_{top-1} + 2eps";
  Judgement j{.proved = "the signal " + sig + " wipes exactly the top (max, min) pair of the classical memory",
              .interpretation = {{"stack", to_string(StackReading{})}, {"initial_state", "0"}, {"N", std::to_string(n)},
                                 {"signal", sig}},
              .bound = bmc_bound(n) + " before the signal"};
  j.refuted = "the POP signal M_{top-1} + 2eps reaches above M_{top-1}, so the wiping-out removes two pairs";
  j.witness = [&](const z3::model& m) {
    Instance inst = sequence_instance(m, label, "z3-pop-signal", prefix);
    inst.values["eps"] = {model_value(m, eps)};
    inst.values["min_depth"] = {Q(min_depth)};
    inst.options["stack"] = to_string(StackReading{});
    return inst;
  };
  return judge(q.check(), j);
}

std::vector<CheckResult> pop_results(const RunConfig& config, const std::string& label, int min_depth,
                                     PopSignal signal, AlgorithmReadings readings) {
  std::vector<CheckResult> out;
  for (const Algorithm1Options& reading : all_algorithm1_readings()) {
    out.push_back(pop_on_algorithm1(config, label, reading, min_depth, signal));
    if (readings == AlgorithmReadings::FirstOnly) break;
  }
  out.push_back(pop_on_memory(config, label, min_depth, signal));
  return out;
}

// PUSH programs: u_0 = C_max (the empty channel), then PUSH(a_{i_j}) at depth j for j = 1..m.
struct PushProgram {
  z3::expr k, eps;
  std::vector<z3::expr> symbols;
  std::vector<z3::expr> inputs;
  PushProgram(z3::context& c, std::size_t m) : k(c.int_const("k")), eps(c.real_const("eps")) {
    z3::expr C_max = z3::to_real(static_cast<int>(m) * (k + 1));
    inputs.push_back(C_max);
    for (std::size_t j = 1; j <= m; ++j) {
      symbols.push_back(c.int_const(("i" + std::to_string(j)).c_str()));
      z3::expr code = C_max - z3::to_real(static_cast<int>(j) * (k + 1) + symbols.back());
      inputs.push_back(code + eps);
      inputs.push_back(code - eps);
    }
  }
  void hypotheses(Query& q) const {
    q.hypothesis("eps > 0", eps > 0);
    q.hypothesis("eps < Delta/2", 2 * eps < 1);
    for (std::size_t j = 0; j < symbols.size(); ++j) {
      q.hypothesis("1 <= i_" + std::to_string(j + 1) + " <= k", symbols[j] >= 1 && symbols[j] <= k);
    }
  }
  Instance instance(const z3::model& m, std::string label, const std::string& check) const {
    Instance inst{std::move(label), "z3-push-program", {{"check", check}}, {}};
    inst.values["k"] = {model_value(m, k)};
    inst.values["eps"] = {model_value(m, eps)};
    inst.values["Delta"] = {Q(1)};
    inst.values["D_max"] = {Q(static_cast<long>(symbols.size()))};
    for (const z3::expr& s : symbols) inst.values["symbols"].push_back(model_value(m, s));
    return inst;
  }
};

std::size_t pushes_in_bound() { return std::max<std::size_t>(2, (bmc_length() + 1) / 2); }

std::string push_bound(std::size_t m) {
  return "PUSH programs of at most " + std::to_string(m) + " pushes (bounded model check)";
}

std::vector<std::string> push_normalisation() {
  return {"Delta = 1 and C_max = D_max(k+1) (comparisons are invariant under scaling and shifting)",
          "u_0 = C_max (the empty channel)"};
}

// check "growth": each PUSH adds one pair; check "no-removal": the first signal of PUSH j >= 2 removes nothing.
std::vector<CheckResult> push_results(const RunConfig& config, const std::string& label, const std::string& check) {
  std::size_t m = pushes_in_bound();
  std::vector<CheckResult> out;
  std::string what = check == "growth" ? "each PUSH adds one pair to the stack"
                                       : "the PUSH signal code*(a_i,d+1)+eps removes nothing from the stack";
  std::string refuted = check == "growth"
                            ? "successive PUSH signals form a decreasing input, so the stack does not grow by one "
                              "pair per PUSH"
                            : "the PUSH signal lies below the previous minimum code*(a_j,d)-eps, so that minimum is "
                              "popped (Algorithm 1) or overwritten (memory)";
  for (const Algorithm1Options& reading : all_algorithm1_readings()) {
    z3::context c;
    PushProgram p(c, m);
    Algorithm1Unrolling alg = unroll_algorithm1(c, p.inputs, reading, "alg");
    Query q(c, config, label + "_push_" + check + "_alg1_" + to_string(reading));
    assert_all(q, alg.facts);
    p.hypotheses(q);
    z3::expr bad = c.bool_val(false);
    for (std::size_t j = 1; j <= m; ++j) {
      if (check == "growth") bad = bad || alg.states[2 * j].size != alg.states[0].size + static_cast<int>(j);
      else if (j >= 2) bad = bad || alg.pops[2 * j - 1] != 0;
    }
    q.fact(bad);
    Judgement jd{.proved = what,
                 .refuted = refuted,
                 .interpretation = {{"part", "PUSH"}, {"stack", to_string(StackReading{StackKind::Algorithm1, reading})},
                                    {"pushes", std::to_string(m)}},
                 .implicit = push_normalisation(),
                 .bound = push_bound(m)};
    jd.witness = [&](const z3::model& md) {
      Instance inst = p.instance(md, label, check);
      inst.options["stack"] = to_string(StackReading{StackKind::Algorithm1, reading});
      return inst;
    };
    out.push_back(judge(q.check(), jd));
  }
  z3::context c;
  PushProgram p(c, m);
  MemoryUnrolling mem = unroll_memory(c, p.inputs, InitialState::Off, "mem");
  Query q(c, config, label + "_push_" + check + "_memory");
  assert_all(q, mem.facts);
  p.hypotheses(q);
  z3::expr bad = c.bool_val(false);
  for (std::size_t j = 1; j <= m; ++j) {
    if (check == "growth") {
      bad = bad || mem.states[2 * j].size != mem.states[0].size + static_cast<int>(2 * j);
    } else if (j >= 2) {
      const SymMemory& before = mem.states[2 * j - 2];
      const SymMemory& after = mem.states[2 * j - 1];
      z3::expr lost = after.size < before.size;
      for (std::size_t e = 0; e < before.entries.size(); ++e)
        lost = lost || (before.size > static_cast<int>(e) && after.entries[e] != before.entries[e]);
      bad = bad || lost;
    }
  }
  q.fact(bad);
  Judgement jd{.proved = what,
               .refuted = refuted,
               .interpretation = {{"part", "PUSH"}, {"stack", to_string(StackReading{})}, {"initial_state", "0"},
                                  {"pushes", std::to_string(m)}},
               .implicit = push_normalisation(),
               .bound = push_bound(m)};
  jd.witness = [&](const z3::model& md) {
    Instance inst = p.instance(md, label, check);
    inst.options["stack"] = to_string(StackReading{});
    return inst;
  };
  out.push_back(judge(q.check(), jd));
  return out;
}

std::vector<CheckResult> check_stack_ops_sequences(const RunConfig& config) {
  std::vector<CheckResult> out = push_results(config, "lem:stack_ops", "growth");
  for (CheckResult& r : pop_results(config, "lem:stack_ops", 3, PopSignal::Printed, AlgorithmReadings::FirstOnly)) {
    r.interpretation["part"] = "POP";
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace

void register_stack_claim_checkers(Registry& r) {
  r.add(Checker{"alg:stack", "z3", check_alg_stack});
  r.add(Checker{"def:stack", "z3", check_def_stack});
  r.add(Checker{"lem:pop_one", "z3",
                [](const RunConfig& config) { return pop_results(config, "lem:pop_one", 2, PopSignal::Printed, AlgorithmReadings::Every); }});
  r.add(Checker{"repair:lem:pop_one", "z3",
                [](const RunConfig& config) { return pop_results(config, "repair:lem:pop_one", 2, PopSignal::Repaired, AlgorithmReadings::Every); }});
  r.add(Checker{"lem:stack_ops", "z3", check_stack_ops_sequences});
  r.add(Checker{"lem:push_no_wipe", "z3",
                [](const RunConfig& config) { return push_results(config, "lem:push_no_wipe", "no-removal"); }});
}

}  // namespace palcheck::proofs
