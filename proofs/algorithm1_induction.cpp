// The Algorithm 1 inductions (see algorithm1_induction.h). Stack: arrays M, m : Int -> Real, depth D,
// previous input prev. Pop loop on input u: test(q) = M[q] < u rising (u > prev), m[q] > u falling; loop
// state (d, k) starts at (D, 0) and, while d > 0 and test(d-1), becomes (d-1, k+1); then one pair is
// pushed at d. The counts: n inputs, P pushes, K pops.
#include "proofs/algorithm1_induction.h"

#include "proofs/encode_algorithm1.h"
#include "proofs/induction_query.h"
#include "reference/algorithm1.h"

#include <functional>

namespace palcheck::proofs {
namespace {

struct Stack {
  z3::context& c;
  Algorithm1Fact fact;
  Algorithm1Break broken;

  bool broken_for(Algorithm1Fact f) const { return broken == Algorithm1Break::Loop && fact == f; }
  z3::sort arrays = c.array_sort(c.int_sort(), c.real_sort());
  z3::expr M = c.constant("M", arrays), m = c.constant("m", arrays);
  z3::expr D = c.int_const("D"), prev = c.real_const("prev"), u = c.real_const("u");
  z3::expr rising = c.bool_const("rising"), eps = c.real_const("eps");
  z3::expr d = c.int_const("d"), k = c.int_const("k"), w = c.int_const("w");
  z3::expr n = c.int_const("n"), P = c.int_const("P"), K = c.int_const("K"), seen = c.bool_const("seen");

  z3::expr test(const z3::expr& q) const { return z3::ite(rising, z3::select(M, q) < u, z3::select(m, q) > u); }
  z3::expr guard(const z3::expr& depth, const z3::expr& pops) const {
    z3::expr g = depth > 0 && test(depth - 1);
    return broken_for(Algorithm1Fact::Steps) ? g && pops == 0 : g;
  }
  // Every pair from `from` to the top passed the test.
  z3::expr passed(const z3::expr& from) const {
    z3::expr q = c.int_const("q");
    return z3::forall(q, z3::implies(from <= q && q < D, test(q)));
  }
  z3::expr loop_inv(const z3::expr& depth, const z3::expr& pops) const {
    return 0 <= depth && depth + pops == D && pops >= 0 && passed(depth);
  }
  // The loop's exit as a cut: w pairs popped when the top w pass and the one below does not.
  z3::expr cut(const z3::expr& pops) const {
    z3::expr bounded = broken_for(Algorithm1Fact::Counts) ? pops >= 0 : pops >= 0 && pops <= D;
    return bounded && passed(D - pops) && (pops == D || !test(D - pops - 1));
  }

  // repair:lem:pop_one's premises on the stack and the signal (rising).
  void pop_one_premises(Query& q) const {
    q.hypothesis("depth >= 2", D >= 2);
    q.hypothesis("M_top < M_{top-1}", z3::select(M, D - 1) < z3::select(M, D - 2));
    q.hypothesis("eps > 0", eps > 0);
    q.hypothesis("eps < M_{top-1} - M_top", eps < z3::select(M, D - 2) - z3::select(M, D - 1));
    z3::expr signal = broken_for(Algorithm1Fact::PopOne) ? z3::select(M, D - 2) + 2 * eps : z3::select(M, D - 2) - eps;
    q.fact(u == signal && rising);
    q.hypothesis("the signal rises above u_n", u > prev);
  }
  z3::expr pop_one_inv(const z3::expr& depth, const z3::expr& pops) const {
    return 0 <= depth && depth + pops == D && 0 <= pops && pops <= 1;
  }

