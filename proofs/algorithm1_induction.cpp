// The Algorithm 1 inductions (see algorithm1_induction.h). Stack: arrays M, m : Int -> Real, depth D,
// previous input prev. Pop loop on input u: test(q) = M[q] < u rising (u > prev), m[q] > u falling; loop
// state (d, k) starts at (D, 0) and, while d > 0 and test(d-1), becomes (d-1, k+1); then one pair is
// pushed at d. The counts: n inputs, P pushes, K pops.
#include "proofs/algorithm1_induction.h"

#include "proofs/encode_algorithm1.h"
#include "proofs/pop_signal_mutants.h"
#include "reference/algorithm1.h"
#include "smt/induction_query.h"
#include "smt/mutation.h"
#include "smt/query_chain.h"

#include <functional>

namespace palcheck::proofs {

using namespace smt;

namespace {

struct Stack {
  smt::Context& c;
  Algorithm1Change change;

  bool changed(Algorithm1Change ch) const { return change == ch; }
  smt::Sort arrays = c.array_sort(c.int_sort(), c.real_sort());
  smt::Term M = c.constant("M", arrays), m = c.constant("m", arrays);
  smt::Term D = c.int_const("D"), prev = c.real_const("prev"), u = c.real_const("u");
  smt::Term rising = c.bool_const("rising"), eps = c.real_const("eps");
  smt::Term d = c.int_const("d"), k = c.int_const("k"), w = c.int_const("w");
  smt::Term n = c.int_const("n"), P = c.int_const("P"), K = c.int_const("K"), seen = c.bool_const("seen");
  smt::Term C = c.int_const("C"), last = c.real_const("last");
  smt::Term M2 = c.constant("M_next", arrays), m2 = c.constant("m_next", arrays), D2 = c.int_const("D_next");

  // The printed test of pair q: M[q] < u rising, m[q] > u falling.
  smt::Term test(const smt::Term& q) const { return smt::ite(rising, smt::select(M, q) < u, smt::select(m, q) > u); }
  // The test the loop runs (the printed one unless a mutant changes the loop's).
  smt::Term loop_test(const smt::Term& q) const {
    if (changed(Algorithm1Change::LoopTestNonStrict))
      return smt::ite(rising, smt::select(M, q) <= u, smt::select(m, q) >= u);
    if (changed(Algorithm1Change::FallingTest)) return smt::select(m, q) > u;
    return test(q);
  }
  smt::Term guard(const smt::Term& depth, const smt::Term& pops) const {
    smt::Term g = depth > 0 && loop_test(depth - 1);
    return changed(Algorithm1Change::LoopStopsAfterOne) ? g && pops == 0 : g;
  }
  // Every pair from `from` to the top passed the test.
  smt::Term passed(const smt::Term& from) const {
    smt::Term q = c.int_const("q");
    return smt::forall(q, smt::implies(from <= q && q < D, test(q)));
  }
  smt::Term loop_inv(const smt::Term& depth, const smt::Term& pops) const {
    return 0 <= depth && depth + pops == D && pops >= 0 && passed(depth);
  }
  // The loop's exit as a cut: w pairs popped when the top w pass and the one below does not.
  smt::Term cut(const smt::Term& pops) const {
    smt::Term bounded = changed(Algorithm1Change::PopBelowBottom) ? pops >= 0 : pops >= 0 && pops <= D;
    return bounded && passed(D - pops) && (pops == D || !test(D - pops - 1));
  }

