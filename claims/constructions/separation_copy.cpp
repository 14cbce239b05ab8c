// prop:copy: retrieval by one hard-attention head, BOUNDED by enumeration for n <= 48 with an exact
// quadratic PE and n <= 24 with the sinusoidal PE of the proof (argmax certified by rigorous
// enclosures); the quadratic head's general argument for every n is proved by Z3 and cvc5 in proofs/.
// prop:no_copy: its proof's key step ("equal extremum stacks give equal PAL-Transformer outputs") is
// refuted by a PAL-Transformer whose head reads PE (prop:no_copy:equal_stacks); the statement itself is
// proved in proofs/ (the finite-image lemma, proofs/finite_image.h).
#include "claims/constructions/separation_parts.h"
#include "claims/constructions/separation_witnesses.h"
#include "reference/models/efo_formula.h"
#include "reference/preisach_memory.h"

#include <random>

namespace palcheck {
namespace {

constexpr const char* kPair = kNonExtremalPair;
constexpr std::size_t kQuadraticMax = 48;
constexpr std::size_t kSinusoidalMax = 24;
constexpr unsigned kBits = 96;

std::vector<CheckResult> check_copy(const RunConfig&) {
  std::vector<CheckResult> results;
  // Exact PE (j, j^2): the selection is checked for every (n, p); values are then copied verbatim.
  std::size_t pairs = 0, wrong = 0;
  std::vector<Q> x;
  for (std::size_t j = 0; j <= kQuadraticMax; ++j) x.push_back(Q(static_cast<long>(3 * j % 7), 1 + j % 3));
  for (std::size_t p = 0; p <= kQuadraticMax; ++p) {
    std::vector<IVector> z = as_points(copy_tokens_quadratic(x, p));
    for (std::size_t n = p; n <= kQuadraticMax; ++n, ++pairs)
      if (hard_attention_selection(copy_heads_quadratic().front(), z, n) != std::vector<std::size_t>{p}) ++wrong;
  }
  CheckResult exact = wrong == 0 ? make_result(Verdict::Bounded, "enumeration",
                                               "one hard-attention head with keys (j, j^2) and query (2p, -1) selects "
                                               "exactly j = p for every n <= 48 and p <= n")
                                 : make_result(Verdict::Error, "enumeration", "the quadratic copy head missed");
  exact.cases = pairs;
  if (wrong == 0) exact.bound = "n <= " + std::to_string(kQuadraticMax) + " (every 0 <= p <= n enumerated)";
  exact.hypotheses_used = {"0 <= p <= n", "the query token carries p", "PE(j) = (j, j^2) (exact, ours)"};
  exact.interpretation = {{"position_encoding", "exact quadratic (j, j^2), not the sinusoidal PE of the proof"}};
  exact.reading = {every(ReadingKey::ArgmaxTie, "no ties occur")};
  exact.details = {{"general n", "2pj - j^2 = p^2 - (j - p)^2 is maximal over the integers only at j = p, for every n"},
                   {"values", "W_Q and W_K ignore the value coordinate, so the selection, hence x_p, holds for all x"}};
  results.push_back(std::move(exact));

  // Sinusoidal PE of the proof (d = 2 gives PE(j) = (sin j, cos j)): score cos(j - p), certified.
  std::size_t certified = 0, failed = 0;
  std::vector<Q> values(kSinusoidalMax + 1, Q(0));
  for (std::size_t p = 0; p <= kSinusoidalMax; ++p) {
    std::vector<IVector> z = copy_tokens_sinusoidal(values, p, kBits);
    for (std::size_t n = p; n <= kSinusoidalMax; ++n) {
      try {
        if (hard_attention_selection(copy_heads_sinusoidal().front(), z, n) == std::vector<std::size_t>{p})
          ++certified;
        else
          ++failed;
      } catch (const ArgmaxUndecided&) {
        ++failed;
      }
    }
  }
  CheckResult sinus = failed == 0 ? make_result(Verdict::Bounded, "enumeration",
                                                "q = PE(p), k_j = PE(j) (sinusoidal, d = 2): argmax_j cos(j - p) is "
                                                "certified to be exactly p for every n <= 24 and p <= n")
                                  : make_result(Verdict::Unknown, "enumeration",
                                                "some argmax could not be certified by the enclosures");
  sinus.cases = certified + failed;
  if (failed == 0) sinus.bound = "n <= " + std::to_string(kSinusoidalMax) + " (every 0 <= p <= n certified)";
  sinus.hypotheses_used = {"0 <= p <= n", "the query token carries PE(p)", "PE(j) = (sin j, cos j)"};
  sinus.interpretation = {{"position_encoding", "sinusoidal with d = 2 (Vaswani's formula at d = 2)"}};
  sinus.details = {{"rigour", "sin and cos enclosed by Arb balls, width 2^-96"},
                   {"general n",
                    "cos(m) < 1 for every integer m != 0 (pi is irrational), but the margin 1 - cos(j - p) "
                    "has no positive lower bound as n grows: finite precision cannot keep up"}};
  results.push_back(std::move(sinus));
  return results;
}

struct PairRun {
  bool separated = false;     // some coordinate of the last outputs is certified different
  std::string first, second;  // the last outputs
  bool equal_memory = false;  // the first coordinates have equal Preisach memories
};

std::vector<Q> first_coordinate(const std::vector<QVector>& x) {
  std::vector<Q> u;
  for (const QVector& t : x) u.push_back(t.at(0));
  return u;
}

PairRun run_pair(const PalTransformerSpec& spec, const std::vector<QVector>& x, const std::vector<QVector>& y) {
  PairRun out;
  PalTransformerRun a = run_pal_transformer(spec, x, InitialState::Off);
  PalTransformerRun b = run_pal_transformer(spec, y, InitialState::Off);
  for (std::size_t i = 0; i < spec.d; ++i) {
    auto c = certified_compare(a.output.back()[i], b.output.back()[i]);
    out.separated = out.separated || (c.has_value() && *c != 0);
    out.first += (i ? ", " : "") + to_string(a.output.back()[i]);
    out.second += (i ? ", " : "") + to_string(b.output.back()[i]);
  }
  out.equal_memory = memory_trace(first_coordinate(x), InitialState::Off).back() ==
                     memory_trace(first_coordinate(y), InitialState::Off).back();
  return out;
}

std::vector<CheckResult> check_equal_stacks(const RunConfig& config) {
  std::uint64_t separated = 0, cases = 0;
  std::optional<Instance> witness = find_non_extremal_pair("prop:no_copy:equal_stacks", config, separated, cases);
  CheckResult r = witness ? make_result(Verdict::Refuted, "construction",
                                        "a 1-layer PAL-Transformer whose head reads PE gives certified different "
                                        "outputs on (0, v, 2) and (0, v', 2), 0 < v, v' < 2, whose extremum stacks are "
                                        "equal")
                          : make_result(Verdict::Unknown, "construction", "no generated pair was separated");
  record_construction(r, cases, config, {reading(InitialState::Off)},
                      {{"pal_transformer", "def:pal_transformer as printed: z^(0) = x + PE feeds the MPAL heads"}},
                      {{"separated pairs", std::to_string(separated) + " of " + std::to_string(cases)},
                       {"mechanism",
                        "the head's signal (x_j + sin j) + 3 cos j is not monotone where x is, so a position "
                        "that is no extremum of x is an extremum of the signal"}});
  if (witness) r.counterexample = witness;
  return {r};
}

bool same_extremal_structure(const std::vector<Q>& u, const std::vector<Q>& v) {
  for (const ExtremumReading& reading : all_extremum_readings()) {
    std::vector<Q> a, b;
    std::vector<bool> eu = extremal_positions(u, reading), ev = extremal_positions(v, reading);
    for (std::size_t i = 0; i < u.size(); ++i)
      if (eu[i]) a.push_back(u[i]);
    for (std::size_t i = 0; i < v.size(); ++i)
      if (ev[i]) b.push_back(v[i]);
    if (a != b) return false;
  }
  return true;
}

ReplayOutcome replay_pair(const Instance& instance) {
  ReplayOutcome out;
  out.predicted =
      "equal extremum stacks (and equal extremal structure, so equal values of every EFO formula) give "
      "equal outputs";
  PalTransformerSpec spec = load_spec(instance, "");
  std::vector<QVector> x = load_tokens(instance, "x", spec.d);
  std::vector<QVector> y = load_tokens(instance, "y", spec.d);
  PairRun run = run_pair(spec, x, y);
  const bool same_structure = same_extremal_structure(first_coordinate(x), first_coordinate(y));
  out.violates = run.equal_memory && same_structure && run.separated;
  out.computed = std::string(run.equal_memory ? "equal" : "different") + " Preisach memories, " +
                 (same_structure ? "equal" : "different") + " extremal structure; last outputs (" + run.first +
                 ") vs (" + run.second + ")" + (run.separated ? ", certified different" : "");
  out.table = {{"sequence", "last output"}, {"x", run.first}, {"y", run.second}};
  return out;
}

}  // namespace

std::optional<Instance> find_non_extremal_pair(const std::string& label, const RunConfig& config,
                                               std::uint64_t& separated, std::uint64_t& cases) {
  // Sequences (0, v, 2) and (0, v', 2) with 0 < v, v' < 2: position 1 is never an extremum.
  std::mt19937_64 rng(config.seed);
  PalTransformerSpec spec = non_extremal_reading_spec();
  std::uniform_int_distribution<int> k(1, 15);
  std::optional<Instance> witness;
  separated = 0;
  cases = std::max<std::uint64_t>(1, config.tests / 10);
  for (std::uint64_t c = 0; c < cases; ++c) {
    Q v(k(rng), 8), w(k(rng), 8);
    std::vector<QVector> x{{Q(0), Q(0)}, {v, Q(0)}, {Q(2), Q(0)}}, y{{Q(0), Q(0)}, {w, Q(0)}, {Q(2), Q(0)}};
    try {
      PairRun run = run_pair(spec, x, y);
      if (!run.equal_memory || !run.separated) continue;
    } catch (const RelayUndecided&) {
      continue;
    }
    ++separated;
    if (!witness) {
      witness = Instance{label, kPair, {{"initial_state", "0"}}, {}};
      store_spec(spec, "", *witness);
      witness->values["x"] = flatten(x);
      witness->values["y"] = flatten(y);
    }
  }
  return witness;
}

ReplayOutcome replay_non_extremal_pair(const Instance& instance) { return replay_pair(instance); }

void register_copy_checkers(Registry& registry) {
  registry.add(Checker{"prop:copy", "enumeration", check_copy});
  registry.add(Checker{"prop:no_copy:equal_stacks", "construction", check_equal_stacks}, kPair, replay_pair);
}

}  // namespace palcheck
