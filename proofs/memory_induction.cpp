// The memory induction (see memory_induction.h). State: array E : Int -> Real, length L, relay state s,
// ghost index g. Invariant: nesting (a maximum exceeds every later entry, a minimum is below every later
// entry; kinds alternate by parity from the initial state) and the ghost reading (g is the last entry
// outside the dead band and decides s; g = -1 means no entry is outside and s is the initial state).
// One step: equal input (nothing changes), continue the run (u goes to t = L-1) or turn (u goes to
// t = L); the wiping cut c is a symbolic index: every same-kind entry from c to t-2 is wiped by u and
// the one at c-2 is not. Then E' = E[c := u], L' = c+1.
#include "proofs/memory_induction.h"

#include "proofs/encode_relay.h"
#include "proofs/pop_signal_mutants.h"
#include "reference/preisach_memory.h"
#include "smt/induction_query.h"
#include "smt/judgement.h"
#include "smt/mutation.h"
#include "smt/z3_query.h"

#include <algorithm>
#include <cctype>
#include <functional>

namespace palcheck::proofs {

using namespace smt;

namespace {

struct State {
  smt::Term E, L, s, g;
};

struct Vocabulary {
  smt::Context& c;
  InitialState initial;
  smt::Term alpha, beta, u;

  // Entry i is a maximum: even indices from initial state 0 (the input came from -infinity).
  smt::Term is_max(const smt::Term& i) const {
    return initial == InitialState::Off ? smt::mod(i, 2) == 0 : smt::mod(i, 2) == 1;
  }
  smt::Term outside(const smt::Term& x) const { return x >= alpha || x <= beta; }

  smt::Term nesting(const State& m) const {
    smt::Term i = c.int_const("i"), j = c.int_const("j");
    smt::Term body = smt::implies(
        0 <= i && i < j && j < m.L,
        smt::ite(is_max(i), smt::select(m.E, i) > smt::select(m.E, j), smt::select(m.E, i) < smt::select(m.E, j)));
    return smt::forall(i, j, body);
  }

  smt::Term reading(const State& m) const {
    smt::Term j = c.int_const("j");
    smt::Term Eg = smt::select(m.E, m.g);
    smt::Term decides =
        smt::ite(m.g >= 0, decides_state(alpha, beta, Eg, m.s), m.s == c.bool_val(initial == InitialState::On));
    smt::Term inside_after =
        smt::forall(j, smt::implies(m.g < j && j < m.L, beta < smt::select(m.E, j) && smt::select(m.E, j) < alpha));
    return -1 <= m.g && m.g < m.L && decides && inside_after;
  }

  smt::Term invariant(const State& m) const { return m.L >= 0 && nesting(m) && reading(m); }

  smt::Term relay_step(const smt::Term& previous, MemoryChange change) const {
    TieRule rule = change == MemoryChange::TieOrderFlipped  ? TieRule::OffFirst
                   : change == MemoryChange::StrictRelayOn  ? TieRule::StrictAlpha
                   : change == MemoryChange::StrictRelayOff ? TieRule::StrictBeta
                                                            : TieRule::AsPrinted;
    return proofs::relay_step(alpha, beta, u, previous, rule);
  }