  // The printed branches on an input after the first: rising on u > u_n, falling on u < u_n, none on an
  // equal input (the if/elsif has no else).
  smt::Term rises() const { return changed(Algorithm1Change::RisingNonStrict) ? u >= prev : u > prev; }
  smt::Term branch() const { return rises() || u < prev; }
  // How many pairs a branch's push statement puts on the stack.
  int push_copies() const {
    return changed(Algorithm1Change::PushDropped) ? 0 : changed(Algorithm1Change::PushDoubled) ? 2 : 1;
  }
  // One step of the printed code after the first input, from (M, m, D) to (M2, m2, D2): a branch pops the
  // cut w, then pushes (u, m_last) rising or (M_last, u) falling at depth D - w (m_last, M_last: `last`,
  // whatever Algorithm 1's reading makes it); no branch leaves the stack as it is.
  smt::Term code_step() const {
    smt::Term at = D - w - (changed(Algorithm1Change::PushBelowTop) ? 1 : 0);
    smt::Term top_M = smt::ite(rising, u, last), top_m = smt::ite(rising, last, u);
    smt::Term M_after = M, m_after = m;
    for (int j = 0; j < push_copies(); ++j) {
      M_after = smt::store(M_after, at + j, top_M);
      m_after = smt::store(m_after, at + j, top_m);
    }
    smt::Term pushed = M2 == M_after && m2 == m_after && D2 == at + push_copies();
    smt::Term unchanged = M2 == M && m2 == m && D2 == D && w == 0;
    return rising == rises() && smt::ite(branch(), cut(w) && pushed, unchanged);
  }
  // Pairs the printed code pushed in that step.
  smt::Term pushes() const { return smt::ite(branch(), c.int_val(push_copies()), c.int_val(0)); }

  // repair:lem:pop_one's premises on the stack and the signal (rising).
  void pop_one_premises(Query& q) const {
    q.hypothesis("depth >= 2", D >= 2);
    q.hypothesis("M_top < M_{top-1}", smt::select(M, D - 1) < smt::select(M, D - 2));
    q.hypothesis("eps > 0", eps > 0);
    smt::Term gap = smt::select(M, D - 2) - smt::select(M, D - 1);
    q.hypothesis("eps < M_{top-1} - M_top", changed(Algorithm1Change::EpsBoundNonStrict) ? eps <= gap : eps < gap);
    smt::Term signal =
        changed(Algorithm1Change::PrintedSignal) ? smt::select(M, D - 2) + 2 * eps : smt::select(M, D - 2) - eps;
    q.fact(u == signal && rising);
    q.hypothesis("the signal rises above u_n", u > prev);
  }
  smt::Term pop_one_inv(const smt::Term& depth, const smt::Term& pops) const {
    smt::Term inv = 0 <= depth && depth + pops == D && 0 <= pops;
    return changed(Algorithm1Change::LoopBoundDropped) ? inv : inv && pops <= 1;
  }

