// repair:thm:tc: the code and channel lemmas of the generic proof (tc_vocabulary.h). The level bases (the
// facts the other queries assume of B(d) = d(k+1), proved on the product itself); the grid (every code and
// reader threshold an integer in [1, 2C], alpha >= beta); and one stack channel's memory under the tokens of
// a machine step: the prompt on the empty memory, the rising token to the target code of each operation, and
// the falling token 2O - u - reader from each middle shape. Each token is one step of the classical memory
// (Vocabulary::step: equal, continue or turn by the top's kind, a symbolic wiping cut).
#include "proofs/tc_vocabulary.h"

#include "smt/induction_query.h"
#include "smt/judgement.h"

namespace palcheck::proofs::tc {

using namespace smt;

void level_queries(Recorder& rec) {
  rec.run("codes", "level bases", "level_bases",
          "B(d) = d(k+1), k >= 1 => B(0) = 0, B(d+1) = B(d) + (k+1), and B(d) + (k+1) <= B(e) for d < e",
          [&](Vocabulary& v, Query& q) {
            smt::Context& c = v.c;
            smt::Term d = c.int_const("d"), e = c.int_const("e");
            auto base = [&](const smt::Term& x) { return x * v.K(); };
            q.hypothesis("k >= 1", v.k >= 1);
            q.fact(!(base(c.int_val(0)) == 0 && base(d + 1) == base(d) + v.K() &&
                     smt::implies(d < e, base(d) + v.K() <= base(e))));
          });
  rec.run("codes", "grid", "grid",
          "0 <= d <= N, 1 <= i <= k => m(i,d) < M(i,d) and both in [1, 2C]; every reader threshold in [1, 2C] "
          "with alpha >= beta; every target code (M(a,D+1) for D+1 <= N, P(D) for -1 <= D <= N) in [1, 2C]",
          [&](Vocabulary& v, Query& q) {
            smt::Context& c = v.c;
            smt::Term d = c.int_const("d0"), i = c.int_const("i0"), D = c.int_const("D"), a = c.int_const("a");
            v.assume_levels(q, {d, D});
            q.hypothesis("a level, a symbol", 0 <= d && d <= v.N && 1 <= i && i <= v.k);
            smt::Term two_c = 2 * v.C();
            auto on_grid = [&](const smt::Term& x) { return 1 <= x && x <= two_c; };
            smt::Term codes = on_grid(v.m(i, d)) && on_grid(v.M(i, d)) && v.m(i, d) < v.M(i, d);
            smt::Term thresholds = c.bool_val(true);
            for (Family f : {Family::Top, Family::Slot, Family::SlotAbove})
              thresholds = thresholds && v.beta(f, i, d) <= v.alpha(f, d) && v.alpha(f, d) <= v.real(two_c) &&
                           v.beta(f, i, d) >= 1;
            smt::Term targets = smt::implies(-1 <= D && D <= v.N, on_grid(v.P(D))) &&
                                smt::implies(-1 <= D && D + 1 <= v.N && 1 <= a && a <= v.k, on_grid(v.M(a, D + 1)));
            q.fact(!(codes && thresholds && targets));
          });
}

namespace {

// The entries around the tops and the cuts, named for cvc5's E-matching.
void name_step_entries(const Vocabulary& v, Query& q, const Memory& from, const Memory& to, const smt::Term& cut) {
  v.name_entries(q, from, {from.L - 1, from.L - 2, from.L - 3, from.L - 4, cut - 2, cut});
  v.name_entries(q, to, {to.L - 1, to.L - 2});
}

// The middle shape of op (levels end at `below`, the pushed symbol a) and what the fall makes of it.
struct Middle {
  Shape shape;
  smt::Term below, next_stack, next_depth;
};

Middle middle_of(Op op, const smt::Term& G, const smt::Term& D, const smt::Term& a) {
  switch (op) {
    case Op::Push: return {Shape::Push, D, smt::store(G, D + 1, a), D + 1};
    case Op::Pop: return {Shape::Slot, D - 1, G, D - 1};
    case Op::None: break;
  }
  return {Shape::Slot, D, G, D};
}

smt::Term falling_token(const Vocabulary& v, Shape shape, const Memory& middle, const smt::Term& G,
                        const smt::Term& b) {
  smt::Term O = v.real(v.C());
  return 2 * O - v.at(middle, middle.L - 1) - v.real(v.reader_value(shape, G, b));
}

// The memory's last entries, and the prompt on the empty memory.
void memory_queries(Recorder& rec) {
  rec.run("stack channel", "last entries", "last_entries",
          "a memory encoding G[0..b] (b >= 0) ends in m(G[b], b); the encoding of G[0..b] plus v (b >= -1) ends in v",
          [&](Vocabulary& v, Query& q) {
            smt::Context& c = v.c;
            Memory E = v.fresh_memory(""), E1 = v.fresh_memory("_middle");
            smt::Term G = v.stack("G"), b = c.int_const("b"), b1 = c.int_const("b1"), x = c.int_const("v");
            v.assume_levels(q, {});
            q.hypothesis("the encodings", b >= 0 && v.encodes(E, G, b) && b1 >= -1 && v.encodes_plus(E1, G, b1, x));
            v.name_entries(q, E, {E.L - 1, 2 * b + 1});
            q.fact(!(v.at(E, E.L - 1) == v.real(v.m(smt::select(G, b), b)) && v.at(E1, E1.L - 1) == v.real(x)));
          });
  rec.run("stack channel", "prompt on the empty memory", "prompt",
          "empty memory, input M(1,0) (the prompt: the middle of pushing Z0) => the memory has the push shape "
          "below depth 0 with a = 1",
          [&](Vocabulary& v, Query& q) {
            smt::Context& c = v.c;
            Memory E = v.fresh_memory(""), E1 = v.fresh_memory("_middle");
            smt::Term G = v.stack("G"), cut = c.int_const("cut");
            v.assume_levels(q, {c.int_val(-1)});
            q.hypothesis("the empty memory", E.L == 0);
            q.fact(v.step(E, E1, v.real(v.M(c.int_val(1), c.int_val(0))), cut));
            v.name_entries(q, E1, {c.int_val(0)});
            q.fact(!v.shape_memory(Shape::Push, E1, G, c.int_val(-1), c.int_val(1)));
          });
}

// A rising token: the target code of each stack operation leaves the middle memory in the reader lemma's shape.
void rising_queries(Recorder& rec) {
  for (const auto& [op, op_title, op_slug] : kOps)
    rec.run("stack channel", std::string("rising token: ") + op_title, std::string("rise_") + op_slug,
            std::string("the memory encodes G[0..D], the input is the target code of ") + op_title + " (" +
                (op == Op::Push  ? "M(a,D+1)"
                 : op == Op::Pop ? "P(D-1)"
                                 : "P(D)") +
                ") => the middle memory has the reader lemma's shape",
            [&](Vocabulary& v, Query& q) {
              smt::Context& c = v.c;
              Memory E = v.fresh_memory(""), E1 = v.fresh_memory("_middle");
              smt::Term G = v.stack("G"), D = c.int_const("D"), a = c.int_const("a"), cut = c.int_const("cut");
              Middle mid = middle_of(op, G, D, a);
              v.assume_levels(q, {D - 1, D});
              q.hypothesis("depth within the bound", 0 <= D && D <= v.N);
              if (op == Op::Pop) q.hypothesis("Z0 is never popped", D >= 1);
              if (op == Op::Push) q.hypothesis("push within the depth bound", D + 1 <= v.N && 1 <= a && a <= v.k);
              q.hypothesis("the memory encodes the stack", v.encodes(E, G, D));
              smt::Term u = v.real(v.target(op, a, D));
              q.fact(v.step(E, E1, u, cut));
              name_step_entries(v, q, E, E1, cut);
              q.fact(!v.shape_memory(mid.shape, E1, G, mid.below, a));
            });
}

// A falling token: the reader's input takes the middle memory to the next stack's encoding.
void falling_queries(Recorder& rec) {
  for (Shape shape : {Shape::Push, Shape::Slot})
    rec.run("stack channel", shape == Shape::Push ? "falling token from a push" : "falling token from a slot",
            shape == Shape::Push ? "fall_push" : "fall_slot",
            shape == Shape::Push
                ? "the middle memory of a push above G[0..b] (b >= -1), input 2O - u - 0 (u its last entry, 0 the "
                  "reader) => the memory encodes G[0..b] with a pushed at b+1, its last entry the input"
                : "the middle memory at the slot P(b) above G[0..b], input 2O - u - (k - (G[b]-1)) (the reader) => "
                  "the memory encodes G[0..b], its last entry the input (a pop leaves b = D-1, a no-op b = D)",
            [&, shape](Vocabulary& v, Query& q) {
              smt::Context& c = v.c;
              Memory E1 = v.fresh_memory("_middle"), E2 = v.fresh_memory("_next");
              smt::Term G = v.stack("G"), b = c.int_const("b"), a = c.int_const("a"), cut = c.int_const("cut");
              v.assume_levels(q, {b, b + 1});
              q.hypothesis("the middle memory's shape", v.shape_memory(shape, E1, G, b, a));
              smt::Term u = falling_token(v, shape, E1, G, b);
              q.fact(v.step(E1, E2, u, cut));
              name_step_entries(v, q, E1, E2, cut);
              smt::Term next =
                  shape == Shape::Push ? v.encodes(E2, smt::store(G, b + 1, a), b + 1) : v.encodes(E2, G, b);
              q.fact(!(next && v.at(E2, E2.L - 1) == u));
            });
}

}  // namespace

void channel_queries(Recorder& rec) {
  memory_queries(rec);
  rising_queries(rec);
  falling_queries(rec);
}

void witness_query(const RunConfig& config, TcInduction& out) {
  smt::Context c;
  Vocabulary v(c, TcMutation::None);
  Memory E = v.fresh_memory(""), E1 = v.fresh_memory("_middle"), E2 = v.fresh_memory("_next");
  smt::Term G = v.stack("G"), D = c.int_const("D"), cut1 = c.int_const("cut_rise"), cut2 = c.int_const("cut_fall");
  Query q(c, config, "tc_induction_nonvacuous_pop");
  // Small numbers the reference can replay: depth 2 of bound 3, |Gamma| 2 or 3, the bases B(d) = dK themselves.
  smt::Term concrete = D == 2 && v.N == 3 && 2 <= v.k && v.k <= 3;
  for (int d = -1; d <= 5; ++d) concrete = concrete && v.B(c.int_val(d)) == d * v.K();
  q.hypothesis("depth 2, bound 3, |Gamma| in {2, 3}", concrete);
  q.hypothesis("the memory encodes the stack", v.encodes(E, G, D));
  smt::Term u1 = v.real(v.target(Op::Pop, c.int_val(0), D));
  q.fact(v.step(E, E1, u1, cut1) && cut1 < E.L - 1);  // the rise wipes a level
  q.fact(v.shape_memory(Shape::Slot, E1, G, D - 1, c.int_val(0)));
  smt::Term u2 = falling_token(v, Shape::Slot, E1, G, D - 1);
  q.fact(v.step(E1, E2, u2, cut2) && v.encodes(E2, G, D - 1));
  QueryOutcome o = q.check();
  out.witness_query =
      recorded("non-vacuity: a pop that wipes a level", "the pop's premises and goals at depth 2 (sat expected)", o);
  if (o.answer != SolverAnswer::Sat) return;
  const smt::Model& model = *o.model;
  long long depth = model_int(model, D);
  Instance state{"repair:thm:tc", "z3-tc-step", {{"k", std::to_string(model_int(model, v.k))}, {"op", "pop"}}, {}};
  state.values["d_max"] = {Q(model_int(model, v.N))};
  for (long long d = 0; d <= depth; ++d)
    state.values["stack"].push_back(Q(model_int(model, smt::select(G, c.int_val(static_cast<int>(d)))) - 1));
  auto entries = [&](const Memory& mem) {
    std::vector<Q> values;
    long long length = model_int(model, mem.L);
    for (long long i = 0; i < length; ++i)
      values.push_back(model_value(model, v.at(mem, c.int_val(static_cast<int>(i)))));
    return values;
  };
  state.values["memory"] = entries(E);
  state.values["middle_memory"] = entries(E1);
  state.values["next_memory"] = entries(E2);
  out.reachable_state = state;
}

}  // namespace palcheck::proofs::tc
