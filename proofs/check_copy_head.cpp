// prop:copy for every n: the general argument behind the quadratic copy head of
// claims/constructions/separation_copy.cpp (keys (j, j^2), query (2p, -1)), whose enumeration covers
// only n <= 48. Its score is 2pj - j^2 = p^2 - (j - p)^2, so j = p is the unique argmax over all integer
// positions, whatever n >= p; the value head then copies x_p verbatim.
#include "proofs/checkers.h"
#include "smt/judgement.h"
#include "smt/mutation.h"

namespace palcheck::proofs {

using namespace smt;

namespace {

/// One piece of the copy head changed on purpose: its semantic mutants (smt/mutation.h).
enum class CopyChange {
  None,           ///< keys (j, j^2), query (2p, -1)
  QueryOffByOne,  ///< the query (2p + 1, -1)
  LinearKeys,     ///< keys (j, j): the score 2pj - j has no interior maximum
};

std::vector<CheckResult> check_copy_argmax(const RunConfig& config) {
  const std::vector<Mutant<CopyChange>> mutants{
      {CopyChange::QueryOffByOne, "query off by one", "the query (2p + 1, -1): positions p and p + 1 tie",
       ModelDefinition::AttentionReadOut},
      {CopyChange::LinearKeys, "linear keys", "keys (j, j) instead of (j, j^2)", ModelDefinition::PositionEncoding}};
  return {prove_pinned<CopyChange>(
      config, "prop_copy_quadratic_argmax", {ModelDefinition::AttentionReadOut, ModelDefinition::PositionEncoding},
      mutants, [](smt::Context& c, Query& q, CopyChange change) {
        smt::Term p = c.int_const("p"), n = c.int_const("n"), d = c.int_const("d");
        // Positions are written j = p + d: the score's polynomial then cancels to p^2 - d^2 without search.
        // With j a free variable beside d, Z3 4.8's nonlinear integer search ran for minutes under some
        // random seeds (verify --seed 2) without reaching its rlimit.
        smt::Term j = p + d;
        q.hypothesis("0 <= p <= n", 0 <= p && p <= n);
        q.hypothesis("0 <= j <= n", 0 <= j && j <= n);
        q.hypothesis("j != p", d != 0);
        // score(j) = <(2p, -1), (j, j^2)>; the claim is score(j) < score(p) for every other position j.
        smt::Term a = change == CopyChange::QueryOffByOne ? 2 * p + 1 : 2 * p;
        auto score = [&](const smt::Term& x) { return change == CopyChange::LinearKeys ? a * x - x : a * x - x * x; };
        q.fact(score(j) >= score(p));
        return Judgement{.proved =
                             "for every n and every p <= n, with positions encoded (j, j^2) (a construction of ours, not "
                         "the paper's sinusoidal PE, whose argmax step is enumerated for n <= 24 only): the copy "
                         "head's keys (j, j^2) and query (2p, -1) score 2pj - j^2, strictly largest at j = p",
                         .interpretation = {{"position_encoding",
                                             "exact quadratic (j, j^2), not the sinusoidal PE of the "
                                             "proof"},
                                            {"argmax_tie", "no ties occur"}},
                         .implicit = {"score(j) = 2pj - j^2 is the head of separation_copy.cpp (checked there by "
                                      "enumeration for n <= 48)"}};
      })};
}

}  // namespace

void register_copy_checkers(Registry& r) { r.add(Checker{"prop:copy", "z3", check_copy_argmax}); }

}  // namespace palcheck::proofs
