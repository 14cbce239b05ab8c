// prop:criticality (scalar PAL criticality at Delta_c = J), its sub-claim prop:criticality:delta_c (the cited
// mean-field RFIM critical disorder), rem:criticality_learning and tab:ising_summary.
#include "claims/analysis_registration.h"
#include "claims/physics/physics_results.h"
#include "reference/models/enclosure.h"
#include "reference/models/quantile_rfim.h"
#include "reference/pal_definition.h"

namespace palcheck::physics {
namespace {

constexpr const char* kScenario = "phys-critical-disorder";
constexpr unsigned kBits = 80;

CheckResult criticality_analysis(const RunConfig&) {
  // Two weightings of the same relays switch the same relays: which relays flip is a function of the
  // thresholds and the input alone. Shown on one grid and one input.
  Measure small{{{{Q(2), Q(1)}, Q(1)}, {{Q(3), Q(1)}, Q(1)}, {{Q(3), Q(2)}, Q(1)}}};
  Measure scaled = small;
  for (WeightedRelay& r : scaled.relays) r.weight *= 7;
  const std::vector<Q> u{Q(0), Q(3), Q(3, 2), Q(3)};
  bool same_switching = relay_states_by_definition(small, u, InitialState::Off) ==
                        relay_states_by_definition(scaled, u, InitialState::Off);
  std::vector<Q> p = pal_by_definition(small, u, InitialState::Off),
                 q = pal_by_definition(scaled, u, InitialState::Off);
  bool scales = true;
  for (std::size_t n = 0; n < u.size(); ++n) scales = scales && q[n] == 7 * p[n];
  return make_result(
      same_switching && scales ? Verdict::IllPosed : Verdict::Error, "analysis",
      "PAL relays do not interact: which relays switch depends only on thresholds and input, and PAL is linear in mu, "
      "so the variance of mu cannot select a regime; the RFIM transition comes from the coupling Jm that PAL lacks",
      {{"point 1",
        "'mu drawn from a Gaussian distribution with variance Delta^2' does not say whether mu is a Gaussian "
        "density on T or i.i.d. Gaussian weights mu_ij"},
       {"point 2",
        "density reading: P_mu with a bounded density is Lipschitz in the input for every Delta > 0, so no "
        "jump (no 'macroscopic fraction at once') exists for any Delta"},
       {"point 3",
        "weights reading: PAL_{s mu} = s PAL_mu and the switching relays do not depend on mu; computed on 3 "
        "relays, input (0, 3, 3/2, 3), mu and 7 mu: same switching = " +
            std::string(same_switching ? "yes" : "no") + ", outputs scale by 7 = " + (scales ? "yes" : "no")},
       {"point 4", "the proof relies on prop:preisach_rfim, refuted here (the RFIM is not a Preisach operator)"},
       {"point 5", "the cited mean-field critical disorder is sqrt(2/pi) J, not J: see prop:criticality:delta_c"}});
}

ReplayOutcome replay_delta_c(const Instance& instance) {
  const Q& claimed = scalar(instance, "claimed_ratio");
  Enclosure rc = sqrt_two_over_pi(kBits);
  ReplayOutcome out;
  out.violates = !contains(rc, claimed);
  out.predicted = "R_c / J = " + to_string(claimed);
  out.computed = "R_c / J = sqrt(2/pi) in " + to_decimal_string(rc, 12) +
                 " (slope of m = erf((Jm + H)/(sqrt(2) R)) at m = 0 is J sqrt(2/pi)/R)";
  return out;
}

CheckResult delta_c(const RunConfig&) {
  Enclosure rc = sqrt_two_over_pi(kBits);
  CheckResult r =
      make_result(Verdict::Refuted, "numeric",
                  "the mean-field RFIM with Gaussian fields has R_c = sqrt(2/pi) J in " + to_decimal_string(rc, 6) +
                      " J, not J: the self-consistency slope J sqrt(2/pi)/R reaches 1 there");
  r.counterexample = Instance{"prop:criticality:delta_c", kScenario, {}, {{"claimed_ratio", {Q(1)}}}};
  r.hypotheses_used = {"self-consistency m = 1 - 2 Phi(-(Jm + H)/R) = erf((Jm + H)/(sqrt(2) R))",
                       "its largest slope in m is at Jm + H = 0: 2 J phi(0) / R = J sqrt(2/pi) / R"};
  const std::size_t N = 2000;
  double last_jump = 0, first_smooth = 0;
  for (double ratio : {0.70, 0.79, 0.80, 0.90, 1.10}) {
    std::size_t largest = largest_ascending_avalanche(quantile_fields(N, ratio), Q(1));
    bool macroscopic = largest * 100 > N;
    if (macroscopic)
      last_jump = ratio;
    else if (first_smooth == 0)
      first_smooth = ratio;
    r.details.emplace_back("sweep R/J = " + std::to_string(ratio).substr(0, 4),
                           "largest avalanche " + std::to_string(largest) + " of N = " + std::to_string(N) + " spins" +
                               (macroscopic ? " (macroscopic: > 1% of N)" : ""));
  }
  r.details.emplace_back("observed transition",
                         "macroscopic avalanches up to R/J = " + std::to_string(last_jump).substr(0, 4) +
                             ", none from " + std::to_string(first_smooth).substr(0, 4));
  r.details.emplace_back("tolerance",
                         "the quantile fields h_i = R Phi^{-1}((i - 1/2)/N) are doubles made exact; each "
                         "sweep is exact for them; 'macroscopic' means more than 1% of the spins at once");
  return r;
}

}  // namespace

void register_criticality_checks(Registry& registry) {
  registry.add(single_result_checker("prop:criticality", "analysis", criticality_analysis));
  registry.add(single_result_checker("prop:criticality:delta_c", "numeric", delta_c));
  registry.add(Replayer{"prop:criticality:delta_c", kScenario, replay_delta_c});
  registry.add(analysis::analysis_checker(
      "rem:criticality_learning", Verdict::NotCheckable,
      "a research suggestion ('may be a principled alternative') with no measurable statement; "
      "its premise Delta_c is not defined for PAL (prop:criticality is ILL-POSED here)",
      {{"why",
        "PAL is linear in mu, so scaling a learned mu towards any 'critical' variance changes no relay "
        "switching; there is no edge-of-chaos quantity to compare with spectral-radius regularisation"}}));
  registry.add(analysis::analysis_checker(
      "tab:ising_summary", Verdict::NotCheckable,
      "a qualitative comparison table; its checkable rows rest on claims judged elsewhere",
      {{"update cost O(log k)", "see prop:complexity / thm:complexity"},
       {"universality class 'inherited from RFIM'",
        "rests on prop:preisach_rfim (REFUTED here: the RFIM is "
        "not a Preisach operator) and prop:criticality (ILL-POSED)"},
       {"exact optimisation 'approximation only'",
        "no approximation guarantee is stated anywhere: "
        "prop:ising_streaming's energy is undefined"},
       {"coupling 'mean-field implicit'", "PAL relays have no coupling at all (see prop:criticality)"}}));
}

}  // namespace palcheck::physics
