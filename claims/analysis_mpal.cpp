// def:mpal, def:mpal:vpal, def:attention: the dimensions of eq:mpal and eq:attention, a seeded
// search of scalar MPAL against an independent head-by-head sum, and the two points the paper
// leaves undefined (vPAL's measure; hard attention's argmax on ties).
#include "claims/analysis_registration.h"

#include "reference/mpal.h"
#include "reference/pal_definition.h"

#include <random>
#include <stdexcept>

namespace palcheck::analysis {
namespace {

constexpr const char* kScenario = "mpal-vs-sum";

struct MpalCase {
  std::size_t d = 1;
  std::vector<MpalHead> heads;
  std::vector<QVector> x;
};

// eq:mpal computed independently of mpal(): W_I x_n by hand, then PAL by definition, then W_O.
std::vector<QVector> mpal_by_hand(const MpalCase& c) {
  std::vector<QVector> out(c.x.size(), QVector(c.d, Q(0)));
  for (const MpalHead& h : c.heads) {
    std::vector<Q> signal;
    for (const QVector& token : c.x) {
      Q s = 0;
      for (std::size_t k = 0; k < c.d; ++k) s += h.w_in[k] * token[k];
      signal.push_back(s);
    }
    std::vector<Q> pal = pal_by_definition(h.mu, signal, InitialState::Off);
    for (std::size_t n = 0; n < c.x.size(); ++n)
      for (std::size_t k = 0; k < c.d; ++k) out[n][k] += h.w_out[k] * pal[n];
  }
  return out;
}

long first_difference(const MpalCase& c) {
  std::vector<QVector> computed = mpal(c.heads, c.x, InitialState::Off), expected = mpal_by_hand(c);
  for (std::size_t n = 0; n < c.x.size(); ++n)
    if (computed[n].size() != c.d || computed[n] != expected[n]) return static_cast<long>(n);
  return computed.size() == c.x.size() ? -1 : static_cast<long>(c.x.size());
}

Instance to_instance(const MpalCase& c) {
  Instance x{"def:mpal", kScenario, {{"initial_state", "0"}}, {{"d", {Q(static_cast<long>(c.d))}}}};
  for (std::size_t h = 0; h < c.heads.size(); ++h) {
    for (const Q& q : c.heads[h].w_in) x.values["w_in"].push_back(q);
    for (const Q& q : c.heads[h].w_out) x.values["w_out"].push_back(q);
    for (const WeightedRelay& w : c.heads[h].mu.relays) {
      x.values["head"].push_back(Q(static_cast<long>(h)));
      x.values["alpha"].push_back(w.thresholds.alpha);
      x.values["beta"].push_back(w.thresholds.beta);
      x.values["weight"].push_back(w.weight);
    }
  }
  for (const QVector& token : c.x)
    for (const Q& q : token) x.values["x"].push_back(q);
  return x;
}

MpalCase from_instance(const Instance& x) {
  MpalCase c;
  const Q& d = scalar(x, "d");
  if (denominator(d) != 1 || d < 1 || d > 1000) throw std::invalid_argument("d must be an integer in 1..1000");
  c.d = numerator(d).convert_to<std::size_t>();
  const auto &w_in = list(x, "w_in"), &w_out = list(x, "w_out"), &xs = list(x, "x");
  if (w_in.size() % c.d || w_out.size() != w_in.size() || xs.size() % c.d)
    throw std::invalid_argument("w_in, w_out and x must have lengths H*d, H*d and (n+1)*d");
  for (std::size_t h = 0; h < w_in.size() / c.d; ++h)
    c.heads.push_back({QVector(w_in.begin() + h * c.d, w_in.begin() + (h + 1) * c.d),
                       QVector(w_out.begin() + h * c.d, w_out.begin() + (h + 1) * c.d),
                       {}});
  const auto &head = list(x, "head"), &a = list(x, "alpha"), &b = list(x, "beta"), &w = list(x, "weight");
  for (std::size_t r = 0; r < head.size(); ++r) {
    std::size_t h = numerator(head[r]).convert_to<std::size_t>();
    if (denominator(head[r]) != 1 || head[r] < 0 || h >= c.heads.size()) throw std::invalid_argument("bad head index");
    c.heads[h].mu.relays.push_back({{a.at(r), b.at(r)}, w.at(r)});
  }
  for (std::size_t n = 0; n < xs.size() / c.d; ++n) c.x.emplace_back(xs.begin() + n * c.d, xs.begin() + (n + 1) * c.d);
  return c;
}

ReplayOutcome replay_mpal(const Instance& instance) {
  MpalCase c = from_instance(instance);
  std::vector<QVector> computed = mpal(c.heads, c.x, InitialState::Off), expected = mpal_by_hand(c);
  ReplayOutcome out;
  out.table.push_back({"n", "x_n", "eq:mpal by hand", "mpal()"});
  for (std::size_t n = 0; n < c.x.size(); ++n)
    out.table.push_back({std::to_string(n), list_text(c.x[n]), list_text(expected[n]),
                         n < computed.size() ? list_text(computed[n]) : "-"});
  long n = first_difference(c);
  out.violates = n >= 0;
  out.predicted = "MPAL(x_{0:n}) in R^d equals the head-by-head sum of eq:mpal";
  out.computed = n < 0 ? "equal at every n" : "they differ first at n = " + std::to_string(n);
  return out;
}

Q small(std::mt19937_64& rng) { return Q(std::uniform_int_distribution<int>(-6, 6)(rng), 2); }

CheckResult search_mpal(const RunConfig& config) {
  std::mt19937_64 rng(config.seed);
  CheckResult r;
  r.method = "property";
  r.seed = config.seed;
  r.reading = {reading(InitialState::Off)};
  for (std::uint64_t t = 0; t < config.tests; ++t) {
    MpalCase c;
    c.d = std::uniform_int_distribution<std::size_t>(1, 3)(rng);
    std::size_t heads = std::uniform_int_distribution<std::size_t>(1, 3)(rng);
    for (std::size_t h = 0; h < heads; ++h) {
      MpalHead head;
      for (std::size_t k = 0; k < c.d; ++k) head.w_in.push_back(small(rng)), head.w_out.push_back(small(rng));
      std::size_t relays = std::uniform_int_distribution<std::size_t>(1, 4)(rng);
      for (std::size_t k = 0; k < relays; ++k) {
        Q a = small(rng) * 2, b = small(rng) * 2;
        if (a < b) std::swap(a, b);
        head.mu.relays.push_back({{a, b}, small(rng)});
      }
      c.heads.push_back(std::move(head));
    }
    std::size_t length = std::uniform_int_distribution<std::size_t>(1, 8)(rng);
    for (std::size_t n = 0; n < length; ++n) {
      QVector token;
      for (std::size_t k = 0; k < c.d; ++k) token.push_back(small(rng));
      c.x.push_back(std::move(token));
    }
    r.cases = t + 1;
    long n = first_difference(c);
    if (n < 0) continue;
    r.verdict = Verdict::Refuted;
    r.summary = "mpal() departs from the head-by-head sum of eq:mpal at n = " + std::to_string(n);
    r.counterexample = to_instance(c);
    return r;
  }
  std::string mismatch;
  try {
    mpal({MpalHead{QVector(2, Q(1)), QVector(1, Q(1)), {}}}, {QVector(1, Q(1))}, InitialState::Off);
    mismatch = "accepted (the reference does not check dimensions)";
  } catch (const std::invalid_argument& e) {
    mismatch = std::string("rejected: ") + e.what();
  }
  r.verdict = Verdict::Held;
  r.summary = std::to_string(r.cases) +
              " generated MPALs (d <= 3, H <= 3): every output is in R^d and equals the "
              "head-by-head sum of eq:mpal";
  r.details = {{"dimensions",
                "W_I^(h) in R^{1 x d} maps x_n in R^d to a scalar signal; PAL gives a scalar; "
                "W_O^(h) in R^d maps it back; the sum over h is in R^d: consistent"},
               {"a W_I of length d + 1", mismatch}};
  return r;
}

std::vector<CheckResult> analyse_vpal(const RunConfig&) {
  return {analysis_result(
      Verdict::IllPosed,
      "vPAL is never defined: its measure lives on (alpha, beta, theta) in def:mpal, on (alpha_x, beta_x, alpha_y, "
      "beta_y, theta) in cor:vpal_tc, and on an H-fold product of half-planes in rem:heads_dims",
      {{"exact point 1",
        "def:mpal: \"W_I^{(h)} \\in \\R^{2 \\times d} and the measure \\mu is defined over the "
        "three-dimensional space (\\alpha, \\beta, \\theta)\""},
       {"exact point 2",
        "proof of cor:vpal_tc: \"the angular structure of the vPAL measure \\mu(\\alpha_x, \\beta_x, "
        "\\alpha_y, \\beta_y, \\theta)\" (five coordinates)"},
       {"exact point 3",
        "rem:heads_dims: \"a single H-dimensional vPAL head requires L^{2H} parameters (the H-fold "
        "Cartesian product of Preisach half-planes)\" (no theta)"},
       {"missing",
        "no equation gives the vPAL output from a 2-D signal (how a relay over (alpha, beta, theta) reads "
        "(u^x, u^y), or how the output is projected back); cor:vpal_tc and the vPAL row of tab:complexity "
        "rest on it"},
       {"scalar MPAL",
        "not affected: eq:mpal with W_I in R^{1 x d} is consistent (see def:mpal, proved by induction, and its "
        "property result)"}})};
}

std::vector<CheckResult> analyse_attention(const RunConfig&) {
  // Hard attention a_j = 1[j = argmax_i q . k_i]: a query with two maximal scores.
  QVector q{Q(1), Q(0)};
  std::vector<QVector> keys{{Q(1), Q(0)}, {Q(1), Q(5)}, {Q(0), Q(1)}};
  std::vector<Q> scores;
  for (const QVector& k : keys) scores.push_back(q[0] * k[0] + q[1] * k[1]);
  Q best = *std::max_element(scores.begin(), scores.end());
  std::vector<std::string> maximisers;
  for (std::size_t i = 0; i < scores.size(); ++i)
    if (scores[i] == best) maximisers.push_back(std::to_string(i + 1));
  std::string argmax_set;
  for (std::size_t i = 0; i < maximisers.size(); ++i) argmax_set += (i ? ", " : "") + maximisers[i];
  if (maximisers.size() < 2) return {analysis_result(Verdict::Error, "the tie witness has a unique maximiser", {})};
  return {analysis_result(
      Verdict::IllPosed,
      "hard attention a_j = 1[j = argmax_i q . k_i] is undefined when the maximal score is attained twice",
      {{"exact point", "sec:transformer_bg: \"a_j = \\mathbf{1}[j = \\argmax_i q \\cdot k_i]\""},
       {"witness", "q = (1, 0), keys (1, 0), (1, 5), (0, 1): scores " + list_text(scores) + ", argmax set {" +
                       argmax_set + "}: a_1 and a_2 are not determined"},
       {"usual repair", "Perez et al. (2021) average over the argmax set; none is stated here"},
       {"dimensions",
        "q in R^d (a row), K, V in R^{n x d}: q K^T in R^{1 x n}, softmax over the n scores, times V "
        "gives R^{1 x d}: eq:attention is dimensionally consistent (softmax and sqrt leave the "
        "rationals, so it is not evaluated exactly here)"}},
      {{"hard_attention_ties", "as printed: undefined"}})};
}

}  // namespace

void register_mpal_analyses(Registry& registry) {
  registry.add(Checker{"def:mpal", "property",
                       [](const RunConfig& config) { return std::vector<CheckResult>{search_mpal(config)}; }},
               kScenario, replay_mpal);
  registry.add(Checker{"def:mpal:vpal", "analysis", analyse_vpal});
  registry.add(Checker{"def:attention", "analysis", analyse_attention});
}

}  // namespace palcheck::analysis
