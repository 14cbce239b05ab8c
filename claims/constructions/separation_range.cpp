// prop:range_hard: a one-layer, two-head hard-attention transformer computes f_range exactly, so the
// claim (and its proof: MAX is in AC^0; Hastad's bound is for PARITY) is refuted. prop:range: no PAL
// head on G_L computes f_range (finitely many outputs; (0, Delta/2) and (0, 0) switch no relay), and no
// one-layer PAL-Transformer does either (a small enough perturbation switches no relay).
#include "claims/constructions/separation_parts.h"
#include "claims/constructions/separation_witnesses.h"
#include "claims/tricky_sequences.h"
#include "reference/pal_definition.h"

#include <algorithm>

namespace palcheck {
namespace {

constexpr const char* kRangeTransformer = "construction-hard-attention-range";
constexpr const char* kGridPair = "construction-grid-pal-range";
constexpr const char* kPalTransformerPair = "construction-pal-transformer-range";

std::vector<Q> random_sequence(std::mt19937_64& rng) {
  std::uniform_int_distribution<int> len(1, 16), repeat(0, 3);
  std::vector<Q> u;
  for (int n = len(rng); static_cast<int>(u.size()) < n;)
    u.push_back(!u.empty() && repeat(rng) == 0 ? u[std::uniform_int_distribution<std::size_t>(0, u.size() - 1)(rng)]
                                               : random_rational(rng, 5, 4));
  return u;
}

bool range_exact(const std::vector<HardAttentionHead>& heads, const std::vector<Q>& u, ArgmaxTie tie) {
  std::vector<IVector> out = hard_attention_layer(heads, as_points(range_tokens(u)), tie);
  std::vector<Q> expected = f_range(u);
  for (std::size_t n = 0; n < u.size(); ++n)
    if (out[n][0].lo != expected[n] || out[n][0].hi != expected[n]) return false;
  return true;
}

std::vector<CheckResult> check_range_hard(const RunConfig& config) {
  std::vector<CheckResult> results;
  for (ArgmaxTie tie : {ArgmaxTie::Leftmost, ArgmaxTie::Average}) {
    std::mt19937_64 rng(config.seed);
    std::vector<std::vector<Q>> inputs;
    std::uint64_t exact = 0;
    for (std::uint64_t c = 0; c < config.tests; ++c) {
      std::vector<Q> u = random_sequence(rng);
      if (!range_exact(range_heads(), u, tie)) break;
      ++exact;
      if (inputs.size() < 6) inputs.push_back(u);
    }
    CheckResult r = exact == config.tests
                        ? make_result(Verdict::Refuted, "construction",
                                      "a 1-layer, 2-head hard-attention transformer (scores x_j and -x_j) outputs "
                                      "max - min exactly on every prefix of all generated inputs")
                        : make_result(Verdict::Error, "construction", "the range transformer missed an input");
    record_construction(r, config.tests, config, {reading(tie)},
                        {{"transformer",
                          "one causal hard-attention layer, two heads, tokens (x_j, 1), no PE, linear "
                          "read-out w_o = (1, -1)"}},
                        {{"why it is general",
                          "head 1 scores x_j, so argmax returns a maximal value on EVERY input; head 2 a "
                          "minimal one; ties are between equal values, so the tie rule cannot matter"},
                         {"the proof's error",
                          "MAX and comparison of n numbers are in AC^0 (Hastad's lower bound is for "
                          "PARITY); and exact real max is not a Boolean-circuit question at all"}});
    Instance instance{"prop:range_hard", kRangeTransformer, {{"argmax_tie", to_string(tie)}}, {}};
    store_heads(range_heads(), "", instance);
    for (std::size_t i = 0; i < inputs.size(); ++i) instance.values["u" + std::to_string(i)] = inputs[i];
    if (r.verdict == Verdict::Refuted) r.counterexample = instance;
    results.push_back(std::move(r));
  }
  return results;
}

ReplayOutcome replay_range_transformer(const Instance& instance) {
  ReplayOutcome out;
  out.predicted = "no transformer with O(1) layers and heads computes max - min exactly";
  ArgmaxTie tie = option(instance, "argmax_tie") == "average" ? ArgmaxTie::Average : ArgmaxTie::Leftmost;
  std::vector<HardAttentionHead> heads = load_heads(instance, "");
  out.table.push_back({"input", "transformer output (last)", "max - min (last)"});
  std::size_t inputs = 0;
  bool all_exact = true;
  for (const auto& [key, u] : instance.values) {
    if (key.empty() || key[0] != 'u' || u.empty()) continue;
    ++inputs;
    std::vector<IVector> res = hard_attention_layer(heads, as_points(range_tokens(u)), tie);
    all_exact = all_exact && range_exact(heads, u, tie);
    out.table.push_back({key, to_string(res.back()[0]), to_string(f_range(u).back())});
  }
  out.violates = inputs > 0 && all_exact && heads.size() == 2;
  out.computed = "this 1-layer, " + std::to_string(heads.size()) + "-head hard-attention transformer is " +
                 (all_exact ? "exact" : "NOT exact") + " at every prefix of the " + std::to_string(inputs) +
                 " stored inputs";
  return out;
}

// The pair a grid PAL cannot tell apart: both stay below every threshold of the grid.
std::pair<std::vector<Q>, std::vector<Q>> below_grid_pair(const Measure& mu) {
  Q lowest = mu.relays.front().thresholds.beta;
  for (const WeightedRelay& r : mu.relays) lowest = std::min(lowest, r.thresholds.beta);
  return {{Q(0), lowest / 2}, {Q(0), Q(0)}};
}

std::vector<CheckResult> check_range_grid(const RunConfig& config) {
  std::vector<CheckResult> results;
  for (InitialState initial : {InitialState::Off, InitialState::On}) {
    std::mt19937_64 rng(config.seed);
    std::uniform_int_distribution<int> size(1, 6), num(1, 8), den(1, 4), w(-4, 4);
    std::optional<Instance> witness;
    std::uint64_t fooled = 0;
    for (std::uint64_t c = 0; c < config.tests; ++c) {
      Grid grid{Q(num(rng), den(rng)), size(rng), {}};
      for (int i = 1; i <= grid.L; ++i)
        for (int j = 1; j <= i; ++j) grid.weights.push_back({i, j, Q(w(rng), den(rng))});
      Measure mu = measure_from_grid(grid);
      auto [u, v] = below_grid_pair(mu);
      if (pal_by_definition(mu, u, initial).back() != pal_by_definition(mu, v, initial).back() ||
          f_range(u).back() == f_range(v).back())
        continue;
      ++fooled;
      if (!witness) {
        witness = Instance{"prop:range", kGridPair, {{"initial_state", to_string(initial)}}, {}};
        std::vector<Q> triples;
        for (const GridWeight& gw : grid.weights) triples.insert(triples.end(), {Q(gw.i), Q(gw.j), gw.weight});
        witness->values = {{"delta", {grid.delta}}, {"L", {Q(grid.L)}}, {"weights", triples}, {"u", u}, {"v", v}};
      }
    }
    CheckResult r = fooled == config.tests
                        ? make_result(Verdict::Refuted, "construction",
                                      "every generated grid PAL gives equal outputs on (0, Delta/2) and (0, 0), whose "
                                      "ranges differ: no PAL head on G_L computes f_range")
                        : make_result(Verdict::Error, "construction", "a grid PAL separated the below-grid pair");
    record_construction(r, config.tests, config, {reading(initial)}, {{"pal", "one bare PAL head on G_L (def:pal)"}},
                        {{"why it is general",
                          "every threshold of G_L is >= Delta > Delta/2, so no relay is ever on after u_0 "
                          "= 0 on either sequence, whatever L and mu; a PAL has finitely many outputs, "
                          "f_range a continuum"},
                         {"the proof's error", "PAL does not read M_1 and m_k; it sums relay states"}});
    if (r.verdict == Verdict::Refuted) r.counterexample = witness;
    results.push_back(std::move(r));
  }
  return results;
}

ReplayOutcome replay_grid_pair(const Instance& instance) {
  ReplayOutcome out;
  out.predicted = "some 1-layer PAL outputs max - min, so it separates sequences of different range";
  Grid grid{scalar(instance, "delta"), static_cast<int>(index(instance, "L", kMaxGridLevels)), {}};
  const std::vector<Q>& triples = list(instance, "weights");
  for (std::size_t k = 0; k + 2 < triples.size(); k += 3)
    grid.weights.push_back({static_cast<int>(triples[k].convert_to<double>()),
                            static_cast<int>(triples[k + 1].convert_to<double>()), triples[k + 2]});
  Measure mu = measure_from_grid(grid);
  const std::vector<Q>& u = list(instance, "u");
  const std::vector<Q>& v = list(instance, "v");
  InitialState initial = initial_state(instance);
  Q top = std::max(*std::max_element(u.begin(), u.end()), *std::max_element(v.begin(), v.end()));
  bool below_every_grid = top < grid.delta && u.front() <= 0 && v.front() <= 0;
  Q pu = pal_by_definition(mu, u, initial).back(), pv = pal_by_definition(mu, v, initial).back();
  out.violates = below_every_grid && pu == pv && f_range(u).back() != f_range(v).back();
  out.computed = "PAL = " + to_string(pu) + " on both (every relay of every grid with this Delta is off), ranges " +
                 to_string(f_range(u).back()) + " and " + to_string(f_range(v).back());
  out.table = {{"sequence", "PAL_mu", "max - min"},
               {"u", to_string(pu), to_string(f_range(u).back())},
               {"v", to_string(pv), to_string(f_range(v).back())}};
  return out;
}

PalTransformerSpec random_spec(std::mt19937_64& rng) {
  std::uniform_int_distribution<int> heads(1, 2), relays(1, 3);
  PalTransformerSpec spec;
  PalLayerSpec layer;
  for (int h = heads(rng); h > 0; --h) {
    PalHeadSpec head{{random_rational(rng, 3, 2), random_rational(rng, 3, 2)},
                     {random_rational(rng, 2, 1), random_rational(rng, 2, 1)},
                     {}};
    for (int r = relays(rng); r > 0; --r) {
      Q a = random_rational(rng, 3, 8), b = random_rational(rng, 3, 8);
      if (a < b) std::swap(a, b);
      head.mu.relays.push_back({{a, b}, random_rational(rng, 2, 1)});
    }
    layer.heads.push_back(std::move(head));
  }
  layer.ln_mpal = plain_layer_norm(2, Q(1, 100));
  layer.ln_mlp = plain_layer_norm(2, Q(1, 100));
  spec.layers.push_back(std::move(layer));
  return spec;
}

std::vector<QVector> bump(const Q& t) { return {{Q(0), Q(0)}, {t, Q(0)}, {Q(0), Q(0)}}; }

// Equal MPAL outputs at the last position and an equal last token make the last outputs equal reals.
bool same_last_output(const PalTransformerSpec& spec, const Q& t1, const Q& t2, std::string& why) {
  try {
    PalTransformerRun a = run_pal_transformer(spec, bump(t1), InitialState::Off);
    PalTransformerRun b = run_pal_transformer(spec, bump(t2), InitialState::Off);
    for (std::size_t i = 0; i < spec.d; ++i)
      if (certified_compare(a.mpal[0].back()[i], b.mpal[0].back()[i]) != 0) {
        why = "MPAL outputs differ";
        return false;
      }
    return true;
  } catch (const RelayUndecided& e) {
    why = e.what();
    return false;
  }
}

std::vector<CheckResult> check_range_transformer(const RunConfig& config) {
  std::mt19937_64 rng(config.seed);
  const std::uint64_t cases = std::max<std::uint64_t>(1, config.tests / 10);
  std::optional<Instance> witness;
  std::uint64_t fooled = 0;
  for (std::uint64_t c = 0; c < cases; ++c) {
    PalTransformerSpec spec = random_spec(rng);
    std::string why;
    for (int k = 2; k <= 40; ++k) {
      Q t1(1, 1L << k), t2(1, 1L << (k + 1));
      if (!same_last_output(spec, t1, t2, why)) continue;
      ++fooled;
      if (!witness) {
        witness = Instance{"prop:range", kPalTransformerPair, {{"initial_state", "0"}}, {}};
        store_spec(spec, "", *witness);
        witness->values["t1"] = {t1};
        witness->values["t2"] = {t2};
      }
      break;
    }
  }
  CheckResult r =
      fooled == cases
          ? make_result(Verdict::Refuted, "construction",
                        "every generated 1-layer PAL-Transformer gives the same output on (0, t, 0) and "
                        "(0, t/2, 0) for small t, whose ranges differ")
          : make_result(Verdict::Error, "construction", "no fooling perturbation found for some transformer");
  record_construction(
      r, cases, config, {reading(InitialState::Off)},
      {{"pal", "1-layer PAL-Transformer of def:pal_transformer (d = 2, sinusoidal PE, LN eps = 1/100)"}},
      {{"why it is general",
        "finitely many relays switch at finitely many perturbation sizes, so below the "
        "smallest all relay states, hence the MPAL outputs, agree; the last output is a "
        "function of x_n, PE(n) and the MPAL output alone"}});
  if (r.verdict == Verdict::Refuted) r.counterexample = witness;
  return {r};
}

ReplayOutcome replay_transformer_pair(const Instance& instance) {
  ReplayOutcome out;
  out.predicted = "a 1-layer PAL-Transformer outputs max - min, so (0, t1, 0) and (0, t2, 0) give different outputs";
  PalTransformerSpec spec = load_spec(instance, "");
  const Q t1 = scalar(instance, "t1"), t2 = scalar(instance, "t2");
  std::string why;
  bool same = spec.layers.size() == 1 && same_last_output(spec, t1, t2, why);
  out.violates = same && t1 != t2 && t1 > 0 && t2 > 0;
  out.computed = same ? "equal MPAL outputs and equal last tokens: equal last outputs, but ranges " + to_string(t1) +
                            " and " + to_string(t2)
                      : "the outputs are not shown equal (" + why + ")";
  return out;
}

}  // namespace

void register_range_checkers(Registry& registry) {
  registry.add(Checker{"prop:range_hard", "construction", check_range_hard}, kRangeTransformer,
               replay_range_transformer);
  registry.add(Checker{"prop:range", "construction", check_range_grid}, kGridPair, replay_grid_pair);
  registry.add(Checker{"prop:range", "construction", check_range_transformer}, kPalTransformerPair,
               replay_transformer_pair);
}

}  // namespace palcheck
