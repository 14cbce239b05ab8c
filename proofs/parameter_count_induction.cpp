// The parameter counts of rem:heads_dims (see parameter_count_induction.h). G counts the relays (i, j),
// 1 <= j <= i <= L, of G_L; P = G^H, X = (L^2)^H, T = 2^H and Y = (L(L+1))^H are carried by the induction
// over H, and P T = Y pins each factor to |G_L| = L(L+1)/2 exactly.
#include "proofs/parameter_count_induction.h"

namespace palcheck::proofs {

using namespace smt;

namespace {

constexpr InductionText kText{
    "parameter_counts",
    "grid: 2 |G_L| = L(L+1); product: after H factors, 0 < P <= X, P T >= X and P T = Y, with P = |G_L|^H, "
    "X = L^(2H), T = 2^H, Y = (L(L+1))^H",
    "grid L -> L+1: row i = L+1 adds the L+1 relays (L+1, j), j = 1..L+1; product H -> H+1: P' = P |G_L|, "
    "X' = X L^2, T' = 2T, Y' = Y L(L+1), using L^2 / 2 <= |G_L| <= L^2; scalar heads: H |G_L| between H L^2 / 2 and H L^2",
    "vPAL's measure read as the H-fold product of grid half-planes (the paper defines vPAL nowhere, see "
    "def:mpal:vpal); one weight per relay (i, j) of G_L"};

using Change = ParameterCountChange;

ChainQuery<Change> grid_base() {
  return {"base: grid L = 0", "|G_0| = 0 = 0 (0 + 1) / 2", [](smt::Context& c, Query& q) {
            smt::Term G = c.int_const("G");
            q.fact(G == 0);
            q.fact(2 * G != 0);
          }};
}

ChainQuery<Change> grid_step(Change mutant) {
  return {"step: grid L to L+1",
          "2 |G_L| = L(L+1) => 2 |G_{L+1}| = (L+1)(L+2)",
          [mutant](smt::Context& c, Query& q) {
            smt::Term L = c.int_const("L"), G = c.int_const("G");
            q.hypothesis("L >= 0", L >= 0);
            q.hypothesis("2 |G_L| = L(L+1)", 2 * G == L * (L + 1));
            smt::Term row = mutant == Change::RowOffByOne ? L : L + 1;
            q.fact(2 * (G + row) != (L + 1) * (L + 2));
          },
          {Change::RowOffByOne}};
}

ChainQuery<Change> grid_bounds() {
  return {"lemma: grid bounds", "2 |G_L| = L(L+1), L >= 1 => L^2 <= 2 |G_L| and |G_L| <= L^2",
          [](smt::Context& c, Query& q) {
            smt::Term L = c.int_const("L"), G = c.int_const("G");
            q.hypothesis("L >= 1", L >= 1);
            q.hypothesis("2 |G_L| = L(L+1)", 2 * G == L * (L + 1));
            q.fact(!(L * L <= 2 * G && G <= L * L));
          }};
}

ChainQuery<Change> scalar_heads(Change mutant) {
  return {"conclusion: H scalar heads",
          "L^2 <= 2 |G_L| <= 2 L^2, H >= 1 => H L^2 / 2 <= H |G_L| <= H L^2",
          [mutant](smt::Context& c, Query& q) {
            // Over the reals (nlsat decides it at once); the integers are a special case.
            smt::Term L = c.real_const("L"), G = c.real_const("G"), H = c.real_const("H"), LL = L * L;
            q.hypothesis("H >= 1", H >= 1);
            q.hypothesis("grid bounds", LL <= 2 * G && G <= LL);
            smt::Term lower = mutant == Change::ScalarWithoutHalf ? H * G >= H * LL : 2 * (H * G) >= H * LL;
            q.fact(!(H * G <= H * LL && lower));
          },
          {Change::ScalarWithoutHalf}};
}

smt::Term product_invariant(const smt::Term& P, const smt::Term& X, const smt::Term& T, const smt::Term& Y) {
  return 0 < P && P <= X && P * T >= X && T > 0 && P * T == Y;
}

ChainQuery<Change> product_base() {
  return {"base: product H = 0", "P = X = T = Y = 1 satisfy 0 < P <= X, P T >= X, P T = Y",
          [](smt::Context& c, Query& q) {
            smt::Term P = c.real_const("P"), X = c.real_const("X"), T = c.real_const("T"), Y = c.real_const("Y");
            q.fact(P == 1 && X == 1 && T == 1 && Y == 1);
            q.fact(!product_invariant(P, X, T, Y));
          }};
}

ChainQuery<Change> product_step(Change mutant) {
  return {"step: product H to H+1",
          "0 < P <= X, P T >= X, P T = Y, 2 |G_L| = L(L+1), L >= 1 => the same for P |G_L|, X L^2, 2T and "
          "Y L(L+1)",
          [mutant](smt::Context& c, Query& q) {
            smt::Term L = c.real_const("L"), G = c.real_const("G");
            smt::Term P = c.real_const("P"), X = c.real_const("X"), T = c.real_const("T"), Y = c.real_const("Y");
            q.hypothesis("L >= 1", L >= 1);
            q.hypothesis("2 |G_L| = L(L+1)", 2 * G == L * (L + 1));
            q.hypothesis("invariant after H factors", product_invariant(P, X, T, Y));
            smt::Term T_next = mutant == Change::ProductWithoutFactor ? T : 2 * T;
            smt::Term factor = mutant == Change::FactorSquared ? L * L : G;
            q.fact(!product_invariant(P * factor, X * L * L, T_next, Y * L * (L + 1)));
          },
          {Change::ProductWithoutFactor, Change::FactorSquared}};
}

const std::vector<Mutant<Change>> kMutants{
    {Change::RowOffByOne, "grid row off by one", "row L+1 of the grid adds L relays instead of L+1",
     ModelDefinition::Grid},
    {Change::ScalarWithoutHalf, "scalar bound without 1/2",
     "the scalar heads' lower bound is H L^2 instead of H L^2 / 2"},
    {Change::ProductWithoutFactor, "product bound without 2^H",
     "the product's lower bound is L^(2H) instead of L^(2H) / 2^H (T stays 1)"},
    {Change::FactorSquared, "vPAL factor L^2", "each factor of the H-fold product is L^2 instead of |G_L|"},
};

}  // namespace

std::vector<Mutant<ParameterCountChange>> parameter_count_mutants() { return kMutants; }

InductionProof prove_parameter_counts(const RunConfig& config, ParameterCountChange mutant) {
  return run_chain(
      config, kText,
      {grid_base(), grid_step(mutant), grid_bounds(), scalar_heads(mutant), product_base(), product_step(mutant)},
      mutant);
}

InductionClaim parameter_count_claim() {
  return {
      "for every L >= 1 and H >= 1: |G_L| = L(L+1)/2, so H scalar heads carry H L(L+1)/2 weights (between "
      "H L^2 / 2 and H L^2) and the H-fold product exactly (L(L+1)/2)^H (2^H |G_L|^H = (L(L+1))^H; between "
      "L^(2H) / 2^H and L^(2H)): the "
      "remark's H L^2 and L^(2H) are the orders of growth, as upper bounds",
      {},
      {{"vpal", "the H-fold product of grid half-planes"}},
      {"L >= 1", "H >= 1"}};
}

}  // namespace palcheck::proofs
