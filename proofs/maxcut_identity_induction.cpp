// The MAX-CUT identity (see maxcut_identity_induction.h). State after some edges: W (their total weight),
// E and C (energy and cut weight of one configuration sigma), E_up (energy of the all-+1 configuration).
// An added edge has any weight w >= 0 and any spins s_i, s_j at its ends (the same vertex may recur in
// later edges: the step looks at one edge only).
#include "proofs/maxcut_identity_induction.h"

namespace palcheck::proofs {

using namespace smt;

namespace {

constexpr InductionText kText{
    "maxcut_identity",
    "after any set of edges: E(sigma) = W - 2 CUT(sigma), CUT(sigma) >= 0 and E(all +1) = W, W the total edge "
    "weight, for every configuration sigma",
    "edge (i, j) of weight w: E' = E - J_ij s_i s_j with J_ij = -w, CUT' = CUT + w if s_i != s_j, W' = W + w, "
    "E_up' = E_up - J_ij; exit: E_max is E at a maximising configuration, so E_max >= E(all +1) = W and "
    "E_max = W - 2 CUT(maximiser) <= W: E_max = W and CUT(sigma) = (E_max - E(sigma))/2",
    "E(sigma) and CUT(sigma) are sums over the edges (eq:ising_energy with h = 0), so adding the edges one at a "
    "time covers every graph"};

using Change = MaxcutChange;

struct Tally {
  smt::Term W, E, C, up;
};

Tally tally(smt::Context& c, const std::string& suffix) {
  return {c.real_const(("W" + suffix).c_str()), c.real_const(("E" + suffix).c_str()),
          c.real_const(("CUT" + suffix).c_str()), c.real_const(("E_up" + suffix).c_str())};
}

smt::Term invariant(const Tally& t) { return t.E == t.W - 2 * t.C && t.C >= 0 && t.up == t.W; }

ChainQuery<Change> base() {
  return {"base: no edge", "W = E = CUT = E_up = 0 satisfy the invariant", [](smt::Context& c, Query& q) {
            Tally t = tally(c, "");
            q.fact(t.W == 0 && t.E == 0 && t.C == 0 && t.up == 0);
            q.fact(!invariant(t));
          }};
}

ChainQuery<Change> step(Change mutant) {
  return {"step: one more edge",
          "the invariant and an edge of weight w >= 0 with spins s_i, s_j => the invariant",
          [mutant](smt::Context& c, Query& q) {
            Tally t = tally(c, ""), n = tally(c, "_next");
            smt::Term w = c.real_const("w"), up_i = c.bool_const("s_i_up"), up_j = c.bool_const("s_j_up");
            smt::Term down = c.real_val(mutant == Change::SpinsZeroOne ? 0 : -1);
            smt::Term si = smt::ite(up_i, c.real_val(1), down), sj = smt::ite(up_j, c.real_val(1), down);
            smt::Term J = mutant == Change::LiteralSign ? w : -w;
            smt::Term cut = mutant == Change::CutCountsEqualEnds ? si == sj : si != sj;
            if (mutant != Change::NegativeWeights) q.hypothesis("w_ij >= 0", w >= 0);
            q.hypothesis("invariant before the edge", invariant(t));
            q.fact(n.W == t.W + w && n.E == t.E - J * si * sj && n.C == t.C + smt::ite(cut, w, c.real_val(0)) &&
                   n.up == t.up - J);
            q.fact(!invariant(n));
          },
          {Change::NegativeWeights, Change::LiteralSign, Change::CutCountsEqualEnds, Change::SpinsZeroOne}};
}

ChainQuery<Change> exit() {
  return {"exit: E_max", "the invariant for sigma and for a maximiser of E => CUT(sigma) = (E_max - E(sigma))/2",
          [](smt::Context& c, Query& q) {
            Tally t = tally(c, ""), best = tally(c, "_max");
            smt::Term E_max = c.real_const("E_max");
            q.hypothesis("invariant for sigma", invariant(t));
            q.hypothesis("invariant for a maximiser (the same edges)", invariant(best) && best.W == t.W);
            q.hypothesis("E_max = E(maximiser) >= E(all +1)", E_max == best.E && E_max >= best.up);
            q.fact(t.C != (E_max - t.E) / 2);
          }};
}

const std::vector<Mutant<Change>> kMutants{
    {Change::NegativeWeights, "negative weights", "the hypothesis w_ij >= 0 is dropped"},
    {Change::LiteralSign, "literal sign", "J_ij = +w_ij (the remark's sign read literally)",
     ModelDefinition::IsingEnergy},
    {Change::CutCountsEqualEnds, "cut counts equal ends", "an edge counts as cut when its two spins are equal",
     ModelDefinition::IsingEnergy},
    {Change::SpinsZeroOne, "spins in {0, 1}", "spins take 0 and 1 instead of -1 and +1", ModelDefinition::IsingEnergy},
};

}  // namespace

std::vector<Mutant<MaxcutChange>> maxcut_mutants() { return kMutants; }

InductionProof prove_maxcut_identity(const RunConfig& config, MaxcutChange mutant) {
  return run_chain(config, kText, {base(), step(mutant), exit()}, mutant);
}

InductionClaim maxcut_claim() {
  return {
      "for every graph with edge weights w_ij >= 0 and every configuration sigma (not only the optimal "
      "cut): CUT(sigma) = (E_max - E(sigma))/2 with h = 0, J_ij = -w_ij and E_max = max_sigma E "
      "(induction over the edges)",
      {},
      {{"sign", "J_ij = -w_ij (antiferromagnetic)"}, {"E_max", "max over sigma of E(sigma)"}},
      {"h = 0", "w_ij >= 0", "J_ij = -w_ij"}};
}

}  // namespace palcheck::proofs
