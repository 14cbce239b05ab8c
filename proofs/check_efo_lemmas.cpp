// lem:threshold and lem:ext_indicator (app:efo_proof) against the relay of def:relay, and the
// repair repair:lem:threshold. Extremal position = strict interior local extremum (u_{i-1} < u_i > u_{i+1}
// or the reverse); a counterexample needs only three inputs, so the queries use u_0, u_1, u_2 and i = 1.
#include "proofs/checkers.h"
#include "proofs/encode_relay.h"
#include "reference/relay.h"
#include "smt/judgement.h"
#include "smt/mutation.h"

#include <vector>

namespace palcheck::proofs {

using namespace smt;

namespace {

const std::vector<InitialState> kInitials{InitialState::Off, InitialState::On};

// u_0, u_1, u_2 with i = 1 strictly extremal.
std::vector<smt::Term> three_inputs(smt::Context& c) { return symbolic_sequence(c, "u", 3); }
smt::Term extremal(const std::vector<smt::Term>& u) {
  return (u[0] < u[1] && u[2] < u[1]) || (u[0] > u[1] && u[2] > u[1]);
}

std::string init_name(const std::string& prefix, InitialState init) { return prefix + "_init" + to_string(init); }

// The reading of a query on u_0, u_1, u_2 with i = 1 strictly extremal: interior, strict, from `init`.
Reading strict_interior(InitialState init) {
  return {reading(init), reading(Endpoints::Excluded), reading(Plateau::Strict)};
}

std::vector<CheckResult> check_threshold(const RunConfig& config) {
  return prove_each<InitialState>(
      config, kInitials, [](InitialState init) { return init_name("lem_threshold", init); },
      [](smt::Context& c, Query& q, InitialState init) {
        std::vector<smt::Term> u = three_inputs(c);
        smt::Term cst = c.real_const("c"), eps = c.real_const("eps");
        q.hypothesis("eps > 0", eps > 0);
        q.hypothesis("i extremal", extremal(u));
        std::vector<smt::Term> relay = relay_run(cst + eps, cst - eps, u, init == InitialState::On);
        q.fact(relay[1] != (u[1] >= cst));
        return Judgement{
            .proved = "relay(c+eps, c-eps)[u](i) = 1[u_i >= c] at every extremal i",
            .refuted =
                "at an extremum inside the dead band (c-eps, c+eps) the relay keeps its old state, not 1[u_i >= c]",
            .witness = Witness{.label = "lem:threshold",
                               .scenario = "z3-threshold-at-extremum",
                               .options = {{"initial_state", to_string(init)}},
                               .read = {{"u", u}, {"c", {cst}}, {"eps", {eps}}},
                               .fixed = {{"i", {Q(1)}}}},
            .reading = strict_interior(init)};
      });
}

/// Which repair of lem:threshold a query proves.
enum class ThresholdRepair {
  ZeroBand,     ///< eps = 0: relay(c, c) is the indicator everywhere
  OutsideBand,  ///< eps > 0: the indicator wherever |u_i - c| >= eps
};

/// One piece of the repaired threshold changed on purpose: its semantic mutants (smt/mutation.h).
enum class ThresholdChange {
  None,             ///< the relay of eq:relay as printed
  TieOrderFlipped,  ///< the relay reads u <= beta before u >= alpha
  StrictOn,         ///< the relay switches on only when u > alpha
  StrictOff,        ///< the relay switches off only when u < beta
  HalfBand,         ///< u_i need only lie eps/2 away from c
};

std::vector<CheckResult> check_threshold_repair(const RunConfig& config) {
  // One relay step decides: the claims hold at every position of every sequence, whatever the past.
  const std::vector<ThresholdRepair> variants{ThresholdRepair::ZeroBand, ThresholdRepair::OutsideBand};
  auto name = [](ThresholdRepair r) {
    return r == ThresholdRepair::ZeroBand ? "repair_lem_threshold_eps0" : "repair_lem_threshold_outside_band";
  };
  auto claim = [](smt::Context& c, Query& q, ThresholdRepair repair, ThresholdChange change) {
    const bool zero_band = repair == ThresholdRepair::ZeroBand;
    smt::Term u = c.real_const("u_i"), cst = c.real_const("c"), eps = c.real_const("eps"),
              prev = c.bool_const("state_before");
    if (zero_band) {
      q.hypothesis("eps = 0", eps == 0);
    } else {
      smt::Term band = change == ThresholdChange::HalfBand ? eps / 2 : eps;
      q.hypothesis("eps > 0", eps > 0);
      q.hypothesis("|u_i - c| >= eps", u - cst >= band || cst - u >= band);
    }
    TieRule rule = change == ThresholdChange::TieOrderFlipped ? TieRule::OffFirst
                   : change == ThresholdChange::StrictOn      ? TieRule::StrictAlpha
                   : change == ThresholdChange::StrictOff     ? TieRule::StrictBeta
                                                              : TieRule::AsPrinted;
    q.fact(relay_step(cst + eps, cst - eps, u, prev, rule) != (u >= cst));
    return Judgement{.proved = zero_band ? "relay(c, c)[u](i) = 1[u_i >= c] at every i (printed tie rule: u = c is on)"
                                         : "relay(c+eps, c-eps)[u](i) = 1[u_i >= c] whenever |u_i - c| >= eps",
                     .interpretation = {{"variant", zero_band ? "eps = 0" : "u_i outside the dead band"}}};
  };
  std::vector<CheckResult> out = prove_each<ThresholdRepair>(
      config, variants, name,
      [&](smt::Context& c, Query& q, ThresholdRepair r) { return claim(c, q, r, ThresholdChange::None); });
  for (std::size_t v = 0; v < variants.size(); ++v) {
    // At eps = 0 the relay (c, c) is diagonal: the tie order decides u = c; off the diagonal both
    // thresholds' comparisons do.
    std::vector<Mutant<ThresholdChange>> mutants{strict_relay_on(ThresholdChange::StrictOn)};
    if (variants[v] == ThresholdRepair::ZeroBand) {
      mutants.push_back({ThresholdChange::TieOrderFlipped, "tie order flipped",
                         "the relay reads u <= beta before u >= alpha, so u = c switches relay (c, c) off",
                         ModelDefinition::RelayStep});
    } else {
      mutants.push_back(strict_relay_off(ThresholdChange::StrictOff));
      mutants.push_back({ThresholdChange::HalfBand, "half the band", "u_i need only lie eps/2 away from c"});
    }
    pin(out[v], {ModelDefinition::RelayStep}, [&] {
      return query_mutants<ThresholdChange>(
          config, name(variants[v]), mutants,
          [&](smt::Context& c, Query& q, ThresholdChange ch) { return claim(c, q, variants[v], ch); });
    });
  }
  return out;
}

std::vector<CheckResult> check_ext_indicator(const RunConfig& config) {
  std::vector<QueryOutcome> always_zero;
  std::vector<CheckResult> out = prove_each<InitialState>(
      config, kInitials, [](InitialState init) { return init_name("lem_ext_indicator", init); },
      [&](smt::Context& c, Query& q, InitialState init) {
        smt::Term eps = c.real_const("eps");
        // The difference is identically zero: u_i lies inside its own relay's dead band at step i.
        smt::Term u_i = c.real_const("u_i"), prev = c.bool_const("state_before");
        Query& zero = q.sibling(init_name("lem_ext_indicator_always_zero", init));
        zero.hypothesis("eps > 0", eps > 0);
        zero.fact(relay_step(u_i + eps, u_i - eps, u_i, prev) != prev);
        always_zero.push_back(zero.check());

        std::vector<smt::Term> u = three_inputs(c);
        q.hypothesis("eps > 0", eps > 0);
        q.hypothesis("i extremal", extremal(u));
        std::vector<smt::Term> relay = relay_run(u[1] + eps, u[1] - eps, u, init == InitialState::On);
        smt::Term as_int1 = smt::ite(relay[1], c.int_val(1), c.int_val(0)),
                  as_int0 = smt::ite(relay[0], c.int_val(1), c.int_val(0));
        q.fact(as_int1 - as_int0 != 1);
        return Judgement{
            .proved = "the relay difference is 1 at every extremal i",
            .refuted =
                "with alpha_i = u_i the input u_i lies inside the relay's own dead band, so the relay never "
                "changes at step i and the difference is 0 (Z3: relay change at step i is " +
                to_string(always_zero.back().answer) + "), even at extrema",
            .witness = Witness{.label = "lem:ext_indicator",
                               .scenario = "z3-ext-indicator",
                               .options = {{"initial_state", to_string(init)}},
                               .read = {{"u", u}, {"eps", {eps}}},
                               .fixed = {{"i", {Q(1)}}}},
            .reading = strict_interior(init)};
      });
  for (std::size_t k = 0; k < out.size(); ++k)
    out[k].details.emplace_back("relay(u_i+eps, u_i-eps) changes at step i",
                                to_string(always_zero[k].answer) + " (cvc5: " + to_string(always_zero[k].second.reply) + ")" +
                                    (confirmed_unsat(always_zero[k]) ? " (never, for every eps > 0)" : ""));
  return out;
}

}  // namespace

void register_efo_lemma_checkers(Registry& r) {
  // eq:threshold at one eps: the statement names eps without fixing it (threshold_every_eps.cpp).
  r.add(Checker{"lem:threshold", "z3", check_threshold, Sharding::ByClaim, Scope::FixedParameter});
  add_checkers(r, "z3", {{"repair:lem:threshold", check_threshold_repair}, {"lem:ext_indicator", check_ext_indicator}});
}

}  // namespace palcheck::proofs
