// The excursion inductions (see excursion_induction.h). Per relay (alpha >= beta): x0 is the state the
// history leaves, y the state inside the excursion; the invariant says y is either the state the claim
// compares with or a state the excursion's end overwrites anyway (the far end reached a threshold).
#include "proofs/excursion_induction.h"

#include "proofs/encode_relay.h"
#include "reference/relay.h"
#include "smt/induction_query.h"
#include "smt/mutation.h"
#include "smt/query_chain.h"

#include <functional>

namespace palcheck::proofs {

using namespace smt;

namespace {

// The symbols of one query; every query of an induction uses the same names.
struct Symbols {
  smt::Context& c;
  ExcursionChange change = ExcursionChange::None;
  bool changed(ExcursionChange ch) const { return change == ch; }
  smt::Term alpha = c.real_const("alpha"), beta = c.real_const("beta");
  smt::Term x0 = c.bool_const("x0"), x0b = c.bool_const("x0_2");  // prior states left by the histories
  smt::Term p = c.real_const("p"), q = c.real_const("q");         // wiping: u_{s-1}, u_{r+1}
  smt::Term lo = c.real_const("lo"), hi = c.real_const("hi");     // wiping: the excursion's extremes
  smt::Term h = c.real_const("h"), h2 = c.real_const("h_2"), a = c.real_const("a");  // minor loops
  smt::Term dir = c.bool_const("rising");  // wiping: a rising pass; return point: a fall from h to a
  smt::Term y = c.bool_const("y"), yb = c.bool_const("y_2"), v = c.real_const("v");

  smt::Term step(const smt::Term& u, const smt::Term& s) const {
    return relay_step(alpha, beta, u, changed(ExcursionChange::HoldInverted) ? !s : s);
  }
  smt::Term one(const smt::Term& s) const { return smt::ite(s, c.int_val(1), c.int_val(0)); }

  // Wiping. x: the state after u_{s-1}; the pass: u_{s-1} <= lo <= hi <= u_{r+1} rising, or the dual.
  smt::Term x_wipe() const { return step(p, x0); }
  smt::Term pass() const {
    if (changed(ExcursionChange::PassShort)) return lo <= hi && smt::ite(dir, p <= lo, p >= hi);
    return lo <= hi && smt::ite(dir, p <= lo && hi <= q, p >= hi && lo >= q);
  }
  smt::Term wipe_inv(const smt::Term& s) const {
    return either(smt::ite(dir, hi >= alpha, lo <= beta), s == x_wipe(), ResetFirst::Yes);
  }
  // An invariant's two disjuncts, in its order: a threshold reached that resets the relay anyway, or the
  // compared state; a change drops one.
  enum class ResetFirst { Yes, No };
  smt::Term either(const smt::Term& reset, const smt::Term& same, ResetFirst order) const {
    if (changed(ExcursionChange::ThresholdDisjunctDropped)) return same;
    if (changed(ExcursionChange::StateDisjunctDropped)) return reset;
    return order == ResetFirst::Yes ? reset || same : same || reset;
  }
  // The interval's ends as the step reads them: both, or one opened by a change.
  smt::Term ends(const smt::Term& near, const smt::Term& far) const {
    if (changed(ExcursionChange::FarEndOpen)) return near;
    if (changed(ExcursionChange::NearEndOpen)) return far;
    return near && far;
  }

  // Return point: a fall from h to a (dir) or a rise; x: the state at a.
  smt::Term x_loop(const smt::Term& top, const smt::Term& prior) const { return step(a, step(top, prior)); }
  smt::Term loop_order() const { return smt::ite(dir, a < h, h < a); }
  smt::Term in_loop(const smt::Term& u) const {
    return ends(smt::ite(dir, a <= u, u <= a), smt::ite(dir, u <= h, h <= u));
  }
  smt::Term loop_inv(const smt::Term& s) const {
    return either(smt::ite(dir, a <= beta, a >= alpha), s == x_loop(h, x0), ResetFirst::No);
  }

