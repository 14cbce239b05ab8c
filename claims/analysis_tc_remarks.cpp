// cor:depth, rem:heads_dims, rem:heads_dims:parameters: the statements around thm:tc that rest on
// it or on vPAL. cor:depth is a circuit lower bound (NOT-CHECKABLE); rem:heads_dims contradicts
// thm:tc's own head count (ILL-POSED), and its parameter counts are checked by enumeration.
#include "claims/analysis_registration.h"

#include <boost/multiprecision/gmp.hpp>

namespace palcheck::analysis {
namespace {

using Z = boost::multiprecision::mpz_int;

// Relays of the grid G_L: pairs 1 <= j <= i <= L.
Z grid_points(long L) {
  Z count = 0;
  for (long i = 1; i <= L; ++i)
    for (long j = 1; j <= i; ++j) count += 1;
  return count;
}

std::vector<CheckResult> check_parameter_counts(const RunConfig&) {
  // H scalar heads on G_L carry H * |G_L| weights; an H-dimensional product of half-planes carries
  // |G_L|^H. The remark writes H * L^2 and L^(2H): the same orders, off by the half-plane's factor.
  CheckResult r = analysis_result(Verdict::Held, "", {});
  r.method = "enumeration";
  std::string rows;
  for (long L = 1; L <= 16; ++L) {
    Z g = grid_points(L);
    if (2 * g != Z(L) * (L + 1)) {
      r.verdict = Verdict::Error;
      r.summary = "grid count disagrees with L(L+1)/2 at L = " + std::to_string(L);
      return {r};
    }
    for (long H = 1; H <= 4; ++H) {
      Z scalar = H * g, product = pow(g, static_cast<unsigned>(H));
      Z printed_scalar = Z(H) * L * L, printed_product = pow(Z(L), static_cast<unsigned>(2 * H));
      // Same order up to the factor 2^H of a half-plane against a square.
      if (!(scalar <= printed_scalar && product <= printed_product &&
            product * pow(Z(2), static_cast<unsigned>(H)) >= printed_product)) {
        r.verdict = Verdict::Error;
        r.summary =
            "parameter counts out of the expected band at L = " + std::to_string(L) + ", H = " + std::to_string(H);
        return {r};
      }
      if (L == 8)
        rows += (rows.empty() ? "" : "; ") + std::string("H=") + std::to_string(H) + ": " + scalar.str() + " vs " +
                product.str();
    }
  }
  r.cases = 16 * 4;
  r.summary =
      "H heads on G_L carry H*L(L+1)/2 weights, the H-fold product (L(L+1)/2)^H: the remark's H*L^2 and "
      "L^(2H) are upper bounds of the same order (checked L <= 16, H <= 4)";
  r.details = {{"at L = 8 (scalar vs product)", rows},
               {"reading",
                "vPAL's measure taken as the H-fold product of grid half-planes; the paper defines it "
                "nowhere (see def:mpal:vpal)"}};
  return {r};
}

}  // namespace

void register_tc_remark_analyses(Registry& registry) {
  registry.add(analysis_checker(
      "def:encoding", Verdict::NotCheckable,
      "a definition: its formula asserts nothing to judge; what the paper relies on is judged as "
      "def:encoding:injective (the codes are injective) and def:encoding:grid (the codes are thresholds of "
      "def:pal's grid)",
      {{"sub-claims", "def:encoding:injective, def:encoding:grid"}}));
  registry.add(analysis_checker(
      "cor:depth", Verdict::NotCheckable,
      "an Omega(log n) lower bound for every O(1)-head transformer is a circuit-complexity statement no run can "
      "judge; its PAL side rests on thm:tc",
      {{"depends on",
        "thm:tc (the 1-layer PAL-Transformer that would recognise the language); no language L is "
        "named, so there is no witness to run"},
       {"cited bound",
        "Furst-Saxe-Sipser (1984) bounds PARITY in AC^0; the corollary does not say how a "
        "transformer with O(1) heads reduces to an AC^0 circuit (see prop:range_hard, whose "
        "reduction a one-layer exact construction contradicts)"},
       {"premise",
        "the abstract attributes 'O(log n) depth' to hard-attention transformers (Perez et al. 2021), "
        "whose Turing-completeness construction uses a fixed number of layers; the attribution is a "
        "citation question, not checked here"}}));
  registry.add(analysis_checker(
      "rem:heads_dims", Verdict::IllPosed,
      "'the minimal TC architecture is scalar PAL at H = 2' contradicts thm:tc and tab:complexity (H = 4) and "
      "rests on vPAL, which the paper never defines",
      {{"exact point",
        "rem:heads_dims: 'The minimal TC architecture is therefore scalar PAL at H=2 (two stacks, "
        "two heads)'; thm:tc: 'H = 4 MPAL heads'; tab:complexity: 'PAL (scalar) ... H=4'. Channels "
        "1 (state) and 4 (tape) of thm:tc's proof each need a head of their own"},
       {"vPAL",
        "exchangeability is argued from cor:vpal_tc, whose measure mu(alpha_x, beta_x, alpha_y, beta_y, "
        "theta) differs from def:mpal's mu over (alpha, beta, theta); see def:mpal:vpal"},
       {"checkable part", "the parameter counts: rem:heads_dims:parameters"}}));
  registry.add(Checker{"rem:heads_dims:parameters", "enumeration", check_parameter_counts});
}

}  // namespace palcheck::analysis
