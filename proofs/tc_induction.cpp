// The simulation invariant of repair:thm:tc by induction (see tc_induction.h). Codes (K = k + 1, C = O =
// (N+2)K, N the depth bound): M(i,d) = 2C - dK - i, m(i,d) = dK + i, P(d) = 2C - (d+1)K. A memory
// encodes stack G[0..b] (symbols 1..k, bottom first) when its length is 2b+2 and entry j is M(G[j/2], j/2)
// for even j, m(G[j/2], j/2) for odd j; the middle of a step adds one maximum v (M(a,b+1) for a push,
// P(b) for a pop or no-op). A token u moves the memory by a turn: u is placed at the cut c, every
// same-kind entry from c to the top is wiped by u (with equality) and the one at c-2 is not.
#include "proofs/tc_induction.h"

#include "proofs/judgement.h"
#include "proofs/z3_query.h"
#include "reference/memory_pal.h"
#include "reference/models/pda_library.h"
#include "reference/models/tc_repair.h"

#include <functional>

namespace palcheck::proofs {
namespace {

enum class Shape { Rest, Push, Slot };
enum class Family { Top, Slot, SlotAbove };
enum class Op { None, Pop, Push };

// Names for the query titles and file names, one row per case.
template <typename Kind>
struct Named {
  Kind kind;
  const char* name;  // in the query's title
  const char* slug;  // in the query's file name
};

constexpr Named<Shape> kShapes[] = {{Shape::Rest, "at rest", "rest"},
                                    {Shape::Push, "in the middle of a push", "push"},
                                    {Shape::Slot, "at a slot (middle of a pop or no-op)", "slot"}};
constexpr Named<Family> kFamilies[] = {{Family::Top, "relays (M(k,d+1), m(i,d))", "top"},
                                       {Family::Slot, "relays (P(d), m(i,d))", "slot"},
                                       {Family::SlotAbove, "relays (P(d)+1, m(i,d))", "slot1"}};
constexpr Named<Op> kOps[] = {{Op::None, "no-op", "noop"}, {Op::Pop, "pop", "pop"}, {Op::Push, "push a", "push"}};

struct Memory {
  z3::expr E, L;
};

struct Vocabulary {
  z3::context& c;
  int k;
  TcMutation mutation;
  z3::expr N;  // the depth bound d_max

  int K() const { return k + 1; }
  z3::expr C() const { return (N + 2) * K(); }
  z3::expr M(const z3::expr& i, const z3::expr& d) const { return 2 * C() - d * K() - i; }
  z3::expr m(const z3::expr& i, const z3::expr& d) const { return d * K() + i; }
  z3::expr P(const z3::expr& d) const { return 2 * C() - (d + 1) * K(); }
  z3::expr real(const z3::expr& x) const { return z3::to_real(x); }
  z3::expr at(const Memory& mem, const z3::expr& j) const { return z3::select(mem.E, j); }

  // Makes the entries at `indices` ground terms: cvc5 instantiates the quantifiers by E-matching on them.
  // Each sits under a fresh uninterpreted predicate that preprocessing cannot drop; it constrains nothing
  // (the predicate may be true everywhere), so it adds no hypothesis.
  void name_entries(Query& q, const Memory& mem, const std::vector<z3::expr>& indices) const {
    z3::func_decl entry = c.function("entry", c.real_sort(), c.bool_sort());
    for (const z3::expr& j : indices) q.fact(entry(at(mem, j)));
  }

  Memory fresh_memory(const std::string& suffix) const {
    return {c.constant(("E" + suffix).c_str(), c.array_sort(c.int_sort(), c.real_sort())),
            c.int_const(("L" + suffix).c_str())};
  }

