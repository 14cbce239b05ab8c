// The range transformer for every n (see range_transformer.h). Positions 0..n, inputs an array
// Int -> Real; a head's score and value are built from its exact weights on the token (x_j, 1).
#include "proofs/range_transformer.h"

#include "claims/constructions/separation_witnesses.h"

#include <functional>

namespace palcheck::proofs {

using namespace smt;

namespace {

constexpr InductionText kSingle{
    "range_transformer_single",
    "each head selects a position maximising its score among 0..n; the output is the read-out of the selected "
    "values",
    "one query for every n >= 0 and every real x_0..x_n: the selected values are max and min, so the output is "
    "max - min",
    "hard attention's selection is a maximiser of q_n . k_j over the causal positions 0..n (leftmost ties pick "
    "one of them)"};

constexpr InductionText kAverage{
    "range_transformer_average",
    "after positions 0..k-1: A_h = V_h C_h, C_h >= 0 and (k > s_h => C_h >= 1), where A_h sums the values of the "
    "positions "
    "maximising head h's score, C_h counts them, s_h is one maximiser and V_h its value",
    "position k -> k+1: a maximiser adds its value and 1; exit at k = n+1: each head's mean A_h / C_h is V_h, the "
    "selected values are max and min, so the output is max - min",
    "average ties as in Perez et al.: the mean of the values of all positions whose score is maximal"};

using Change = RangeTransformerChange;

std::vector<HardAttentionHead> heads(Change mutant) {
  std::vector<HardAttentionHead> h = range_heads();
  if (mutant == Change::MinHeadScoresMax) h[1].w_k = h[0].w_k;
  if (mutant == Change::ReadOutAdds) h[1].w_o = h[0].w_o;
  return h;
}

// One causal layer over symbolic inputs: x[j] at position j, query position n.
struct Layer {
  smt::Context& c;
  std::vector<HardAttentionHead> heads;
  smt::Term x, n;

