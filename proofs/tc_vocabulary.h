// repair:thm:tc: the Z3 vocabulary of the generic simulation proof (tc_induction.h), internal to proofs/.
// Everything a query of the proof is stated in: the nested codes with |Gamma| = k and the depth bound N
// symbolic, the classical memory's step, the ghost reading of a relay, the reader's memory shapes and relay
// forms, the two-stack machine's transition as uninterpreted functions, and the recorder every query goes
// through.
// Codes (K = k + 1, C = O = B(N+2)): M(i,d) = 2C - B(d) - i, m(i,d) = B(d) + i, P(d) = 2C - B(d) - K, with
// B(d) = dK the base of level d. With k symbolic dK is a product of two unknowns, so B is an uninterpreted
// function under instances of the facts the level-base query proves of dK (B(0) = 0, B(d+1) = B(d) + K,
// B(d) + K <= B(e) for d < e): every other query is linear.
#pragma once

#include "proofs/tc_record.h"
#include "smt/z3_query.h"

#include <functional>
#include <string>
#include <vector>

namespace palcheck::proofs::tc {

/// The reader's memory shapes: at rest, in the middle of a push, at a slot (middle of a pop or no-op).
enum class Shape { Rest, Push, Slot };
/// The reader's relay families at depth d: (M(k,d+1), m(i,d)), (P(d), m(i,d)), (P(d)+1, m(i,d)).
enum class Family { Top, Slot, SlotAbove };
/// A stack operation, as delta's op functions return it.
enum class Op { None = 0, Pop = 1, Push = 2 };

/// A name for query titles and a slug for file names.
template <typename Kind>
struct Named {
  Kind kind;         ///< the case
  const char* name;  ///< in the query's title
  const char* slug;  ///< in the query's file name
};

inline constexpr Named<Shape> kShapes[] = {{Shape::Rest, "at rest", "rest"},
                                           {Shape::Push, "in the middle of a push", "push"},
                                           {Shape::Slot, "at a slot (middle of a pop or no-op)", "slot"}};
inline constexpr Named<Family> kFamilies[] = {{Family::Top, "relays (M(k,d+1), m(i,d))", "top"},
                                              {Family::Slot, "relays (P(d), m(i,d))", "slot"},
                                              {Family::SlotAbove, "relays (P(d)+1, m(i,d))", "slot1"}};
inline constexpr Named<Op> kOps[] = {
    {Op::None, "no-op", "noop"}, {Op::Pop, "pop", "pop"}, {Op::Push, "push a", "push"}};

/// A classical memory: entries E (Int -> Real) and length L.
struct Memory {
  smt::Term E, L;
};

/// A relay's state as a function of its threshold index i: on, else off, else [g > i] with g the symbol
/// the relay's depth holds. Every reader relay and every diagonal relay has this form.
struct RelayForm {
  smt::Term on, off;
};

/// The two-stack machine's transition delta(q, x, t1, t2) (0-based tops) as uninterpreted functions.
struct Delta {
  smt::FuncDecl next, op1, op2, sym1, sym2;
  /// delta's entry at the key, well formed: next state in 0..nq-1, each op None/Pop/Push, no pop of Z0, a
  /// pushed symbol in 1..k-1 (never Z0).
  smt::Term well_formed(const smt::Term& q, const smt::Term& x, const smt::Term& t1, const smt::Term& t2,
                        const smt::Term& nq, const smt::Term& k) const;
};

/// The vocabulary of one query (one context). Under a mutation the queries are stated for |Gamma| = 2 and
/// B(d) = 3d, so that Z3 can build a model: a model of that instance is a model of the mutated query.
struct Vocabulary {
  smt::Context& c;
  TcMutation mutation;
  smt::Term k;      ///< |Gamma| including Z0 (2 under a mutation)
  smt::Term N;      ///< the depth bound D_max
  smt::FuncDecl B;  ///< the level base B(d) = dK

  Vocabulary(smt::Context& ctx, TcMutation m);

  bool instance() const { return mutation != TcMutation::None; }
  smt::Term K() const { return k + 1; }
  smt::Term base(const smt::Term& d) const { return instance() ? K() * d : B(d); }
  smt::Term C() const { return base(N + 2); }
  smt::Term M(const smt::Term& i, const smt::Term& d) const { return 2 * C() - base(d) - i; }
  smt::Term m(const smt::Term& i, const smt::Term& d) const { return base(d) + i; }
  smt::Term P(const smt::Term& d) const { return 2 * C() - base(d) - K(); }
  smt::Term real(const smt::Term& x) const { return smt::to_real(x); }
  smt::Term at(const Memory& mem, const smt::Term& j) const { return smt::select(mem.E, j); }
  smt::Term int_val(int v) const { return c.int_val(v); }
  smt::Term stack(const std::string& name) const {
    return c.constant(name.c_str(), c.array_sort(c.int_sort(), c.int_sort()));
  }

  /// The sizes (k >= 1, N >= 0) and the level-base facts (proved by the level-base query): B(0) = 0,
  /// B(x+1) = B(x) + K at each of `depths`, and B(d) + K <= B(e) for every d < e where d or e is one of
  /// `depths` or N+2.
  void assume_levels(smt::Query& q, const std::vector<smt::Term>& depths) const;