  State fresh(const std::string& suffix) const {
    smt::Sort array = c.array_sort(c.int_sort(), c.real_sort());
    return {c.constant(("E" + suffix).c_str(), array), c.int_const(("L" + suffix).c_str()),
            c.bool_const(("s" + suffix).c_str()), c.int_const(("g" + suffix).c_str())};
  }
};

enum class StepCase { Empty, Equal, Continue, Turn };

struct CaseSpec {
  StepCase kind;
  const char* name;
  const char* words;
};

constexpr CaseSpec kCases[] = {
    {StepCase::Empty, "step: first input", "L = 0: u becomes entry 0"},
    {StepCase::Equal, "step: equal input", "u = E[L-1]: memory unchanged, ghost g' = L-1 if u is outside the band"},
    {StepCase::Continue, "step: continue the run",
     "u beyond the top in the top's direction: u replaces the top (t = L-1), then wipes down to the cut"},
    {StepCase::Turn, "step: turn", "u reverses at the top: u is pushed (t = L), then wipes down to the cut"},
};

struct Step {
  smt::Term premises;  // case condition, cut constraints, next-state definitions
  smt::Term cut;       // c
  smt::Term top;       // t
};

// The transition of one case from `m` to `n`; `change` breaks one piece on purpose.
Step transition(const Vocabulary& v, StepCase kind, const State& m, const State& n, MemoryChange change) {
  smt::Context& c = v.c;
  smt::Term cut = c.int_const("c"), q = c.int_const("q");
  smt::Term top_value = smt::select(m.E, m.L - 1);
  smt::Term relay = n.s == v.relay_step(m.s, change);
  if (kind == StepCase::Equal) {
    smt::Term ghost = n.g == smt::ite(v.outside(v.u), m.L - 1, m.g);
    return {m.L >= 1 && v.u == top_value && n.E == m.E && n.L == m.L && cut == m.L - 1 && relay && ghost, cut, m.L - 1};
  }
  smt::Term condition = c.bool_val(true), top = c.int_val(0), rising = v.is_max(c.int_val(0));
  if (kind == StepCase::Empty) {
    condition = m.L == 0;
  } else {
    smt::Term top_is_max = v.is_max(m.L - 1);
    smt::Term beyond = smt::ite(top_is_max, v.u > top_value, v.u < top_value);
    smt::Term back = smt::ite(top_is_max, v.u<top_value, v.u> top_value);
    condition = m.L >= 1 && (kind == StepCase::Continue ? beyond : back);
    top = kind == StepCase::Continue || change == MemoryChange::TurnOverwritesTop ? m.L - 1 : m.L;
    rising = kind == StepCase::Continue ? top_is_max : !top_is_max;
  }
  auto wipes = [&](const smt::Term& index) {
    smt::Term e = smt::select(m.E, index);
    if (change == MemoryChange::StrictWipe) return smt::ite(rising, v.u > e, v.u < e);
    return smt::ite(rising, v.u >= e, v.u <= e);
  };
  smt::Term cut_ok = 0 <= cut && cut <= top && smt::mod(top - cut, 2) == 0 &&
                     smt::forall(q, smt::implies(cut <= q && q < top && smt::mod(top - q, 2) == 0, wipes(q)));
  if (change != MemoryChange::NoStopBelowCut) cut_ok = cut_ok && (cut < 2 || !wipes(cut - 2));
  smt::Term ghost_after_wipe = change == MemoryChange::GhostIgnoresWipe ? m.g : smt::ite(m.g < cut, m.g, cut - 1);
  smt::Term ghost = n.g == smt::ite(v.outside(v.u), cut, ghost_after_wipe);
  return {condition && cut_ok && n.E == smt::store(m.E, cut, v.u) && n.L == cut + 1 && relay && ghost, cut, top};
}

std::string initial_tag(InitialState initial) { return initial == InitialState::On ? "1" : "0"; }

// The model of a step query as reference inputs: memory, u, next memory, relay states (replay_reachable_state).
Instance model_state(const smt::Model& model, const Vocabulary& v, const State& m, const State& n) {
  Instance state{"ref:memory_equals_definition", "z3-memory-step", {{"initial_state", initial_tag(v.initial)}}, {}};
  auto entries = [&](const State& x) {
    std::vector<Q> out;
    for (long long i = 0; i < model_int(model, x.L); ++i)
      out.push_back(model_value(model, smt::select(x.E, v.c.int_val(static_cast<int>(i)))));
    return out;
  };
  state.values["memory"] = entries(m);
  state.values["next_memory"] = entries(n);
  state.values["u"] = {model_value(model, v.u)};
  state.values["alpha"] = {model_value(model, v.alpha)};
  state.values["beta"] = {model_value(model, v.beta)};
  state.values["s"] = {Q(model.eval(m.s, true).is_true() ? 1 : 0)};
  state.values["s_next"] = {Q(model.eval(n.s, true).is_true() ? 1 : 0)};
  return state;
}

}  // namespace

std::string memory_invariant_text(InitialState initial) {
  return "Inv(E, L, s, g): L >= 0; nesting: for all 0 <= i < j < L, E[i] > E[j] if entry i is a maximum, E[i] < E[j] "
         "if a minimum, entry i a maximum iff i is " +
         std::string(initial == InitialState::Off ? "even" : "odd") + " (initial state " + initial_tag(initial) +
         "); ghost reading: -1 <= g < L, every entry after g lies inside the dead band (beta, alpha), and g decides "
         "the relay state s, read with the printed tie order (E[g] >= alpha: s = 1; else E[g] <= beta and s = 0; g = "
         "-1: "
         "s = the initial state)";
}

std::string memory_step_text() {
  std::string text;
  for (const CaseSpec& k : kCases) text += std::string(text.empty() ? "" : "; ") + k.name + ": " + k.words;
  return text +
         "; the cut c: c = t mod 2, every same-kind entry E[q], c <= q < t, is wiped by u (u >= E[q] rising, "
         "u <= E[q] falling) and E[c-2] is not (or c < 2); E' = E[c := u], L' = c + 1; s' = relay step of s "
         "on u. Ghost witness g': c if u is outside the band, else g if g < c, else c - 1 (the entry below a "
         "wiped one that decided is of the other kind and outside the band by nesting)";
}

namespace {

// The memory update's cut, as changed in both the invariant's proof and the pop's.
const Mutant<MemoryChange> kNoStopBelowCut{
    MemoryChange::NoStopBelowCut, "cut need not stop",
    "the cut need not stop above an entry u does not wipe (E[c-2] may be wiped too)", ModelDefinition::MemoryUpdate};

const std::vector<Mutant<MemoryChange>> kMutants{
    {MemoryChange::TieOrderFlipped, "tie order flipped",
     "the relay step reads u <= beta before u >= alpha (tie rule off-first), so u = alpha = beta switches it off",
     ModelDefinition::RelayStep},
    {MemoryChange::OtherInitialState, "other initial state",
     "the relay starts in the other state than the one the invariant reads at g = -1", ModelDefinition::InitialState},
    strict_relay_on(MemoryChange::StrictRelayOn),
    strict_relay_off(MemoryChange::StrictRelayOff),
    {MemoryChange::StrictWipe, "wipe made strict",
     "u wipes a same-kind entry only beyond it (u > E[q] rising, u < E[q] falling), not at equality",
     ModelDefinition::MemoryUpdate},
    kNoStopBelowCut,
    {MemoryChange::GhostIgnoresWipe, "ghost ignores the wipe", "the ghost index keeps pointing at a wiped entry"},
};

const std::vector<Mutant<MemoryChange>> kPopMutants{
    printed_pop_signal(MemoryChange::PrintedPopSignal),
    pop_eps_doubled(MemoryChange::PopEpsUnbounded),
    kNoStopBelowCut,
};

}  // namespace

MemoryInduction prove_memory_invariant(const RunConfig& config, InitialState initial, MemoryChange change) {
  MemoryInduction out;
  out.initial = initial;
  const bool mutant = change != MemoryChange::None;
  const std::string tag = "memory_induction_init" + initial_tag(initial) + mutant_tag(kMutants, change);
  bool all_unsat = true;
  {
    smt::Context c;
    Vocabulary v{c, initial, c.real_const("alpha"), c.real_const("beta"), c.real_const("u")};
    State m = v.fresh("");
    Query q(c, config, tag + "_base");
    bool starts_on = (initial == InitialState::On) != (change == MemoryChange::OtherInitialState);
    q.hypothesis("alpha >= beta", v.alpha >= v.beta);
    q.fact(m.L == 0 && m.g == -1 && m.s == c.bool_val(starts_on));
    q.fact(!v.invariant(m));
    QueryOutcome o = q.check();
    all_unsat = all_unsat && confirmed_unsat(o);
    out.queries.push_back(recorded("base", "the empty memory with g = -1 and s = the initial state satisfies Inv", o));
  }
  for (const CaseSpec& k : kCases) {
    if (mutant && out.queries.back().z3.is(SolverAnswer::Sat)) break;
    smt::Context c;
    Vocabulary v{c, initial, c.real_const("alpha"), c.real_const("beta"), c.real_const("u")};
    State m = v.fresh(""), n = v.fresh("_next");
    Step step = transition(v, k.kind, m, n, change);
    std::string file = k.name;
    Query q(c, config, tag + "_" + file.substr(6));
    q.hypothesis("alpha >= beta", v.alpha >= v.beta);
    q.hypothesis("Inv before the step", v.invariant(m));
    q.fact(step.premises);
    q.fact(!v.invariant(n));
    // A mutant's counterexample is looked for among short memories: one there is one everywhere.
    if (mutant) q.fact(m.L <= 6);
    QueryOutcome o = q.check();
    all_unsat = all_unsat && confirmed_unsat(o);
    out.queries.push_back(recorded(k.name, std::string("Inv(E, L, s, g) and ") + k.words + " => Inv(E', L', s', g')", o));
  }
  out.proved = all_unsat;
  if (mutant) return out;
  // Non-vacuity (a): the premises of the turn case hold with a real wipe (the cut at least one pair down).
  smt::Context c;
  Vocabulary v{c, initial, c.real_const("alpha"), c.real_const("beta"), c.real_const("u")};
  State m = v.fresh(""), n = v.fresh("_next");
  Step step = transition(v, StepCase::Turn, m, n, change);
  Query q(c, config, tag + "_nonvacuous_wipe");
  q.hypothesis("alpha >= beta", v.alpha >= v.beta);
  q.hypothesis("Inv before the step", v.invariant(m));
  q.fact(step.premises);
  q.fact(step.cut <= step.top - 2 && m.L <= 6 && m.g >= 0);
  QueryOutcome o = q.check();
  out.witness_query = recorded("non-vacuity: a turn that wipes", "Inv, the turn case and c <= t - 2 (sat expected)", o);
  if (o.answer == SolverAnswer::Sat) {
    out.reachable_state = model_state(*o.model, v, m, n);
  }
  return out;
}

std::vector<MutantResult> memory_induction_mutants(const RunConfig& config, InitialState initial) {
  return induction_mutants<MemoryChange>(config, kMutants, [&](const RunConfig& settings, MemoryChange change) {
    return prove_memory_invariant(settings, initial, change).queries;
  });
}

std::string replay_reachable_state(const Instance& state) {
  InitialState initial = state.options.at("initial_state") == "1" ? InitialState::On : InitialState::Off;
  const std::vector<Q>& entries = state.values.at("memory");
  Thresholds t{state.values.at("alpha").front(), state.values.at("beta").front()};
  PreisachMemory memory(initial);
  for (const Q& x : entries) memory.step(x);
  if (memory.extrema() != entries) return "feeding the memory's entries does not reproduce them: not reachable";
  std::vector<RelayState> run = run_relay(t, entries, initial);
  RelayState before = run.empty() ? (initial == InitialState::On ? 1 : 0) : run.back();
  if (Q(before) != state.values.at("s").front()) return "the relay state before the step differs from the model's";
  memory.step(state.values.at("u").front());
  if (memory.extrema() != state.values.at("next_memory")) return "the reference's next memory differs from the model's";
  if (Q(step_relay(t, state.values.at("u").front(), before)) != state.values.at("s_next").front())
    return "the relay state after the step differs from the model's";
  return "";
}

MemoryInduction memory_pop_one(const RunConfig& config, InitialState initial, MemoryChange change) {
  MemoryInduction out;
  out.initial = initial;
  const bool mutant = change != MemoryChange::None;
  // `witness`: the premises with the expected cut (sat); otherwise the negated claim (unsat).
  for (bool witness : {false, true}) {
    if (witness && mutant) break;
    smt::Context c;
    Vocabulary v{c, initial, c.real_const("alpha"), c.real_const("beta"), c.real_const("u")};
    State m = v.fresh(""), n = v.fresh("_next");
    Step step = transition(v, StepCase::Turn, m, n, change);
    smt::Term eps = c.real_const("eps"), top_pair_max = smt::select(m.E, m.L - 2), below = smt::select(m.E, m.L - 4);
    Query q(c, config,
            "repair_lem_pop_one_memory_init" + initial_tag(initial) + (witness ? "_nonvacuous" : "") +
                mutant_tag(kPopMutants, change));
    q.hypothesis("alpha >= beta", v.alpha >= v.beta);
    q.hypothesis("Inv (proved by induction for every length)", v.invariant(m));
    q.hypothesis("two (max, min) pairs, ending with a minimum", m.L >= 4 && !v.is_max(m.L - 1));
    q.hypothesis("eps > 0", eps > 0);
    smt::Term gap = below - top_pair_max;
    q.hypothesis("eps < M_{top-1} - M_top", change == MemoryChange::PopEpsUnbounded ? eps < 2 * gap : eps < gap);
    q.fact(v.u == (change == MemoryChange::PrintedPopSignal ? below + 2 * eps : below - eps));
    if (witness) {
      q.fact(step.premises && step.cut == m.L - 2 && m.L <= 6);
      QueryOutcome o = q.check();
      out.witness_query =
          recorded("non-vacuity (a)", "Inv, two pairs, the signal turns and cuts at L-2 (sat expected)", o);
      if (o.answer == SolverAnswer::Sat) out.reachable_state = model_state(*o.model, v, m, n);
      continue;
    }
    // Either the signal does not turn at the top minimum, or it turns and the cut is not at the top pair.
    q.fact(v.u <= smt::select(m.E, m.L - 1) || (step.premises && step.cut != m.L - 2));
    if (mutant) q.fact(m.L <= 6);  // a mutant's counterexample is looked for among short memories
    QueryOutcome o = q.check();
    out.proved = confirmed_unsat(o);
    out.queries.push_back(recorded("memory: the signal turns and wipes exactly the top pair",
                                 "Inv, two pairs ending with a minimum, u = E[L-4] - eps, 0 < eps < E[L-4] - E[L-2] "
                                 "=> u > E[L-1] and the turn's cut is L-2 (E' = E[0..L-3], u)",
                                 o));
  }
  return out;
}

std::vector<MutantResult> memory_pop_one_mutants(const RunConfig& config, InitialState initial) {
  return induction_mutants<MemoryChange>(config, kPopMutants, [&](const RunConfig& settings, MemoryChange change) {
    return memory_pop_one(settings, initial, change).queries;
  });
}

}  // namespace palcheck::proofs

