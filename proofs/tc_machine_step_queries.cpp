// repair:thm:tc: the induction over machine steps of the generic proof (tc_vocabulary.h), composing the
// lemmas. The heads, the MLP and the memories are uninterpreted functions (diag, reader, mlp_control,
// mlp_stack1/2, feed, last) constrained only by instances of the proved lemmas, each an implication with the
// lemma's own premises; delta is uninterpreted and well formed. Base: the prompt on empty memories gives the
// invariant at step 0. Step: the invariant at step t, whatever delta does at the key the heads read, gives the
// invariant at step t+1 for the configuration the interpreter computes (pda_step).
// The invariant: the control token is the state q (0 <= q < |Q|); each stack's memory encodes its stack G[0..D]
// (0 <= D <= N) with Z0 (symbol 1) at the bottom and only there; each stack token is its memory's last entry.
#include "proofs/tc_vocabulary.h"

namespace palcheck::proofs::tc {

using namespace smt;

namespace {

// The abstract objects of the composition: memories of an uninterpreted sort and what the lemmas say of them.
struct Composition {
  Vocabulary& v;
  Query& q;
  Delta delta;
  smt::Sort mem;
  smt::FuncDecl enc, mid_push, mid_slot, feed, last, reader, diag, mlp_control, mlp_stack1, mlp_stack2;
  smt::Term nq, ni;

  Composition(Vocabulary& voc, Query& query)
      : v(voc),
        q(query),
        delta(voc.delta()),
        mem(voc.c.uninterpreted_sort("Mem")),
        enc(fn("enc", {mem, array(), integer()}, voc.c.bool_sort())),
        mid_push(fn("mid_push", {mem, array(), integer(), integer()}, voc.c.bool_sort())),
        mid_slot(fn("mid_slot", {mem, array(), integer()}, voc.c.bool_sort())),
        feed(fn("feed", {mem, integer()}, mem)),
        last(fn("last", {mem}, integer())),
        reader(fn("reader", {mem}, integer())),
        diag(fn("diag", {integer(), integer()}, integer())),
        mlp_control(fn("mlp_control", token_sorts(), integer())),
        mlp_stack1(fn("mlp_stack1", token_sorts(), integer())),
        mlp_stack2(fn("mlp_stack2", token_sorts(), integer())),
        nq(voc.c.int_const("nq")),
        ni(voc.c.int_const("ni")) {}

  smt::Sort integer() const { return v.c.int_sort(); }
  smt::Sort array() const { return v.c.array_sort(v.c.int_sort(), v.c.int_sort()); }
  std::vector<smt::Sort> token_sorts() const { return std::vector<smt::Sort>(8, integer()); }
  smt::FuncDecl fn(const char* name, const std::vector<smt::Sort>& domain, const smt::Sort& range) const {
    smt::SortVector d(v.c);
    for (const smt::Sort& s : domain) d.push_back(s);
    return v.c.function(name, d, range);
  }
  smt::Term nc() const { return 2 * nq; }
  smt::Term O() const { return v.C(); }

  // Z0 (symbol 1) at the bottom and only there, every symbol in 1..k.
  smt::Term stack_ok(const smt::Term& G, const smt::Term& D) const {
    smt::Term d = v.c.int_const("d_level");
    if (v.mutation == TcMutation::Z0BottomDropped)
      return smt::forall(d, smt::implies(0 <= d && d <= D, 1 <= smt::select(G, d) && smt::select(G, d) <= v.k));
    return smt::select(G, 0) == 1 &&
           smt::forall(d, smt::implies(1 <= d && d <= D, 2 <= smt::select(G, d) && smt::select(G, d) <= v.k));
  }

  // A token: control, both stack signals, tape, then the head outputs h1, r1, r2, h4.
  struct Token {
    smt::Term control, u1, u2, tape, h1, r1, r2, h4;
    smt::TermVector args(smt::Context& c) const {
      smt::TermVector a(c);
      for (const smt::Term* e : {&control, &u1, &u2, &tape, &h1, &r1, &r2, &h4}) a.push_back(*e);
      return a;
    }
  };

  Token token(const smt::Term& control, const smt::Term& u1, const smt::Term& u2, const smt::Term& tape,
              const smt::Term& m1, const smt::Term& m2) const {
    return {control, u1, u2, tape, diag(nc(), control), reader(m1), reader(m2), diag(ni, tape)};
  }

