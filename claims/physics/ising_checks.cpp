// prop:ising_streaming (PAL with mu*(alpha,beta) = alpha 1[alpha = -beta] tracks the mean-field Ising energy) and
// rem:maxcut (CUT(S) = (E_max - E(sigma))/2), by exact evaluation and enumeration.
#include "claims/physics/physics_results.h"
#include "claims/physics/sampling.h"
#include "reference/pal_definition.h"

#include <algorithm>
#include <set>

namespace palcheck::physics {
namespace {

constexpr const char* kStreaming = "phys-streaming-first-equality";

// Readings of PAL_{mu*} for a stream: where the atoms of alpha 1[alpha = -beta] sit.
Q streaming_lhs(const std::vector<Q>& u, const std::string& reading) {
  Measure mu;
  if (reading == "per-token") {
    for (const Q& x : u) mu.relays.push_back({{x, Q(-x)}, x});
  } else if (reading == "point-set") {
    for (const Q& x : std::set<Q>(u.begin(), u.end())) mu.relays.push_back({{x, Q(-x)}, x});
  } else {  // "grid": mu* restricted to G_L of def:pal, Delta = 1, L covering the stream
    Q top = 1;
    for (const Q& x : u) top = std::max(top, x);
    Grid grid{Q(1), static_cast<int>(boost::multiprecision::numerator(floor_q(top))), {}};
    for (int i = 1; i <= grid.L; ++i)
      for (int j = 1; j <= i; ++j)
        if (Q(i) == Q(-j)) grid.weights.push_back({i, j, Q(i)});
    mu = measure_from_grid(grid);
  }
  return pal_by_definition(mu, u, InitialState::Off).back();
}

Q streaming_rhs(const std::vector<Q>& u) {
  Q sum = 0;
  for (std::size_t t = 0; t < u.size(); ++t) {
    std::vector<Q> prefix(u.begin(), u.begin() + static_cast<long>(t) + 1);
    sum += u[t] * run_relay({u[t], Q(-u[t])}, prefix, InitialState::Off).back();
  }
  return sum;
}

ReplayOutcome replay_streaming(const Instance& instance) {
  const std::vector<Q>& u = list(instance, "u");
  const std::string& reading = option(instance, "reading");
  Q lhs = streaming_lhs(u, reading), rhs = streaming_rhs(u);
  ReplayOutcome out;
  out.violates = lhs != rhs;
  out.predicted = "PAL_{mu*}(u_{0:n}) = sum_t J_t relay_{J_t,-J_t}[u](t)";
  out.computed = "left " + to_string(lhs) + ", right " + to_string(rhs) + " (atoms: " + reading + ")";
  return out;
}

CheckResult first_equality(const RunConfig& config, const std::string& reading) {
  auto rng = seeded(config.seed, 41);
  std::uniform_int_distribution<int> length(1, 6);
  std::uint64_t cases = 1;
  for (; cases <= config.tests; ++cases) {
    std::vector<Q> u = random_sequence(rng, length(rng), 0, 3, 1);  // J_t >= 0: the relays stay in T
    if (streaming_lhs(u, reading) == streaming_rhs(u)) continue;
    CheckResult r = make_result(Verdict::Refuted, "numeric",
                                reading == "grid" ? "mu* lives on alpha = -beta, which meets the grid G_L (alpha_i, "
                                                    "beta_j >= Delta > 0) nowhere: PAL_{mu*} = 0 on G_L"
                                                  : "one atom of mass alpha per point of alpha = -beta: a repeated "
                                                    "value is counted once on the left, once per token on the right");
    r.counterexample = Instance{"prop:ising_streaming", kStreaming, {{"reading", reading}}, {{"u", u}}};
    r.cases = cases;
    r.seed = config.seed;
    r.reading = {palcheck::reading(InitialState::Off)};
    r.interpretation = {{"atoms", reading}};
    return r;
  }
  return held_search(
      "reading one atom per token: the first equality holds for J_t >= 0, trivially: both "
      "sides are sum_t J_t (relay(J_t,-J_t) switches off only at u <= -J_t <= 0)",
      cases - 1, config, {{"atoms", reading}}, {palcheck::reading(InitialState::Off)});
}

CheckResult streaming_analysis(const RunConfig&) {
  std::string thrown = half_plane_violation({Q(-1), Q(1)});
  return make_result(
      thrown.empty() ? Verdict::Error : Verdict::IllPosed, "analysis",
      "relay(J_t, -J_t) is outside T for J_t < 0; E_bar_n uses N, J_ij and m_i that a scalar stream does not define; "
      "the error is O(n^{1/2}) in the statement and O(n^{-1/2}) in the proof; the energy's sign flips",
      {{"point 1",
        "P_J is any distribution: a negative J_t gives thresholds (J_t, -J_t) with alpha < beta; the reference "
        "on (-1, 1): " +
            thrown},
       {"point 2",
        "E_bar_n = -(1/N) sum_{i<j} J_ij m_i m_j: neither N, the pairs (i,j) nor m_i are functions of "
        "J_1..J_n, and m = E_{t<=n}[sigma_t] names spins the stream does not have"},
       {"point 3",
        "statement: + O(n^{1/2}); proof: + O(n^{-1/2}) by the law of large numbers, then O(n^{1/2}) by "
        "Hoeffding"},
       {"point 4", "proof: PAL = J m^2/2 + ..., 'recovering the mean-field energy -J m^2/2'"},
       {"point 5", "as an L^1 density (def:preisach) alpha 1[alpha = -beta] is zero almost everywhere, so P_{mu*} = 0"},
       {"point 6",
        "the proof's 'J_t >= J_t holds trivially' makes every relay 1 at its own arrival time t, so the "
        "middle expression is sum_t J_t whatever the stream"}});
}

// rem:maxcut: E(sigma) = -sum_{i<j} J_ij s_i s_j (eq:ising_energy, h = 0) with J_ij = sign * w_ij.
struct MaxcutTally {
  std::uint64_t graphs = 0, failures = 0;
  std::vector<Q> first_failure;  // edge weights
};

MaxcutTally enumerate_maxcut(int vertices, const std::vector<int>& weight_values, int sign, bool every_sigma) {
  std::vector<std::pair<int, int>> edges;
  for (int i = 0; i < vertices; ++i)
    for (int j = i + 1; j < vertices; ++j) edges.push_back({i, j});
  MaxcutTally tally;
  std::vector<std::size_t> digits(edges.size(), 0);
  for (;;) {
    std::vector<Q> w;
    for (std::size_t d : digits) w.push_back(weight_values[d]);
    auto energy = [&](unsigned s) {
      Q e = 0;
      for (std::size_t k = 0; k < edges.size(); ++k) {
        int si = (s >> edges[k].first) & 1 ? 1 : -1, sj = (s >> edges[k].second) & 1 ? 1 : -1;
        e -= sign * w[k] * si * sj;
      }
      return e;
    };
    auto cut = [&](unsigned s) {
      Q c = 0;
      for (std::size_t k = 0; k < edges.size(); ++k)
        if (((s >> edges[k].first) & 1) != ((s >> edges[k].second) & 1)) c += w[k];
      return c;
    };
    const unsigned configs = 1u << vertices;
    Q e_max = energy(0), best_cut = cut(0);
    for (unsigned s = 1; s < configs; ++s) e_max = std::max(e_max, energy(s)), best_cut = std::max(best_cut, cut(s));
    bool ok = true;
    for (unsigned s = 0; s < configs; ++s)
      if ((every_sigma || cut(s) == best_cut) && cut(s) != (e_max - energy(s)) / 2) ok = false;
    ++tally.graphs;
    if (!ok && tally.failures++ == 0) tally.first_failure = w;
    std::size_t k = 0;
    while (k < digits.size() && ++digits[k] == weight_values.size()) digits[k++] = 0;
    if (k == digits.size()) return tally;
  }
}

CheckResult maxcut_analysis(const RunConfig&) {
  MaxcutTally literal = enumerate_maxcut(2, {1}, +1, false);
  MaxcutTally signed_weights = enumerate_maxcut(3, {-1, 0, 1}, -1, false);
  return make_result(
      Verdict::IllPosed, "analysis",
      "E_max is never defined and the sign convention linking J_ij to cut weights is not given; 'the mean-field Ising "
      "energy in prop:ising_streaming' is a scalar of a stream, not E(sigma) of a graph",
      {{"literal sign J_ij = w_ij", "one edge of weight 1, E_max = max E: identity fails on " +
                                        std::to_string(literal.failures) + " of " + std::to_string(literal.graphs) +
                                        " graphs"},
       {"J_ij = -w_ij, signed weights", "3 vertices, w in {-1,0,1}: the identity for the optimal cut fails on " +
                                            std::to_string(signed_weights.failures) + " of " +
                                            std::to_string(signed_weights.graphs) + " graphs"},
       {"J_ij = -w_ij, w >= 0", "holds for every sigma: see rem:maxcut:identity"},
       {"lower bound",
        "'PAL's running energy lower-bounds the cut value' compares two quantities that are not defined "
        "on the same object"}});
}

CheckResult maxcut_identity(const RunConfig&) {
  std::uint64_t graphs = 0, failures = 0;
  for (int n = 2; n <= 4; ++n) {
    MaxcutTally t = enumerate_maxcut(n, {0, 1, 2}, -1, true);
    graphs += t.graphs;
    failures += t.failures;
  }
  CheckResult r = make_result(failures == 0 ? Verdict::Held : Verdict::Error, "enumeration",
                              "with J_ij = -w_ij (w >= 0), h = 0 and E_max = max_sigma E: CUT(sigma) = "
                              "(E_max - E(sigma))/2 for every sigma of every graph enumerated, not only the optimum");
  r.cases = graphs;
  r.details = {{"space", "all graphs on 2, 3, 4 vertices with edge weights in {0, 1, 2}, every sigma"},
               {"failures", std::to_string(failures)}};
  r.interpretation = {{"sign", "J_ij = -w_ij (antiferromagnetic)"}, {"E_max", "max over sigma of E(sigma)"}};
  return r;
}

}  // namespace

void register_ising_checks(Registry& registry) {
  registry.add(Checker{"prop:ising_streaming", "numeric", [](const RunConfig& c) {
                         return std::vector<CheckResult>{streaming_analysis(c), first_equality(c, "point-set"),
                                                         first_equality(c, "grid"), first_equality(c, "per-token")};
                       }});
  registry.add(Replayer{"prop:ising_streaming", kStreaming, replay_streaming});
  registry.add(single_result_checker("rem:maxcut", "analysis", maxcut_analysis));
  registry.add(single_result_checker("rem:maxcut:identity", "enumeration", maxcut_identity));
}

}  // namespace palcheck::physics