  // Levels 0..b of the memory hold stack G; symbols lie in 1..k.
  z3::expr levels(const Memory& mem, const z3::expr& G, const z3::expr& b) const {
    z3::expr j = c.int_const("j"), d = c.int_const("d");
    z3::expr level = j / 2, g = z3::select(G, level);
    z3::expr entry = z3::ite(j % 2 == 0, M(g, level), m(g, level));
    z3::expr entries = z3::forall(j, z3::implies(0 <= j && j < 2 * b + 2, at(mem, j) == real(entry)));
    z3::expr symbols = z3::forall(d, z3::implies(0 <= d && d <= b, 1 <= z3::select(G, d) && z3::select(G, d) <= k));
    return entries && symbols;
  }
  z3::expr encodes(const Memory& mem, const z3::expr& G, const z3::expr& b) const {
    return mem.L == 2 * b + 2 && levels(mem, G, b);
  }
  z3::expr encodes_plus(const Memory& mem, const z3::expr& G, const z3::expr& b, const z3::expr& v) const {
    return mem.L == 2 * b + 3 && levels(mem, G, b) && at(mem, 2 * b + 2) == real(v);
  }

  // A turn: u becomes entry t = L (a maximum when rising), wiping down to the symbolic cut `cut`.
  z3::expr turn(const Memory& from, const Memory& to, const z3::expr& u, bool rising, const z3::expr& cut) const {
    z3::expr q = c.int_const("q"), t = from.L;
    auto wipes = [&](const z3::expr& index) { return rising ? u >= at(from, index) : u <= at(from, index); };
    z3::expr cut_ok = 0 <= cut && cut <= t && (t - cut) % 2 == 0 &&
                      z3::forall(q, z3::implies(cut <= q && q < t && (t - q) % 2 == 0, wipes(q)));
    if (mutation != TcMutation::CutMayStopEarly) cut_ok = cut_ok && (cut < 2 || !wipes(cut - 2));
    return cut_ok && to.E == z3::store(from.E, cut, u) && to.L == cut + 1;
  }

  // ref:memory_equals_definition's reading: ghost g is the last entry outside (beta, alpha) and decides s.
  z3::expr reading(const Memory& mem, const z3::expr& alpha, const z3::expr& beta, const z3::expr& s,
                   const z3::expr& g) const {
    z3::expr j = c.int_const("j");
    z3::expr Eg = at(mem, g);
    z3::expr decides = z3::ite(g >= 0, (Eg >= alpha && s) || (Eg <= beta && !s), !s);
    z3::expr inside = z3::forall(j, z3::implies(g < j && j < mem.L, beta < at(mem, j) && at(mem, j) < alpha));
    return -1 <= g && g < mem.L && decides && inside;
  }

  z3::expr alpha(Family f, const z3::expr& d) const {
    switch (f) {
      case Family::Top: return real(M(c.int_val(k), d + 1));
      case Family::Slot: return real(P(d));
      case Family::SlotAbove: break;
    }
    return real(mutation == TcMutation::SlotRelaysEqual ? P(d) : P(d) + 1);
  }

  // The state of a relay of family f at depth d, threshold index i, on a memory of shape `shape` whose
  // levels end at b (derived by hand; each is one query).
  z3::expr expected_state(Shape shape, Family f, const z3::expr& G, const z3::expr& b, const z3::expr& d,
                          const z3::expr& i) const {
    z3::expr on = c.bool_val(true), off = c.bool_val(false);
    z3::expr read_down = z3::ite(b == d, z3::select(G, b) > i, z3::select(G, d) > i);  // levels b, d decide
    switch (shape) {
      case Shape::Rest:
        return z3::ite(b < d, off, f == Family::Top ? z3::ite(b == d, z3::select(G, b) > i, on) : read_down);
      case Shape::Push: return f == Family::Top ? on : z3::ite(b < d, on, read_down);
      case Shape::Slot: break;
    }
    if (f == Family::Top) return on;
    if (f == Family::Slot) return z3::ite(b <= d, on, z3::select(G, d) > i);
    return z3::ite(b < d, on, read_down);
  }

  // The reader head's output at depth d (weights 1, -(k-1) on the top family, +-1 on the slot families),
  // from the per-relay states.
  z3::expr contribution(Shape shape, const z3::expr& G, const z3::expr& b, const z3::expr& d) const {
    auto state = [&](Family f, int i) {
      return z3::ite(expected_state(shape, f, G, b, d, c.int_val(i)), c.int_val(1), c.int_val(0));
    };
    z3::expr sum = c.int_val(0);
    for (int i = 1; i < k; ++i) sum = sum + state(Family::Top, i);
    sum = sum - (k - 1) * state(Family::Top, k);
    for (int i = 1; i <= k; ++i) sum = sum + state(Family::Slot, i) - state(Family::SlotAbove, i);
    return sum;
  }