// Corollaries of Inv (see memory_induction.h): prop:hopfield_pal:distinct_pairs, thm:complexity:depth,
// prop:no_copy:bare_memory.
namespace palcheck::proofs {
namespace {

InitialState other(InitialState initial) { return initial == InitialState::On ? InitialState::Off : InitialState::On; }

Vocabulary vocabulary(smt::Context& c, InitialState initial, const char* input) {
  return {c, initial, c.real_const("alpha"), c.real_const("beta"), c.real_const(input)};
}

// The whole step from m to n on v.u: the disjunction of its four cases, its cut constant renamed `cut`.
smt::Term step_relation(const Vocabulary& v, const State& m, const State& n, const std::string& cut,
                        MemoryChange mutation = MemoryChange::None) {
  smt::TermVector from(v.c), to(v.c);
  from.push_back(v.c.int_const("c"));
  to.push_back(v.c.int_const(cut.c_str()));
  smt::Term any = v.c.bool_val(false);
  for (const CaseSpec& k : kCases) any = any || transition(v, k.kind, m, n, mutation).premises.substitute(from, to);
  return any;
}

// Equal memories: the same length and the same entries below it.
smt::Term same_memory(const State& a, const State& b) {
  smt::Term i = a.L.ctx().int_const("i");
  return a.L == b.L && smt::forall(i, smt::implies(0 <= i && i < a.L, smt::select(a.E, i) == smt::select(b.E, i)));
}

struct CorollaryQuery {
  const char* name;
  const char* question;
  std::function<void(smt::Context&, Query&)> negation;
  std::vector<MemoryCorollaryChange> changed_by{};  // the mutants that change it: a mutant asks only those
};

MemoryInduction run_corollary(const RunConfig& config, InitialState initial, const std::string& tag,
                              const std::vector<CorollaryQuery>& queries, MemoryCorollaryChange change) {
  const bool mutated = change != MemoryCorollaryChange::None;
  MemoryInduction out;
  out.initial = initial;
  out.proved = true;
  for (const CorollaryQuery& k : queries) {
    if (mutated && std::find(k.changed_by.begin(), k.changed_by.end(), change) == k.changed_by.end()) continue;
    smt::Context c;
    std::string file;
    for (char ch : std::string(k.name)) file += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
    Query q(c, config,
            tag + "_init" + initial_tag(initial) +
                (mutated ? "_mutant_" + std::to_string(static_cast<int>(change)) : "") + "_" + file);
    k.negation(c, q);
    QueryOutcome o = q.check();
    out.proved = confirmed_unsat(o) && out.proved;
    out.queries.push_back(recorded(k.name, k.question, o));
    if (mutated && o.answer == SolverAnswer::Sat) break;
  }
  return out;
}

// The query reads Inv's nesting at the two entries it compares only (an instance of the invariant).
std::vector<CorollaryQuery> distinct_pairs(InitialState initial, MemoryCorollaryChange change) {
  return {{"corollary: retained pairs",
           "Inv => along the memory, maxima strictly decrease and minima strictly increase",
           [initial, change](smt::Context& c, Query& q) {
             Vocabulary v = vocabulary(c, initial, "u");
             Vocabulary kinds =
                 vocabulary(c, change == MemoryCorollaryChange::KindsFromOtherState ? other(initial) : initial, "u");
             State m = v.fresh("");
             smt::Term i = c.int_const("i"), j = c.int_const("j");
             smt::Term Ei = smt::select(m.E, i), Ej = smt::select(m.E, j);
             smt::Term ordered = change == MemoryCorollaryChange::NestingNonStrict
                                     ? smt::ite(kinds.is_max(i), Ei >= Ej, Ei <= Ej)
                                     : smt::ite(kinds.is_max(i), Ei > Ej, Ei < Ej);
             if (change != MemoryCorollaryChange::NestingDropped)
               q.hypothesis("Inv's nesting at i and j (Inv proved by induction for every length)",
                            smt::implies(0 <= i && i < j && j < m.L, ordered));
             q.fact(0 <= i && i < j && j < m.L && v.is_max(i) == v.is_max(j) &&
                    smt::ite(v.is_max(i), Ei <= Ej, Ei >= Ej));
           },
           {MemoryCorollaryChange::NestingDropped, MemoryCorollaryChange::NestingNonStrict,
            MemoryCorollaryChange::KindsFromOtherState}}};
}

// The nested zig-zag of n inputs, sign (-1)^t (+1 first from initial state 0, -1 first from 1), amplitude
// n - floor(t/2).
smt::Term zigzag(InitialState initial, const smt::Term& n, const smt::Term& t, MemoryCorollaryChange change) {
  bool up_first = (initial == InitialState::Off) != (change == MemoryCorollaryChange::OtherOrientation);
  smt::Term amplitude = smt::to_real(change == MemoryCorollaryChange::ConstantAmplitude ? n : n - t / 2);
  smt::Term positive = (smt::mod(t, 2) == 0) == t.ctx().bool_val(up_first);
  return smt::ite(positive, amplitude, -amplitude);
}

smt::Term holds_zigzag(InitialState initial, const State& m, const smt::Term& n, const smt::Term& t,
                       MemoryCorollaryChange change) {
  smt::Term i = t.ctx().int_const("i");
  smt::Term entries =
      smt::forall(i, smt::implies(0 <= i && i < t, smt::select(m.E, i) == zigzag(initial, n, i, change)));
  return change == MemoryCorollaryChange::LengthDropped ? entries : m.L == t && entries;
}

std::vector<CorollaryQuery> zigzag_depth(InitialState initial, MemoryCorollaryChange change) {
  return {{"base: no input",
           "the empty memory holds the zig-zag's first 0 inputs",
           [initial, change](smt::Context& c, Query& q) {
             State m = vocabulary(c, initial, "u").fresh("");
             smt::Term n = c.int_const("n");
             q.fact(m.L == 0);
             q.fact(!holds_zigzag(initial, m, n, c.int_val(0), change));
           },
           {MemoryCorollaryChange::ConstantAmplitude, MemoryCorollaryChange::OtherOrientation,
            MemoryCorollaryChange::LengthDropped}},
          {"step: input t",
           "the memory holds inputs 0..t-1 of the zig-zag, L = t, t < n => after input t it holds 0..t, L = t+1",
           [initial, change](smt::Context& c, Query& q) {
             Vocabulary v = vocabulary(c, initial, "u");
             State m = v.fresh(""), next = v.fresh("_next");
             smt::Term n = c.int_const("n"), t = c.int_const("t");
             q.hypothesis("0 <= t < n", 0 <= t && t < n);
             q.hypothesis("the memory holds the zig-zag's inputs 0..t-1", holds_zigzag(initial, m, n, t, change));
             // The same premise at the two entries the step reads (the top and the one below it), for cvc5.
             for (const smt::Term& below : {t - 1, t - 2})
               q.hypothesis("the memory holds the zig-zag's inputs 0..t-1",
                            smt::implies(0 <= below, smt::select(m.E, below) == zigzag(initial, n, below, change)));
             q.fact(v.u == zigzag(initial, n, t, change));
             q.fact(step_relation(v, m, next, "c",
                                  change == MemoryCorollaryChange::TurnOverwritesTop ? MemoryChange::TurnOverwritesTop
                                                                                     : MemoryChange::None));
             q.fact(!holds_zigzag(initial, next, n, t + 1, change));
           },
           {MemoryCorollaryChange::ConstantAmplitude, MemoryCorollaryChange::OtherOrientation,
            MemoryCorollaryChange::LengthDropped, MemoryCorollaryChange::TurnOverwritesTop}}};
}

std::vector<CorollaryQuery> ascending_input(InitialState initial, MemoryCorollaryChange change) {
  return {{"lemma: the top is the last input", "after any step on u, L' >= 1 and E'[L'-1] = u",
           [initial](smt::Context& c, Query& q) {
             Vocabulary v = vocabulary(c, initial, "u");
             State m = v.fresh(""), next = v.fresh("_next");
             q.hypothesis("L >= 0", m.L >= 0);
             q.fact(step_relation(v, m, next, "c"));
             q.fact(!(next.L >= 1 && smt::select(next.E, next.L - 1) == v.u));
           }},
          {"step: an input inside a rising pass",
           "Inv, the top E[L-1] = a and a < v < b => the memory after (v, b) equals the memory after b alone",
           [initial, change](smt::Context& c, Query& q) {
             Vocabulary at_v = vocabulary(c, initial, "v"), at_b = vocabulary(c, initial, "b");
             State m = at_v.fresh(""), after_v = at_v.fresh("_v"), after_vb = at_v.fresh("_vb"),
                   after_b = at_v.fresh("_b");
             smt::Term a = c.real_const("a");
             q.hypothesis("Inv's nesting (Inv proved by induction for every length)", m.L >= 0 && at_v.nesting(m));
             q.hypothesis("the top is the last input a", m.L >= 1 && smt::select(m.E, m.L - 1) == a);
             if (change == MemoryCorollaryChange::InputAbovePass)
               q.hypothesis("a < v, a < b", a < at_v.u && a < at_b.u);
             else
               q.hypothesis("a < v < b", a < at_v.u && at_v.u < at_b.u);
             q.fact(step_relation(at_v, m, after_v, "c_v"));
             q.fact(step_relation(at_b, after_v, after_vb, "c_vb"));
             q.fact(step_relation(at_b, m, after_b, "c_b"));
             if (change == MemoryCorollaryChange::NoLaterInput) {
               // The memories right after v, and after another middle input w in its place.
               Vocabulary at_w = vocabulary(c, initial, "w");
               State after_w = at_v.fresh("_w");
               q.fact(a < at_w.u && at_w.u < at_b.u && at_w.u != at_v.u);
               q.fact(step_relation(at_w, m, after_w, "c_w"));
               q.fact(!same_memory(after_v, after_w));
             } else {
               q.fact(!same_memory(after_vb, after_b));
             }
           },
           {MemoryCorollaryChange::InputAbovePass, MemoryCorollaryChange::NoLaterInput}},
          {"step: the step is a function",
           "equal memories and the same input => equal memories after the step",
           [initial, change](smt::Context& c, Query& q) {
             Vocabulary v = vocabulary(c, initial, "u");
             State m = v.fresh(""), m2 = v.fresh("_other"), next = v.fresh("_next"), next2 = v.fresh("_other_next");
             MemoryChange mutation =
                 change == MemoryCorollaryChange::CutNeedNotStop ? MemoryChange::NoStopBelowCut : MemoryChange::None;
             q.hypothesis("L >= 0", m.L >= 0);
             q.hypothesis("equal memories before", same_memory(m, m2));
             q.fact(step_relation(v, m, next, "c", mutation));
             q.fact(step_relation(v, m2, next2, "c_other", mutation));
             q.fact(!same_memory(next, next2));
           },
           {MemoryCorollaryChange::CutNeedNotStop}}};
}

const std::vector<Mutant<MemoryCorollaryChange>> kCorollaryMutants{
    {MemoryCorollaryChange::NestingDropped, "nesting dropped", "Inv's nesting conjunct is dropped"},
    {MemoryCorollaryChange::NestingNonStrict, "nesting non-strict", "Inv's nesting with >= and <= in place of > and <"},
    {MemoryCorollaryChange::KindsFromOtherState, "other initial state",
     "Inv reads the kinds of entries from the other initial state"},
    {MemoryCorollaryChange::ConstantAmplitude, "constant amplitude",
     "the zig-zag's amplitude stays n (it does not shrink)"},
    {MemoryCorollaryChange::OtherOrientation, "other orientation",
     "the zig-zag starts the other way for the initial state"},
    {MemoryCorollaryChange::LengthDropped, "length conjunct dropped", "the invariant's conjunct L = t is dropped"},
    {MemoryCorollaryChange::InputAbovePass, "input above the pass",
     "the middle input v may lie above the pass's end b"},
    {MemoryCorollaryChange::NoLaterInput, "no later input", "the memories are compared right after the middle input"},
    {MemoryCorollaryChange::TurnOverwritesTop, "turn overwrites the top",
     "the step's turn writes u over the top entry instead of pushing it", ModelDefinition::MemoryUpdate},
    {MemoryCorollaryChange::CutNeedNotStop, "cut need not stop",
     "the step's cut need not stop above an entry u does not wipe", ModelDefinition::MemoryUpdate},
};

std::vector<Mutant<MemoryCorollaryChange>> corollary_mutants(MemoryCorollary which) {
  switch (which) {
    case MemoryCorollary::DistinctPairs:
      return select_mutants(kCorollaryMutants,
                            {MemoryCorollaryChange::NestingDropped, MemoryCorollaryChange::NestingNonStrict,
                             MemoryCorollaryChange::KindsFromOtherState});
    case MemoryCorollary::ZigzagDepth:
      return select_mutants(kCorollaryMutants,
                            {MemoryCorollaryChange::ConstantAmplitude, MemoryCorollaryChange::OtherOrientation,
                             MemoryCorollaryChange::LengthDropped, MemoryCorollaryChange::TurnOverwritesTop});
    case MemoryCorollary::AscendingInput:
      return select_mutants(kCorollaryMutants,
                            {MemoryCorollaryChange::InputAbovePass, MemoryCorollaryChange::NoLaterInput,
                             MemoryCorollaryChange::CutNeedNotStop});
  }
  return {};
}

}  // namespace

MemoryInduction prove_memory_corollary(const RunConfig& config, MemoryCorollary which, InitialState initial,
                                       MemoryCorollaryChange change) {
  switch (which) {
    case MemoryCorollary::DistinctPairs:
      return run_corollary(config, initial, "memory_distinct_pairs", distinct_pairs(initial, change), change);
    case MemoryCorollary::ZigzagDepth:
      return run_corollary(config, initial, "memory_zigzag_depth", zigzag_depth(initial, change), change);
    case MemoryCorollary::AscendingInput:
      return run_corollary(config, initial, "memory_ascending_input", ascending_input(initial, change), change);
  }
  return {};
}

std::vector<MutantResult> memory_corollary_mutants(const RunConfig& config, MemoryCorollary which,
                                                   InitialState initial) {
  return induction_mutants<MemoryCorollaryChange>(
      config, corollary_mutants(which), [&](const RunConfig& settings, MemoryCorollaryChange change) {
        return prove_memory_corollary(settings, which, initial, change).queries;
      });
}

std::vector<ModelDefinition> memory_corollary_relies_on(MemoryCorollary which) {
  if (which == MemoryCorollary::DistinctPairs) return {};
  return {ModelDefinition::MemoryUpdate};
}

std::string memory_corollary_text(MemoryCorollary which) {
  switch (which) {
    case MemoryCorollary::DistinctPairs:
      return "one query on Inv's nesting at two entries: of the same kind, i < j, they have E[i] > E[j] (maxima) or "
             "E[i] < E[j] "
             "(minima), so the retained pairs (M_s, m_s) are pairwise distinct";
    case MemoryCorollary::ZigzagDepth:
      return "induction over the inputs t = 0..n-1 of the nested zig-zag (sign (-1)^t, amplitude n - floor(t/2)): "
             "each input turns and wipes nothing (it does not reach the entry two below), so the memory holds all "
             "inputs so far, L = t";
    case MemoryCorollary::AscendingInput:
      return "the top entry is always the last input; from a memory satisfying Inv whose top a is below v < b, the "
             "memory after (v, b) is the memory after b alone (so after (v', b) too); and the step is a function "
             "of the memory and the input, so equal memories stay equal under the same later inputs (induction "
             "over n)";
  }
  return "";
}

}  // namespace palcheck::proofs
