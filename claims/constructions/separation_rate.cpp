// thm:rate_independence, rem:pe: under def:pal_transformer (z^(0) = x + PE feeds the heads) repeating
// a token changes a relay state, so neither the MPAL output (rem:pe) nor the PAL-Transformer
// (thm:rate_independence) is rate-independent. prop:attention_pal item 3: softmax attention without
// any PE is permutation-invariant yet not rate-independent (multiplicities change its weights).
// tab:complexity: what follows from the parts (thm:separation is decided in proofs/check_separation.cpp).
#include "claims/constructions/separation_parts.h"
#include "claims/constructions/separation_witnesses.h"

#include <random>

namespace palcheck {
namespace {

constexpr const char* kStutter = "construction-pal-transformer-stutter";
constexpr const char* kSoftmax = "construction-softmax-stutter";
constexpr unsigned kBits = 96;

struct StutterRun {
  std::optional<int> mpal_cmp;    // MPAL output of x' at its last position vs of x at phi(last)
  std::optional<int> output_cmp;  // the same for the final outputs (first coordinate)
  std::string mpal_x, mpal_y, out_x, out_y;
};

StutterRun run_stutter(const PalTransformerSpec& spec, const std::vector<QVector>& x, const std::vector<Q>& phi) {
  std::vector<QVector> y;
  for (const Q& f : phi) y.push_back(x.at(static_cast<std::size_t>(f.convert_to<double>())));
  PalTransformerRun a = run_pal_transformer(spec, x, InitialState::Off, kBits);
  PalTransformerRun b = run_pal_transformer(spec, y, InitialState::Off, kBits);
  const std::size_t last = y.size() - 1, image = static_cast<std::size_t>(phi.back().convert_to<double>());
  StutterRun out;
  out.mpal_cmp = certified_compare(b.mpal[0][last][0], a.mpal[0][image][0]);
  out.output_cmp = certified_compare(b.output[last][0], a.output[image][0]);
  out.mpal_x = to_string(a.mpal[0][image][0]);
  out.mpal_y = to_string(b.mpal[0][last][0]);
  out.out_x = to_string(a.output[image][0]);
  out.out_y = to_string(b.output[last][0]);
  return out;
}

bool is_stutter(const std::vector<Q>& phi, std::size_t n) {
  if (phi.empty() || phi.front() != 0 || phi.back() != Q(static_cast<long>(n) - 1)) return false;
  for (std::size_t t = 1; t < phi.size(); ++t)
    if (phi[t] != phi[t - 1] && phi[t] != phi[t - 1] + 1) return false;
  return true;
}

Instance stutter_instance(const std::string& label, const std::string& compared) {
  Instance instance{label, kStutter, {{"initial_state", "0"}, {"compared", compared}}, {}};
  store_spec(pe_reading_spec(), "", instance);
  instance.values["x"] = flatten({{Q(0), Q(0)}, {Q(0), Q(0)}});
  instance.values["phi"] = {Q(0), Q(1), Q(1)};
  return instance;
}

CheckResult stutter_result(const std::string& label, const std::string& compared) {
  Instance instance = stutter_instance(label, compared);
  PalTransformerSpec spec = load_spec(instance, "");
  StutterRun run = run_stutter(spec, unflatten(instance.values["x"], 2), instance.values["phi"]);
  std::optional<int> cmp = compared == "mpal" ? run.mpal_cmp : run.output_cmp;
  bool differs = cmp.has_value() && *cmp != 0;
  CheckResult r = differs ? make_result(Verdict::Refuted, "construction",
                                        compared == "mpal"
                                            ? "repeating a constant token switches relay (9/10, 1/2) on through PE: "
                                              "MPAL output " +
                                                  run.mpal_y + " after the repeat vs " + run.mpal_x
                                            : "repeating a constant token changes the 1-layer PAL-Transformer's output "
                                              "(certified): " +
                                                  run.out_y + " vs " + run.out_x)
                          : make_result(Verdict::Error, "construction", "the stutter witness was not certified");
  r.reading = {reading(InitialState::Off)};
  r.interpretation = {{"pal_transformer", "def:pal_transformer as printed: z^(0) = x + PE(n) feeds the MPAL heads"},
                      {"rate_independence", "discrete: f(x o phi)(t) = f(x)(phi(t)) for phi non-decreasing onto"}};
  r.details = {
      {"x", "two constant tokens (0, 0); phi = (0, 1, 1) repeats the last one"},
      {"head", "d = 2, PE(n) = (sin n, cos n), W_I = (1, 0), one relay (9/10, 1/2), W_O = (1, 0), LN eps 1/100"},
      {"rigour", "sin 1 < 9/10 <= sin 2 certified by Arb enclosures; outputs enclosed to 2^-96"}};
  if (differs) r.counterexample = instance;
  return r;
}

ReplayOutcome replay_stutter(const Instance& instance) {
  ReplayOutcome out;
  const std::string& compared = option(instance, "compared");
  out.predicted =
      compared == "mpal" ? "the MPAL output is rate-independent" : "the PAL-Transformer is rate-independent";
  PalTransformerSpec spec = load_spec(instance, "");
  std::vector<QVector> x = load_tokens(instance, "x", spec.d);
  const std::vector<Q>& phi = list(instance, "phi");
  if (!is_stutter(phi, x.size())) {
    out.computed = "phi is not a non-decreasing map onto the positions of x";
    return out;
  }
  StutterRun run = run_stutter(spec, x, phi);
  std::optional<int> cmp = compared == "mpal" ? run.mpal_cmp : run.output_cmp;
  out.violates = cmp.has_value() && *cmp != 0;
  out.computed = compared == "mpal" ? "MPAL(x o phi)(last) = " + run.mpal_y + ", MPAL(x)(phi(last)) = " + run.mpal_x
                                    : "f(x o phi)(last) = " + run.out_y + ", f(x)(phi(last)) = " + run.out_x;
  out.table = {{"quantity", "x o phi at last", "x at phi(last)"},
               {"MPAL (first coordinate)", run.mpal_y, run.mpal_x},
               {"output (first coordinate)", run.out_y, run.out_x}};
  return out;
}

// Softmax attention without PE at the last position: query 1, key = value = x_j.
QInterval softmax_last(const std::vector<Q>& x) {
  QInterval num = point(0), den = point(0);
  for (const Q& v : x) {
    QInterval w = exp_enclosure(v, kBits);
    num = num + w * point(v);
    den = den + w;
  }
  return num / den;
}

ReplayOutcome replay_softmax(const Instance& instance) {
  ReplayOutcome out;
  out.predicted = "softmax attention is rate-independent (repeating a token does not change its output)";
  const std::vector<Q>& x = list(instance, "x");
  const std::vector<Q>& phi = list(instance, "phi");
  if (!is_stutter(phi, x.size())) {
    out.computed = "phi is not a non-decreasing map onto the positions of x";
    return out;
  }
  std::vector<Q> y;
  for (const Q& f : phi) y.push_back(x.at(static_cast<std::size_t>(f.convert_to<double>())));
  QInterval a = softmax_last(x), b = softmax_last(y);
  auto cmp = certified_compare(a, b);
  out.violates = cmp.has_value() && *cmp != 0;
  out.computed = "output on x: " + to_string(a) + ", on x o phi: " + to_string(b);
  return out;
}

std::vector<CheckResult> check_attention_item3(const RunConfig& config) {
  std::mt19937_64 rng(config.seed);
  std::uniform_int_distribution<int> len(2, 6), k(-8, 8);
  std::uint64_t permutation_equal = 0, stutter_differs = 0;
  std::optional<Instance> witness;
  const std::uint64_t cases = std::max<std::uint64_t>(1, config.tests / 10);
  for (std::uint64_t c = 0; c < cases; ++c) {
    std::vector<Q> x;
    for (int n = len(rng); n > 0; --n) x.push_back(Q(k(rng), 4));
    // Permuting the earlier tokens permutes the terms of both sums: the enclosures must overlap.
    std::vector<Q> permuted(x.rbegin() + 1, x.rend());
    permuted.push_back(x.back());
    auto same = certified_compare(softmax_last(x), softmax_last(permuted));
    if (!same.has_value() || *same == 0) ++permutation_equal;
    std::vector<Q> phi;
    for (std::size_t t = 0; t < x.size(); ++t) phi.push_back(Q(static_cast<long>(t)));
    phi.insert(phi.begin(), Q(0));
    std::vector<Q> y{x.front()};
    y.insert(y.end(), x.begin(), x.end());
    auto cmp = certified_compare(softmax_last(x), softmax_last(y));
    if (cmp.has_value() && *cmp != 0) {
      ++stutter_differs;
      if (!witness) witness = Instance{"prop:attention_pal:item3", kSoftmax, {}, {{"x", x}, {"phi", phi}}};
    }
  }
  CheckResult r = witness ? make_result(Verdict::Refuted, "construction",
                                        "softmax attention WITHOUT PE is not rate-independent (repeating the first "
                                        "token changes its weight), so position is not what breaks it")
                          : make_result(Verdict::Unknown, "construction", "no repeat changed the softmax output");
  record_construction(r, cases, config, {},
                      {{"attention", "softmax over keys = values = x_j, query 1, no PE (scale 1/sqrt(d) = 1)"}},
                      {{"repeats that changed the output (certified)", std::to_string(stutter_differs)},
                       {"permutations of earlier tokens with overlapping enclosures",
                        std::to_string(permutation_equal) + " of " + std::to_string(cases)},
                       {"reading",
                        "item 3 attributes the loss of rate-independence to absolute position through q.k_j; "
                        "without PE attention is permutation-invariant and still not rate-independent"},
                       {"rigour", "exp enclosed by Arb balls"}});
  if (witness) r.counterexample = witness;
  return {r};
}

std::vector<CheckResult> check_rate_theorem(const RunConfig&) {
  CheckResult r = stutter_result("thm:rate_independence", "output");
  r.details.insert(r.details.end(), {{"second sentence",
                                      "'Standard attention computes functions that are not rate-independent' "
                                      "holds (prop:attention_pal:item3)"},
                                     {"third sentence",
                                      "'a sufficient condition for f not in F_Tr \\ F_PAL' does not follow from a "
                                      "necessary condition for F_PAL"}});
  return {r};
}

std::vector<CheckResult> check_complexity_table(const RunConfig&) {
  return {make_result(Verdict::NotCheckable, "construction",
                      "the table's rows are asymptotic costs and TC depths; what is checkable of its "
                      "expressiveness columns is checked under thm:separation and prop:range_hard",
                      {{"hard transformer row",
                        "depth O(log n) for TC is not what prop:range_hard's construction needs: "
                        "f_range takes one layer"}})};
}

}  // namespace

void register_rate_checkers(Registry& registry) {
  registry.add(Checker{"thm:rate_independence", "construction", check_rate_theorem}, kStutter, replay_stutter);
  registry.add(Checker{"rem:pe", "construction",
                       [](const RunConfig&) { return std::vector<CheckResult>{stutter_result("rem:pe", "mpal")}; }},
               kStutter, replay_stutter);
  registry.add(Checker{"prop:attention_pal:item3", "construction", check_attention_item3});
  registry.add(Checker{"prop:attention_pal", "construction", [](const RunConfig&) {
                         CheckResult r =
                             make_result(Verdict::NotCheckable, "construction",
                                         "'continuous relaxation' is an analogy with no stated map or limit; "
                                         "its checkable item 3 is prop:attention_pal:item3");
                         r.details = {{"items 1 and 2",
                                       "softmax weights are not relay states and V is not a measure "
                                       "under any map the proposition defines"}};
                         return std::vector<CheckResult>{r};
                       }});
  registry.add(Replayer{"prop:attention_pal:item3", kSoftmax, replay_softmax});
  registry.add(Checker{"tab:complexity", "construction", check_complexity_table});
}

}  // namespace palcheck