  // prop:complexity:counts.
  z3::expr counts_inv(const z3::expr& inputs, const z3::expr& depth, const z3::expr& pushes, const z3::expr& pops,
                      const z3::expr& has_previous) const {
    return inputs >= 0 && 0 <= depth && depth == pushes - pops && pops <= pushes && depth <= inputs &&
           pushes <= inputs && has_previous == (inputs >= 1);
  }
};

InductionText spec(Algorithm1Fact fact) {
  switch (fact) {
    case Algorithm1Fact::PopOne:
      return {"repair_lem_pop_one",
              "loop invariant I(d, k): 0 <= d, d + k = D, 0 <= k <= 1 (on a stack of any depth D >= 2)",
              "pop loop from (d, k) = (D, 0): while d > 0 and M[d-1] < u (the rising test), (d, k) := (d-1, k+1); "
              "u = M[D-2] - eps > u_n; the loop is the same under every reading (first, unset_last change the "
              "first input and the pushed value only)",
              "(d, k): the loop's depth and pop counter"};
    case Algorithm1Fact::Steps:
      return {"ref_algorithm1_steps",
              "loop invariant I(d, k): 0 <= d, d + k = D, and every pair q with d <= q < D passed the test (M[q] < u "
              "rising, m[q] > u falling)",
              "pop loop from (d, k) = (D, 0): while d > 0 and the pair d-1 passes the test, pop it (top first); at "
              "the exit the popped pairs are the unique cut: the top run that passes, the pair below it fails or "
              "the stack is empty; then the printed code pushes one pair at d (none on equal inputs, no loop "
              "there)",
              "(d, k): the loop's depth and pop counter; w: any cut, a symbolic index characterised by the test "
              "(not a loop unrolled to a bound)"};
    case Algorithm1Fact::Counts:
      return {"prop_complexity_counts",
              "Inv(n, D, P, K, seen): n >= 0, 0 <= D = P - K, K <= P, D <= n, P <= n, seen iff n >= 1 (n inputs, "
              "P pushes, K pops, D depth)",
              "one input u: the first (not seen) pushes one pair only under first=push-pair; u = u_n pushes "
              "nothing; otherwise the pop loop pops the cut w (0 <= w <= D, the top w pairs pass the test, the one "
              "below does not: ref:algorithm1_steps' exit) and one pair is pushed, D' = D - w + 1",
              "n, P, K: inputs, pushes and pops counted so far; w: the symbolic cut of the pop loop"};
  }
  return {"", "", "", ""};
}

bool run_case(const RunConfig& config, Algorithm1Fact fact, Algorithm1Break broken, const std::string& file,
              const std::string& name, const std::string& question,
              const std::function<void(Query&, const Stack&)>& pose, InductionProof& proof) {
  z3::context c;
  Stack s{c, fact, broken};
  Query q(c, config, file);
  pose(q, s);
  return ask(q, name, question, proof.queries);
}

z3::expr as_array(z3::context& c, const std::vector<z3::expr>& values) {
  z3::expr a = z3::const_array(c.int_sort(), c.real_val(0));
  for (std::size_t j = 0; j < values.size(); ++j) a = z3::store(a, c.int_val(static_cast<int>(j)), values[j]);
  return a;
}

// Non-vacuity (a): a reachable stack (three inputs of Algorithm 1) on which the fact's premises hold with
// a real pop, the array view tied to the unrolled state.
void witness(const RunConfig& config, Algorithm1Fact fact, FirstInput first, InductionProof& proof) {
  const std::size_t prefix = 3;
  z3::context c;
  Stack s{c, fact, Algorithm1Break::None};
  std::vector<z3::expr> inputs;
  for (std::size_t t = 0; t <= prefix; ++t) inputs.push_back(c.real_const(("u" + std::to_string(t)).c_str()));
  Algorithm1Options reading{first, UnsetLast::PreviousInput};
  Algorithm1Unrolling run = unroll_algorithm1(c, inputs, reading, "alg");
  const SymAlgorithm1& before = run.states[prefix - 1];
  Query q(c, config, std::string(spec(fact).tag) + "_induction_nonvacuous");
  for (const z3::expr& f : run.facts) q.fact(f);
  q.fact(s.M == as_array(c, before.M) && s.m == as_array(c, before.m) && s.D == before.size);
  q.fact(s.prev == before.previous && s.u == inputs[prefix] && s.rising == (s.u > s.prev));
  q.fact(run.pops[prefix] == s.w);
  std::string question;
  if (fact == Algorithm1Fact::PopOne) {
    s.pop_one_premises(q);
    question = "three inputs of Algorithm 1, then the signal M_{top-1} - eps on the stack they leave";
  } else if (fact == Algorithm1Fact::Steps) {
    q.fact(s.w >= 2);
    question = "three inputs of Algorithm 1, then an input whose loop pops at least two pairs";
  } else {
    z3::expr pushes = c.int_val(0), pops = c.int_val(0);
    for (std::size_t t = 0; t < prefix; ++t) {
      pushes = pushes + z3::ite(run.pushed[t], c.int_val(1), c.int_val(0));
      pops = pops + run.pops[t];
    }
    q.fact(s.counts_inv(c.int_val(static_cast<int>(prefix)), s.D, pushes, pops, before.has_previous));
    q.fact(s.w >= 1 && s.u != s.prev);
    question = "three inputs of Algorithm 1 (Inv holds), then an input that pops";
  }
  QueryOutcome o = q.check();
  proof.witness_query = recorded("non-vacuity (a)", question + " (sat expected)", o);
  if (o.answer != SolverAnswer::Sat) return;
  const z3::model& m = *o.model;
  const char* names[] = {"pop-one", "steps", "counts"};
  Instance inst{
      "", "z3-algorithm1-witness", {{"fact", names[static_cast<int>(fact)]}, {"algorithm1", to_string(reading)}}, {}};
  for (const z3::expr& e : inputs) inst.values["u"].push_back(model_value(m, e));
  inst.values["pops"] = {Q(static_cast<long>(model_int(m, s.w)))};
  if (fact == Algorithm1Fact::PopOne) inst.values["eps"] = {model_value(m, s.eps)};
  proof.witness = inst;
}

}  // namespace

InductionClaim algorithm1_claim(Algorithm1Fact fact, FirstInput first) {
  switch (fact) {
    case Algorithm1Fact::PopOne:
      return {
          "for every stack depth and every prefix: on a stack of depth >= 2 with M_top < M_{top-1}, the rising "
          "signal M_{top-1} - eps (0 < eps < M_{top-1} - M_top) pops exactly the top pair",
          {{"stack", "algorithm1, every reading (the pop loop does not depend on first or unset_last)"},
           {"signal", "M_{top-1} - eps"}},
          {"eps > 0", "eps < M_{top-1} - M_top", "depth >= 2", "M_top < M_{top-1}", "the signal rises above u_n"}};
    case Algorithm1Fact::Steps:
      return {
          "for every stack depth: each step's loop pops exactly the maximal top run of pairs the printed test "
          "removes, top first, then one pair is pushed (none on equal inputs)",
          {{"algorithm1", "every reading (the pop loop does not depend on first or unset_last)"}},
          {}};
    case Algorithm1Fact::Counts:
      return {
          "for every sequence length: one push per step whose input differs from the previous one (and at u_0 "
          "only under push-pair), pops never exceed pushes, depth <= number of inputs",
          {{"algorithm1", to_string(first) + ", every unset_last (it changes pushed values, not counts)"}},
          {}};
  }
  return {};
}

InductionProof prove_algorithm1(const RunConfig& config, Algorithm1Fact fact, FirstInput first,
                                Algorithm1Break broken) {
  InductionText sp = spec(fact);
  InductionProof proof = start_induction(sp);
  std::string file = std::string(sp.tag) + "_induction";
  if (fact == Algorithm1Fact::Counts) file += first == FirstInput::PushPair ? "_push_pair" : "_empty";
  if (broken != Algorithm1Break::None) file += "_broken";
  bool all = true;
  auto run = [&](const std::string& suffix, const std::string& name, const std::string& question,
                 const std::function<void(Query&, const Stack&)>& pose) {
    all = run_case(config, fact, broken, file + "_" + suffix, name, question, pose, proof) && all;
  };
  if (fact == Algorithm1Fact::PopOne) {
    run("base", "base", "(D, 0) satisfies I", [](Query& q, const Stack& s) {
      s.pop_one_premises(q);
      q.fact(!s.pop_one_inv(s.D, q.ctx().int_val(0)));
    });
    run("step", "step: one pop", "I(d, k) and the loop test => I(d-1, k+1)", [](Query& q, const Stack& s) {
      s.pop_one_premises(q);
      q.hypothesis("I before the pop", s.pop_one_inv(s.d, s.k));
      q.fact(s.guard(s.d, s.k) && !s.pop_one_inv(s.d - 1, s.k + 1));
    });
    run("exit", "exit: the loop stops", "I(d, k) and not the loop test => k = 1", [](Query& q, const Stack& s) {
      s.pop_one_premises(q);
      q.hypothesis("I at the exit", s.pop_one_inv(s.d, s.k));
      q.fact(!s.guard(s.d, s.k) && s.k != 1);
    });
  } else if (fact == Algorithm1Fact::Steps) {
    auto branch = [](Query& q, const Stack& s) {
      q.hypothesis("the input differs from u_n (rising iff above)",
                   s.D >= 0 && s.rising == (s.u > s.prev) && s.u != s.prev);
    };
    run("base", "base", "(D, 0) satisfies I", [&](Query& q, const Stack& s) {
      branch(q, s);
      q.fact(!s.loop_inv(s.D, q.ctx().int_val(0)));
    });
    run("step", "step: one pop", "I(d, k) and the loop test => I(d-1, k+1)", [&](Query& q, const Stack& s) {
      branch(q, s);
      q.hypothesis("I before the pop", s.loop_inv(s.d, s.k));
      q.fact(s.guard(s.d, s.k) && !s.loop_inv(s.d - 1, s.k + 1));
    });
    run("exit", "exit: the loop stops at the cut",
        "I(d, k) and not the loop test => every cut w (top w pass, the one below fails) is k",
        [&](Query& q, const Stack& s) {
          branch(q, s);
          q.hypothesis("I at the exit", s.loop_inv(s.d, s.k));
          q.fact(!s.guard(s.d, s.k) && s.cut(s.w) && s.w != s.k);
        });
  } else {
    const bool push_first = first == FirstInput::PushPair;
    run("base", "base", "no input: n = D = P = K = 0, not seen, satisfies Inv", [](Query& q, const Stack& s) {
      z3::context& c = q.ctx();
      q.fact(!s.counts_inv(c.int_val(0), c.int_val(0), c.int_val(0), c.int_val(0), c.bool_val(false)));
    });
    run("first", "step: the first input",
        std::string("Inv and u_0 => Inv with ") + (push_first ? "one push" : "no push"),
        [push_first](Query& q, const Stack& s) {
          z3::expr pp = q.ctx().int_val(push_first ? 1 : 0);
          q.hypothesis("Inv before the step", s.counts_inv(s.n, s.D, s.P, s.K, s.seen));
          q.hypothesis("the first input", !s.seen);
          q.fact(!s.counts_inv(s.n + 1, s.D + pp, s.P + pp, s.K, q.ctx().bool_val(true)));
        });
    run("equal", "step: an equal input", "Inv and u = u_n => Inv with no push and no pop",
        [](Query& q, const Stack& s) {
          q.hypothesis("Inv before the step", s.counts_inv(s.n, s.D, s.P, s.K, s.seen));
          q.hypothesis("an equal input", s.seen && s.u == s.prev);
          q.fact(!s.counts_inv(s.n + 1, s.D, s.P, s.K, s.seen));
        });
    run("differs", "step: a differing input", "Inv, u != u_n, the loop pops the cut w => Inv with one push and w pops",
        [](Query& q, const Stack& s) {
          q.hypothesis("Inv before the step", s.counts_inv(s.n, s.D, s.P, s.K, s.seen));
          q.hypothesis("a differing input", s.seen && s.u != s.prev && s.rising == (s.u > s.prev));
          q.hypothesis("the loop pops the cut w", s.cut(s.w));
          q.fact(!s.counts_inv(s.n + 1, s.D - s.w + 1, s.P + 1, s.K + s.w, s.seen));
        });
  }
  proof.proved = all;
  witness(config, fact, first, proof);
  return proof;
}

std::string replay_algorithm1(const Instance& w) {
  Algorithm1Options reading = parse_algorithm1_reading(w.options.at("algorithm1")).value();
  const std::vector<Q>& u = w.values.at("u");
  Algorithm1 alg(reading);
  std::size_t pushes = 0, pops = 0;
  for (std::size_t t = 0; t + 1 < u.size(); ++t) {
    Algorithm1Step st = alg.step(u[t]);
    pushes += st.pushed ? 1 : 0;
    pops += st.popped.size();
  }
  std::vector<StackPair> before = alg.stack();
  Algorithm1Step last = alg.step(u.back());
  if (Q(static_cast<long>(last.popped.size())) != w.values.at("pops").front())
    return "the reference pops " + std::to_string(last.popped.size()) + " pairs, the model says otherwise";
  const std::string& fact = w.options.at("fact");
  if (fact == "pop-one") {
    if (before.size() < 2 || !(before.back().M < before[before.size() - 2].M))
      return "the stack is not of the premises";
    if (u.back() != before[before.size() - 2].M - w.values.at("eps").front())
      return "the signal is not M_{top-1} - eps";
    return last.popped.size() == 1 ? "" : "the signal does not pop exactly one pair";
  }
  if (fact == "steps") return last.popped.size() >= 2 ? "" : "the step pops fewer than two pairs";
  if (before.size() != pushes - pops || before.size() > u.size() - 1)
    return "the counts invariant fails on the reference";
  return last.popped.empty() ? "the step pops nothing" : "";
}

}  // namespace palcheck::proofs
