// The relaxation's limit against the relay (see relaxation_limit_induction.h). State: the limit value s
// (Real) and the relay state r (Bool) before input n; invariant s = [r]; the initial state is symbolic.
#include "proofs/relaxation_limit_induction.h"

#include "proofs/encode_relay.h"

namespace palcheck::proofs {

using namespace smt;

namespace {

constexpr InductionText kText{
    "relaxation_limit", "before input n: s_n = relay[u](n-1) (1 or 0), with relay[u](-1) the initial state",
    "input u_n: s_{n+1} = s_n [1 - sig*(beta - u_n)] + (1 - s_n) sig*(u_n - alpha) with sig*(x) = 1, 1/2, 0 for "
    "x > 0, = 0, < 0; relay(n) = 1 if u_n >= alpha, 0 if u_n <= beta, else relay(n-1)",
    "lim_{tau -> 0} s_{n+1} is the recursion on the limits: s_{n+1} is a polynomial in s_n and two values "
    "sig_tau(x), each converging to sig*(x) (sig_tau(0) = 1/2 for every tau)"};

using Change = RelaxationChange;

struct Vocabulary {
  smt::Context& c;
  smt::Term alpha, beta;

  // factor * lim sig(x): sig* is 1, 0 or 1/2 for x > 0, < 0, = 0, written by cases so that the query stays
  // linear (cvc5 rejects a product of two terms in a linear logic).
  smt::Term times_limit_sigmoid(const smt::Term& factor, const smt::Term& x) const {
    return smt::ite(x > 0, factor, smt::ite(x < 0, c.real_val(0), factor / 2));
  }
  smt::Term relay_step(const smt::Term& state, const smt::Term& u) const {
    return smt::ite(u >= alpha, c.bool_val(true), smt::ite(u <= beta, c.bool_val(false), state));
  }
  smt::Term as_number(const smt::Term& state) const { return smt::indicator(state); }
  void hypotheses(Query& q, const smt::Term& u, Change mutant) const {
    q.hypothesis("alpha >= beta", alpha >= beta);
    if (mutant != Change::TiesAllowed) q.hypothesis("no input equals alpha or beta", u != alpha && u != beta);
  }
};

Vocabulary vocabulary(smt::Context& c) { return {c, c.real_const("alpha"), c.real_const("beta")}; }

ChainQuery<Change> base(Change mutant) {
  return {"base",
          "s_0 = the initial state = relay(-1)",
          [mutant](smt::Context& c, Query& q) {
            Vocabulary v = vocabulary(c);
            smt::Term initial = c.bool_const("initial"), s0 = c.real_const("s_0"), u0 = c.real_const("u_0");
            v.hypotheses(q, u0, mutant);
            q.hypothesis("s_0 is the initial relay state",
                         s0 == v.as_number(mutant == Change::OtherInitialState ? !initial : initial));
            // As printed, s_0 would be compared with relay(0), the state after u_0.
            smt::Term compared = mutant == Change::SameStep ? v.relay_step(initial, u0) : initial;
            q.fact(s0 != v.as_number(compared));
          },
          {Change::TiesAllowed, Change::SameStep, Change::OtherInitialState}};
}

ChainQuery<Change> step(Change mutant) {
  return {"step: input u_n",
          "s_n = relay(n-1) and u_n off the thresholds => s_{n+1} = relay(n)",
          [mutant](smt::Context& c, Query& q) {
            Vocabulary v = vocabulary(c);
            smt::Term r = c.bool_const("relay_before"), s = c.real_const("s_n"), u = c.real_const("u_n");
            v.hypotheses(q, u, mutant);
            q.hypothesis("invariant at n", s == v.as_number(r));
            smt::Term falls = mutant == Change::SignFlipped ? u - v.beta : v.beta - u;
            smt::Term next = s - v.times_limit_sigmoid(s, falls) + v.times_limit_sigmoid(1 - s, u - v.alpha);
            q.fact(next != v.as_number(v.relay_step(mutant == Change::HoldInverted ? !r : r, u)));
          },
          {Change::TiesAllowed, Change::SignFlipped, Change::HoldInverted}};
}

const std::vector<Mutant<Change>> kMutants{
    {Change::TiesAllowed, "ties allowed", "the hypothesis 'no input equals alpha or beta' is dropped"},
    {Change::SameStep, "same-step alignment", "s_n is compared with relay(n), as the indices are printed"},
    {Change::SignFlipped, "sign flipped", "sig(u_n - beta) in place of sig(beta - u_n)",
     ModelDefinition::SigmoidRelaxation},
    {Change::OtherInitialState, "other initial state", "s_0 is the other initial state", ModelDefinition::InitialState},
    hold_inverted(Change::HoldInverted),
};

}  // namespace

std::vector<Mutant<RelaxationChange>> relaxation_mutants() { return kMutants; }

InductionProof prove_relaxation_limit(const RunConfig& config, RelaxationChange mutant) {
  return run_chain(config, kText, {base(mutant), step(mutant)}, mutant);
}

InductionClaim relaxation_claim() {
  return {
      "for every n, every alpha >= beta and either initial state: if no input equals alpha or beta, "
      "lim_{tau->0} s_{n+1} = relay[u](n) (induction over n)",
      {every(ReadingKey::InitialState, "0 and 1")},
      {{"alignment", "lim s_{n+1} vs relay(n)"}},
      {"alpha >= beta", "no input equals alpha or beta", "s_0 = the initial relay state (0 or 1)"}};
}

}  // namespace palcheck::proofs
