// alg:stack, def:stack, lem:pop_one (and repair:lem:pop_one, a bounded cross-check of its induction on
// the independent unrolled encoding), lem:stack_ops (PUSH and POP signals on real stacks) and
// lem:push_no_wipe (on the signal sequence), by bounded model checking of
// Algorithm 1 under every reading and of the classical memory. PUSH programs use Delta = 1 and
// C_max = D_max(k+1): Algorithm 1 and the memory only compare inputs, so scaling by Delta > 0 and shifting
// by a constant change nothing; k, the symbols and eps stay solver variables.
#include "proofs/checkers.h"
#include "proofs/encode_algorithm1.h"
#include "proofs/encode_memory.h"
#include "proofs/pop_signal_mutants.h"
#include "smt/bmc_bound.h"
#include "smt/judgement.h"
#include "smt/mutation.h"

#include <algorithm>
#include <functional>
#include <optional>

namespace palcheck::proofs {

using namespace smt;

namespace {

// v[index] for a symbolic index (0 outside the range).
smt::Term at(const std::vector<smt::Term>& v, const smt::Term& index) {
  smt::Term r = v.front().ctx().real_val(0);
  for (std::size_t j = v.size(); j-- > 0;) r = smt::ite(index == static_cast<int>(j), v[j], r);
  return r;
}

StackReading algorithm1(const Algorithm1Options& reading) { return {StackKind::Algorithm1, reading}; }

/// Whether a check runs Algorithm 1 under every reading or only the first (plus the memory always).
enum class AlgorithmReadings { Every, FirstOnly };

// Algorithm 1 under its readings, then the classical memory (the order of the results).
std::vector<StackReading> algorithm1_then_memory(AlgorithmReadings readings) {
  std::vector<StackReading> out;
  for (const Algorithm1Options& reading : all_algorithm1_readings()) {
    out.push_back(algorithm1(reading));
    if (readings == AlgorithmReadings::FirstOnly) break;
  }
  out.push_back(StackReading{});
  return out;
}

// The options of an instance that a stack reading produced.
std::map<std::string, std::string> stack_option(const StackReading& stack) { return {{"stack", to_string(stack)}}; }

// alg:stack: the values held by the stack (all M's and m's) must be the memory's entries.
std::vector<CheckResult> check_alg_stack(const RunConfig& config) {
  return bmc_each<Algorithm1Options>(
      config, all_algorithm1_readings(), [](const Algorithm1Options& r) { return "alg_stack_" + to_string(r); },
      [](smt::Context& c, Query& q, const Algorithm1Options& reading, std::size_t n) {
        std::vector<smt::Term> u = symbolic_sequence(c, "u", n);
        Algorithm1Unrolling alg = unroll_algorithm1(c, u, reading, "alg");
        MemoryUnrolling mem = unroll_memory(c, u, InitialState::Off, "mem");
        q.facts(alg.facts);
        q.facts(mem.facts);
        const SymAlgorithm1& s = alg.states.back();
        const SymMemory& e = mem.states.back();
        auto in_memory = [&](const smt::Term& x) {
          smt::Term r = c.bool_val(false);
          for (std::size_t k = 0; k < e.entries.size(); ++k)
            r = r || (e.size > static_cast<int>(k) && e.entries[k] == x);
          return r;
        };
        auto in_stack = [&](const smt::Term& x) {
          smt::Term r = c.bool_val(false);
          for (std::size_t k = 0; k < s.M.size(); ++k)
            r = r || (s.size > static_cast<int>(k) && (s.M[k] == x || s.m[k] == x));
          return r;
        };
        smt::Term differ = c.bool_val(false);
        for (std::size_t k = 0; k < s.M.size(); ++k)
          differ = differ || (s.size > static_cast<int>(k) && (!in_memory(s.M[k]) || !in_memory(s.m[k])));
        for (std::size_t k = 0; k < e.entries.size(); ++k)
          differ = differ || (e.size > static_cast<int>(k) && !in_stack(e.entries[k]));
        q.fact(differ);
        return Judgement{
            .proved = "Algorithm 1's stack holds exactly the values of the classical memory",
            .refuted = "Algorithm 1's stack and the classical memory hold different values",
            .witness = Witness{.label = "alg:stack",
                               .scenario = "z3-stack-values-vs-memory",
                               .options = {{"algorithm1", to_string(reading)}},
                               .read = {{"u", u}}},
            .reading = {palcheck::reading(algorithm1(reading)), palcheck::reading(InitialState::Off)},
            .interpretation = {{"comparison", "set of values in the stack (all M and m) = set of memory entries"},
                               {"N", std::to_string(n)}},
            .bound = bmc_bound(n)};
      });
}

// The classical memory after n symbolic inputs (initial state 0) and the ways its same-kind entries two
// apart can fail to be ordered: maxima sit at even indices, minima at odd ones.
struct MemoryOrder {
  std::vector<smt::Term> u;
  MemoryUnrolling mem;
  smt::Term maxima_not_down, minima_not_down, minima_not_up;
  MemoryOrder(smt::Context& c, std::size_t n)
      : u(symbolic_sequence(c, "u", n)),
        mem(unroll_memory(c, u, InitialState::Off, "mem")),
        maxima_not_down(c.bool_val(false)),
        minima_not_down(c.bool_val(false)),
        minima_not_up(c.bool_val(false)) {
    const SymMemory& e = mem.states.back();
    for (std::size_t k = 0; k + 2 < e.entries.size(); ++k) {
      smt::Term both = e.size > static_cast<int>(k + 2);
      if (memory_entry_is_maximum(InitialState::Off, k)) {
        maxima_not_down = maxima_not_down || (both && e.entries[k] <= e.entries[k + 2]);
      } else {
        minima_not_down = minima_not_down || (both && e.entries[k] <= e.entries[k + 2]);
        minima_not_up = minima_not_up || (both && e.entries[k] >= e.entries[k + 2]);
      }
    }
  }
};

// def:stack: M_1 > M_2 > ... and m_1 > m_2 > ... (bottom first). For the memory a second query shows
// what does hold instead: its minima increase.
std::vector<CheckResult> check_def_stack(const RunConfig& config) {
  const std::size_t n = bmc_length();
  QueryOutcome minima_increase;
  auto name = [](const StackReading& stack) {
    return stack.classical() ? std::string("def_stack_memory") : "def_stack_alg1_" + to_string(stack.algorithm1);
  };
  std::vector<CheckResult> out = prove_each<StackReading>(
      config, all_stack_readings(), name, [&](smt::Context& c, Query& q, const StackReading& stack) {
        Judgement j{.reading = {reading(stack)}, .bound = bmc_bound(n)};
        if (stack.classical()) {
          MemoryOrder order(c, n);
          Query& increasing = q.sibling("def_stack_memory_minima_increase");
          increasing.facts(order.mem.facts);
          increasing.fact(order.maxima_not_down || order.minima_not_up);
          minima_increase = increasing.check();
          q.facts(order.mem.facts);
          q.fact(order.maxima_not_down || order.minima_not_down);
          j.witness = Witness{.label = "def:stack",
                              .scenario = "z3-stack-order",
                              .options = stack_option(stack),
                              .read = {{"u", order.u}}};
          j.proved = "the classical memory's maxima and minima both strictly decrease";
          j.refuted = "in the classical memory the minima increase (m_1 < m_2 < ...), they do not decrease";
          j.reading.insert(reading(InitialState::Off));
        } else {
          std::vector<smt::Term> u = symbolic_sequence(c, "u", n);
          Algorithm1Unrolling alg = unroll_algorithm1(c, u, stack.algorithm1, "alg");
          const SymAlgorithm1& s = alg.states.back();
          q.facts(alg.facts);
          smt::Term bad = c.bool_val(false);
          for (std::size_t k = 0; k + 1 < s.M.size(); ++k)
            bad = bad || (s.size > static_cast<int>(k + 1) && (s.M[k] <= s.M[k + 1] || s.m[k] <= s.m[k + 1]));
          q.fact(bad);
          j.witness = Witness{
              .label = "def:stack", .scenario = "z3-stack-order", .options = stack_option(stack), .read = {{"u", u}}};
          j.proved = "Algorithm 1's stack has M_1 > M_2 > ... and m_1 > m_2 > ...";
          j.refuted = "Algorithm 1 produces a stack whose M's or m's do not strictly decrease";
        }
        j.interpretation["N"] = std::to_string(n);
        return j;
      });
  out.front().details.emplace_back("memory maxima decrease and minima increase (contrary is)",
                                   to_string(minima_increase.answer) + " (cvc5: " + to_string(minima_increase.second.reply) +
                                       ")" + (confirmed_unsat(minima_increase) ? ": no counterexample up to N" : ""));
  return out;
}

/// Which POP signal a check sends: the paper's M_{top-1} + 2 eps or our repair M_{top-1} - eps.
enum class PopSignal { Printed, Repaired };

/// One piece of the repaired POP changed on purpose: its semantic mutants (smt/mutation.h).
enum class PopChange {
  None,             ///< the repair as stated
  PrintedSignal,    ///< the printed signal M_{top-1} + 2eps
  EpsBoundDoubled,  ///< eps < 2 (M_{top-1} - M_top): the signal may stay below M_top
  RiseDropped,      ///< Algorithm 1: the signal need not rise above u_n
};

// POP: after an arbitrary prefix of n inputs, the signal M_{top-1} + 2 eps (or the repair M_{top-1} - eps)
// must remove exactly the top pair: Algorithm 1's top (M, m) pair, or the memory's top (maximum, following
// minimum) pair (initial state 0, so even entries are maxima; the stack of pairs is complete when the
// memory ends with a minimum).
std::vector<CheckResult> pop_results(const RunConfig& config, const std::string& label, int min_depth,
                                     PopSignal signal_kind, AlgorithmReadings readings) {
  const bool repaired = signal_kind == PopSignal::Repaired;
  const std::vector<StackReading> stacks = algorithm1_then_memory(readings);
  const std::string sig = repaired ? "M_{top-1} - eps" : "M_{top-1} + 2eps";
  auto name = [&](const StackReading& stack) {
    return (repaired ? "repair_" : "") + label +
           (stack.classical() ? std::string("_memory") : "_alg1_" + to_string(stack.algorithm1));
  };
  auto claim = [&](smt::Context& c, Query& q, const StackReading& stack, PopChange change, std::size_t n) {
    std::vector<smt::Term> prefix = symbolic_sequence(c, "u", n);
    smt::Term eps = c.real_const("eps"), signal = c.real_const("pop_signal");
    std::vector<smt::Term> all = prefix;
    all.push_back(signal);
    Judgement j{.witness = Witness{.label = label,
                                   .scenario = "z3-pop-signal",
                                   .options = stack_option(stack),
                                   .read = {{"u", prefix}, {"eps", {eps}}},
                                   .fixed = {{"min_depth", {Q(min_depth)}}}},
                .reading = {reading(stack)},
                .interpretation = {{"N", std::to_string(n)}, {"signal", sig}},
                .bound = bmc_bound(n) + " before the signal"};
    std::string depth = "depth >= " + std::to_string(min_depth);
    smt::Term deep = c.bool_val(true);
    std::optional<smt::Term> M_top, M_below;
    std::function<smt::Term()> removed_not_one;
    if (stack.classical()) {
      MemoryUnrolling mem = unroll_memory(c, all, InitialState::Off, "mem");
      const SymMemory& e = mem.states[n - 1];
      M_top = at(e.entries, e.size - 2);
      M_below = at(e.entries, e.size - 4);
      q.facts(mem.facts);
      depth += " (max, min) pairs, ending with a minimum";
      deep = e.size >= 2 * min_depth && smt::mod(e.size, 2) == 0;
      removed_not_one = [wiped = mem.wiped[n]] { return wiped != 2; };
      j.proved = "the signal " + sig + " wipes exactly the top (max, min) pair of the classical memory";
      j.refuted = "the POP signal M_{top-1} + 2eps reaches above M_{top-1}, so the wiping-out removes two pairs";
      j.reading.insert(reading(InitialState::Off));
    } else {
      Algorithm1Unrolling alg = unroll_algorithm1(c, all, stack.algorithm1, "alg");
      const SymAlgorithm1& s = alg.states[n - 1];
      M_top = at(s.M, s.size - 1);
      M_below = at(s.M, s.size - 2);
      q.facts(alg.facts);
      deep = s.size >= min_depth;
      removed_not_one = [pops = alg.pops[n]] { return pops != 1; };
      j.proved = "the signal " + sig + " pops exactly the top pair";
      j.refuted =
          "the POP signal M_{top-1} + 2eps exceeds M_{top-1} too, so Algorithm 1 pops the top pair and "
          "the pair below it";
    }
    q.hypothesis("eps > 0", eps > 0);
    q.hypothesis(depth, deep);
    q.hypothesis("M_top < M_{top-1}", *M_top < *M_below);
    if (repaired && change != PopChange::PrintedSignal) {
      q.fact(signal == *M_below - eps);
      smt::Term gap = *M_below - *M_top;
      q.hypothesis("eps < M_{top-1} - M_top", change == PopChange::EpsBoundDoubled ? eps < 2 * gap : eps < gap);
      if (!stack.classical() && change != PopChange::RiseDropped)
        q.hypothesis("the signal rises above u_n", signal > prefix.back());
    } else {
      q.fact(signal == *M_below + 2 * eps);
    }
    q.fact(removed_not_one());
    return j;
  };
  // The printed signal is the paper's statement: its shortest counterexample is the headline. The repair is
  // ours, a bounded proof at the full length (shorter lengths would only add queries).
  auto at_length = [&](smt::Context& c, Query& q, const StackReading& stack, std::size_t n) {
    return claim(c, q, stack, PopChange::None, n);
  };
  std::vector<CheckResult> out =
      repaired ? prove_each<StackReading>(config, stacks, name,
                                          [&](smt::Context& c, Query& q, const StackReading& stack) {
                                            return at_length(c, q, stack, bmc_length());
                                          })
               : bmc_each<StackReading>(config, stacks, name, at_length);
  if (!repaired) return out;
  for (std::size_t i = 0; i < stacks.size(); ++i) {
    // On Algorithm 1's reachable stacks with M_top < M_{top-1}, the top's M is u_n under some readings, so a
    // signal that may stay below M_top, or need not rise, is an equivalent mutant there: only the memory's.
    std::vector<Mutant<PopChange>> mutants{printed_pop_signal(PopChange::PrintedSignal)};
    if (stacks[i].classical()) mutants.push_back(pop_eps_doubled(PopChange::EpsBoundDoubled));
    pin(out[i], {ModelDefinition::Encoding}, [&] {
      return query_mutants<PopChange>(config, name(stacks[i]), mutants, [&](smt::Context& c, Query& q, PopChange ch) {
        return claim(c, q, stacks[i], ch, bmc_length());
      });
    });
    out[i].details.emplace_back("relies on",
                                "the stack's own step (Algorithm 1's pop loop, the memory's wiping cut) is the "
                                "shared encoding; its model mutants are refuted in repair:lem:pop_one's induction");
  }
  return out;
}

// PUSH programs: u_0 = C_max (the empty channel), then PUSH(a_{i_j}) at depth j for j = 1..m.
struct PushProgram {
  smt::Term k, eps;
  std::vector<smt::Term> symbols;
  std::vector<smt::Term> inputs;
  PushProgram(smt::Context& c, std::size_t m) : k(c.int_const("k")), eps(c.real_const("eps")) {
    smt::Term C_max = smt::to_real(static_cast<int>(m) * (k + 1));
    inputs.push_back(C_max);
    for (std::size_t j = 1; j <= m; ++j) {
      symbols.push_back(c.int_const(("i" + std::to_string(j)).c_str()));
      smt::Term code = C_max - smt::to_real(static_cast<int>(j) * (k + 1) + symbols.back());
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
  Witness instance(std::string label, const std::string& check, const StackReading& stack) const {
    std::map<std::string, std::string> options = stack_option(stack);
    options["check"] = check;
    return Witness{.label = std::move(label),
                   .scenario = "z3-push-program",
                   .options = options,
                   .read = {{"k", {k}}, {"eps", {eps}}, {"symbols", symbols}},
                   .fixed = {{"Delta", {Q(1)}}, {"D_max", {Q(static_cast<long>(symbols.size()))}}}};
  }
};

std::size_t pushes_in_bound() { return std::max<std::size_t>(2, (bmc_length() + 1) / 2); }

/// What a PUSH program check asks of every PUSH.
enum class PushCheck {
  Growth,     ///< each PUSH adds one pair
  NoRemoval,  ///< the first signal of PUSH j >= 2 removes nothing
};

std::vector<CheckResult> push_results(const RunConfig& config, const std::string& label, PushCheck check) {
  const std::size_t m = pushes_in_bound();
  const bool growth = check == PushCheck::Growth;
  const std::string check_name = growth ? "growth" : "no-removal";
  auto name = [&](const StackReading& stack) {
    return label + "_push_" + check_name +
           (stack.classical() ? std::string("_memory") : "_alg1_" + to_string(stack.algorithm1));
  };
  return prove_each<StackReading>(
      config, algorithm1_then_memory(AlgorithmReadings::Every), name,
      [&](smt::Context& c, Query& q, const StackReading& stack) {
        PushProgram p(c, m);
        std::optional<MemoryUnrolling> mem;
        std::optional<Algorithm1Unrolling> alg;
        if (stack.classical()) {
          mem = unroll_memory(c, p.inputs, InitialState::Off, "mem");
          q.facts(mem->facts);
        } else {
          alg = unroll_algorithm1(c, p.inputs, stack.algorithm1, "alg");
          q.facts(alg->facts);
        }
        p.hypotheses(q);
        smt::Term bad = c.bool_val(false);
        for (std::size_t j = 1; j <= m; ++j) {
          if (alg && growth) {
            bad = bad || alg->states[2 * j].size != alg->states[0].size + static_cast<int>(j);
          } else if (alg && j >= 2) {
            bad = bad || alg->pops[2 * j - 1] != 0;
          } else if (mem && growth) {
            bad = bad || mem->states[2 * j].size != mem->states[0].size + static_cast<int>(2 * j);
          } else if (mem && j >= 2) {
            const SymMemory& before = mem->states[2 * j - 2];
            const SymMemory& after = mem->states[2 * j - 1];
            smt::Term lost = after.size < before.size;
            for (std::size_t e = 0; e < before.entries.size(); ++e)
              lost = lost || (before.size > static_cast<int>(e) && after.entries[e] != before.entries[e]);
            bad = bad || lost;
          }
        }
        q.fact(bad);
        Judgement j{.proved = growth ? "each PUSH adds one pair to the stack"
                                     : "the PUSH signal code*(a_i,d+1)+eps removes nothing from the stack",
                    .refuted = growth ? "successive PUSH signals form a decreasing input, so the stack does not grow "
                                        "by one pair per PUSH"
                                      : "the PUSH signal lies below the previous minimum code*(a_j,d)-eps, so that "
                                        "minimum is popped (Algorithm 1) or overwritten (memory)",
                    .witness = p.instance(label, check_name, stack),
                    .reading = {reading(stack)},
                    .interpretation = {{"part", "PUSH"}, {"pushes", std::to_string(m)}},
                    .implicit = {"Delta = 1 and C_max = D_max(k+1) (comparisons are invariant under scaling and "
                                 "shifting)",
                                 "u_0 = C_max (the empty channel)"},
                    .bound = "PUSH programs of at most " + std::to_string(m) + " pushes (bounded model check)"};
        if (stack.classical()) j.reading.insert(reading(InitialState::Off));
        return j;
      });
}

std::vector<CheckResult> check_stack_ops_sequences(const RunConfig& config) {
  std::vector<CheckResult> out = push_results(config, "lem:stack_ops", PushCheck::Growth);
  for (CheckResult& r : pop_results(config, "lem:stack_ops", 3, PopSignal::Printed, AlgorithmReadings::FirstOnly)) {
    r.interpretation["part"] = "POP";
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace

void register_stack_claim_checkers(Registry& r) {
  auto pop = [](std::string label, PopSignal signal, AlgorithmReadings readings) {
    return [=](const RunConfig& config) { return pop_results(config, label, 2, signal, readings); };
  };
  // The proof's argument on any stack with M_top < M_{top-1}, without "under the Cantor-depth encoding".
  r.add(Checker{"lem:pop_one", "z3", pop("lem:pop_one", PopSignal::Printed, AlgorithmReadings::Every),
                Sharding::ByClaim, Scope::ProofStep});
  add_checkers(r, "z3",
               {{"alg:stack", check_alg_stack},
                {"def:stack", check_def_stack},
                {"repair:lem:pop_one", pop("repair:lem:pop_one", PopSignal::Repaired, AlgorithmReadings::Every)},
                {"lem:stack_ops", check_stack_ops_sequences},
                {"lem:push_no_wipe", [](const RunConfig& config) {
                   return push_results(config, "lem:push_no_wipe", PushCheck::NoRemoval);
                 }}});
}

}  // namespace palcheck::proofs
