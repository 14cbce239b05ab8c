// prop:wiping, prop:sufficiency, prop:rate_independence and prop:range by bounded model checking over
// symbolic input sequences (repair:prop:wiping: by induction, check_induction_claims.cpp). "Equal outputs
// for every measure" is checked as "every relay (alpha >= beta symbolic) is in the same state": a PAL
// output is a weighted sum of relay states, so equal relay states give equal outputs for every mu, and
// one unequal relay is a measure (that relay with weight 1) whose outputs differ.
#include "proofs/checkers.h"
#include "proofs/encode_algorithm1.h"
#include "proofs/encode_memory.h"
#include "proofs/encode_relay.h"
#include "smt/bmc_bound.h"
#include "smt/judgement.h"
#include "smt/mutation.h"

namespace palcheck::proofs {

using namespace smt;

namespace {

const InitialState kInitials[] = {InitialState::Off, InitialState::On};

std::vector<CheckResult> check_wiping_hypotheses(const RunConfig& config) {
  QueryOutcome o = ask(config, "prop_wiping_hypotheses", [](smt::Context& c, Query& q) {
    smt::Term Mi = c.real_const("M_i"), mi = c.real_const("m_i"), Mj = c.real_const("M_i+1"),
              mj = c.real_const("m_i+1");
    q.hypothesis("M_i > m_i", Mi > mi);
    q.hypothesis("m_i > M_{i+1}", mi > Mj);
    q.hypothesis("M_{i+1} > m_{i+1}", Mj > mj);
    q.hypothesis("M_{i+1} > M_i", Mj > Mi);
  });
  CheckResult r = solver_result(o);
  if (solvers_disagree(o)) return {r};
  if (confirmed_unsat(o)) {
    r.verdict = Verdict::IllPosed;
    r.summary = "the hypotheses contradict each other (Z3 unsat core: " + join(o.core) +
                "): the ordering M_i > m_i > M_{i+1} already says M_{i+1} < M_i, so the statement is vacuous";
    r.details.emplace_back("unsat core", join(o.core));
    r.hypotheses_used = o.core;
  } else {
    r.verdict = Verdict::Error;
    r.summary = "expected contradictory hypotheses, Z3 says " + to_string(o.answer) + ", cvc5 " + to_string(o.second.reply);
  }
  return {r};
}

std::vector<CheckResult> check_sufficiency(const RunConfig& config) {
  // Every Algorithm 1 reading under both initial states: with initial state 1 alone the statement
  // was left to the random search, whose verdict then depended on the seed. The classical-memory
  // reading is proved for every length by induction (check_memory_induction.cpp).
  struct Case {
    Algorithm1Options reading;
    InitialState init;
  };
  std::vector<Case> cases;
  for (InitialState init : kInitials)
    for (const Algorithm1Options& reading : all_algorithm1_readings()) cases.push_back({reading, init});
  return bmc_each<Case>(
      config, cases,
      [](const Case& k) {
        return "prop_sufficiency_alg1_" + to_string(k.reading) +
               (k.init == InitialState::Off ? std::string() : "_init" + to_string(k.init));
      },
      [](smt::Context& c, Query& q, const Case& k, std::size_t n) {
        std::vector<smt::Term> u = symbolic_sequence(c, "u", n), v = symbolic_sequence(c, "v", n);
        smt::Term alpha = c.real_const("alpha"), beta = c.real_const("beta");
        Algorithm1Unrolling au = unroll_algorithm1(c, u, k.reading, "au"),
                            av = unroll_algorithm1(c, v, k.reading, "av");
        q.facts(au.facts);
        q.facts(av.facts);
        q.hypothesis("alpha >= beta", alpha >= beta);
        q.hypothesis("Pi_n(u) = Pi_n(v) (Algorithm 1)", stacks_equal(au.states.back(), av.states.back()));
        bool on = k.init == InitialState::On;
        q.fact(relay_run(alpha, beta, u, on).back() != relay_run(alpha, beta, v, on).back());
        return Judgement{
            .proved = "equal Algorithm 1 stacks give equal relay states",
            .refuted =
                "two sequences with the same Algorithm 1 stack drive a relay to different states, so a "
                "one-relay measure gives different PAL outputs",
            .witness = Witness{.label = "prop:sufficiency",
                               .scenario = "z3-equal-stacks-different-relay",
                               .options = {{"algorithm1", to_string(k.reading)}, {"initial_state", to_string(k.init)}},
                               .read = {{"u", u}, {"v", v}, {"alpha", {alpha}}, {"beta", {beta}}}},
            .reading = {reading(StackReading{StackKind::Algorithm1, k.reading}), reading(k.init)},
            .interpretation = {{"N", std::to_string(n)}},
            .bound = bmc_bound(n)};
      });
}

/// One piece of a rate-independence check changed on purpose: its semantic mutants (smt/mutation.h).
enum class RateChange {
  None,                    ///< the relay and the re-timing as they are
  HoldInverted,            ///< inside the dead band the relay flips its state instead of holding it
  TimeOffByOne,            ///< the states compared one input apart from the corresponding times
  InsertBeyondNeighbours,  ///< the inserted point need not lie between its neighbours
  EqualStatesDropped,      ///< the induction's step without its hypothesis "equal states"
};

const std::vector<Mutant<RateChange>> kRateMutants{
    hold_inverted(RateChange::HoldInverted),
    {RateChange::TimeOffByOne, "time off by one", "the states compared one input before the corresponding time"},
    {RateChange::InsertBeyondNeighbours, "inserted point beyond its neighbours",
     "the inserted w need not lie between u_s and u_{s+1}"},
};

// The mutants of one re-timing (the inserted point's own only where a point is inserted).
std::vector<Mutant<RateChange>> rate_mutants(Reparametrisation how, RateChange also = RateChange::None) {
  std::vector<Mutant<RateChange>> out;
  for (const Mutant<RateChange>& m : kRateMutants)
    if (how == Reparametrisation::Insert || m.change != RateChange::InsertBeyondNeighbours) out.push_back(m);
  if (also == RateChange::EqualStatesDropped)
    out.push_back({RateChange::EqualStatesDropped, "equal states dropped",
                   "the step's hypothesis 'equal states at corresponding times' dropped"});
  return out;
}

// The relay step, or the step `change` breaks.
smt::Term rate_step(const smt::Term& alpha, const smt::Term& beta, const smt::Term& u, const smt::Term& previous,
                    RateChange change) {
  return relay_step(alpha, beta, u, change == RateChange::HoldInverted ? !previous : previous);
}

std::vector<smt::Term> rate_run(const smt::Term& alpha, const smt::Term& beta, const std::vector<smt::Term>& u, bool on,
                                RateChange change) {
  std::vector<smt::Term> states;
  smt::Term s = alpha.ctx().bool_val(on);
  for (const smt::Term& x : u) states.push_back(s = rate_step(alpha, beta, x, s, change));
  return states;
}

// Discrete rate-independence: a repeated input, or an inserted point between two neighbours, changes no
// relay state at the corresponding times.
std::vector<CheckResult> check_rate_independence(const RunConfig& config) {
  const std::size_t n = bmc_length();
  using Variant = std::pair<InitialState, Reparametrisation>;
  std::vector<Variant> variants;
  for (InitialState init : kInitials)
    for (Reparametrisation how : {Reparametrisation::Repeat, Reparametrisation::Insert})
      variants.emplace_back(init, how);
  auto name = [](const Variant& v) {
    return std::string("prop_rate_independence_") + (v.second == Reparametrisation::Repeat ? "stutter" : "insert") +
           "_init" + to_string(v.first);
  };
  auto claim = [n](smt::Context& c, Query& q, const Variant& variant, RateChange change) {
    const auto [init, how] = variant;
    const bool stutter = how == Reparametrisation::Repeat;
    std::vector<smt::Term> u = symbolic_sequence(c, "u", n - 1);
    smt::Term alpha = c.real_const("alpha"), beta = c.real_const("beta"), w = c.real_const("w");
    bool on = init == InitialState::On;
    std::vector<smt::Term> ru = rate_run(alpha, beta, u, on, change);
    q.hypothesis("alpha >= beta", alpha >= beta);
    const std::size_t lag = change == RateChange::TimeOffByOne ? 1 : 0;
    smt::Term any = c.bool_val(false);
    for (std::size_t s = 0; s + 1 < u.size(); ++s) {
      std::vector<smt::Term> v(u.begin(), u.begin() + static_cast<long>(s + 1));
      v.push_back(stutter ? u[s] : w);
      v.insert(v.end(), u.begin() + static_cast<long>(s + 1), u.end());
      std::vector<smt::Term> rv = rate_run(alpha, beta, v, on, change);
      smt::Term differs = c.bool_val(false);
      for (std::size_t t = lag; t < u.size(); ++t) differs = differs || ru[t - lag] != rv[t <= s ? t : t + 1];
      smt::Term inside = change == RateChange::InsertBeyondNeighbours
                             ? c.bool_val(true)
                             : (u[s] <= w && w <= u[s + 1]) || (u[s + 1] <= w && w <= u[s]);
      any = any || (stutter ? differs : inside && differs);
    }
    q.fact(any);
    return Judgement{
        .proved = stutter ? "repeating an input changes no relay state at the corresponding times"
                          : "inserting a point between two neighbouring inputs changes no relay state "
                            "at the corresponding times",
        .reading = {reading(init), reading(how)},
        .interpretation = {{"N", std::to_string(n)}},
        .implicit = {"discrete reading of phi on [0,T]: stuttering and monotone refinement",
                     "inserted w between its neighbours u_s and u_{s+1}"},
        .bound = bmc_bound(n)};
  };
  std::vector<CheckResult> out = prove_each<Variant>(
      config, variants, name,
      [&](smt::Context& c, Query& q, const Variant& v) { return claim(c, q, v, RateChange::None); });
  for (std::size_t i = 0; i < out.size(); ++i)
    pin(out[i], {ModelDefinition::RelayStep}, [&] {
      return query_mutants<RateChange>(
          config, name(variants[i]), rate_mutants(variants[i].second),
          [&](smt::Context& c, Query& q, RateChange change) { return claim(c, q, variants[i], change); });
    });
  return out;
}

// prop:rate_independence for every length and position, by induction over time: the base case is the
// local lemma on a symbolic prior state x (a repeated input, or a w inserted between u_s and u_{s+1}, leaves
// the state after u_s, resp. u_{s+1}, unchanged); the step is that equal states and equal inputs give
// equal states, so the two runs agree at every later corresponding time.
std::vector<InductionCase> rate_induction(const RunConfig& config, Reparametrisation how, RateChange change) {
  const bool stutter = how == Reparametrisation::Repeat;
  std::vector<InductionCase> cases;
  const std::string name = std::string("prop_rate_independence_induction_") + (stutter ? "stutter" : "insert");
  const std::string file = name + mutant_tag(rate_mutants(how, RateChange::EqualStatesDropped), change);
  QueryOutcome base = ask(config, file + "_base", [&](smt::Context& c, Query& q) {
    smt::Term alpha = c.real_const("alpha"), beta = c.real_const("beta"), x = c.bool_const("x");
    smt::Term a = c.real_const("u_s"), b = c.real_const("u_s+1"), w = c.real_const("w");
    auto step = [&](const smt::Term& u, const smt::Term& prev) { return rate_step(alpha, beta, u, prev, change); };
    const bool lag = change == RateChange::TimeOffByOne;
    q.hypothesis("alpha >= beta", alpha >= beta);
    if (stutter) {
      smt::Term once = step(a, x);
      q.fact(step(a, once) != (lag ? x : once));
    } else {
      if (change != RateChange::InsertBeyondNeighbours)
        q.hypothesis("w between u_s and u_{s+1}", (a <= w && w <= b) || (b <= w && w <= a));
      smt::Term at_s = step(a, x);
      q.fact(step(b, step(w, at_s)) != (lag ? at_s : step(b, at_s)));
    }
  });
  cases.push_back({stutter ? "base: after u_s, u_s the state is the state after u_s, for every prior state"
                           : "base: after u_s, w, u_{s+1} the state is the state after u_s, u_{s+1}, for every "
                             "prior state",
                   base});
  if (change != RateChange::None && base.answer == SolverAnswer::Sat) return cases;
  QueryOutcome step = ask(config, file + "_step", [&](smt::Context& c, Query& q) {
    smt::Term alpha = c.real_const("alpha"), beta = c.real_const("beta"), x = c.bool_const("x"), y = c.bool_const("y"),
              u = c.real_const("u");
    q.hypothesis("alpha >= beta", alpha >= beta);
    if (change != RateChange::EqualStatesDropped) q.hypothesis("equal states at corresponding times", x == y);
    q.fact(rate_step(alpha, beta, u, x, change) != rate_step(alpha, beta, u, y, change));
  });
  cases.push_back({"step: equal states and the same next input give equal states", step});
  return cases;
}

std::vector<CheckResult> check_rate_independence_induction(const RunConfig& config) {
  std::vector<CheckResult> out;
  for (Reparametrisation how : {Reparametrisation::Repeat, Reparametrisation::Insert}) {
    const bool stutter = how == Reparametrisation::Repeat;
    Judgement j{.proved = stutter ? "for every sequence, length and position: repeating one input changes no relay "
                                    "state at the corresponding times (so neither does any finite number of "
                                    "repetitions)"
                                  : "for every sequence, length and position: inserting one point between two "
                                    "neighbouring inputs changes no relay state at the corresponding times (so "
                                    "neither does any finite number of insertions; a continuous reparametrisation "
                                    "of [0,T] is not covered)",
                .reading = {every(ReadingKey::InitialState, "the prior state is symbolic"),
                            reading(how)},
                .implicit = {"discrete reading of phi on [0,T]: stuttering and monotone refinement",
                             "induction over time: the state before u_s is symbolic, the step is the relay step"}};
    CheckResult r = judge_induction(rate_induction(config, how, RateChange::None), j);
    pin(r, {ModelDefinition::RelayStep}, [&] {
      return induction_mutants<RateChange>(config, rate_mutants(how, RateChange::EqualStatesDropped),
                                           [&](const RunConfig& settings, RateChange change) {
                                             std::vector<InductionQuery> queries;
                                             for (const InductionCase& k : rate_induction(settings, how, change))
                                               queries.push_back(recorded(k.name, "", k.outcome));
                                             return queries;
                                           });
    });
    out.push_back(r);
  }
  return out;
}

// prop:range: u = (0, Delta/2) and v = (0, 0) leave every relay of the grid G_L off, for every Delta > 0.
std::vector<CheckResult> check_range(const RunConfig& config) {
  const int L = 4;
  std::vector<CheckResult> out;
  for (InitialState init : kInitials) {
    QueryOutcome o = ask(config, "prop_range_grid_L4_init" + to_string(init), [&](smt::Context& c, Query& q) {
      smt::Term Delta = c.real_const("Delta");
      std::vector<smt::Term> u{c.real_val(0), Delta / 2}, v{c.real_val(0), c.real_val(0)};
      smt::Term pal_u = c.real_val(0), pal_v = c.real_val(0);
      for (int i = 1; i <= L; ++i)
        for (int jj = 1; jj <= i; ++jj) {
          smt::Term mu = c.real_const(("mu_" + std::to_string(i) + "_" + std::to_string(jj)).c_str());
          bool on = init == InitialState::On;
          smt::Term a = c.real_val(i) * Delta, b = c.real_val(jj) * Delta;
          pal_u = pal_u + smt::ite(relay_run(a, b, u, on).back(), mu, c.real_val(0));
          pal_v = pal_v + smt::ite(relay_run(a, b, v, on).back(), mu, c.real_val(0));
        }
      q.hypothesis("Delta > 0", Delta > 0);
      q.fact(pal_u == Delta / 2 && pal_v == 0);
    });
    CheckResult r = solver_result(o);
    r.reading = {reading(init)};
    r.interpretation = {{"1-layer PAL", "PAL_mu on the grid G_L of def:pal applied to the input itself"}};
    r.details.emplace_back("query", "exists mu on G_4 and Delta > 0 with PAL_mu = f_range on (0, Delta/2) and (0, 0)");
    if (solvers_disagree(o)) {
      out.push_back(r);
      continue;
    }
    if (confirmed_unsat(o)) {
      r.verdict = Verdict::Refuted;
      r.summary =
          "no measure on G_4 computes f_range (Z3 unsat for all mu and Delta > 0): (0, Delta/2) and (0, 0) "
          "leave every grid relay off but have ranges Delta/2 and 0";
      Instance inst{"prop:range", "z3-range-equal-relays", {{"initial_state", to_string(init)}}, {}};
      inst.values["u"] = {Q(0), Q(1, 2)};
      inst.values["v"] = {Q(0), Q(0)};
      inst.values["Delta"] = {Q(1)};
      inst.values["L"] = {Q(L)};
      r.counterexample = inst;
    } else {
      r.verdict = o.answer == SolverAnswer::Sat ? Verdict::Error : Verdict::Unknown;
      r.summary =
          "expected no measure; Z3 says " + to_string(o.answer) + " " + o.reason_unknown + ", cvc5 " + to_string(o.second.reply);
    }
    out.push_back(r);
  }
  return out;
}

}  // namespace

void register_memory_claim_checkers(Registry& r) {
  add_checkers(r, "z3",
               {{"prop:wiping", check_wiping_hypotheses},
                {"prop:sufficiency", check_sufficiency},
                {"prop:rate_independence:discrete", check_rate_independence},
                {"prop:range", check_range}});
  add_checkers(r, "induction", {{"prop:rate_independence:discrete", check_rate_independence_induction}});
}

}  // namespace palcheck::proofs
