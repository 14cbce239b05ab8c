// repair:thm:tc: the vocabulary of the generic simulation proof (see tc_vocabulary.h).
#include "proofs/tc_vocabulary.h"

#include "smt/induction_query.h"
#include "smt/judgement.h"

#include <algorithm>

namespace palcheck::proofs::tc {

Vocabulary::Vocabulary(z3::context& ctx, TcMutation m)
    : c(ctx),
      mutation(m),
      k(m == TcMutation::None ? ctx.int_const("k") : ctx.int_val(2)),
      N(ctx.int_const("dmax")),
      B(ctx.function("B", ctx.int_sort(), ctx.int_sort())) {}

void Vocabulary::assume_levels(Query& q, const std::vector<z3::expr>& depths) const {
  q.hypothesis("|Gamma| >= 1, D_max >= 0", k >= 1 && N >= 0);
  if (instance()) return;  // B(d) = 3d: the facts below hold outright
  // B(e) against B(x) at each named depth x and at N+2 (C): one bound variable, so each instance pairs a named
  // base with a base the query already holds (no new terms, no matching loop).
  z3::expr e = c.int_const("d_other");
  z3::expr facts = B(c.int_val(0)) == 0;
  std::vector<z3::expr> anchors = depths;
  anchors.push_back(N + 2);
  for (const z3::expr& x : anchors) {
    z3::expr body = z3::implies(e < x, B(e) + K() <= B(x)) && z3::implies(x < e, B(x) + K() <= B(e));
    facts = facts && smt::forall_matching(e, B(e), body);
  }
  for (const z3::expr& x : depths) facts = facts && B(x + 1) == B(x) + K();
  q.hypothesis(
      "level bases B(d) = d(|Gamma|+1): B(0) = 0, B(d+1) = B(d) + K, B(d) + K <= B(e) for d < e (level-base "
      "query)",
      facts);
}

void Vocabulary::name_entries(Query& q, const Memory& mem, const std::vector<z3::expr>& indices) const {
  z3::func_decl entry = c.function("entry", c.real_sort(), c.bool_sort());
  for (const z3::expr& j : indices) q.fact(entry(at(mem, j)));
}

Memory Vocabulary::fresh_memory(const std::string& suffix) const {
  return {c.constant(("E" + suffix).c_str(), c.array_sort(c.int_sort(), c.real_sort())),
          c.int_const(("L" + suffix).c_str())};
}

z3::expr Vocabulary::levels(const Memory& mem, const z3::expr& G, const z3::expr& b) const {
  z3::expr j = c.int_const("j_entry"), d = c.int_const("d_symbol");
  z3::expr level = j / 2, g = z3::select(G, level);
  z3::expr entry = z3::ite(j % 2 == 0, M(g, level), m(g, level));
  z3::expr entries = z3::forall(j, z3::implies(0 <= j && j < 2 * b + 2, at(mem, j) == real(entry)));
  z3::expr symbols = z3::forall(d, z3::implies(0 <= d && d <= b, 1 <= z3::select(G, d) && z3::select(G, d) <= k));
  return entries && symbols;
}

z3::expr Vocabulary::encodes(const Memory& mem, const z3::expr& G, const z3::expr& b) const {
  if (mutation == TcMutation::EncodingLengthDropped) return levels(mem, G, b);
  return mem.L == 2 * b + 2 && levels(mem, G, b);
}

z3::expr Vocabulary::encodes_plus(const Memory& mem, const z3::expr& G, const z3::expr& b, const z3::expr& v) const {
  return mem.L == 2 * b + 3 && levels(mem, G, b) && at(mem, 2 * b + 2) == real(v);
}

z3::expr Vocabulary::is_max(const z3::expr& j) const {
  return mutation == TcMutation::OtherInitialState ? j % 2 == 1 : j % 2 == 0;
}

z3::expr Vocabulary::step(const Memory& from, const Memory& to, const z3::expr& u, const z3::expr& cut) const {
  z3::expr q = c.int_const("q_wiped");
  z3::expr top = from.L - 1, top_value = at(from, top);
  z3::expr rising = u > top_value;
  z3::expr t = z3::ite(rising == is_max(top), from.L - 1, from.L);  // a rise beyond a maximum continues its run
  auto wipes = [&](const z3::expr& index) { return z3::ite(rising, u >= at(from, index), u <= at(from, index)); };
  z3::expr cut_ok = 0 <= cut && cut <= t && (t - cut) % 2 == 0 &&
                    z3::forall(q, z3::implies(cut <= q && q < t && (t - q) % 2 == 0, wipes(q)));
  if (mutation != TcMutation::CutMayStopEarly) cut_ok = cut_ok && (cut < 2 || !wipes(cut - 2));
  z3::expr moved = cut_ok && to.E == z3::store(from.E, cut, u) && to.L == cut + 1;
  z3::expr first = cut == 0 && to.E == z3::store(from.E, 0, u) && to.L == 1;
  z3::expr equal = to.E == from.E && to.L == from.L;
  return z3::ite(from.L == 0, first, z3::ite(u == top_value, equal, moved));
}

z3::expr Vocabulary::reading(const Memory& mem, const z3::expr& alpha, const z3::expr& beta, const z3::expr& s,
                             const z3::expr& g) const {
  z3::expr j = c.int_const("j_inside");
  z3::expr Eg = at(mem, g);
  z3::expr outside = mutation == TcMutation::TieOrderFlipped ? z3::ite(Eg <= beta, !s, Eg >= alpha && s)
                                                             : z3::ite(Eg >= alpha, s, Eg <= beta && !s);
  z3::expr initial = mutation == TcMutation::OtherInitialState ? s : !s;
  z3::expr inside = z3::forall(j, z3::implies(g < j && j < mem.L, beta < at(mem, j) && at(mem, j) < alpha));
  return -1 <= g && g < mem.L && z3::ite(g >= 0, outside, initial) && inside;
}

z3::expr Vocabulary::alpha(Family f, const z3::expr& d) const {
  switch (f) {
    case Family::Top: return real(M(k, d + 1));
    case Family::Slot: return real(P(d));
    case Family::SlotAbove: break;
  }
  return real(mutation == TcMutation::SlotRelaysEqual ? P(d) : P(d) + 1);
}

z3::expr Vocabulary::beta(Family f, const z3::expr& i, const z3::expr& d) const {
  if (f == Family::Top && mutation == TcMutation::ReaderThresholdOffByOne) return real(m(i, d) + 1);
  return real(m(i, d));
}

RelayForm Vocabulary::form(Shape shape, Family f, const z3::expr& b, const z3::expr& d) const {
  z3::expr yes = c.bool_val(true), no = c.bool_val(false);
  switch (shape) {
    case Shape::Rest: return f == Family::Top ? RelayForm{b > d, b < d} : RelayForm{no, b < d};
    case Shape::Push: return f == Family::Top ? RelayForm{yes, no} : RelayForm{b < d, no};
    case Shape::Slot: break;
  }
  if (f == Family::Top) return {yes, no};
  return {f == Family::Slot ? b <= d : b < d, no};
}

z3::expr Vocabulary::state(const RelayForm& f, const z3::expr& g, const z3::expr& i) const {
  return z3::ite(f.on, c.bool_val(true), z3::ite(f.off, c.bool_val(false), g > i));
}

z3::expr Vocabulary::partial_sum(const RelayForm& f, const z3::expr& g, const z3::expr& n) const {
  return z3::ite(f.on, n, z3::ite(f.off, c.int_val(0), z3::ite(n <= g - 1, n, g - 1)));
}

z3::expr Vocabulary::reader_value(Shape shape, const z3::expr& G, const z3::expr& b) const {
  switch (shape) {
    case Shape::Rest: return z3::select(G, b) - 1;
    case Shape::Push: return c.int_val(0);
    case Shape::Slot: break;
  }
  return k - (z3::select(G, b) - 1);
}

z3::expr Vocabulary::shape_memory(Shape shape, const Memory& mem, const z3::expr& G, const z3::expr& b,
                                  const z3::expr& a) const {
  switch (shape) {
    case Shape::Rest: return 0 <= b && b <= N && encodes(mem, G, b);
    case Shape::Push: return -1 <= b && b + 1 <= N && 1 <= a && a <= k && encodes_plus(mem, G, b, M(a, b + 1));
    case Shape::Slot: break;
  }
  return 0 <= b && b <= N && encodes_plus(mem, G, b, P(b));
}

z3::expr Vocabulary::target(Op op, const z3::expr& a, const z3::expr& D) const {
  switch (op) {
    case Op::Push: return M(a, D + 1);
    case Op::Pop: return P(D - 1);
    case Op::None: break;
  }
  return P(D);
}

z3::expr Vocabulary::target(const z3::expr& op, const z3::expr& a, const z3::expr& D) const {
  return z3::ite(op == static_cast<int>(Op::Push), target(Op::Push, a, D),
                 z3::ite(op == static_cast<int>(Op::Pop), target(Op::Pop, a, D), target(Op::None, a, D)));
}

z3::expr Vocabulary::rise_tau(const z3::expr& op, const z3::expr& s, const z3::expr& a) const {
  z3::expr push = s - K() - a;
  if (mutation == TcMutation::PushDropped) push = s - K();
  if (mutation == TcMutation::PushDoubled) push = s - 2 * K() - a;
  return z3::ite(op == static_cast<int>(Op::Push), push, z3::ite(op == static_cast<int>(Op::Pop), s, s - K()));
}

Delta Vocabulary::delta() const {
  z3::sort i = c.int_sort();
  auto f = [&](const char* name) { return c.function(name, i, i, i, i, i); };
  return {f("delta_next"), f("delta_op1"), f("delta_op2"), f("delta_sym1"), f("delta_sym2")};
}

z3::expr Delta::well_formed(const z3::expr& q, const z3::expr& x, const z3::expr& t1, const z3::expr& t2,
                            const z3::expr& nq, const z3::expr& k) const {
  z3::expr ok = 0 <= next(q, x, t1, t2) && next(q, x, t1, t2) < nq;
  const z3::func_decl* ops[] = {&op1, &op2};
  const z3::func_decl* syms[] = {&sym1, &sym2};
  const z3::expr* tops[] = {&t1, &t2};
  for (int s = 0; s < 2; ++s) {
    z3::expr op = (*ops[s])(q, x, t1, t2), sym = (*syms[s])(q, x, t1, t2);
    ok = ok && 0 <= op && op <= 2 && z3::implies(op == static_cast<int>(Op::Pop), *tops[s] != 0) &&
         z3::implies(op == static_cast<int>(Op::Push), 1 <= sym && sym <= k - 1);
  }
  return ok;
}

void Recorder::run(const std::string& part, const std::string& name, const std::string& file,
                   const std::string& question, const std::function<void(Vocabulary&, Query&)>& build) {
  if (only && std::find(only->begin(), only->end(), file) == only->end()) return;
  z3::context c;
  Vocabulary v(c, mutation);
  Query q(c, config, tag + "_" + file);
  build(v, q);
  QueryOutcome o = q.check();
  out.proved = out.proved && confirmed_unsat(o);
  out.queries.push_back(recorded(part + ": " + name, question, o));
}

}  // namespace palcheck::proofs::tc
