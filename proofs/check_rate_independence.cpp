// prop:rate_independence (Proposition 2.3) in its discrete reading, by induction over the reparametrised
// sequence: u o phi is u with, between each input u_i and the next u_{i+1}, any number of points inserted
// in monotone order between them (a repeated input is such a point). Invariant, inside the segment from
// a = u_i to b = u_{i+1}: the state after the inserted points a, w_1, ..., w_j is step(x, w_j), x the state
// after a (the piecewise-linear input's output at w_j); at w = b it is the original's state after u_{i+1}.
// The segments chain because the relay step is a function. Every relay (alpha >= beta symbolic), every
// prior state, so every mu: PAL is a weighted sum of relay states.
#include "proofs/checkers.h"
#include "proofs/encode_relay.h"
#include "smt/judgement.h"
#include "smt/mutation.h"

namespace palcheck::proofs {

using namespace smt;

namespace {

/// One piece of the proof changed on purpose: its semantic mutants (smt/mutation.h).
enum class ReparametrisationChange {
  None,             ///< the relay and the reparametrisation as they are
  HoldInverted,     ///< the relay step: inside the dead band the relay flips its state instead of holding it
  OnlyRisingEdge,   ///< the relay step: it switches on only when its input crosses alpha from below at this step
  NotMonotone,      ///< premise dropped: the inserted points need not keep their order between the neighbours
  PriorStateFree,   ///< premise dropped: x need not be the state the relay reached at a
  EqualStatesFree,  ///< premise dropped: the next segment may start from unequal states
};
using Change = ReparametrisationChange;

const std::vector<Mutant<Change>> kMutants{
    hold_inverted(Change::HoldInverted),
    {Change::OnlyRisingEdge, "rising edge only",
     "the relay switches on only when the previous input was below alpha (it reads the rate of its input)",
     ModelDefinition::RelayStep},
    {Change::NotMonotone, "points out of order",
     "the inserted points need not keep their order between u_i and u_{i+1}"},
    {Change::PriorStateFree, "prior state free", "the state x at u_i need not be one the relay reaches at u_i"},
    {Change::EqualStatesFree, "equal states dropped", "the next segment's hypothesis 'equal states at u_i' dropped"},
};

// The relay step on input u after input `before`, from state `previous`, or the step `change` breaks.
smt::Term step(const smt::Term& alpha, const smt::Term& beta, const smt::Term& before, const smt::Term& u,
               const smt::Term& previous, Change change) {
  if (change == Change::HoldInverted) return relay_step(alpha, beta, u, !previous);
  if (change == Change::OnlyRisingEdge)
    return smt::ite(u >= alpha && before < alpha, u.ctx().bool_val(true),
                    smt::ite(u <= beta, u.ctx().bool_val(false), previous));
  return relay_step(alpha, beta, u, previous);
}

std::vector<InductionCase> reparametrisation_induction(const RunConfig& config, Change change) {
  const std::string file = "prop_rate_independence_segments" + mutant_tag(kMutants, change);
  std::vector<InductionCase> cases;
  auto stop = [&] { return change != Change::None && cases.back().outcome.answer == SolverAnswer::Sat; };
  // The state x reached at a = u_i from any prior state x0 and previous input p.
  struct Segment {
    smt::Term alpha, beta, p, x0, a, x;
  };
  auto segment = [&](smt::Context& c, Query& q) {
    Segment s{c.real_const("alpha"), c.real_const("beta"), c.real_const("u_prev"),
              c.bool_const("x0"),    c.real_const("a"),    c.bool_const("x")};
    q.hypothesis("alpha >= beta", s.alpha >= s.beta);
    if (change != Change::PriorStateFree)
      q.hypothesis("x is the state after u_i", s.x == step(s.alpha, s.beta, s.p, s.a, s.x0, change));
    return s;
  };
  cases.push_back({"base: repeating u_i leaves the state x reached at u_i (the invariant with w_0 = u_i)",
                   ask(config, file + "_base", [&](smt::Context& c, Query& q) {
                     Segment s = segment(c, q);
                     q.fact(step(s.alpha, s.beta, s.a, s.a, s.x, change) != s.x);
                   })});
  if (stop()) return cases;
  cases.push_back(
      {"step: one more point w' after w, monotone from u_i (w' = u_{i+1} closes the segment): the state after w' "
       "is step(x, w')",
       ask(config, file + "_step", [&](smt::Context& c, Query& q) {
         Segment s = segment(c, q);
         smt::Term w = c.real_const("w"), w2 = c.real_const("w_next"), sw = c.bool_const("s_w");
         q.hypothesis("the state after w is step(x, w)", sw == step(s.alpha, s.beta, s.a, w, s.x, change));
         if (change != Change::NotMonotone)
           q.hypothesis("u_i, w, w' in monotone order", (s.a <= w && w <= w2) || (s.a >= w && w >= w2));
         q.fact(step(s.alpha, s.beta, w, w2, sw, change) != step(s.alpha, s.beta, s.a, w2, s.x, change));
       })});
  if (stop()) return cases;
  cases.push_back({"chain: equal states at u_i and the same next input give equal states (the next segment)",
                   ask(config, file + "_chain", [&](smt::Context& c, Query& q) {
                     smt::Term alpha = c.real_const("alpha"), beta = c.real_const("beta"), x = c.bool_const("x"),
                               y = c.bool_const("y"), u = c.real_const("u"), p = c.real_const("u_prev");
                     q.hypothesis("alpha >= beta", alpha >= beta);
                     if (change != Change::EqualStatesFree) q.hypothesis("equal states at u_i", x == y);
                     q.fact(step(alpha, beta, p, u, x, change) != step(alpha, beta, p, u, y, change));
                   })});
  return cases;
}

std::vector<CheckResult> check_reparametrisation(const RunConfig& config) {
  Judgement j{.proved =
                  "for every relay, so every mu, every sequence and every discrete phi (each input repeated "
                  "and any number of points inserted in monotone order between neighbours): the states at the "
                  "images of u_i equal those of u at i, and at an inserted w the state of the piecewise-linear "
                  "input at w",
              .reading = {every(ReadingKey::InitialState, "the prior state is symbolic"),
                          every(ReadingKey::Reparametrisation,
                                "stuttering and inserted monotone points (a discrete reading of phi on [0,T])")},
              .implicit = {"discrete reading of phi on [0,T]: stuttering and monotone refinement",
                           "induction over the reparametrised sequence, one segment u_i -> u_{i+1} at a time"}};
  CheckResult r = judge_induction(reparametrisation_induction(config, Change::None), j);
  pin(r, {ModelDefinition::RelayStep}, [&] {
    return induction_mutants<Change>(config, kMutants, [](const RunConfig& settings, Change change) {
      std::vector<InductionQuery> queries;
      for (const InductionCase& k : reparametrisation_induction(settings, change))
        queries.push_back(recorded(k.name, "", k.outcome));
      return queries;
    });
  });
  return {r};
}

}  // namespace

void register_rate_independence_checkers(Registry& r) {
  add_checkers(r, "induction", {{"prop:rate_independence", check_reparametrisation}});
}

}  // namespace palcheck::proofs
