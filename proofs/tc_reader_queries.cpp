// repair:thm:tc: the head lemmas of the generic proof (tc_vocabulary.h). The reader head of a stack channel:
// each relay's state read from a memory of each shape (one query per shape and family), the sum of a relay
// form over the symbols 1..n (an induction over n, |Gamma| symbolic), the weighted output at one depth, and
// the sum over depths 0..N (an induction over the depth). The control and tape heads: a diagonal relay (j, j)
// read from any memory whose last entry is the input, "E[g] >= alpha" first, is on exactly when u >= j, and
// the head's output at an integer input c in [0, n) is c.
#include "proofs/tc_vocabulary.h"

namespace palcheck::proofs::tc {

using namespace smt;

namespace {

// The reader's relay states, read from a memory of each shape, for each family.
void relay_state_queries(Recorder& rec) {
  for (const auto& [shape, shape_title, shape_slug] : kShapes)
    for (const auto& [f, family_title, family_slug] : kFamilies)
      rec.run(
          "reader", std::string("relay state ") + shape_title + ": " + family_title,
          std::string("state_") + shape_slug + "_" + family_slug,
          "memory of this shape, 0 <= d <= N, 1 <= i <= k, the relay's state the reading of the memory => the "
          "state is the form's (on, off, else [G[d] > i])",
          [&](Vocabulary& v, Query& q) {
            smt::Context& c = v.c;
            smt::Term G = v.stack("G");
            smt::Term b = c.int_const("b"), a = c.int_const("a"), d = c.int_const("d0"), i = c.int_const("i0");
            smt::Term s = c.bool_const("s"), g = c.int_const("g");
            Memory mem = v.fresh_memory("");
            v.assume_levels(q, {b, d});
            q.hypothesis("memory shape", v.shape_memory(shape, mem, G, b, a));
            q.hypothesis("relay in the reader measure", 0 <= d && d <= v.N && 1 <= i && i <= v.k);
            q.hypothesis("relay state = reading of the memory (ref:memory_equals_definition)",
                         v.reading(mem, v.alpha(f, d), v.beta(f, i, d), s, g));
            v.name_entries(q, mem, {g, mem.L - 1, 2 * b, 2 * b + 1, 2 * b + 2, 2 * d, 2 * d + 1, 2 * d + 2, 2 * d + 3});
            q.fact(s != v.state(v.form(shape, f, b, d), smt::select(G, d), i));
          });
}

// The symbol-sum lemma: the sum over i = 1..n of a relay form's states is partial_sum (g >= 1 the symbol).
void symbol_sum_queries(Recorder& rec) {
  for (bool step : {false, true})
    rec.run("reader", step ? "sum over symbols: step" : "sum over symbols: base",
            step ? "symbols_step" : "symbols_base",
            step ? "S(n) = the closed form, S(n+1) = S(n) + [state at n+1] => S(n+1) = the closed form"
                 : "S(0) = 0 => S(0) = the closed form",
            [&](Vocabulary& v, Query& q) {
              smt::Context& c = v.c;
              RelayForm f{c.bool_const("on"), c.bool_const("off")};
              smt::Term g = c.int_const("g"), n = c.int_const("n");
              smt::FuncDecl S = c.function("S", c.int_sort(), c.int_sort());
              q.hypothesis("the symbol is >= 1", g >= 1);
              if (!step) {
                q.fact(S(c.int_val(0)) == 0);
                q.fact(S(c.int_val(0)) != v.partial_sum(f, g, c.int_val(0)));
                return;
              }
              q.hypothesis("S(n) as claimed", n >= 0 && S(n) == v.partial_sum(f, g, n));
              q.fact(S(n + 1) == S(n) + smt::ite(v.state(f, g, n + 1), c.int_val(1), c.int_val(0)));
              q.fact(S(n + 1) != v.partial_sum(f, g, n + 1));
            });
}

// The reader's output at one depth, for each memory shape.
void depth_output_queries(Recorder& rec) {
  for (const auto& [shape, shape_title, shape_slug] : kShapes)
    rec.run(
        "reader", std::string("output at one depth ") + shape_title, std::string("depth_") + shape_slug,
        "the relay states above weighted (1 for (M(k,d+1), m(i,d)), i < k; -(k-1) for i = k; 1 and -1 for the slot "
        "families), each family's sum by the symbol-sum lemma => the depth-d part of the output is the reader "
        "value at d = b, else 0",
        [&](Vocabulary& v, Query& q) {
          smt::Context& c = v.c;
          smt::Term G = v.stack("G");
          smt::Term b = c.int_const("b"), d = c.int_const("d0");
          smt::Term gd = smt::select(G, d);
          v.assume_levels(q, {});
          q.hypothesis("symbols in 1..k", 1 <= gd && gd <= v.k && 1 <= smt::select(G, b) && smt::select(G, b) <= v.k);
          q.hypothesis("depths", 0 <= d && d <= v.N && (shape == Shape::Push ? -1 <= b : 0 <= b) && b <= v.N);
          RelayForm top = v.form(shape, Family::Top, b, d), slot = v.form(shape, Family::Slot, b, d),
                    above = v.form(shape, Family::SlotAbove, b, d);
          smt::FuncDecl sum_top = c.function("sum_top", c.int_sort(), c.int_sort());
          smt::FuncDecl sum_slot = c.function("sum_slot", c.int_sort(), c.int_sort());
          smt::FuncDecl sum_above = c.function("sum_slot1", c.int_sort(), c.int_sort());
          q.hypothesis("sums over symbols (symbol-sum lemma)", sum_top(v.k - 1) == v.partial_sum(top, gd, v.k - 1) &&
                                                                   sum_slot(v.k) == v.partial_sum(slot, gd, v.k) &&
                                                                   sum_above(v.k) == v.partial_sum(above, gd, v.k));
          smt::Term output = sum_top(v.k - 1) + smt::ite(v.state(top, gd, v.k), 1 - v.k, c.int_val(0)) + sum_slot(v.k) -
                             sum_above(v.k);
          q.fact(output != smt::ite(d == b, v.reader_value(shape, G, b), c.int_val(0)));
        });
}

// The sum over depths 0..N of a part that is val at d = b and 0 elsewhere is val (b <= N).
void depth_sum_queries(Recorder& rec) {
  for (bool step : {false, true})
    rec.run("reader", step ? "sum over depths: step" : "sum over depths: base", step ? "depths_step" : "depths_base",
            step ? "S(d-1) = [d-1 >= b] val and S(d) = S(d-1) + [d = b] val => S(d) = [d >= b] val"
                 : "S(-1) = 0 => S(-1) = [-1 >= b] val (b >= 0 or val = 0)",
            [&](Vocabulary& v, Query& q) {
              smt::Context& c = v.c;
              smt::Term b = c.int_const("b"), val = c.int_const("val"), d = c.int_const("d0");
              smt::FuncDecl S = c.function("S", c.int_sort(), c.int_sort());
              auto claimed = [&](const smt::Term& x) { return smt::ite(x >= b, val, c.int_val(0)); };
              q.hypothesis("b >= 0 or val = 0", b >= 0 || val == 0);
              if (!step) {
                q.fact(S(c.int_val(-1)) == 0);
                q.fact(S(c.int_val(-1)) != claimed(c.int_val(-1)));
                return;
              }
              q.hypothesis("S(d-1) as claimed", d >= 0 && S(d - 1) == claimed(d - 1));
              q.fact(S(d) == S(d - 1) + smt::ite(d == b, val, c.int_val(0)));
              q.fact(S(d) != claimed(d));
            });
}

}  // namespace

void reader_queries(Recorder& rec) {
  relay_state_queries(rec);
  symbol_sum_queries(rec);
  depth_output_queries(rec);
  depth_sum_queries(rec);
}

void head_queries(Recorder& rec) {
  rec.run("control and tape heads", "diagonal relay (j, j) read from the memory", "diagonal_relay",
          "any memory whose last entry is the input u, the relay's state the reading of the memory (E[g] >= alpha "
          "read first) => the state is [u >= j]",
          [&](Vocabulary& v, Query& q) {
            smt::Context& c = v.c;
            Memory mem = v.fresh_memory("");
            smt::Term u = c.real_const("u"), j = c.int_const("j0"), s = c.bool_const("s"), g = c.int_const("g");
            q.hypothesis("the input is the memory's last entry (the memory step)",
                         mem.L >= 1 && v.at(mem, mem.L - 1) == u);
            q.hypothesis("relay state = reading of the memory (ref:memory_equals_definition)",
                         v.reading(mem, v.real(j), v.real(j), s, g));
            v.name_entries(q, mem, {g, mem.L - 1});
            q.fact(s != (u >= v.real(j)));
          });
  rec.run("control and tape heads", "output of the diagonal measure", "diagonal_output",
          "relays (j, j) of weight 1 for j = 1..n-1, each on exactly when c >= j (the relay lemma), their sum by the "
          "symbol-sum lemma, c an integer in [0, n) => the head outputs c",
          [&](Vocabulary& v, Query& q) {
            smt::Context& c = v.c;
            smt::Term n = c.int_const("n"), x = c.int_const("c0");
            smt::FuncDecl S = c.function("S", c.int_sort(), c.int_sort());
            RelayForm diagonal{c.bool_val(false), c.bool_val(false)};  // [c >= j] is [c + 1 > j]: the form at g = c+1
            q.hypothesis("an integer input in [0, n)", n >= 1 && 0 <= x && x < n);
            q.hypothesis("sum over j = 1..n-1 (symbol-sum lemma)", S(n - 1) == v.partial_sum(diagonal, x + 1, n - 1));
            q.fact(S(n - 1) != x);
          });
}

}  // namespace palcheck::proofs::tc