  /// Makes the entries at `indices` ground terms: cvc5 instantiates the quantifiers by E-matching on them.
  /// Each sits under a fresh uninterpreted predicate that constrains nothing, so it adds no hypothesis.
  void name_entries(smt::Query& q, const Memory& mem, const std::vector<smt::Term>& indices) const;

  Memory fresh_memory(const std::string& suffix) const;

  /// Levels 0..b of the memory hold stack G (symbols 1..k): entry 2d = M(G[d],d), entry 2d+1 = m(G[d],d).
  smt::Term levels(const Memory& mem, const smt::Term& G, const smt::Term& b) const;
  /// The memory is exactly the nested encoding of G[0..b].
  smt::Term encodes(const Memory& mem, const smt::Term& G, const smt::Term& b) const;
  /// The encoding of G[0..b] and one more entry v (the middle of a step).
  smt::Term encodes_plus(const Memory& mem, const smt::Term& G, const smt::Term& b, const smt::Term& v) const;

  /// Entry j is a maximum (kinds alternate by parity; entry 0 is a maximum when relays start off).
  smt::Term is_max(const smt::Term& j) const;
  /// One step of the classical memory on input u (ref:memory_equals_definition's step): the first input
  /// becomes entry 0; an equal input changes nothing; otherwise u turns (goes to t = L) or continues the
  /// top's run (t = L-1) by the top's kind, and every same-kind entry from the symbolic cut to t-2 is wiped
  /// by u (with equality), the one at cut-2 not; then E' = E[cut := u], L' = cut + 1.
  smt::Term step(const Memory& from, const Memory& to, const smt::Term& u, const smt::Term& cut) const;

  /// ref:memory_equals_definition's reading of relay (alpha, beta) with state s: ghost g is the last entry
  /// outside (beta, alpha) and decides s, read "E[g] >= alpha" first (the printed tie order), g = -1 the
  /// initial state.
  smt::Term reading(const Memory& mem, const smt::Term& alpha, const smt::Term& beta, const smt::Term& s,
                    const smt::Term& g) const;

  /// The thresholds of the reader relay of family f at depth d, threshold index i.
  smt::Term alpha(Family f, const smt::Term& d) const;
  smt::Term beta(Family f, const smt::Term& i, const smt::Term& d) const;
  /// The form of the relay states of family f at depth d on a memory of `shape` whose levels end at b.
  RelayForm form(Shape shape, Family f, const smt::Term& b, const smt::Term& d) const;
  /// A relay state of that form at threshold index i, g the symbol at the relay's depth.
  smt::Term state(const RelayForm& f, const smt::Term& g, const smt::Term& i) const;
  /// The sum of the states of that form over i = 1..n (the symbol-sum lemma's closed form).
  smt::Term partial_sum(const RelayForm& f, const smt::Term& g, const smt::Term& n) const;
  /// What the reader outputs on the whole memory (0-based symbols): the top at rest, 0 in a push, k - g for
  /// the symbol g of the level below a slot.
  smt::Term reader_value(Shape shape, const smt::Term& G, const smt::Term& b) const;
  /// The shape's constraints on b and the memory of that shape (a the pushed symbol, 1-based).
  smt::Term shape_memory(Shape shape, const Memory& mem, const smt::Term& G, const smt::Term& b,
                         const smt::Term& a) const;

  /// The code the rising token must reach for op (a the pushed symbol, 1-based): M(a, D+1), P(D-1), P(D).
  smt::Term target(Op op, const smt::Term& a, const smt::Term& D) const;
  /// The same for an op given as a term (0 none, 1 pop, 2 push).
  smt::Term target(const smt::Term& op, const smt::Term& a, const smt::Term& D) const;
  /// The MLP table's stack entry at rest for op (the construction's tau, s the top 1-based): push a:
  /// s - K - a, pop: s, no-op: s - K.
  smt::Term rise_tau(const smt::Term& op, const smt::Term& s, const smt::Term& a) const;

  /// delta as uninterpreted functions of (q, x, t1, t2).
  Delta delta() const;
};

/// Runs the proof's queries and records them into a TcInduction.
struct Recorder {
  const RunConfig& config;
  TcMutation mutation;
  TcInduction& out;
  std::string tag = "tc_induction";                ///< what every query file's name starts with
  const std::vector<std::string>* only = nullptr;  ///< when set, only the queries with these file names run

  /// Runs one query built by `build` in a fresh context; every proof query must be unsat in both solvers.
  void run(const std::string& part, const std::string& name, const std::string& file, const std::string& question,
           const std::function<void(Vocabulary&, smt::Query&)>& build);
};

/// The query groups of the proof, in the order they run.
void level_queries(Recorder& rec);
void reader_queries(Recorder& rec);
void head_queries(Recorder& rec);
void channel_queries(Recorder& rec);
void mlp_queries(Recorder& rec);
void machine_step_queries(Recorder& rec);
/// Non-vacuity (a): a pop step that wipes a level, sat, read back as a reference instance.
void witness_query(const RunConfig& config, TcInduction& out);

}  // namespace palcheck::proofs::tc