  // prop:complexity:counts: n inputs, D depth, P pushes and K pops of the code, C the inputs that differ
  // from their previous one (the claim's count, kept apart from the code's pushes).
  smt::Term counts_inv(const smt::Term& inputs, const smt::Term& depth, const smt::Term& pushes, const smt::Term& pops,
                       const smt::Term& differing, const smt::Term& has_previous, bool push_first) const {
    smt::Term first = smt::ite(has_previous && c.bool_val(push_first), c.int_val(1), c.int_val(0));
    return inputs >= 0 && 0 <= depth && depth == pushes - pops && pops <= pushes && depth <= inputs &&
           pushes <= inputs && has_previous == (inputs >= 1) && pushes == differing + first;
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
              "the stack is empty. The printed code's step over the arrays: on u > u_n (rising) or u < u_n (falling) "
              "the loop pops the cut w, then pushes (u, m_last) rising or (M_last, u) falling at depth D - w (m_last, "
              "M_last symbolic: any reading); on u = u_n no branch runs",
              "(d, k): the loop's depth and pop counter; w: any cut, a symbolic index characterised by the test "
              "(not a loop unrolled to a bound)"};
    case Algorithm1Fact::Counts:
      return {"prop_complexity_counts",
              "Inv(n, D, P, K, C, seen): n >= 0, 0 <= D = P - K, K <= P, D <= n, P <= n, seen iff n >= 1, and P = C "
              "(+ 1 once seen, under first=push-pair) (n inputs, P pushes and K pops of the code, D depth, C inputs "
              "that differ from their previous one)",
              "one input u: the first (not seen) runs the printed first-input step (one pair pushed only under "
              "first=push-pair); later inputs run the printed code's step over the arrays (ref:algorithm1_steps): "
              "on u > u_n or u < u_n the loop pops the cut w (0 <= w <= D, the top w pairs pass the test, the one "
              "below does not) and the branch pushes; on u = u_n no branch runs. P and K count the code's pushes and "
              "pops; C counts u != u_n, apart from the code",
              "n, P, K, C: inputs, pushes, pops and differing inputs counted so far; w: the symbolic cut of the pop "
              "loop; D' and the arrays after the step: what the code leaves"};
  }
  return {"", "", "", ""};
}

smt::Term as_array(smt::Context& c, const std::vector<smt::Term>& values) {
  smt::Term a = smt::const_array(c.int_sort(), c.real_val(0));
  for (std::size_t j = 0; j < values.size(); ++j) a = smt::store(a, c.int_val(static_cast<int>(j)), values[j]);
  return a;
}

// Non-vacuity (a): a reachable stack (three inputs of Algorithm 1) on which the fact's premises hold with
// a real pop, the array view tied to the unrolled state.
void witness(const RunConfig& config, Algorithm1Fact fact, FirstInput first, InductionProof& proof) {
  const std::size_t prefix = 3;
  smt::Context c;
  Stack s{c, Algorithm1Change::None};
  std::vector<smt::Term> inputs;
  for (std::size_t t = 0; t <= prefix; ++t) inputs.push_back(c.real_const(("u" + std::to_string(t)).c_str()));
  Algorithm1Options reading{first, UnsetLast::PreviousInput};
  Algorithm1Unrolling run = unroll_algorithm1(c, inputs, reading, "alg");
  const SymAlgorithm1& before = run.states[prefix - 1];
  Query q(c, config, std::string(spec(fact).tag) + "_induction_nonvacuous");
  for (const smt::Term& f : run.facts) q.fact(f);
  q.fact(s.M == as_array(c, before.M) && s.m == as_array(c, before.m) && s.D == before.size);
  q.fact(s.prev == before.previous && s.u == inputs[prefix] && s.rising == (s.u > s.prev));
  q.fact(run.pops[prefix] == s.w);
  std::string question;
  if (fact == Algorithm1Fact::PopOne) {
    s.pop_one_premises(q);
    question = "three inputs of Algorithm 1, then the signal M_{top-1} - eps on the stack they leave";
  } else if (fact == Algorithm1Fact::Steps) {
    // The code's step over the arrays leaves the stack the unrolled Algorithm 1 leaves.
    const SymAlgorithm1& after = run.states[prefix];
    q.fact(s.w >= 2 && s.code_step() && s.D2 == after.size);
    for (std::size_t j = 0; j < after.M.size(); ++j) {
      smt::Term at = c.int_val(static_cast<int>(j));
      q.fact(smt::implies(at < s.D2, smt::select(s.M2, at) == after.M[j] && smt::select(s.m2, at) == after.m[j]));
    }
    question =
        "three inputs of Algorithm 1, then an input whose loop pops at least two pairs and whose push over "
        "the arrays leaves the stack the unrolled algorithm leaves";
  } else {
    smt::Term pushes = c.int_val(0), pops = c.int_val(0), differing = c.int_val(0);
    for (std::size_t t = 0; t < prefix; ++t) {
      pushes = pushes + smt::ite(run.pushed[t], c.int_val(1), c.int_val(0));
      pops = pops + run.pops[t];
      if (t > 0) differing = differing + smt::ite(inputs[t] != inputs[t - 1], c.int_val(1), c.int_val(0));
    }
    q.fact(s.counts_inv(c.int_val(static_cast<int>(prefix)), s.D, pushes, pops, differing, before.has_previous,
                        first == FirstInput::PushPair));
    q.fact(s.w >= 1 && s.u != s.prev);
    question = "three inputs of Algorithm 1 (Inv holds), then an input that pops";
  }
  QueryOutcome o = q.check();
  proof.witness_query = recorded("non-vacuity (a)", question + " (sat expected)", o);
  if (o.answer != SolverAnswer::Sat) return;
  const smt::Model& m = *o.model;
  const char* names[] = {"pop-one", "steps", "counts"};
  Instance inst{
      "", "z3-algorithm1-witness", {{"fact", names[static_cast<int>(fact)]}, {"algorithm1", to_string(reading)}}, {}};
  for (const smt::Term& e : inputs) inst.values["u"].push_back(model_value(m, e));
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
          {every(ReadingKey::Stack,
                 "Algorithm 1 under every reading: the pop loop does not depend on first or "
                 "unset_last")},
          {{"signal", "M_{top-1} - eps"}},
          {"eps > 0", "eps < M_{top-1} - M_top", "depth >= 2", "M_top < M_{top-1}", "the signal rises above u_n"}};
    case Algorithm1Fact::Steps:
      return {
          "for every stack depth: each step's loop pops exactly the maximal top run of pairs the printed test "
          "removes, top first, then one pair is pushed (none on equal inputs)",
          {every(ReadingKey::Stack,
                 "Algorithm 1 under every reading: the pop loop does not depend on first or "
                 "unset_last")},
          {},
          {}};
    case Algorithm1Fact::Counts:
      return {
          "for every sequence length: one push per step whose input differs from the previous one (and at u_0 "
          "only under push-pair), pops never exceed pushes, depth <= number of inputs",
          {reading(first),
           every(ReadingKey::Stack, "Algorithm 1, every unset_last: it changes pushed values, not counts")},
          {},
          {}};
  }
  return {};
}