  // What the reader outputs on the whole memory (0-based symbols): the top at rest, 0 in a push, k - g
  // for the symbol g of the level below a slot.
  z3::expr reader_value(Shape shape, const z3::expr& G, const z3::expr& b) const {
    switch (shape) {
      case Shape::Rest: return z3::select(G, b) - 1;
      case Shape::Push: return c.int_val(0);
      case Shape::Slot: break;
    }
    return c.int_val(k) - (z3::select(G, b) - 1);
  }

  // The shape's constraints on b, and the memory of that shape (v the extra maximum).
  z3::expr shape_memory(Shape shape, const Memory& mem, const z3::expr& G, const z3::expr& b, const z3::expr& a) const {
    switch (shape) {
      case Shape::Rest: return 0 <= b && b <= N && encodes(mem, G, b);
      case Shape::Push: return -1 <= b && b + 1 <= N && 1 <= a && a <= k && encodes_plus(mem, G, b, M(a, b + 1));
      case Shape::Slot: break;
    }
    return 0 <= b && b <= N && encodes_plus(mem, G, b, P(b));
  }
};

std::string answer_of(const QueryOutcome& o) {
  return o.answer == SolverAnswer::Unknown ? "unknown (" + o.reason_unknown + ")" : to_string(o.answer);
}

struct Recorder {
  const RunConfig& config;
  int k;
  TcMutation mutation;
  TcInduction& out;