  // Congruency: two histories fall from h and h_2 to a; the path stays in [a, min(h, h_2)].
  smt::Term x1() const { return x_loop(h, x0); }
  smt::Term x2() const { return x_loop(h2, x0b); }
  smt::Term in_path(const smt::Term& u) const {
    if (changed(ExcursionChange::FarEndOpen)) return a <= u && u <= h;
    return ends(a <= u, u <= h) && u <= h2;
  }
  smt::Term cong_inv(const smt::Term& s1, const smt::Term& s2) const {
    return either(s1 == s2 && x1() == x2(), s1 == x1() && s2 == x2(), ResetFirst::No);
  }
  smt::Term change_differs(const smt::Term& s1, const smt::Term& s2) const {
    return one(s1) - one(x1()) != one(s2) - one(x2());
  }
};

// Everything fixed per excursion: its claim, the witness's "claim" option (replay_excursion reads it), the
// induction's words, and the PROVED report's summary and the hypotheses of its own (excursion_claim adds
// those every excursion shares).
struct Words {
  const char* label;
  const char* name;
  InductionText text;
  const char* summary;
  std::vector<std::string> hypotheses;
};

Words words(Excursion which) {
  switch (which) {
    case Excursion::Wiping:
      return {"repair:prop:wiping",
              "wiping",
              {"repair_prop_wiping",
               "Inv(y): y = x (the state after u_{s-1}), or the excursion's far end reaches a threshold that u_{r+1} "
               "reaches too (rising pass: hi >= alpha; falling pass: lo <= beta)",
               "the excursion is any number of inputs v with lo <= v <= hi (lo = u_r, hi = u_s rising; the dual "
               "falling) inside the pass u_{s-1} <= lo, hi <= u_{r+1} (dual: u_{s-1} >= hi, lo >= u_{r+1}); the "
               "history is a symbolic prior state x0 and x = relay step of x0 on u_{s-1}; after u_{r+1} both runs "
               "read the same inputs",
               "x, the state after u_{s-1}, carried beside y (and lo, hi, the excursion's extremes), so Inv compares "
               "with the history without quantifying over it"},
              "for every history and every excursion length: deleting an excursion inside a monotone pass, or an "
              "extremum M followed by a reversal m and an input M2 beyond M, leaves every relay state, hence every "
              "PAL output, unchanged at all later times",
              {"excursion inside a monotone pass, or extremum passed after a reversal"}};
    case Excursion::ReturnPoint:
      return {"ref:return_point_memory",
              "return-point",
              {"ref_return_point_memory",
               "Inv(y): y = x (the state at the reversal point a after the fall from h), or a <= beta (a rise: a >= "
               "alpha), so that returning to a resets the relay anyway",
               "after any history (symbolic prior state x0), h then a with a < h (mirrored: h < a); the loop is any "
               "number of inputs v in [a, h] (mirrored [h, a]); it ends by returning to a",
               "x, the state at a after the fall, carried beside y"},
              "for every history and every loop length: after a fall from h to a, a loop inside [a, h] that "
              "returns to a restores every relay (mirrored for a rise), hence every PAL output",
              {"a < h (mirrored h < a)", "loop inputs inside [a, h]"}};
    case Excursion::Congruency:
      return {"ref:congruency",
              "congruency",
              {"ref_congruency",
               "Inv(y1, y2): (y1 = x1 and y2 = x2) or (y1 = y2 and x1 = x2), where x_i is the state at a after "
               "history i (symbolic prior state, then h_i, then a < h_i)",
               "the path is any number of inputs v with a <= v <= min(h_1, h_2), the same for both histories; the "
               "goal at every point of the path: y1 - x1 = y2 - x2",
               "x1, x2, the states at a after each history, carried beside y1, y2"},
              "for every two histories and every path length: from a reversal point a reached by falls from "
              "h_1, h_2 above the path, the same path changes every relay, hence PAL_mu for every mu, alike",
              {"a < h_1, a < h_2", "path inside [a, min(h_1, h_2)]"}};
  }
  return {"", "", {"", "", "", ""}, "", {}};
}

void assume_relay(Query& q, const Symbols& s) { q.hypothesis("alpha >= beta", s.alpha >= s.beta); }

bool state_of(const smt::Model& m, const smt::Term& e) { return m.eval(e, true).is_true(); }

std::vector<Q> state_values(const smt::Model& m, const std::vector<smt::Term>& states) {
  std::vector<Q> out;
  for (const smt::Term& e : states) out.push_back(Q(state_of(m, e) ? 1 : 0));
  return out;
}

std::string tag_of(bool on) { return on ? "1" : "0"; }

// Non-vacuity (a): one concrete excursion whose relay really moves, with the invariant on every state.
void witness(const RunConfig& config, Excursion which, InductionProof& proof) {
  smt::Context c;
  Symbols s{c};
  Query q(c, config, std::string(words(which).text.tag) + "_induction_nonvacuous");
  assume_relay(q, s);
  Instance inst{"", "z3-excursion-witness", {}, {}};
  std::vector<smt::Term> states, states2;
  std::vector<smt::Term> inputs, inputs2;
  std::string question;
  if (which == Excursion::Wiping) {
    smt::Term x = s.x_wipe(), y1 = s.step(s.hi, x), y2 = s.step(s.v, y1), y3 = s.step(s.lo, y2);
    q.hypothesis("the pass", s.pass() && s.lo <= s.v && s.v <= s.hi);
    q.fact(s.wipe_inv(y1) && s.wipe_inv(y2) && s.wipe_inv(y3));
    q.fact(y1 != x || y2 != x || y3 != x);
    inputs = {s.p, s.hi, s.v, s.lo, s.q};
    states = {x, y1, y2, y3, s.step(s.q, y3)};
    inputs2 = {s.p, s.q};
    question = "an excursion u_{s-1}, hi, v, lo, u_{r+1} inside the pass that moves the relay, Inv on every state";
  } else if (which == Excursion::ReturnPoint) {
    smt::Term x = s.x_loop(s.h, s.x0), y = s.step(s.v, x);
    q.hypothesis("the loop", s.loop_order() && s.in_loop(s.v));
    q.fact(s.loop_inv(y) && y != x);
    inputs = {s.h, s.a, s.v, s.a};
    states = {s.step(s.h, s.x0), x, y, s.step(s.a, y)};
    question = "h, a, v, a with v in the loop and the relay moved by v, Inv on every state";
  } else {
    smt::Term y1 = s.step(s.v, s.x1()), y2 = s.step(s.v, s.x2());
    q.hypothesis("the path", s.a < s.h && s.a < s.h2 && s.in_path(s.v));
    q.fact(s.cong_inv(y1, y2) && s.h != s.h2 && s.one(y1) != s.one(s.x1()));
    inputs = {s.h, s.a, s.v};
    inputs2 = {s.h2, s.a, s.v};
    states = {s.step(s.h, s.x0), s.x1(), y1};
    states2 = {s.step(s.h2, s.x0b), s.x2(), y2};
    question = "two histories h_1 != h_2, then a, then a path input v that changes the relay, Inv on every state";
  }
  QueryOutcome o = q.check();
  proof.witness_query = recorded("non-vacuity (a)", question + " (sat expected)", o);
  if (o.answer != SolverAnswer::Sat) return;
  const smt::Model& m = *o.model;
  inst.label = words(which).label;
  inst.options = {{"claim", words(which).name},
                  {"initial_state", tag_of(state_of(m, s.x0))},
                  {"initial_state_2", tag_of(state_of(m, s.x0b))}};
  inst.values["alpha"] = {model_value(m, s.alpha)};
  inst.values["beta"] = {model_value(m, s.beta)};
  for (const smt::Term& e : inputs) inst.values["u"].push_back(model_value(m, e));
  for (const smt::Term& e : inputs2) inst.values["u_2"].push_back(model_value(m, e));
  inst.values["states"] = state_values(m, states);
  inst.values["states_2"] = state_values(m, states2);
  proof.witness = inst;
}

const std::vector<Mutant<ExcursionChange>> kIntervalMutants{
    hold_inverted(ExcursionChange::HoldInverted),
    {ExcursionChange::FarEndOpen, "far end open", "the step admits an input beyond the interval's far end"},
    {ExcursionChange::NearEndOpen, "near end open", "the step admits an input beyond the interval's near end"},
    {ExcursionChange::ThresholdDisjunctDropped, "invariant without its reset disjunct",
     "the invariant's disjunct 'a threshold the end reaches resets the relay anyway' dropped"},
    {ExcursionChange::StateDisjunctDropped, "invariant without its state disjunct",
     "the invariant's disjunct 'the state is the one the claim compares with' dropped"},
};

std::vector<Mutant<ExcursionChange>> mutants_of(Excursion which) {
  std::vector<Mutant<ExcursionChange>> out = kIntervalMutants;
  if (which == Excursion::Wiping)
    out.push_back({ExcursionChange::PassShort, "pass stops short",
                   "u_{r+1} need not pass the excursion's far end (u_{r+1} >= hi rising, <= lo falling dropped)"});
  return out;
}

using Cases = InductionCases<Symbols, ExcursionChange>;

// repair:prop:wiping: the excursion leaves the state the pass set (Inv), then u_{r+1} ends it; an extremum passed
// after a reversal is forgotten.
void wiping_cases(Cases& cases) {
  cases.run("base", "base", "the state before the excursion satisfies Inv", [](Query& q, const Symbols& s) {
    q.hypothesis("the pass", s.pass());
    q.fact(!s.wipe_inv(s.x_wipe()));
  });
  cases.run("step", "step: one more excursion input", "Inv(y) and lo <= v <= hi => Inv(step(y, v))",
            [](Query& q, const Symbols& s) {
              q.hypothesis("the pass", s.pass());
              q.hypothesis("Inv before the step", s.wipe_inv(s.y));
              // The far end is hi on a rising pass (u_{r+1} goes beyond it), lo on a falling one.
              q.hypothesis("v inside the excursion", s.ends(smt::ite(s.dir, s.lo <= s.v, s.v <= s.hi),
                                                            smt::ite(s.dir, s.v <= s.hi, s.lo <= s.v)));
              q.fact(!s.wipe_inv(s.step(s.v, s.y)));
            });
  cases.run("exit", "exit: u_{r+1} ends the pass", "Inv(y) => step(y, u_{r+1}) = step(x, u_{r+1})",
            [](Query& q, const Symbols& s) {
              q.hypothesis("the pass", s.pass());
              q.hypothesis("Inv at the end of the excursion", s.wipe_inv(s.y));
              q.fact(s.step(s.q, s.y) != s.step(s.q, s.x_wipe()));
            });
  cases.run("extremum", "lemma: an extremum passed after a reversal",
            "m < M <= M2 (or m > M >= M2), any prior state x0 => step(x0, M, m, M2) = step(x0, m, M2)",
            [](Query& q, const Symbols& s) {
              // p = M, lo = m, q = M2 (dir: the maximum case).
              q.hypothesis("extremum passed after a reversal",
                           smt::ite(s.dir, s.lo < s.p && s.p <= s.q, s.lo > s.p && s.p >= s.q));
              q.fact(s.step(s.q, s.step(s.lo, s.step(s.p, s.x0))) != s.step(s.q, s.step(s.lo, s.x0)));
            });
}

// ref:return_point_memory: after a fall from h to a, a minor loop inside [a, h] closes at a.
void return_point_cases(Cases& cases) {
  cases.run("base", "base", "the state at a satisfies Inv", [](Query& q, const Symbols& s) {
    q.hypothesis("the fall from h to a", s.loop_order());
    q.fact(!s.loop_inv(s.x_loop(s.h, s.x0)));
  });
  cases.run("step", "step: one more loop input", "Inv(y) and v in [a, h] => Inv(step(y, v))",
            [](Query& q, const Symbols& s) {
              q.hypothesis("the fall from h to a", s.loop_order());
              q.hypothesis("Inv before the step", s.loop_inv(s.y));
              q.hypothesis("v inside the loop", s.in_loop(s.v));
              q.fact(!s.loop_inv(s.step(s.v, s.y)));
            });
  cases.run("exit", "exit: the return to a", "Inv(y) => step(y, a) = x", [](Query& q, const Symbols& s) {
    q.hypothesis("the fall from h to a", s.loop_order());
    q.hypothesis("Inv at the end of the loop", s.loop_inv(s.y));
    q.fact(s.step(s.a, s.y) != s.x_loop(s.h, s.x0));
  });
}

// ref:congruency: two histories falling to a from above change equally along the same path.
void congruency_cases(Cases& cases) {
  auto histories = [](Query& q, const Symbols& s) {
    q.hypothesis("falls from above the path", s.a < s.h && s.a < s.h2);
  };
  cases.run("base", "base", "the states at a satisfy Inv", [&](Query& q, const Symbols& s) {
    histories(q, s);
    q.fact(!s.cong_inv(s.x1(), s.x2()));
  });
  cases.run("step", "step: one more path input",
            "Inv(y1, y2) and a <= v <= min(h_1, h_2) => Inv(step(y1, v), step(y2, v))",
            [&](Query& q, const Symbols& s) {
              histories(q, s);
              q.hypothesis("Inv before the step", s.cong_inv(s.y, s.yb));
              q.hypothesis("v on the path", s.in_path(s.v));
              q.fact(!s.cong_inv(s.step(s.v, s.y), s.step(s.v, s.yb)));
            });
  cases.run("goal", "goal: equal changes", "Inv(y1, y2) => y1 - x1 = y2 - x2", [&](Query& q, const Symbols& s) {
    histories(q, s);
    q.hypothesis("Inv", s.cong_inv(s.y, s.yb));
    q.fact(s.change_differs(s.y, s.yb));
  });
}

}  // namespace

InductionClaim excursion_claim(Excursion which) {
  Words w = words(which);
  // Every query assumes alpha >= beta (assume_relay) and starts from symbolic prior states.
  InductionClaim claim{
      w.summary,
      {every(ReadingKey::InitialState, which == Excursion::Congruency ? "the histories are symbolic prior states"
                                                                      : "the history is a symbolic prior state")},
      {},
      {"alpha >= beta"}};
  claim.hypotheses.insert(claim.hypotheses.end(), w.hypotheses.begin(), w.hypotheses.end());
  return claim;
}

InductionProof prove_excursion(const RunConfig& config, Excursion which, ExcursionChange change) {
  InductionText sp = words(which).text;
  InductionProof proof = start_induction(sp);
  const bool mutant = change != ExcursionChange::None;
  const std::string file = std::string(sp.tag) + "_induction" + mutant_tag(mutants_of(which), change);
  Cases cases(config, change, file, proof, assume_relay);
  if (which == Excursion::Wiping)
    wiping_cases(cases);
  else if (which == Excursion::ReturnPoint)
    return_point_cases(cases);
  else
    congruency_cases(cases);
  if (which != Excursion::ReturnPoint)
    cases.run("after", "after: the same later inputs", "y1 = y2 => step(y1, w) = step(y2, w)",
              [](Query& q, const Symbols& s) {
                q.hypothesis("equal states at corresponding times", s.y == s.yb);
                q.fact(s.step(s.v, s.y) != s.step(s.v, s.yb));
              });
  proof.proved = cases.all_unsat();
  if (!mutant) witness(config, which, proof);
  return proof;
}

std::vector<MutantResult> excursion_mutants(const RunConfig& config, Excursion which) {
  return induction_mutants<ExcursionChange>(config, mutants_of(which),
                                            [&](const RunConfig& settings, ExcursionChange change) {
                                              return prove_excursion(settings, which, change).queries;
                                            });
}

std::string replay_excursion(const Instance& w) {
  Thresholds t{w.values.at("alpha").front(), w.values.at("beta").front()};
  auto initial = [&](const std::string& key) {
    return w.options.at(key) == "1" ? InitialState::On : InitialState::Off;
  };
  auto as_values = [](const std::vector<RelayState>& run) {
    std::vector<Q> out;
    for (RelayState r : run) out.push_back(Q(r));
    return out;
  };
  const std::string& claim = w.options.at("claim");
  std::vector<RelayState> run = run_relay(t, w.values.at("u"), initial("initial_state"));
  if (as_values(run) != w.values.at("states")) return "the reference's relay states differ from the model's";
  if (claim == "wiping") {
    std::vector<RelayState> deleted = run_relay(t, w.values.at("u_2"), initial("initial_state"));
    if (run[1] == run[0] && run[2] == run[0] && run[3] == run[0]) return "the excursion does not move the relay";
    if (deleted.back() != run.back()) return "deleting the excursion changes the relay after u_{r+1}";
    return "";
  }
  if (claim == "return-point") {
    if (run[2] == run[1]) return "the loop does not move the relay";
    if (run[3] != run[1]) return "returning to a does not restore the relay";
    return "";
  }
  std::vector<RelayState> run2 = run_relay(t, w.values.at("u_2"), initial("initial_state_2"));
  if (as_values(run2) != w.values.at("states_2")) return "the reference's relay states differ from the model's";
  if (run[2] == run[1]) return "the path does not change the relay";
  if (run[2] - run[1] != run2[2] - run2[1]) return "the same path changes the relay differently";
  return "";
}

}  // namespace palcheck::proofs
