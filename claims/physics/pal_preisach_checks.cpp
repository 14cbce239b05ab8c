// prop:pal_preisach (PAL as discretised Preisach; convergence as L -> inf) and prop:universal (density of
// Preisach operators), checked against the exact uniform-density Preisach operator of triangle_preisach.h.
#include "claims/physics/physics_results.h"
#include "claims/physics/sampling.h"
#include "reference/memory_pal.h"
#include "reference/models/triangle_preisach.h"
#include "reference/pal_definition.h"

#include <algorithm>

namespace palcheck::physics {
namespace {

constexpr const char* kSquaredScenario = "phys-congruency-squared";

// prop:pal_preisach, first sentence: sum mu_ij relay_ij[u](n) equals the integral of the relay against the
// atomic measure, read here from the classical memory (relay_state) instead of running each relay.
CheckResult atomic_identity(const RunConfig& config) {
  auto rng = seeded(config.seed, 11);
  std::uniform_int_distribution<int> size(1, 6), weight(-4, 4), length(1, 14);
  std::uint64_t cases = 0;
  for (; cases < config.tests; ++cases) {
    Grid grid{random_rational(rng, 1, 2, 4), size(rng), {}};
    for (int i = 1; i <= grid.L; ++i)
      for (int j = 1; j <= i; ++j) grid.weights.push_back({i, j, Q(weight(rng), 2)});
    Measure atoms = measure_from_grid(grid);
    std::vector<Q> u = random_sequence(rng, length(rng), -1, 3 * grid.L, 2);
    std::vector<Q> pal = pal_by_definition(atoms, u, InitialState::Off);
    PreisachMemory memory;
    for (std::size_t n = 0; n < u.size(); ++n) {
      memory.step(u[n]);
      Q integral = 0;
      for (const WeightedRelay& r : atoms.relays) integral += r.weight * memory.relay_state(r.thresholds);
      if (integral != pal[n]) {
        return make_result(Verdict::Error, "numeric", "PAL and the atomic Preisach integral disagree",
                           {{"inputs", list_string(u)}, {"n", std::to_string(n)}});
      }
    }
  }
  CheckResult r = held_search(
      "first sentence: PAL on G_L equals the Preisach integral against the atomic measure "
      "sum mu_ij delta_(alpha_i,beta_j) on every generated grid and input",
      cases, config, {{"atomic_integral", "integration against the measure, not an L^1 density"}},
      {reading(InitialState::Off)});
  r.details = {{"grids", "L in 1..6, Delta in [1,2] step 1/4, mu_ij in {-2, ..., 2} step 1/2"},
               {"inputs", "up to 14 values on the half-integer lattice, hitting thresholds"},
               {"note",
                "def:preisach asks mu in L^1(T); an atomic measure has no L^1 density, so the identity "
                "holds only when the integral is read against the measure"}};
  return r;
}

// Under the density-value reading mu_ij = mu(alpha_i, beta_j) the PAL of the uniform density grows like L^2.
Q density_value_pal_after_max(int L) {
  Grid grid = uniform_cell_mass_grid(L, Q(1));
  for (GridWeight& w : grid.weights) w.weight = 1;
  return pal_by_definition(measure_from_grid(grid), {Q(1)}, InitialState::Off).back();
}

CheckResult second_sentence(const RunConfig&) {
  return make_result(
      Verdict::IllPosed, "analysis",
      "second sentence: the same symbol mu names the matrix (mu_ij) and a measure on T with no stated relation, and "
      "prop:universal (a density statement) implies no convergence of any particular discretisation",
      {{"point 1",
        "'PAL_mu -> P_mu': mu on the left is the L x L matrix of def:pal, on the right a measure on T; the "
        "discretisation map mu -> (mu_ij) is never given"},
       {"reading density values mu_ij = mu(alpha_i, beta_j)",
        "uniform density 1 on {0 <= beta <= alpha <= 1}, input (1): PAL = " +
            to_string(density_value_pal_after_max(8)) + " at L = 8 and " + to_string(density_value_pal_after_max(32)) +
            " at L = 32 (diverges; P = 1/2)"},
       {"reading cell masses mu_ij = Delta^2", "converges: see prop:pal_preisach:convergence"},
       {"point 2",
        "prop:universal says Preisach operators are dense in a function space; it says nothing about the "
        "grid G_L, so 'by prop:universal' is a non-sequitur"},
       {"point 3",
        "PAL and P act on sequences (def:relay); 'uniformly on C([0,C])' uses C both as a time horizon and "
        "as the threshold range L*Delta, and G_L starts at Delta, not 0"}});
}

// prop:pal_preisach:convergence: sup over generated inputs of |PAL_L - P| for the uniform density.
CheckResult convergence(const RunConfig& config) {
  const Q C = 1;
  const std::vector<int> sizes{4, 8, 16, 32};
  auto rng = seeded(config.seed, 12);
  std::uniform_int_distribution<int> length(1, 12);
  std::vector<std::vector<Q>> inputs;
  const std::uint64_t count = std::max<std::uint64_t>(8, config.tests / 4);
  for (std::uint64_t c = 0; c < count; ++c) inputs.push_back(random_sequence(rng, length(rng), 0, 1, 97));
  std::vector<Q> worst(sizes.size(), Q(0));
  for (const std::vector<Q>& u : inputs) {
    std::vector<Q> exact = triangle_preisach(u, C, InitialState::Off);
    for (std::size_t s = 0; s < sizes.size(); ++s) {
      std::vector<Q> pal = pal_by_memory(measure_from_grid(uniform_cell_mass_grid(sizes[s], C)), u, InitialState::Off);
      for (std::size_t n = 0; n < u.size(); ++n) worst[s] = std::max(worst[s], Q(abs(pal[n] - exact[n])));
    }
  }
  bool within = true;
  CheckResult r = make_result(Verdict::Held, "numeric", "");
  for (std::size_t s = 0; s < sizes.size(); ++s) {
    Q delta = C / sizes[s];
    within = within && worst[s] <= 3 * C * delta;
    r.details.emplace_back("L = " + std::to_string(sizes[s]),
                           "sup |PAL - P| = " + to_string(worst[s]) + " ~ " + std::to_string(to_double(worst[s])) +
                               ", sup/Delta = " + std::to_string(to_double(worst[s] / delta)));
    if (s > 0 && worst[s] > 0)
      r.details.emplace_back("rate " + std::to_string(sizes[s - 1]) + " -> " + std::to_string(sizes[s]),
                             "error ratio " + std::to_string(to_double(worst[s - 1] / worst[s])) + " (2 is O(Delta))");
  }
  Grid grid = uniform_cell_mass_grid(sizes.back(), C);
  Q grid_mass = 0;
  for (const GridWeight& w : grid.weights) grid_mass += w.weight;
  r.details.emplace_back("total mass", "grid " + to_string(grid_mass) + " vs triangle " + to_string(C * C / 2) +
                                           ": the excess L*Delta^2/2 = C*Delta/2 is the diagonal half-cells");
  r.details.emplace_back("tolerance",
                         "none: every PAL and P value is exact; HELD means sup|PAL - P| <= 3*C*Delta "
                         "(diagonal C*Delta/2 plus about 2L staircase cells of Delta^2 each)");
  r.verdict = within ? Verdict::Held : Verdict::Error;
  r.summary = within ? "uniform density on the triangle, mu_ij = cell mass: sup|PAL_L - P| <= 3C*Delta for L = 4..32, "
                       "error halves with Delta (O(Delta))"
                     : "an error exceeded 3C*Delta: the staircase bound is wrong";
  r.cases = inputs.size();
  r.seed = config.seed;
  r.reading = {reading(InitialState::Off)};
  r.interpretation = {{"discretisation", "mu_ij = Delta^2 (cell mass), C = 1"}};
  return r;
}

// prop:universal: F = P_mu^2 is continuous, causal and rate-independent but breaks the congruency of minor loops
// that every Preisach operator has; the loop increments after two histories differ by delta, so F stays at
// uniform distance >= delta/4 from every Preisach operator.
struct SquaredLoops {
  Q dp_a, dp_b, df_a, df_b;
};

SquaredLoops squared_loops(const Q& C, const std::vector<Q>& prefix_a, const std::vector<Q>& prefix_b, const Q& u1,
                           const Q& u2) {
  auto loop = [&](std::vector<Q> u) {
    for (const Q& x : {u1, u2, u1, u2}) u.push_back(x);
    std::vector<Q> p = triangle_preisach(u, C, InitialState::Off);
    const Q& lo = p[p.size() - 2];
    const Q& hi = p.back();
    return std::pair<Q, Q>{hi - lo, hi * hi - lo * lo};
  };
  auto [dp_a, df_a] = loop(prefix_a);
  auto [dp_b, df_b] = loop(prefix_b);
  return {dp_a, dp_b, df_a, df_b};
}

ReplayOutcome replay_squared(const Instance& instance) {
  const Q& C = scalar(instance, "C");
  SquaredLoops s = squared_loops(C, list(instance, "prefix_a"), list(instance, "prefix_b"), scalar(instance, "u1"),
                                 scalar(instance, "u2"));
  ReplayOutcome out;
  out.violates = s.dp_a == s.dp_b && s.df_a != s.df_b;
  out.predicted =
      "F in the uniform closure of the Preisach operators, so equal increments of F along the minor loop "
      "u1 -> u2 after both histories (as for every Preisach operator)";
  out.computed = "P increments " + to_string(s.dp_a) + " and " + to_string(s.dp_b) + "; F = P^2 increments " +
                 to_string(s.df_a) + " and " + to_string(s.df_b) +
                 "; distance to every Preisach operator >= " + to_string(Q(abs(s.df_a - s.df_b) / 4));
  out.table = {{"history", "P increment", "F = P^2 increment"},
               {"prefix_a", to_string(s.dp_a), to_string(s.df_a)},
               {"prefix_b", to_string(s.dp_b), to_string(s.df_b)}};
  return out;
}

std::vector<CheckResult> universal(const RunConfig& config) {
  const Q C = 1;
  auto rng = seeded(config.seed, 13);
  std::uniform_int_distribution<int> length(1, 4);
  for (std::uint64_t cases = 1; cases <= config.tests; ++cases) {
    std::vector<Q> a = random_sequence(rng, length(rng), 0, 1, 16), b = random_sequence(rng, length(rng), 0, 1, 16);
    Q u1 = random_rational(rng, 0, 1, 16), u2 = random_rational(rng, 0, 1, 16);
    if (u1 >= u2) continue;
    SquaredLoops s = squared_loops(C, a, b, u1, u2);
    if (s.dp_a != s.dp_b || s.df_a == s.df_b) continue;
    CheckResult r = make_result(
        Verdict::Refuted, "numeric",
        "F[u](t) = (P_mu[u](t))^2 (mu uniform on the triangle) is continuous, causal and rate-independent, but its "
        "minor-loop increments depend on the history, which no uniform limit of Preisach operators allows");
    r.counterexample = Instance{"prop:universal",
                                kSquaredScenario,
                                {},
                                {{"C", {C}}, {"prefix_a", a}, {"prefix_b", b}, {"u1", {u1}}, {"u2", {u2}}}};
    r.cases = cases;
    r.seed = config.seed;
    r.interpretation = {{"functional", "an operator u -> F[u](t) on piecewise-monotone inputs, sampled at extrema"}};
    r.hypotheses_used = {
        "every Preisach operator (any measure) has the same increment mu{u1 <= beta, alpha <= u2} along the second "
        "traversal of a minor loop u1 -> u2, whatever the history (relay rule as printed)",
        "equal increments pass to uniform limits: |dF_a - dF_b| <= 4 sup|F - P| for every Preisach P",
        "P_mu with a bounded density is Lipschitz in the sup norm, so F = P_mu^2 is continuous"};
    r.details = {{"Mayergoyz's theorem",
                  "Preisach operators are characterised by wiping-out and congruency of minor loops; that is a "
                  "representation theorem, not density in all continuous causal rate-independent functionals"}};
    return {r};
  }
  return {make_result(Verdict::Unknown, "numeric", "no history-dependent loop of P^2 found in the search")};
}

}  // namespace

void register_pal_preisach_checks(Registry& registry) {
  registry.add(Checker{"prop:pal_preisach", "numeric", [](const RunConfig& c) {
                         return std::vector<CheckResult>{atomic_identity(c), second_sentence(c)};
                       }});
  registry.add(single_result_checker("prop:pal_preisach:convergence", "numeric", convergence));
  registry.add(Checker{"prop:universal", "numeric", universal}, kSquaredScenario, replay_squared);
}

}  // namespace palcheck::physics