  std::string tag() const {
    return "tc_induction_k" + std::to_string(k) + (mutation == TcMutation::None ? "" : "_mutated");
  }
  // Runs one query built by `build` in a fresh context; every proof query must be unsat in both solvers.
  void run(const std::string& name, const std::string& file, const std::string& question,
           const std::function<void(Vocabulary&, Query&)>& build) {
    z3::context c;
    Vocabulary v{c, k, mutation, c.int_const("dmax")};
    Query q(c, config, tag() + "_" + file);
    q.hypothesis("d_max >= 0", v.N >= 0);
    build(v, q);
    QueryOutcome o = q.check();
    out.proved = out.proved && confirmed_unsat(o);
    out.queries.push_back({name, question, answer_of(o), o.second.answer, o.smt2_path, solvers_disagree(o)});
  }
};

// The reader lemmas: every relay's state, the output per depth, and the sum over depths.
void reader_queries(Recorder& rec) {
  for (const auto& [shape, shape_title, shape_slug] : kShapes)
    for (const auto& [f, family_title, family_slug] : kFamilies)
      rec.run(
          std::string("reader relay state ") + shape_title + ": " + family_title,
          std::string("state_") + shape_slug + "_" + family_slug,
          "memory of this shape, 0 <= d <= N, 1 <= i <= k, ghost reading of the relay => its state is the formula",
          [&](Vocabulary& v, Query& q) {
            z3::context& c = v.c;
            z3::expr G = c.constant("G", c.array_sort(c.int_sort(), c.int_sort()));
            z3::expr b = c.int_const("b"), a = c.int_const("a"), d = c.int_const("d0"), i = c.int_const("i0");
            z3::expr s = c.bool_const("s"), g = c.int_const("g");
            Memory mem = v.fresh_memory("");
            q.hypothesis("memory shape", v.shape_memory(shape, mem, G, b, a));
            q.hypothesis("relay in the reader measure", 0 <= d && d <= v.N && 1 <= i && i <= v.k);
            q.hypothesis("relay state = reading of the memory (ref:memory_equals_definition)",
                         v.reading(mem, v.alpha(f, d), v.real(v.m(i, d)), s, g));
            v.name_entries(q, mem, {g, mem.L - 1, 2 * b, 2 * b + 1, 2 * b + 2, 2 * d, 2 * d + 1, 2 * d + 2, 2 * d + 3});
            q.fact(s != v.expected_state(shape, f, G, b, d, i));
          });
  for (const auto& [shape, shape_title, shape_slug] : kShapes)
    rec.run(std::string("reader output per depth ") + shape_title, std::string("depth_") + shape_slug,
            "the relay states above, weighted => the depth-d part of the output is the reader value at d = b, else 0",
            [&](Vocabulary& v, Query& q) {
              z3::context& c = v.c;
              z3::expr G = c.constant("G", c.array_sort(c.int_sort(), c.int_sort()));
              z3::expr b = c.int_const("b"), d = c.int_const("d0");
              z3::expr symbols = c.bool_val(true);
              for (const z3::expr& x : {z3::select(G, b), z3::select(G, d)}) symbols = symbols && 1 <= x && x <= v.k;
              q.hypothesis("symbols in 1..k", symbols);
              q.hypothesis("depths", 0 <= d && d <= v.N && -1 <= b && b <= v.N);
              q.fact(v.contribution(shape, G, b, d) != z3::ite(d == b, v.reader_value(shape, G, b), c.int_val(0)));
            });
  // The sum over depths 0..N of a part that is `val` at d = b and 0 elsewhere is `val` (b <= N).
  for (bool step : {false, true})
    rec.run(step ? "reader sum over depths: step" : "reader sum over depths: base", step ? "sum_step" : "sum_base",
            step ? "S(d-1) = [d-1 >= b] val and S(d) = S(d-1) + [d = b] val => S(d) = [d >= b] val"
                 : "S(-1) = 0 => S(-1) = [-1 >= b] val (b >= 0 or val = 0)",
            [&](Vocabulary& v, Query& q) {
              z3::context& c = v.c;
              z3::expr b = c.int_const("b"), val = c.int_const("val"), d = c.int_const("d0");
              z3::func_decl S = c.function("S", c.int_sort(), c.int_sort());
              auto claimed = [&](const z3::expr& x) { return z3::ite(x >= b, val, c.int_val(0)); };
              q.hypothesis("b >= 0 or val = 0", b >= 0 || val == 0);
              if (!step) {
                q.fact(S(c.int_val(-1)) == 0);
                q.fact(S(c.int_val(-1)) != claimed(c.int_val(-1)));
                return;
              }
              q.hypothesis("S(d-1) as claimed", d >= 0 && S(d - 1) == claimed(d - 1));
              q.fact(S(d) == S(d - 1) + z3::ite(d == b, val, c.int_val(0)));
              q.fact(S(d) != claimed(d));
            });
}

// One machine step on one stack channel: the rising token (rest -> middle) then the falling token
// (middle -> rest), with the construction's arithmetic and the reader's outputs from the lemmas above.
// Each token is its own query: the middle memory's shape is the rise's goal and the fall's hypothesis.
struct ChannelStep {
  z3::expr before_shape, rise, rise_goal, middle_shape, fall, fall_goal, cut_rise, cut_fall;
  Memory before, middle, after;

