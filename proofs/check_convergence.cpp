// prop:pal_preisach:convergence as an explicit inequality for every L: with the uniform density on
// T = {0 <= beta <= alpha <= C}, Delta = C/L and the cell masses mu_ij = Delta^2 on G_L (def:pal),
// |PAL_mu(u_{0:n}) - P_mu[u](n)| <= 3 C Delta / 2 for every input sequence and every n, so the sup over u
// tends to 0 as L grows. Fix the history; S(alpha, beta) is the relay state it leaves. (1) S is antitone in
// both thresholds (induction over time: a relay with lower thresholds is on whenever one with higher ones is).
// (2) Cell (i, j), alpha in ((i-1)Delta, i Delta], beta in [(j-1)Delta, j Delta), holds PAL's weight Delta^2 at
// its corner (i Delta, j Delta), where S is smallest on the cell, and S is largest at the other corner, so the
// cell's error is at most Delta^2 (S(i-1, j-1) - S(i, j)); a diagonal cell (i = j) lies half in T and its
// error is at most Delta^2 / 2. (3) Along a diagonal i - j = k the corner differences telescope to at most
// Delta^2; L - 1 such diagonals and L diagonal cells give (L-1) Delta^2 + L Delta^2 / 2 <= 3 C Delta / 2.
#include "proofs/checkers.h"
#include "proofs/encode_relay.h"
#include "smt/mutation.h"
#include "smt/query_chain.h"