  // Lemma instances.
  void heads(const Token& z) const {
    q.hypothesis("head lemmas: the control and tape heads output their integer inputs",
                 smt::implies(0 <= z.control && z.control < nc(), diag(nc(), z.control) == z.control) &&
                     smt::implies(0 <= z.tape && z.tape < ni, diag(ni, z.tape) == z.tape));
  }
  void reader_at_rest(const smt::Term& m, const smt::Term& G, const smt::Term& D) const {
    smt::Term top = smt::select(G, D);
    q.hypothesis("reader lemma at rest; the last-entries query",
                 smt::implies(enc(m, G, D) && 0 <= D && D <= v.N && 1 <= top && top <= v.k,
                              reader(m) == top - 1 && last(m) == v.m(top, D)));
  }
  void reader_in_middle(const smt::Term& m, const smt::Term& G, const smt::Term& D, const smt::Term& a) const {
    q.hypothesis("reader lemma in the middle of a push; the last-entries query",
                 smt::implies(mid_push(m, G, D, a) && -1 <= D && D + 1 <= v.N && 1 <= a && a <= v.k,
                              reader(m) == 0 && last(m) == v.M(a, D + 1)));
    for (const smt::Term& b : {D - 1, D})
      q.hypothesis("reader lemma at a slot; the last-entries query",
                   smt::implies(mid_slot(m, G, b) && 0 <= b && b <= v.N,
                                reader(m) == v.k - (smt::select(G, b) - 1) && last(m) == v.P(b)));
  }
  void rises(const smt::Term& m, const smt::Term& G, const smt::Term& D, const smt::Term& a, const smt::Term& u) const {
    smt::Term encoded = enc(m, G, D) && 0 <= D && D <= v.N;
    q.hypothesis("rising token lemmas (push, pop, no-op)",
                 smt::implies(encoded && D + 1 <= v.N && 1 <= a && a <= v.k && u == v.target(Op::Push, a, D),
                              mid_push(feed(m, u), G, D, a)) &&
                     smt::implies(encoded && D >= 1 && u == v.target(Op::Pop, a, D), mid_slot(feed(m, u), G, D - 1)) &&
                     smt::implies(encoded && u == v.target(Op::None, a, D), mid_slot(feed(m, u), G, D)));
  }
  void falls(const smt::Term& m, const smt::Term& G, const smt::Term& D, const smt::Term& a, const smt::Term& u) const {
    smt::Term fed = feed(m, u);
    q.hypothesis("falling token lemma from a push",
                 smt::implies(mid_push(m, G, D, a) && -1 <= D && D + 1 <= v.N && 1 <= a && a <= v.k &&
                                  u == 2 * O() - last(m) - 0,
                              enc(fed, smt::store(G, D + 1, a), D + 1) && last(fed) == u));
    for (const smt::Term& b : {D - 1, D})
      q.hypothesis("falling token lemma from a slot",
                   smt::implies(mid_slot(m, G, b) && 0 <= b && b <= v.N &&
                                    u == 2 * O() - last(m) - (v.k - (smt::select(G, b) - 1)),
                                enc(fed, G, b) && last(fed) == u));
  }
  void mlp_in_middle(const Token& z) const {
    smt::Term premises = nq <= z.control && z.control < nc() && z.h1 == z.control && 0 <= z.tape && z.tape < ni &&
                         z.h4 == z.tape && 0 <= z.r1 && z.r1 <= v.k && 0 <= z.r2 && z.r2 <= v.k && z.u1 >= 0 &&
                         z.u2 >= 0;
    smt::TermVector a = z.args(v.c);
    q.hypothesis("finite control in the middle",
                 smt::implies(premises, mlp_control(a) == z.control - nq && mlp_stack1(a) == 2 * O() - z.u1 - z.r1 &&
                                            mlp_stack2(a) == 2 * O() - z.u2 - z.r2));
  }
  void mlp_at_rest(const Token& z, const smt::Term& D1, const smt::Term& D2) const {
    smt::Term premises = 0 <= z.control && z.control < nq && z.h1 == z.control && 0 <= z.tape && z.tape < ni &&
                         z.h4 == z.tape && 0 <= z.r1 && z.r1 < v.k && 0 <= z.r2 && z.r2 < v.k && 0 <= D1 && D1 <= v.N &&
                         0 <= D2 && D2 <= v.N && z.u1 == v.m(z.r1 + 1, D1) && z.u2 == v.m(z.r2 + 1, D2) &&
                         delta.well_formed(z.control, z.tape, z.r1, z.r2, nq, v.k);
    smt::TermVector a = z.args(v.c);
    smt::Term key[] = {z.control, z.tape, z.r1, z.r2};
    auto at = [&](const smt::FuncDecl& f) { return f(key[0], key[1], key[2], key[3]); };
    q.hypothesis("finite control at rest",
                 smt::implies(premises, mlp_control(a) == nq + at(delta.next) &&
                                            mlp_stack1(a) == v.target(at(delta.op1), at(delta.sym1) + 1, D1) &&
                                            mlp_stack2(a) == v.target(at(delta.op2), at(delta.sym2) + 1, D2)));
  }
  // The middle token's memories and the next rest token, from the middle token's memories m1, m2.
  void falls_and_middle(const Token& middle, const smt::Term (&m)[2], const smt::Term (&G)[2], const smt::Term (&D)[2],
                        const smt::Term (&a)[2]) const {
    heads(middle);
    mlp_in_middle(middle);
    smt::TermVector args = middle.args(v.c);
    smt::Term w[2] = {mlp_stack1(args), mlp_stack2(args)};
    for (int s = 0; s < 2; ++s) {
      reader_in_middle(m[s], G[s], D[s], a[s]);
      falls(m[s], G[s], D[s], a[s], w[s]);
    }
  }
  // The invariant at a rest token, for one stack and for the whole token.
  smt::Term stack_invariant(const smt::Term& m, const smt::Term& u, const smt::Term& G, const smt::Term& D) const {
    return enc(m, G, D) && 0 <= D && D <= v.N && stack_ok(G, D) && last(m) == u;
  }
  smt::Term invariant(const smt::Term& control, const smt::Term (&m)[2], const smt::Term (&u)[2],
                      const smt::Term (&G)[2], const smt::Term (&D)[2]) const {
    return 0 <= control && control < nq && stack_invariant(m[0], u[0], G[0], D[0]) &&
           stack_invariant(m[1], u[1], G[1], D[1]);
  }
};

// The base: the prompt on empty memories, then the next token, gives the invariant at step 0.
void prompt_base(Vocabulary& v, Query& q) {
  smt::Context& c = v.c;
  Composition k(v, q);
  smt::Term q0 = c.int_const("q0"), x = c.int_const("w0"), G = v.stack("G");
  smt::Term empty = c.constant("empty", k.mem);
  v.assume_levels(q, {c.int_val(-1)});
  q.hypothesis("|Q| >= 1, q0 a state, the tape input in range",
               k.nq >= 1 && 0 <= q0 && q0 < k.nq && 0 <= x && x < k.ni);
  smt::Term prompt = v.M(c.int_val(1), c.int_val(0));
  smt::Term m1 = k.feed(empty, prompt);
  q.hypothesis("prompt lemma", k.mid_push(m1, G, c.int_val(-1), c.int_val(1)));
  Composition::Token middle = k.token(k.nq + q0, prompt, prompt, x, m1, m1);
  smt::Term m[2] = {m1, m1}, Gs[2] = {G, G}, Ds[2] = {c.int_val(-1), c.int_val(-1)};
  smt::Term one[2] = {c.int_val(1), c.int_val(1)};
  k.falls_and_middle(middle, m, Gs, Ds, one);
  smt::TermVector args = middle.args(c);
  smt::Term next[2] = {k.feed(m1, k.mlp_stack1(args)), k.feed(m1, k.mlp_stack2(args))};
  smt::Term u[2] = {k.mlp_stack1(args), k.mlp_stack2(args)};
  smt::Term bottom = smt::store(G, 0, 1);
  smt::Term stacks[2] = {bottom, bottom}, depths[2] = {c.int_val(0), c.int_val(0)};
  q.fact(!(k.mlp_control(args) == q0 && k.invariant(k.mlp_control(args), next, u, stacks, depths)));
}

// The step: the rising and the falling token take the invariant at t to t+1 for any well-formed delta.
void any_delta_step(Vocabulary& v, Query& q) {
  smt::Context& c = v.c;
  Composition k(v, q);
  smt::Term state = c.int_const("q"), x = c.int_const("w");
  smt::Term G[2] = {v.stack("G1"), v.stack("G2")}, D[2] = {c.int_const("D1"), c.int_const("D2")};
  smt::Term m[2] = {c.constant("m1", k.mem), c.constant("m2", k.mem)};
  smt::Term u[2] = {c.int_const("u1"), c.int_const("u2")};
  v.assume_levels(q, {D[0] - 1, D[0], D[1] - 1, D[1]});
  q.hypothesis("|Q| >= 1, the tape input in range", k.nq >= 1 && 0 <= x && x < k.ni);
  q.hypothesis("the invariant at step t", k.invariant(state, m, u, G, D));
  smt::Term tops[2] = {smt::select(G[0], D[0]) - 1, smt::select(G[1], D[1]) - 1};
  auto at = [&](const smt::FuncDecl& f) { return f(state, x, tops[0], tops[1]); };
  q.hypothesis("delta well formed at the key", k.delta.well_formed(state, x, tops[0], tops[1], k.nq, v.k));
  smt::Term op[2] = {at(k.delta.op1), at(k.delta.op2)};
  smt::Term a[2] = {at(k.delta.sym1) + 1, at(k.delta.sym2) + 1};
  q.hypothesis("the run within the depth bound (the transformer is built for N)",
               smt::implies(op[0] == static_cast<int>(Op::Push), D[0] + 1 <= v.N) &&
                   smt::implies(op[1] == static_cast<int>(Op::Push), D[1] + 1 <= v.N));
  // The rest token and the rising token.
  Composition::Token rest = k.token(state, u[0], u[1], x, m[0], m[1]);
  k.heads(rest);
  for (int s = 0; s < 2; ++s) k.reader_at_rest(m[s], G[s], D[s]);
  k.mlp_at_rest(rest, D[0], D[1]);
  smt::TermVector rest_args = rest.args(c);
  smt::Term rise[2] = {k.mlp_stack1(rest_args), k.mlp_stack2(rest_args)};
  smt::Term middle_control = k.mlp_control(rest_args);
  smt::Term mid[2] = {k.feed(m[0], rise[0]), k.feed(m[1], rise[1])};
  for (int s = 0; s < 2; ++s) k.rises(m[s], G[s], D[s], a[s], rise[s]);
  // The middle token and the falling token.
  Composition::Token middle = k.token(middle_control, rise[0], rise[1], x, mid[0], mid[1]);
  k.falls_and_middle(middle, mid, G, D, a);
  smt::TermVector middle_args = middle.args(c);
  smt::Term fall[2] = {k.mlp_stack1(middle_args), k.mlp_stack2(middle_args)};
  smt::Term next[2] = {k.feed(mid[0], fall[0]), k.feed(mid[1], fall[1])};
  // What the interpreter does (pda_step), one case per operation (so no two stacks need comparing).
  smt::Term next_state = k.mlp_control(middle_args);
  smt::Term goal = next_state == at(k.delta.next) && 0 <= next_state && next_state < k.nq;
  for (int s = 0; s < 2; ++s)
    goal = goal &&
           smt::implies(op[s] == static_cast<int>(Op::Push),
                        k.stack_invariant(next[s], fall[s], smt::store(G[s], D[s] + 1, a[s]), D[s] + 1)) &&
           smt::implies(op[s] == static_cast<int>(Op::Pop), k.stack_invariant(next[s], fall[s], G[s], D[s] - 1)) &&
           smt::implies(op[s] == static_cast<int>(Op::None), k.stack_invariant(next[s], fall[s], G[s], D[s]));
  q.fact(!goal);
}

}  // namespace

void machine_step_queries(Recorder& rec) {
  rec.run("machine step", "base: the prompt", "machine_base",
          "the prompt (control |Q| + q0, both stacks M(1,0), tape w_0) on empty memories, then the next token => the "
          "invariant at step 0: state q0, both stacks [Z0]",
          prompt_base);
  rec.run("machine step", "step: any delta", "machine_step",
          "the invariant at step t, delta uninterpreted and well formed at the key (q, w_t, top1, top2), the run "
          "within the depth bound => after the rising and the falling token the invariant at step t+1 for "
          "delta's next state and each stack pushed, popped or kept as delta says",
          any_delta_step);
}

}  // namespace palcheck::proofs::tc