  // The entries around the tops and the cuts, named for cvc5's E-matching.
  void name_entries(const Vocabulary& v, Query& q) const {
    v.name_entries(q, before, {before.L - 1, before.L - 2, before.L - 3, before.L - 4, cut_rise - 2, cut_rise});
    v.name_entries(q, middle, {middle.L - 1, middle.L - 2, middle.L - 3, cut_fall - 2, cut_fall});
    v.name_entries(q, after, {after.L - 1, after.L - 2});
  }
};

ChannelStep channel_step(const Vocabulary& v, Op op, const z3::expr& G, const z3::expr& D, const z3::expr& a) {
  z3::context& c = v.c;
  Memory E = v.fresh_memory(""), E1 = v.fresh_memory("_middle"), E2 = v.fresh_memory("_next");
  z3::expr c1 = c.int_const("cut_rise"), c2 = c.int_const("cut_fall");
  z3::expr O = v.real(v.C()), K = c.int_val(v.K());
  z3::expr s = z3::select(G, D);  // 1 + the reader at rest (lemma): the top, 1-based
  z3::expr tau = op == Op::Push ? s - K - a : op == Op::Pop ? s : s - K;  // the MLP's table entry
  z3::expr u0 = v.at(E, E.L - 1);
  z3::expr u1 = 2 * O - u0 + v.real(tau);
  z3::expr below = op == Op::Pop ? D - 1 : D;
  z3::expr r1 = v.reader_value(op == Op::Push ? Shape::Push : Shape::Slot, G, below);  // the reader (lemma)
  z3::expr u1_read = v.at(E1, E1.L - 1);
  z3::expr u2 = 2 * O - u1_read - (v.mutation == TcMutation::FallIgnoresReader ? v.real(c.int_val(0)) : v.real(r1));
  z3::expr G2 = op == Op::Push ? z3::store(G, D + 1, a) : G;
  z3::expr D2 = op == Op::Push ? D + 1 : op == Op::Pop ? D - 1 : D;
  z3::expr middle_shape = v.encodes_plus(E1, G, below, op == Op::Push ? v.M(a, D + 1) : v.P(below));
  return {v.encodes(E, G, D),
          v.turn(E, E1, u1, true, c1),
          u1 > u0 && middle_shape && u1_read == u1,
          middle_shape,
          v.turn(E1, E2, u2, false, c2),
          u2 < u1_read && v.encodes(E2, G2, D2) && v.at(E2, E2.L - 1) == u2,
          c1,
          c2,
          E,
          E1,
          E2};
}

void step_queries(Recorder& rec) {
  rec.run(
      "base: the first two tokens", "base",
      "empty memory, prompt M(1,0) (the middle of pushing Z0), reader 0, fall => the memory encodes [Z0]",
      [&](Vocabulary& v, Query& q) {
        z3::context& c = v.c;
        Memory E = v.fresh_memory(""), E1 = v.fresh_memory("_middle"), E2 = v.fresh_memory("_next");
        z3::expr G = c.constant("G", c.array_sort(c.int_sort(), c.int_sort()));
        z3::expr u1 = v.real(v.M(c.int_val(1), c.int_val(0)));
        z3::expr r1 = v.reader_value(Shape::Push, G, c.int_val(-1));
        z3::expr u2 =
            2 * v.real(v.C()) - u1 - (v.mutation == TcMutation::FallIgnoresReader ? v.real(c.int_val(0)) : v.real(r1));
        q.fact(E.L == 0);
        q.fact(v.turn(E, E1, u1, true, c.int_const("cut_rise")) && v.turn(E1, E2, u2, false, c.int_const("cut_fall")));
        z3::expr bottom = z3::store(G, c.int_val(0), c.int_val(1));
        q.fact(!(v.encodes_plus(E1, G, c.int_val(-1), v.M(c.int_val(1), c.int_val(0))) && u2 < v.at(E1, E1.L - 1) &&
                 v.encodes(E2, bottom, c.int_val(0))));
      });
  for (const auto& [op, op_title, op_slug] : kOps)
    for (bool rising : {true, false})
      rec.run(std::string("step: ") + op_title + (rising ? ", rising token" : ", falling token"),
              std::string("step_") + op_slug + (rising ? "_rise" : "_fall"),
              rising ? std::string("the memory encodes G[0..D], the input is its last entry u; ") + op_title +
                           ": rise to 2O - u + tau => a turn, and the middle memory has the reader lemma's shape"
                     : std::string("the middle memory of ") + op_title +
                           ": fall to 2O - u' - reader => a turn, and the memory encodes the new stack",
              [&](Vocabulary& v, Query& q) {
                z3::context& c = v.c;
                z3::expr G = c.constant("G", c.array_sort(c.int_sort(), c.int_sort()));
                z3::expr D = c.int_const("D"), a = c.int_const("a");
                ChannelStep st = channel_step(v, op, G, D, a);
                q.hypothesis("depth within the bound", 0 <= D && D <= v.N);
                if (op == Op::Pop) q.hypothesis("Z0 is never popped", D >= 1);
                if (op == Op::Push) q.hypothesis("push within the depth bound", D + 1 <= v.N && 1 <= a && a <= v.k);
                if (rising) {
                  q.hypothesis("the memory encodes the stack", st.before_shape);
                  q.fact(st.rise);
                } else {
                  q.hypothesis("the middle memory's shape", st.middle_shape);
                  q.fact(st.fall);
                }
                st.name_entries(v, q);
                q.fact(!(rising ? st.rise_goal : st.fall_goal));
              });
}

// Non-vacuity (a): the pop step's premises with a real wipe (the rise removes a level), small numbers.
void witness_query(const RunConfig& config, int k, TcMutation mutation, TcInduction& out) {
  z3::context c;
  Vocabulary v{c, k, mutation, c.int_const("dmax")};
  z3::expr G = c.constant("G", c.array_sort(c.int_sort(), c.int_sort()));
  z3::expr D = c.int_const("D"), a = c.int_const("a");
  ChannelStep st = channel_step(v, Op::Pop, G, D, a);
  Query q(c, config, "tc_induction_k" + std::to_string(k) + "_nonvacuous_pop");
  q.hypothesis("the memory encodes the stack", D == 2 && v.N == 3 && st.before_shape);
  q.fact(st.rise && st.fall && st.cut_rise < st.before.L && st.rise_goal && st.fall_goal);
  for (int d = 0; d <= 4; ++d) q.fact(1 <= z3::select(G, d) && z3::select(G, d) <= k);
  QueryOutcome o = q.check();
  out.witness_query = {"non-vacuity: a pop that wipes a level",
                       "the pop case's premises and goals at depth 2 (sat expected)",
                       answer_of(o),
                       o.second.answer,
                       o.smt2_path,
                       solvers_disagree(o)};
  if (o.answer != SolverAnswer::Sat) return;
  const z3::model& model = *o.model;
  Instance state{"repair:thm:tc:library", "z3-tc-step", {{"k", std::to_string(k)}, {"op", "pop"}}, {}};
  long long depth = model_int(model, D);
  state.values["d_max"] = {Q(model_int(model, v.N))};
  for (long long d = 0; d <= depth; ++d)
    state.values["stack"].push_back(Q(model_int(model, z3::select(G, c.int_val(static_cast<int>(d)))) - 1));
  auto entries = [&](const Memory& mem) {
    std::vector<Q> values;
    long long length = model_int(model, mem.L);
    for (long long i = 0; i < length; ++i)
      values.push_back(model_value(model, v.at(mem, c.int_val(static_cast<int>(i)))));
    return values;
  };
  state.values["memory"] = entries(st.before);
  state.values["middle_memory"] = entries(st.middle);
  state.values["next_memory"] = entries(st.after);
  out.reachable_state = state;
}

}  // namespace

std::string tc_invariant_text() {
  return "Inv after machine step t (token 2t+1, at rest), for each stack channel: the head's memory is exactly the "
         "nested encoding of the interpreter's stack G[0..D] (length 2D+2, entry 2d = M(G[d],d), entry 2d+1 = "
         "m(G[d],d), symbols 1..k) and the channel's signal is its last entry m(G[D],D); the reader head outputs "
         "G[D]-1 (the top, 0-based); the control head outputs the state q_t (memoryless relays (j,j))";
}

std::string tc_step_text() {
  return "a machine step is two tokens on each stack signal: rise to u1 = 2O - u0 + tau (tau from the MLP's table: "
         "push a: G[D]-K-a, pop: G[D], no-op: G[D]-K), fall to u2 = 2O - u1 - r (r the reader in the middle); each "
         "token is a turn of the classical memory with a symbolic cut (every same-kind entry from the cut to the top "
         "wiped by u, with equality, and the one below the cut not). Reader lemmas (memory at rest, in the middle "
         "of a push, at a slot P(b)): each relay's state from a ghost index (the last entry outside its band, "
         "ref:memory_equals_definition), the weighted states at depth d, and the sum over d = 0..N by induction "
         "over d. Symbolic: depth D, bound N, the stack's symbols (an array), the pushed symbol a; push/pop/no-op "
         "are the three step cases";
}

TcInduction prove_tc_induction(const RunConfig& config, int k, TcMutation mutation) {
  TcInduction out{k, {}, {}, std::nullopt, true};  // proved until a query is not unsat in both solvers
  Recorder rec{config, k, mutation, out};
  reader_queries(rec);
  step_queries(rec);
  witness_query(config, k, mutation, out);
  return out;
}

std::string replay_tc_state(const Instance& state) {
  int k = std::stoi(state.options.at("k"));
  int d_max = state.values.at("d_max").front().convert_to<int>();
  const std::vector<Q>& stack = state.values.at("stack");
  NestedEncoding enc{k, d_max};
  MemoryPal reader(reader_measure(enc), InitialState::Off);
  Q out = 0;
  for (const Q& x : state.values.at("memory")) out = reader.step(x);
  if (reader.memory().extrema() != state.values.at("memory"))
    return "feeding the memory's entries does not reproduce them";
  std::optional<std::vector<int>> decoded = enc.decode(reader.memory().extrema());
  if (!decoded || decoded->size() != stack.size()) return "the memory does not decode to the model's stack";
  for (std::size_t d = 0; d < stack.size(); ++d)
    if (Q((*decoded)[d]) != stack[d]) return "the memory does not decode to the model's stack";
  if (out != stack.back()) return "the reader head does not output the top at rest";
  int D = static_cast<int>(stack.size()) - 1;
  Q two_o = 2 * Q(enc.offset());
  Q u1 = two_o - reader.memory().extrema().back() + (stack.back() + 1);  // pop: tau = the top, 1-based
  Q r1 = reader.step(u1);
  if (reader.memory().extrema() != state.values.at("middle_memory")) return "the reference's middle memory differs";
  if (r1 != k - stack[static_cast<std::size_t>(D) - 1]) return "the reader does not output k - g below the slot";
  reader.step(two_o - u1 - r1);
  if (reader.memory().extrema() != state.values.at("next_memory")) return "the reference's next memory differs";
  std::optional<std::vector<int>> next = enc.decode(reader.memory().extrema());
  if (!next || next->size() != stack.size() - 1) return "the next memory does not decode to the popped stack";
  for (std::size_t d = 0; d < next->size(); ++d)
    if (Q((*next)[d]) != stack[d]) return "the next memory does not decode to the popped stack";
  return "";
}

std::string check_finite_control(const std::string& machine, std::size_t& keys) {
  TwoStackPda m = library_machine(machine);
  const int nq = m.state_count(), ni = m.input_count(), k = m.stack_symbol_count();
  keys = 0;
  RepairTransformer t(m, 3), wider(m, 4);
  const NestedEncoding& enc = t.encoding();
  const ReluMlp& mlp = t.mlp();
  const std::size_t linear = mlp.width() - 3;  // the last three neurons: ReLU of the control and stack slots
  for (std::size_t h = 0; h < mlp.width(); ++h)
    for (std::size_t slot = 0; slot < 4; ++slot) {
      Q expected = h >= linear && slot == h - linear ? Q(1) : Q(0);
      if (mlp.w1[h][slot] != expected)
        return "hidden neuron " + std::to_string(h) + " reads token slot " + std::to_string(slot);
      if (h >= linear && mlp.b1[h] != 0) return "a linear neuron has a bias";
    }
  for (std::size_t h = linear; h < mlp.width(); ++h)
    for (std::size_t o = 0; o < 8; ++o)
      if (o != h - linear && mlp.w2[o][h] != 0) return "a linear neuron feeds another slot";
  // A wider bound changes only the stack slots' output bias, by 2(O' - O) = 2(k+1): the 2O of the reflection.
  ReluMlp shifted = wider.mlp();
  for (std::size_t s : {1, 2}) shifted.b2[s] -= 2 * (k + 1);
  if (shifted.w1 != mlp.w1 || shifted.b1 != mlp.b1 || shifted.w2 != mlp.w2 || shifted.b2 != mlp.b2)
    return "the MLPs for bounds 3 and 4 differ beyond the reflection's 2O";
  {
    const int D = 2;
    const Q two_o = 2 * Q(enc.offset());
    for (int q = 0; q < 2 * nq; ++q)
      for (int x = 0; x < ni; ++x)
        for (int g1 = 0; g1 <= k; ++g1)
          for (int g2 = 0; g2 <= k; ++g2) {
            bool rest = q < nq;
            if (rest && (g1 == k || g2 == k)) continue;  // a reader at rest outputs a symbol
            QVector z(8, Q(0));
            z[0] = z[4] = q;
            z[3] = z[7] = x;
            z[5] = g1;
            z[6] = g2;
            const int g[2] = {g1, g2};
            for (int s = 0; s < 2; ++s) z[1 + s] = rest ? Q(enc.min_code(g[s] + 1, D)) : Q(enc.slot(D));
            QVector next = t.next_token(z, 0);
            ++keys;
            std::string where = machine + ", key (" + std::to_string(q) + ", " + std::to_string(x) + ", " +
                                std::to_string(g1) + ", " + std::to_string(g2) + ")";
            if (!rest) {
              if (next[0] != q - nq) return where + ": the middle token's control is not the rest state";
              for (int s = 0; s < 2; ++s)
                if (next[1 + s] != two_o - z[1 + s] - g[s]) return where + ": the fall is not 2O - u - reader";
              continue;
            }
            const PdaTransition& tr = m.at(q, x, g1, g2);
            if (next[0] != nq + tr.next) return where + ": the control is not delta's next state (+|Q|)";
            const StackOp* ops[2] = {&tr.op1, &tr.op2};
            for (int s = 0; s < 2; ++s) {
              const int top = g[s] + 1, K = k + 1;
              Q tau = top - K;
              long target = enc.slot(D);
              if (ops[s]->kind == StackOp::Kind::Push) {
                tau = top - K - (ops[s]->symbol + 1);
                target = enc.max_code(ops[s]->symbol + 1, D + 1);
              } else if (ops[s]->kind == StackOp::Kind::Pop) {
                tau = top;
                target = enc.slot(D - 1);
              }
              if (next[1 + s] != two_o - z[1 + s] + tau) return where + ": the rise is not 2O - u + tau";
              if (next[1 + s] != target) return where + ": the rise does not land on the intended code";
            }
          }
  }
  return "";
}

std::string check_tc_invariant_on_run(const std::string& machine, const std::string& word, std::size_t steps) {
  TwoStackPda m = library_machine(machine);
  RepairTransformer t(m, static_cast<int>(steps) + 1);
  const NestedEncoding& enc = t.encoding();
  RepairRun run(t);
  PdaConfig config = initial_config(m);
  QVector x = t.prompt(input_at(m, word, 0));
  for (std::size_t n = 0; n <= 2 * steps + 1; ++n) {
    QVector z = run.feed(x);
    if (n % 2 == 1) {
      std::size_t step = n / 2;
      const std::vector<int>* stacks[2] = {&config.stack1, &config.stack2};
      for (std::size_t s = 0; s < 2; ++s) {
        const std::vector<int>& g = *stacks[s];
        std::vector<Q> expected;
        for (std::size_t d = 0; d < g.size(); ++d) {
          expected.push_back(Q(enc.max_code(g[d] + 1, static_cast<int>(d))));
          expected.push_back(Q(enc.min_code(g[d] + 1, static_cast<int>(d))));
        }
        std::string where = "step " + std::to_string(step) + ", stack " + std::to_string(s + 1) + ": ";
        if (run.memory(s + 1).extrema() != expected) return where + "the memory is not the encoding of the stack";
        if (x[s + 1] != expected.back()) return where + "the signal is not the memory's last entry";
        if (z[5 + s] != g.back()) return where + "the reader does not output the top";
      }
      if (z[4] != config.state) return "step " + std::to_string(step) + ": the control head does not output the state";
      if (step == steps) return "";
      config = pda_step(m, config, input_at(m, word, step));
    }
    x = t.next_token(z, input_at(m, word, n / 2));
  }
  return "";
}

}  // namespace palcheck::proofs
