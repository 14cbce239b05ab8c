// repair:thm:tc: the vocabulary of the generic simulation proof (see tc_vocabulary.h).
#include "proofs/tc_vocabulary.h"

#include "smt/induction_query.h"
#include "smt/judgement.h"

#include <algorithm>

namespace palcheck::proofs::tc {

using namespace smt;

Vocabulary::Vocabulary(smt::Context& ctx, TcMutation m)
    : c(ctx),
      mutation(m),
      k(m == TcMutation::None ? ctx.int_const("k") : ctx.int_val(2)),
      N(ctx.int_const("dmax")),
      B(ctx.function("B", ctx.int_sort(), ctx.int_sort())) {}

void Vocabulary::assume_levels(Query& q, const std::vector<smt::Term>& depths) const {
  q.hypothesis("|Gamma| >= 1, D_max >= 0", k >= 1 && N >= 0);
  if (instance()) return;  // B(d) = 3d: the facts below hold outright
  // B(e) against B(x) at each named depth x and at N+2 (C): one bound variable, so each instance pairs a named
  // base with a base the query already holds (no new terms, no matching loop).
  smt::Term e = c.int_const("d_other");
  smt::Term facts = B(c.int_val(0)) == 0;
  std::vector<smt::Term> anchors = depths;
  anchors.push_back(N + 2);
  for (const smt::Term& x : anchors) {
    smt::Term body = smt::implies(e < x, B(e) + K() <= B(x)) && smt::implies(x < e, B(x) + K() <= B(e));
    facts = facts && smt::forall_matching(e, B(e), body);
  }
  for (const smt::Term& x : depths) facts = facts && B(x + 1) == B(x) + K();
  q.hypothesis(
      "level bases B(d) = d(|Gamma|+1): B(0) = 0, B(d+1) = B(d) + K, B(d) + K <= B(e) for d < e (level-base "
      "query)",
      facts);
}

void Vocabulary::name_entries(Query& q, const Memory& mem, const std::vector<smt::Term>& indices) const {
  smt::FuncDecl entry = c.function("entry", c.real_sort(), c.bool_sort());
  for (const smt::Term& j : indices) q.fact(entry(at(mem, j)));
}

Memory Vocabulary::fresh_memory(const std::string& suffix) const {
  return {c.constant(("E" + suffix).c_str(), c.array_sort(c.int_sort(), c.real_sort())),
          c.int_const(("L" + suffix).c_str())};
}

smt::Term Vocabulary::levels(const Memory& mem, const smt::Term& G, const smt::Term& b) const {
  smt::Term j = c.int_const("j_entry"), d = c.int_const("d_symbol");
  smt::Term level = j / 2, g = smt::select(G, level);
  smt::Term entry = smt::ite(j % 2 == 0, M(g, level), m(g, level));
  smt::Term entries = smt::forall(j, smt::implies(0 <= j && j < 2 * b + 2, at(mem, j) == real(entry)));
  smt::Term symbols = smt::forall(d, smt::implies(0 <= d && d <= b, 1 <= smt::select(G, d) && smt::select(G, d) <= k));
  return entries && symbols;
}

smt::Term Vocabulary::encodes(const Memory& mem, const smt::Term& G, const smt::Term& b) const {
  if (mutation == TcMutation::EncodingLengthDropped) return levels(mem, G, b);
  return mem.L == 2 * b + 2 && levels(mem, G, b);
}

smt::Term Vocabulary::encodes_plus(const Memory& mem, const smt::Term& G, const smt::Term& b,
                                   const smt::Term& v) const {
  return mem.L == 2 * b + 3 && levels(mem, G, b) && at(mem, 2 * b + 2) == real(v);
}

smt::Term Vocabulary::is_max(const smt::Term& j) const {
  return mutation == TcMutation::OtherInitialState ? j % 2 == 1 : j % 2 == 0;
}

smt::Term Vocabulary::step(const Memory& from, const Memory& to, const smt::Term& u, const smt::Term& cut) const {
  smt::Term q = c.int_const("q_wiped");
  smt::Term top = from.L - 1, top_value = at(from, top);
  smt::Term rising = u > top_value;
  smt::Term t = smt::ite(rising == is_max(top), from.L - 1, from.L);  // a rise beyond a maximum continues its run
  auto wipes = [&](const smt::Term& index) { return smt::ite(rising, u >= at(from, index), u <= at(from, index)); };
  smt::Term cut_ok = 0 <= cut && cut <= t && (t - cut) % 2 == 0 &&
                     smt::forall(q, smt::implies(cut <= q && q < t && (t - q) % 2 == 0, wipes(q)));
  if (mutation != TcMutation::CutMayStopEarly) cut_ok = cut_ok && (cut < 2 || !wipes(cut - 2));
  smt::Term moved = cut_ok && to.E == smt::store(from.E, cut, u) && to.L == cut + 1;
  smt::Term first = cut == 0 && to.E == smt::store(from.E, 0, u) && to.L == 1;
  smt::Term equal = to.E == from.E && to.L == from.L;
  return smt::ite(from.L == 0, first, smt::ite(u == top_value, equal, moved));
}

smt::Term Vocabulary::reading(const Memory& mem, const smt::Term& alpha, const smt::Term& beta, const smt::Term& s,
                              const smt::Term& g) const {
  smt::Term j = c.int_const("j_inside");
  smt::Term Eg = at(mem, g);
  smt::Term outside = mutation == TcMutation::TieOrderFlipped ? smt::ite(Eg <= beta, !s, Eg >= alpha && s)
                                                              : smt::ite(Eg >= alpha, s, Eg <= beta && !s);
  smt::Term initial = mutation == TcMutation::OtherInitialState ? s : !s;
  smt::Term inside = smt::forall(j, smt::implies(g < j && j < mem.L, beta < at(mem, j) && at(mem, j) < alpha));
  return -1 <= g && g < mem.L && smt::ite(g >= 0, outside, initial) && inside;
}

smt::Term Vocabulary::alpha(Family f, const smt::Term& d) const {
  switch (f) {
    case Family::Top: return real(M(k, d + 1));
    case Family::Slot: return real(P(d));
    case Family::SlotAbove: break;
  }
  return real(mutation == TcMutation::SlotRelaysEqual ? P(d) : P(d) + 1);
}

smt::Term Vocabulary::beta(Family f, const smt::Term& i, const smt::Term& d) const {
  if (f == Family::Top && mutation == TcMutation::ReaderThresholdOffByOne) return real(m(i, d) + 1);
  return real(m(i, d));
}

RelayForm Vocabulary::form(Shape shape, Family f, const smt::Term& b, const smt::Term& d) const {
  smt::Term yes = c.bool_val(true), no = c.bool_val(false);
  switch (shape) {
    case Shape::Rest: return f == Family::Top ? RelayForm{b > d, b < d} : RelayForm{no, b < d};
    case Shape::Push: return f == Family::Top ? RelayForm{yes, no} : RelayForm{b < d, no};
    case Shape::Slot: break;
  }
  if (f == Family::Top) return {yes, no};
  return {f == Family::Slot ? b <= d : b < d, no};
}

smt::Term Vocabulary::state(const RelayForm& f, const smt::Term& g, const smt::Term& i) const {
  return smt::ite(f.on, c.bool_val(true), smt::ite(f.off, c.bool_val(false), g > i));
}

smt::Term Vocabulary::partial_sum(const RelayForm& f, const smt::Term& g, const smt::Term& n) const {
  return smt::ite(f.on, n, smt::ite(f.off, c.int_val(0), smt::ite(n <= g - 1, n, g - 1)));
}

smt::Term Vocabulary::reader_value(Shape shape, const smt::Term& G, const smt::Term& b) const {
  switch (shape) {
    case Shape::Rest: return smt::select(G, b) - 1;
    case Shape::Push: return c.int_val(0);
    case Shape::Slot: break;
  }
  return k - (smt::select(G, b) - 1);
}

smt::Term Vocabulary::shape_memory(Shape shape, const Memory& mem, const smt::Term& G, const smt::Term& b,
                                   const smt::Term& a) const {
  switch (shape) {
    case Shape::Rest: return 0 <= b && b <= N && encodes(mem, G, b);
    case Shape::Push: return -1 <= b && b + 1 <= N && 1 <= a && a <= k && encodes_plus(mem, G, b, M(a, b + 1));
    case Shape::Slot: break;
  }
  return 0 <= b && b <= N && encodes_plus(mem, G, b, P(b));
}

smt::Term Vocabulary::target(Op op, const smt::Term& a, const smt::Term& D) const {
  switch (op) {
    case Op::Push: return M(a, D + 1);
    case Op::Pop: return P(D - 1);
    case Op::None: break;
  }
  return P(D);
}

smt::Term Vocabulary::target(const smt::Term& op, const smt::Term& a, const smt::Term& D) const {
  return smt::ite(op == static_cast<int>(Op::Push), target(Op::Push, a, D),
                  smt::ite(op == static_cast<int>(Op::Pop), target(Op::Pop, a, D), target(Op::None, a, D)));
}

smt::Term Vocabulary::rise_tau(const smt::Term& op, const smt::Term& s, const smt::Term& a) const {
  smt::Term push = s - K() - a;
  if (mutation == TcMutation::PushDropped) push = s - K();
  if (mutation == TcMutation::PushDoubled) push = s - 2 * K() - a;
  return smt::ite(op == static_cast<int>(Op::Push), push, smt::ite(op == static_cast<int>(Op::Pop), s, s - K()));
}

Delta Vocabulary::delta() const {
  smt::Sort i = c.int_sort();
  auto f = [&](const char* name) { return c.function(name, i, i, i, i, i); };
  return {f("delta_next"), f("delta_op1"), f("delta_op2"), f("delta_sym1"), f("delta_sym2")};
}

smt::Term Delta::well_formed(const smt::Term& q, const smt::Term& x, const smt::Term& t1, const smt::Term& t2,
                             const smt::Term& nq, const smt::Term& k) const {
  smt::Term ok = 0 <= next(q, x, t1, t2) && next(q, x, t1, t2) < nq;
  const smt::FuncDecl* ops[] = {&op1, &op2};
  const smt::FuncDecl* syms[] = {&sym1, &sym2};
  const smt::Term* tops[] = {&t1, &t2};
  for (int s = 0; s < 2; ++s) {
    smt::Term op = (*ops[s])(q, x, t1, t2), sym = (*syms[s])(q, x, t1, t2);
    ok = ok && 0 <= op && op <= 2 && smt::implies(op == static_cast<int>(Op::Pop), *tops[s] != 0) &&
         smt::implies(op == static_cast<int>(Op::Push), 1 <= sym && sym <= k - 1);
  }
  return ok;
}

void Recorder::run(const std::string& part, const std::string& name, const std::string& file,
                   const std::string& question, const std::function<void(Vocabulary&, Query&)>& build) {
  if (only && std::find(only->begin(), only->end(), file) == only->end()) return;
  smt::Context c;
  Vocabulary v(c, mutation);
  Query q(c, config, tag + "_" + file);
  build(v, q);
  QueryOutcome o = q.check();
  out.proved = out.proved && confirmed_unsat(o);
  out.queries.push_back(recorded(part + ": " + name, question, o));
}

}  // namespace palcheck::proofs::tc