namespace {

const std::vector<Mutant<Algorithm1Change>> kPopOneMutants{
    printed_pop_signal(Algorithm1Change::PrintedSignal),
    {Algorithm1Change::EpsBoundNonStrict, "eps bound made non-strict", "eps <= M_{top-1} - M_top"},
    {Algorithm1Change::FallingTest, "falling test", "the rising signal meets the falling test m[q] > u",
     ModelDefinition::Algorithm1Pop},
    {Algorithm1Change::LoopBoundDropped, "loop invariant without k <= 1",
     "the loop invariant's conjunct k <= 1 dropped"},
};

const std::vector<Mutant<Algorithm1Change>> kStepsMutants{
    {Algorithm1Change::LoopStopsAfterOne, "loop stops after one pop", "the loop's guard also needs k = 0",
     ModelDefinition::Algorithm1Pop},
    {Algorithm1Change::LoopTestNonStrict, "loop test made non-strict",
     "the loop pops while M[q] <= u (rising) or m[q] >= u (falling); the printed test is strict",
     ModelDefinition::Algorithm1Pop},
    {Algorithm1Change::RisingNonStrict, "rising branch made non-strict",
     "the rising branch runs on u >= u_n, so an equal input pops and pushes", ModelDefinition::Algorithm1Push},
    {Algorithm1Change::PushDropped, "push dropped", "a branch pushes nothing", ModelDefinition::Algorithm1Push},
    {Algorithm1Change::PushDoubled, "push doubled", "a branch pushes its pair twice", ModelDefinition::Algorithm1Push},
    {Algorithm1Change::PushBelowTop, "push one slot down", "the pair is pushed at D - w - 1, over a pair the loop left",
     ModelDefinition::Algorithm1Push},
};

const std::vector<Mutant<Algorithm1Change>> kCountsMutants{
    {Algorithm1Change::PushDropped, "push dropped", "a differing input pushes nothing",
     ModelDefinition::Algorithm1Push},
    {Algorithm1Change::PushDoubled, "push doubled", "a differing input pushes two pairs",
     ModelDefinition::Algorithm1Push},
    {Algorithm1Change::RisingNonStrict, "rising branch made non-strict",
     "the rising branch runs on u >= u_n, so an equal input pushes", ModelDefinition::Algorithm1Push},
    {Algorithm1Change::FirstPushFlipped, "other first-input reading",
     "the first input pushes as under the other first-input reading", ModelDefinition::Algorithm1Push},
    {Algorithm1Change::PopBelowBottom, "pops below the bottom", "the pop loop's cut may exceed the depth",
     ModelDefinition::Algorithm1Pop},
};

const std::vector<Mutant<Algorithm1Change>>& mutants_of(Algorithm1Fact fact) {
  return fact == Algorithm1Fact::PopOne  ? kPopOneMutants
         : fact == Algorithm1Fact::Steps ? kStepsMutants
                                         : kCountsMutants;
}

}  // namespace