namespace palcheck::proofs {

using namespace smt;

namespace {

/// One piece of the proof changed on purpose: its semantic mutants (smt/mutation.h), whose order numbers
/// their query files.
enum class ConvergenceChange {
  None,              ///< the real encoding
  HoldInverted,      ///< relay step: inside the dead band the relay flips its state instead of holding it
  HalfCellMass,      ///< grid: the cell mass is Delta^2 / 2, not Delta^2
  DensityValue,      ///< grid: mu_ij is the density's value 1, not the cell mass Delta^2
  OrderDropped,      ///< premise dropped: the relays' thresholds need not be ordered
  DiagonalWhole,     ///< premise changed: a diagonal cell read as lying wholly in T
  DiagonalsPerTerm,  ///< goal changed: the telescoped diagonal claimed to vanish
};
using Change = ConvergenceChange;

constexpr InductionText kText{
    "prop_pal_preisach_convergence",
    "S antitone: S(alpha, beta) <= S(alpha', beta') whenever alpha' <= alpha and beta' <= beta, after every "
    "history; along a diagonal k, after m cells the summed corner differences are Delta^2 (S(k, 0) - S(k+m, m)); "
    "after m terms of at most c, a sum is at most m c",
    "time t -> t+1: both relays step by eq:relay on the same input; diagonal m -> m+1: one more cell's "
    "difference; sum m -> m+1: one more term",
    "P_mu[u](n) is the integral of S over T, the sum of its integrals over the cells (they partition T); the "
    "integral of S over a set of area A lies between A inf S and A sup S; the cells' errors regrouped by "
    "diagonals i - j = k; S of a grid point written S(i, j) for the thresholds (i Delta, j Delta)"};

ChainQuery<Change> antitone_base(Change mutant) {
  return {"base: antitone before u_0",
          "every relay starts in the same initial state => S(alpha, beta) <= S(alpha', beta')",
          [mutant](smt::Context& c, Query& q) {
            smt::Term initial = c.bool_const("initial"), other = c.bool_const("initial_other");
            if (mutant != Change::OrderDropped)
              q.hypothesis("every relay starts in the initial state", other == initial);
            q.fact(initial && !other);
          },
          {Change::OrderDropped}};
}

ChainQuery<Change> antitone_step(Change mutant) {
  return {"step: antitone from t to t+1",
          "alpha' <= alpha, beta' <= beta and S <= S' before u_t => S <= S' after it (eq:relay for both)",
          [mutant](smt::Context& c, Query& q) {
            smt::Term a = c.real_const("alpha"), b = c.real_const("beta"), a2 = c.real_const("alpha_other"),
                      b2 = c.real_const("beta_other"), u = c.real_const("u"), s = c.bool_const("s"),
                      s2 = c.bool_const("s_other");
            auto step = [&](const smt::Term& alpha, const smt::Term& beta, const smt::Term& state) {
              return relay_step(alpha, beta, u, mutant == Change::HoldInverted ? !state : state);
            };
            q.hypothesis("alpha >= beta", a >= b && a2 >= b2);
            if (mutant != Change::OrderDropped) q.hypothesis("alpha' <= alpha, beta' <= beta", a2 <= a && b2 <= b);
            q.hypothesis("S <= S' before u_t", smt::implies(s, s2));
            q.fact(step(a, b, s) && !step(a2, b2, s2));
          },
          {Change::HoldInverted, Change::OrderDropped}};
}

// PAL's weight on cell (i, j) of G_L, or the weight `mutant` puts there.
smt::Term cell_mass(const smt::Term& delta, Change mutant) {
  if (mutant == Change::HalfCellMass) return delta * delta / 2;
  if (mutant == Change::DensityValue) return delta.ctx().real_val(1);
  return delta * delta;
}

ChainQuery<Change> off_diagonal_cell(Change mutant) {
  return {"lemma: a cell off the diagonal",
          "S(i, j) = lo <= hi = S(i-1, j-1) (antitone), the cell's integral I in [Delta^2 lo, Delta^2 hi] => "
          "|mu_ij S(i, j) - I| <= Delta^2 (hi - lo)",
          [mutant](smt::Context& c, Query& q) {
            smt::Term delta = c.real_const("Delta"), I = c.real_const("I"), lo_on = c.bool_const("S_i_j"),
                      hi_on = c.bool_const("S_i-1_j-1");
            smt::Term lo = indicator(lo_on), hi = indicator(hi_on), area = delta * delta;
            q.hypothesis("Delta > 0", delta > 0);
            q.hypothesis("S antitone: S(i, j) <= S(i-1, j-1)", smt::implies(lo_on, hi_on));
            q.hypothesis("the cell's integral between its corners", area * lo <= I && I <= area * hi);
            smt::Term error = cell_mass(delta, mutant) * lo - I;
            q.fact(error > area * (hi - lo) || -error > area * (hi - lo));
          },
          {Change::HalfCellMass, Change::DensityValue}};
}

ChainQuery<Change> diagonal_cell(Change mutant) {
  return {"lemma: a cell on the diagonal",
          "S(i, i) = s, the half cell in T (area Delta^2 / 2) lies below-left of (i Delta, i Delta), so its integral "
          "I is in [s Delta^2 / 2, Delta^2 / 2] => |mu_ii s - I| <= Delta^2 / 2",
          [mutant](smt::Context& c, Query& q) {
            smt::Term delta = c.real_const("Delta"), I = c.real_const("I"), s = indicator(c.bool_const("S_i_i"));
            smt::Term half = delta * delta / 2, in_T = mutant == Change::DiagonalWhole ? delta * delta : half;
            q.hypothesis("Delta > 0", delta > 0);
            q.hypothesis("the half cell's integral", in_T * s <= I && I <= in_T);
            smt::Term error = cell_mass(delta, mutant) * s - I;
            q.fact(error > half || -error > half);
          },
          {Change::HalfCellMass, Change::DensityValue, Change::DiagonalWhole}};
}

// Diagonal k: D(m) is the sum of the first m cells' corner differences, D(m+1) = D(m) + Delta^2 (S(k+m, m) -
// S(k+m+1, m+1)); S is an uninterpreted function of the grid indices, in [0, 1].
ChainQuery<Change> telescope_base() {
  return {"base: a diagonal, no cell", "D(0) = 0 = Delta^2 (S(k, 0) - S(k, 0))", [](smt::Context& c, Query& q) {
            smt::FuncDecl S = c.function("S", c.int_sort(), c.int_sort(), c.real_sort());
            smt::Term k = c.int_const("k"), delta = c.real_const("Delta"), zero = c.int_val(0);
            q.fact(c.real_val(0) != delta * delta * (S(k, zero) - S(k + zero, zero)));
          }};
}

ChainQuery<Change> telescope_step() {
  return {"step: a diagonal m to m+1",
          "D(m) = Delta^2 (S(k, 0) - S(k+m, m)) => D(m+1) = Delta^2 (S(k, 0) - S(k+m+1, m+1))",
          [](smt::Context& c, Query& q) {
            smt::FuncDecl S = c.function("S", c.int_sort(), c.int_sort(), c.real_sort());
            smt::Term k = c.int_const("k"), m = c.int_const("m"), delta = c.real_const("Delta"), D = c.real_const("D");
            smt::Term area = delta * delta, zero = c.int_val(0);
            q.hypothesis("invariant at m", D == area * (S(k, zero) - S(k + m, m)));
            smt::Term next = D + area * (S(k + m, m) - S(k + m + 1, m + 1));
            q.fact(next != area * (S(k, zero) - S(k + m + 1, m + 1)));
          }};
}

ChainQuery<Change> telescope_bound(Change mutant) {
  return {"lemma: a diagonal's sum",
          "D = Delta^2 (S(k, 0) - S(L, L-k)) with S in [0, 1] => 0 <= D <= Delta^2",
          [mutant](smt::Context& c, Query& q) {
            smt::Term delta = c.real_const("Delta"), D = c.real_const("D"), first = c.real_const("S_k_0"),
                      last = c.real_const("S_L_L-k");
            smt::Term area = delta * delta;
            q.hypothesis("Delta > 0", delta > 0);
            q.hypothesis("relay states in [0, 1]", 0 <= first && first <= 1 && 0 <= last && last <= 1);
            q.hypothesis("S antitone along the diagonal", last <= first);
            q.hypothesis("the telescoped diagonal", D == area * (first - last));
            q.fact(mutant == Change::DiagonalsPerTerm ? D != 0 : (D < 0 || D > area));
          },
          {Change::DiagonalsPerTerm}};
}

ChainQuery<Change> sum_base() {
  return {"base: a sum of no term", "Sum(0) = 0 <= 0 c", [](smt::Context& c, Query& q) {
            smt::Term bound = c.real_const("c");
            q.fact(c.real_val(0) > c.real_val(0) * bound);
          }};
}

ChainQuery<Change> sum_step() {
  return {"step: a sum of m to m+1 terms", "Sum(m) <= m c and the next term t <= c => Sum(m+1) = Sum(m) + t <= (m+1) c",
          [](smt::Context& c, Query& q) {
            smt::Term m = c.int_const("m"), sum = c.real_const("Sum"), t = c.real_const("t"), bound = c.real_const("c");
            q.hypothesis("m >= 0", m >= 0);
            q.hypothesis("invariant at m", sum <= smt::to_real(m) * bound);
            q.hypothesis("the next term is at most c", t <= bound);
            q.fact(sum + t > smt::to_real(m + 1) * bound);
          }};
}

ChainQuery<Change> conclusion() {
  return {"conclusion: the bound",
          "L >= 1, C = L Delta, |PAL - P| <= (sum over the L - 1 diagonals, each <= Delta^2) + (sum over the L "
          "diagonal cells, each <= Delta^2 / 2) => |PAL - P| <= 3 C Delta / 2",
          [](smt::Context& c, Query& q) {
            smt::Term L = c.int_const("L"), delta = c.real_const("Delta"), C = c.real_const("C"),
                      off = c.real_const("off_diagonal"), on = c.real_const("diagonal"), error = c.real_const("error");
            smt::Term area = delta * delta, l = smt::to_real(L);
            q.hypothesis("L >= 1, Delta > 0", L >= 1 && delta > 0);
            q.hypothesis("C = L Delta", C == l * delta);
            q.hypothesis("the diagonals: at most (L-1) Delta^2", 0 <= off && off <= (l - 1) * area);
            q.hypothesis("the diagonal cells: at most L Delta^2 / 2", 0 <= on && on <= l * area / 2);
            q.hypothesis("|PAL - P| at most the cells' errors", error <= off + on);
            q.fact(2 * error > 3 * C * delta);
          }};
}

const std::vector<Mutant<Change>> kMutants{
    hold_inverted(Change::HoldInverted),
    {Change::HalfCellMass, "half cell mass", "mu_ij = Delta^2 / 2 in place of the cell mass Delta^2",
     ModelDefinition::Grid},
    {Change::DensityValue, "density value", "mu_ij = 1, the density's value, in place of the cell mass Delta^2",
     ModelDefinition::Grid},
    {Change::OrderDropped, "thresholds unordered",
     "the compared relays' thresholds need not be ordered, nor their initial states equal"},
    {Change::DiagonalWhole, "diagonal cell whole", "a diagonal cell read as lying wholly in T (area Delta^2)"},
    {Change::DiagonalsPerTerm, "diagonal vanishes", "the telescoped diagonal claimed to sum to 0"},
};

InductionProof prove_convergence(const RunConfig& config, Change mutant) {
  return run_chain(
      config, kText,
      std::vector<ChainQuery<Change>>{antitone_base(mutant), antitone_step(mutant), off_diagonal_cell(mutant),
                                      diagonal_cell(mutant), telescope_base(), telescope_step(),
                                      telescope_bound(mutant), sum_base(), sum_step(), conclusion()},
      mutant);
}

std::vector<CheckResult> check_convergence(const RunConfig& config) {
  InductionClaim claim{
      "for every L >= 1, Delta = C/L, mu_ij = Delta^2 on G_L, every input sequence and every n: |PAL_mu(u_{0:n}) - "
      "P_mu[u](n)| <= 3 C Delta / 2 for the uniform density on 0 <= beta <= alpha <= C, so sup_u |PAL - P| -> 0 as "
      "L -> inf",
      {every(ReadingKey::InitialState, "the same initial state for every relay, symbolic")},
      {{"discretisation", "mu_ij = Delta^2 (cell mass), uniform density on T"}},
      {"L >= 1", "L Delta = C", "alpha >= beta"}};
  return {
      chain_pinned(config, claim, {ModelDefinition::RelayStep, ModelDefinition::Grid}, kMutants, prove_convergence)};
}

}  // namespace

void register_convergence_checkers(Registry& r) {
  add_checkers(r, "induction", {{"prop:pal_preisach:convergence", check_convergence}});
}

}  // namespace palcheck::proofs
