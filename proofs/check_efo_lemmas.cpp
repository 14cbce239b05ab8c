// lem:threshold and lem:ext_indicator (app:efo_proof) against the relay of def:relay, and the
// repair repair:lem:threshold. Extremal position = strict interior local extremum (u_{i-1} < u_i > u_{i+1}
// or the reverse); a counterexample needs only three inputs, so the queries use u_0, u_1, u_2 and i = 1.
#include "proofs/checkers.h"
#include "proofs/encode_relay.h"
#include "proofs/judgement.h"
#include "reference/relay.h"

namespace palcheck::proofs {
namespace {


struct Three {
  std::vector<z3::expr> u;
  explicit Three(z3::context& c) {
    for (int t = 0; t < 3; ++t) u.push_back(c.real_const(("u" + std::to_string(t)).c_str()));
  }
  z3::expr extremal() const { return (u[0] < u[1] && u[2] < u[1]) || (u[0] > u[1] && u[2] > u[1]); }
  std::vector<Q> values(const z3::model& m) const {
    std::vector<Q> out;
    for (const z3::expr& x : u) out.push_back(model_value(m, x));
    return out;
  }
};

std::vector<CheckResult> check_threshold(const RunConfig& config) {
  std::vector<CheckResult> out;
  for (InitialState init : {InitialState::Off, InitialState::On}) {
    z3::context c;
    Three s(c);
    z3::expr cst = c.real_const("c"), eps = c.real_const("eps");
    Query q(c, config, "lem_threshold_init" + to_string(init));
    q.hypothesis("eps > 0", eps > 0);
    q.hypothesis("i extremal", s.extremal());
    std::vector<z3::expr> relay = relay_run(cst + eps, cst - eps, s.u, init == InitialState::On);
    q.fact(relay[1] != (s.u[1] >= cst));
    Judgement j{"relay(c+eps, c-eps)[u](i) = 1[u_i >= c] at every extremal i", "", {},
                {{"initial_state", to_string(init)}, {"extremum_endpoints", "strict interior extrema"}}, {}};
    j.refuted = "at an extremum inside the dead band (c-eps, c+eps) the relay keeps its old state, not 1[u_i >= c]";
    j.witness = [&](const z3::model& m) {
      Instance inst{"lem:threshold", "z3-threshold-at-extremum", {{"initial_state", to_string(init)}}, {}};
      inst.values["u"] = s.values(m);
      inst.values["c"] = {model_value(m, cst)};
      inst.values["eps"] = {model_value(m, eps)};
      inst.values["i"] = {Q(1)};
      return inst;
    };
    out.push_back(judge(q.check(), j));
  }
  return out;
}

std::vector<CheckResult> check_threshold_repair(const RunConfig& config) {
  std::vector<CheckResult> out;
  // One relay step decides: the claims hold at every position of every sequence, whatever the past.
  for (bool zero_band : {true, false}) {
    z3::context c;
    z3::expr u = c.real_const("u_i"), cst = c.real_const("c"), eps = c.real_const("eps"), prev = c.bool_const("state_before");
    Query q(c, config, zero_band ? "repair_lem_threshold_eps0" : "repair_lem_threshold_outside_band");
    if (zero_band) {
      q.hypothesis("eps = 0", eps == 0);
    } else {
      q.hypothesis("eps > 0", eps > 0);
      q.hypothesis("|u_i - c| >= eps", u - cst >= eps || cst - u >= eps);
    }
    q.fact(relay_step(cst + eps, cst - eps, u, prev) != (u >= cst));
    Judgement j{zero_band ? "relay(c, c)[u](i) = 1[u_i >= c] at every i (printed tie rule: u = c is on)"
                          : "relay(c+eps, c-eps)[u](i) = 1[u_i >= c] whenever |u_i - c| >= eps",
                "", {}, {{"variant", zero_band ? "eps = 0" : "u_i outside the dead band"}}, {}};
    out.push_back(judge(q.check(), j));
  }
  return out;
}

std::vector<CheckResult> check_ext_indicator(const RunConfig& config) {
  std::vector<CheckResult> out;
  for (InitialState init : {InitialState::Off, InitialState::On}) {
    z3::context c;
    z3::expr eps = c.real_const("eps");
    // The difference is identically zero: u_i lies inside its own relay's dead band at step i.
    z3::expr u = c.real_const("u_i"), prev = c.bool_const("state_before");
    Query zero(c, config, "lem_ext_indicator_always_zero_init" + to_string(init));
    zero.hypothesis("eps > 0", eps > 0);
    zero.fact(relay_step(u + eps, u - eps, u, prev) != prev);
    QueryOutcome always_zero = zero.check();

    Three s(c);
    Query q(c, config, "lem_ext_indicator_init" + to_string(init));
    q.hypothesis("eps > 0", eps > 0);
    q.hypothesis("i extremal", s.extremal());
    std::vector<z3::expr> relay = relay_run(s.u[1] + eps, s.u[1] - eps, s.u, init == InitialState::On);
    z3::expr as_int1 = z3::ite(relay[1], c.int_val(1), c.int_val(0)), as_int0 = z3::ite(relay[0], c.int_val(1), c.int_val(0));
    q.fact(as_int1 - as_int0 != 1);
    Judgement j{"the relay difference is 1 at every extremal i", "", {},
                {{"initial_state", to_string(init)}, {"extremum_endpoints", "strict interior extrema"}}, {}};
    j.refuted = "with alpha_i = u_i the input u_i lies inside the relay's own dead band, so the relay never changes "
                "at step i and the difference is 0 (Z3: relay change at step i is " +
                to_string(always_zero.answer) + "), even at extrema";
    j.witness = [&](const z3::model& m) {
      Instance inst{"lem:ext_indicator", "z3-ext-indicator", {{"initial_state", to_string(init)}}, {}};
      inst.values["u"] = s.values(m);
      inst.values["eps"] = {model_value(m, eps)};
      inst.values["i"] = {Q(1)};
      return inst;
    };
    CheckResult r = judge(q.check(), j);
    r.details.emplace_back("relay(u_i+eps, u_i-eps) changes at step i",
                           to_string(always_zero.answer) + " (cvc5: " + always_zero.second.answer + ")" +
                               (confirmed_unsat(always_zero) ? " (never, for every eps > 0)" : ""));
    out.push_back(r);
  }
  return out;
}

}  // namespace

void register_efo_lemma_checkers(Registry& r) {
  r.add(Checker{"lem:threshold", "z3", check_threshold});
  r.add(Checker{"repair:lem:threshold", "z3", check_threshold_repair});
  r.add(Checker{"lem:ext_indicator", "z3", check_ext_indicator});
}

}  // namespace palcheck::proofs