InductionProof prove_algorithm1(const RunConfig& config, Algorithm1Fact fact, FirstInput first,
                                Algorithm1Change change) {
  InductionText sp = spec(fact);
  InductionProof proof = start_induction(sp);
  const bool mutant = change != Algorithm1Change::None;
  std::string file = std::string(sp.tag) + "_induction";
  if (fact == Algorithm1Fact::Counts) file += first == FirstInput::PushPair ? "_push_pair" : "_empty";
  file += mutant_tag(mutants_of(fact), change);
  InductionCases<Stack, Algorithm1Change> cases(config, change, file, proof);
  if (fact == Algorithm1Fact::PopOne) {
    cases.run("base", "base", "(D, 0) satisfies I", [](Query& q, const Stack& s) {
      s.pop_one_premises(q);
      q.fact(!s.pop_one_inv(s.D, q.ctx().int_val(0)));
    });
    cases.run("step", "step: one pop", "I(d, k) and the loop test => I(d-1, k+1)", [](Query& q, const Stack& s) {
      s.pop_one_premises(q);
      q.hypothesis("I before the pop", s.pop_one_inv(s.d, s.k));
      q.fact(s.guard(s.d, s.k) && !s.pop_one_inv(s.d - 1, s.k + 1));
    });
    cases.run("exit", "exit: the loop stops", "I(d, k) and not the loop test => k = 1", [](Query& q, const Stack& s) {
      s.pop_one_premises(q);
      q.hypothesis("I at the exit", s.pop_one_inv(s.d, s.k));
      q.fact(!s.guard(s.d, s.k) && s.k != 1);
    });
  } else if (fact == Algorithm1Fact::Steps) {
    auto branch = [](Query& q, const Stack& s) {
      q.hypothesis("the input differs from u_n (rising iff above)",
                   s.D >= 0 && s.rising == (s.u > s.prev) && s.u != s.prev);
    };
    cases.run("base", "base", "(D, 0) satisfies I", [&](Query& q, const Stack& s) {
      branch(q, s);
      q.fact(!s.loop_inv(s.D, q.ctx().int_val(0)));
    });
    cases.run("step", "step: one pop", "I(d, k) and the loop test => I(d-1, k+1)", [&](Query& q, const Stack& s) {
      branch(q, s);
      q.hypothesis("I before the pop", s.loop_inv(s.d, s.k));
      q.fact(s.guard(s.d, s.k) && !s.loop_inv(s.d - 1, s.k + 1));
    });
    cases.run("exit", "exit: the loop stops at the cut",
              "I(d, k) and not the loop test => every cut w (top w pass, the one below fails) is k",
              [&](Query& q, const Stack& s) {
                branch(q, s);
                q.hypothesis("I at the exit", s.loop_inv(s.d, s.k));
                q.fact(!s.guard(s.d, s.k) && s.cut(s.w) && s.w != s.k);
              });
    cases.run(
        "push", "push: then one pair is pushed",
        "the code's step over the arrays after the loop's exit at the cut w => on u != u_n the stack is the one the "
        "loop left (every pair below D - w unchanged) with one pair more, (u, m_last) rising or (M_last, u) "
        "falling, D' = D - w + 1; on u = u_n the stack is unchanged",
        [](Query& q, const Stack& s) {
          smt::Context& c = q.ctx();
          smt::Term j = c.int_const("j"), top = s.D - s.w;
          q.hypothesis("a stack", s.D >= 0);
          q.hypothesis("the printed code's step", s.code_step());
          smt::Term below_kept =
              smt::forall(j, smt::implies(0 <= j && j < top, smt::select(s.M2, j) == smt::select(s.M, j) &&
                                                                 smt::select(s.m2, j) == smt::select(s.m, j)));
          smt::Term one_pushed = s.D2 == top + 1 && below_kept &&
                                 smt::select(s.M2, top) == smt::ite(s.rising, s.u, s.last) &&
                                 smt::select(s.m2, top) == smt::ite(s.rising, s.last, s.u);
          smt::Term unchanged = s.D2 == s.D && s.M2 == s.M && s.m2 == s.m;
          q.fact(!smt::ite(s.u != s.prev, one_pushed, unchanged));
        });
  } else {
    const bool push_first = first == FirstInput::PushPair;
    const bool code_pushes_first = push_first != (change == Algorithm1Change::FirstPushFlipped);
    cases.run("base", "base", "no input: n = D = P = K = C = 0, not seen, satisfies Inv",
              [push_first](Query& q, const Stack& s) {
                smt::Context& c = q.ctx();
                smt::Term zero = c.int_val(0);
                q.fact(!s.counts_inv(zero, zero, zero, zero, zero, c.bool_val(false), push_first));
              });
    cases.run("first", "step: the first input",
              std::string("Inv and u_0 => Inv with ") + (push_first ? "one push" : "no push"),
              [push_first, code_pushes_first](Query& q, const Stack& s) {
                smt::Term pp = q.ctx().int_val(code_pushes_first ? 1 : 0);
                q.hypothesis("Inv before the step", s.counts_inv(s.n, s.D, s.P, s.K, s.C, s.seen, push_first));
                q.hypothesis("the first input", !s.seen);
                q.fact(!s.counts_inv(s.n + 1, s.D + pp, s.P + pp, s.K, s.C, q.ctx().bool_val(true), push_first));
              });
    cases.run("later", "step: a later input",
              "Inv, the printed code's step on u (the loop pops the cut w, the branch pushes; no branch on u = u_n) => "
              "Inv with the code's pushes and pops, and C + 1 if u != u_n",
              [push_first](Query& q, const Stack& s) {
                smt::Context& c = q.ctx();
                q.hypothesis("Inv before the step", s.counts_inv(s.n, s.D, s.P, s.K, s.C, s.seen, push_first));
                q.hypothesis("a later input", s.seen);
                q.hypothesis("the printed code's step", s.code_step());
                smt::Term differs = smt::ite(s.u != s.prev, c.int_val(1), c.int_val(0));
                q.fact(!s.counts_inv(s.n + 1, s.D2, s.P + s.pushes(), s.K + s.w, s.C + differs, s.seen, push_first));
              });
  }
  proof.proved = cases.all_unsat();
  if (!mutant) witness(config, fact, first, proof);
  return proof;
}

std::vector<ModelDefinition> algorithm1_relies_on(Algorithm1Fact fact) {
  if (fact == Algorithm1Fact::PopOne) return {ModelDefinition::Algorithm1Pop, ModelDefinition::Encoding};
  return {ModelDefinition::Algorithm1Push, ModelDefinition::Algorithm1Pop};
}

std::vector<MutantResult> algorithm1_mutants(const RunConfig& config, Algorithm1Fact fact, FirstInput first) {
  return induction_mutants<Algorithm1Change>(config, mutants_of(fact),
                                             [&](const RunConfig& settings, Algorithm1Change change) {
                                               return prove_algorithm1(settings, fact, first, change).queries;
                                             });
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