  smt::Term token(const smt::Term& j, std::size_t coordinate) const {
    return coordinate == 0 ? smt::select(x, j) : c.real_val(1);
  }
  smt::Term linear(const QVector& w, const smt::Term& j) const {
    smt::Term sum = c.real_val(0);
    for (std::size_t a = 0; a < w.size(); ++a) sum = sum + real_val(c, w[a]) * token(j, a);
    return sum.simplify();
  }
  smt::Term score(std::size_t h, const smt::Term& j) const {
    smt::Term sum = c.real_val(0);
    for (std::size_t a = 0; a < heads[h].w_q.size(); ++a)
      sum = sum + linear(heads[h].w_q[a], n) * linear(heads[h].w_k[a], j);
    return sum.simplify();
  }
  smt::Term value(std::size_t h, const smt::Term& j) const { return linear(heads[h].w_v, j); }
  smt::Term read_out(const std::vector<smt::Term>& values) const {
    smt::Term sum = c.real_val(0);
    for (std::size_t h = 0; h < heads.size(); ++h) sum = sum + real_val(c, heads[h].w_o.at(0)) * values[h];
    return sum.simplify();
  }
};

struct Setting {
  Layer layer;
  std::vector<smt::Term> selected;  // one maximiser per head
  smt::Term max, min;
};

// The mutants of the setting (the heads and the selection premise): they change every query.
const std::vector<Change> kSettingChanges{Change::MinHeadScoresMax, Change::ReadOutAdds, Change::SelectionAnyPosition};

// Positions 0..n, max and min of x over them, and a maximiser per head.
Setting setting(smt::Context& c, Query& q, Change mutant) {
  Layer layer{c, heads(mutant), c.constant("x", c.array_sort(c.int_sort(), c.real_sort())), c.int_const("n")};
  smt::Term j = c.int_const("j"), hi = c.int_const("argmax_x"), lo = c.int_const("argmin_x");
  Setting s{layer, {}, c.real_const("max_x"), c.real_const("min_x")};
  smt::Term inside = 0 <= j && j <= layer.n;
  q.hypothesis("n >= 0", layer.n >= 0);
  q.fact(smt::forall(j, smt::implies(inside, s.min <= smt::select(layer.x, j) && smt::select(layer.x, j) <= s.max)));
  q.fact(0 <= hi && hi <= layer.n && smt::select(layer.x, hi) == s.max);
  q.fact(0 <= lo && lo <= layer.n && smt::select(layer.x, lo) == s.min);
  for (std::size_t h = 0; h < layer.heads.size(); ++h) {
    smt::Term sel = c.int_const(("selected" + std::to_string(h)).c_str());
    q.fact(0 <= sel && sel <= layer.n);
    if (mutant != Change::SelectionAnyPosition)
      q.hypothesis("head " + std::to_string(h) + " selects a maximiser of its score",
                   smt::forall(j, smt::implies(inside, layer.score(h, j) <= layer.score(h, sel))));
    s.selected.push_back(sel);
  }
  return s;
}

// A query that asserts the setting under `mutant` first; `pose` then asserts the rest of its premises and its
// negated goal.
ChainQuery<Change> over_setting(const char* name, const char* question, Change mutant,
                                std::function<void(smt::Context&, Query&, const Setting&)> pose,
                                std::vector<Change> changed_by = kSettingChanges) {
  return {name, question, [mutant, pose](smt::Context& c, Query& q) { pose(c, q, setting(c, q, mutant)); },
          std::move(changed_by)};
}

ChainQuery<Change> single(Change mutant) {
  return over_setting("conclusion: one maximiser", "each head's selected value, read out, is max - min", mutant,
                      [](smt::Context&, Query& q, const Setting& s) {
                        std::vector<smt::Term> values;
                        for (std::size_t h = 0; h < s.selected.size(); ++h)
                          values.push_back(s.layer.value(h, s.selected[h]));
                        q.fact(s.layer.read_out(values) != s.max - s.min);
                      });
}

// A_h, C_h after positions 0..k-1 (before) and 0..k (after), per head.
struct Tally {
  std::vector<smt::Term> sum, count;
};

Tally tally(smt::Context& c, std::size_t heads, const std::string& suffix) {
  Tally t;
  for (std::size_t h = 0; h < heads; ++h) {
    t.sum.push_back(c.real_const(("A" + std::to_string(h) + suffix).c_str()));
    t.count.push_back(c.int_const(("C" + std::to_string(h) + suffix).c_str()));
  }
  return t;
}

smt::Term invariant(const Setting& s, const Tally& t, const smt::Term& k) {
  smt::Term all = s.layer.c.bool_val(true);
  for (std::size_t h = 0; h < t.sum.size(); ++h) {
    smt::Term V = s.layer.value(h, s.selected[h]);
    all = all && t.sum[h] == V * smt::to_real(t.count[h]) && t.count[h] >= 0 &&
          smt::implies(k > s.selected[h], t.count[h] >= 1);
  }
  return all;
}

ChainQuery<Change> average_base(Change mutant) {
  return over_setting("base: average, no position", "A_h = 0, C_h = 0 satisfy the invariant at k = 0", mutant,
                      [](smt::Context& c, Query& q, const Setting& s) {
                        Tally t = tally(c, s.selected.size(), "");
                        for (std::size_t h = 0; h < t.sum.size(); ++h) q.fact(t.sum[h] == 0 && t.count[h] == 0);
                        q.fact(!invariant(s, t, c.int_val(0)));
                      });
}

ChainQuery<Change> average_step(Change mutant) {
  return over_setting(
      "step: average, position k", "the invariant at k and position k <= n tallied => the invariant at k + 1", mutant,
      [mutant](smt::Context& c, Query& q, const Setting& s) {
        Tally before = tally(c, s.selected.size(), ""), after = tally(c, s.selected.size(), "_next");
        smt::Term k = c.int_const("k");
        q.fact(0 <= k && k <= s.layer.n);
        q.hypothesis("invariant at k", invariant(s, before, k));
        for (std::size_t h = 0; h < before.sum.size(); ++h) {
          smt::Term counted = mutant == Change::AverageOverAll ? c.bool_val(true)
                                                               : s.layer.score(h, k) == s.layer.score(h, s.selected[h]);
          q.fact(after.sum[h] == before.sum[h] + smt::ite(counted, s.layer.value(h, k), c.real_val(0)));
          q.fact(after.count[h] == before.count[h] + smt::ite(counted, c.int_val(1), c.int_val(0)));
        }
        q.fact(!invariant(s, after, k + 1));
      },
      {Change::MinHeadScoresMax, Change::ReadOutAdds, Change::SelectionAnyPosition, Change::AverageOverAll});
}

ChainQuery<Change> average_exit(Change mutant) {
  return over_setting("exit: average, k = n + 1",
                      "the invariant at k = n + 1 => the read-out of the means A_h / C_h is max - min", mutant,
                      [](smt::Context& c, Query& q, const Setting& s) {
                        Tally t = tally(c, s.selected.size(), "");
                        q.hypothesis("invariant at n + 1", invariant(s, t, s.layer.n + 1));
                        std::vector<smt::Term> means;
                        for (std::size_t h = 0; h < t.sum.size(); ++h)
                          means.push_back(t.sum[h] / smt::to_real(t.count[h]));
                        q.fact(s.layer.read_out(means) != s.max - s.min);
                      });
}

const std::vector<Mutant<Change>> kMutants{
    {Change::MinHeadScoresMax, "second head scores x_j",
     "the second head's key map is the first's (it scores x_j, not -x_j)", ModelDefinition::AttentionReadOut},
    {Change::ReadOutAdds, "read-out adds", "the second head's read-out is +1 (the output adds the two values)",
     ModelDefinition::AttentionReadOut},
    {Change::SelectionAnyPosition, "selection not a maximiser",
     "the premise 'the selected position maximises the score' is dropped", ModelDefinition::AttentionReadOut},
    {Change::AverageOverAll, "average over every position",
     "the average tallies every position, not only the maximisers", ModelDefinition::AttentionReadOut},
};

}  // namespace

std::vector<Mutant<RangeTransformerChange>> range_transformer_mutants(ArgmaxTie tie) {
  if (tie == ArgmaxTie::Average) return kMutants;
  return select_mutants(kMutants, kSettingChanges);
}

InductionProof prove_range_transformer(const RunConfig& config, ArgmaxTie tie, RangeTransformerChange mutant) {
  if (tie == ArgmaxTie::Leftmost) return run_chain(config, kSingle, {single(mutant)}, mutant);
  return run_chain(config, kAverage, {average_base(mutant), average_step(mutant), average_exit(mutant)}, mutant);
}

InductionClaim range_transformer_claim(ArgmaxTie tie) {
  return {
      "the 1-layer, 2-head hard-attention transformer of prop:range_hard (scores x_j and -x_j, no PE) outputs "
      "max - min exactly at every position n of every real input, for every n, ties " +
          std::string(tie == ArgmaxTie::Leftmost ? "resolved by selecting one maximiser" : "averaged"),
      {reading(tie)},
      {{"transformer", "one causal hard-attention layer, two heads, tokens (x_j, 1), no PE, read-out (1, -1)"}},
      {"n >= 0", "x_0..x_n real"}};
}

}  // namespace palcheck::proofs
