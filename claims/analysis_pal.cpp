// def:pal, def:pal:grid: eq:pal inherits def:relay's undefined state before u_0 and leaves the sign
// of Delta unstated; once both are fixed (initial state, Delta > 0) every grid point lies in T and
// the grid fast path of MemoryPal equals PAL by definition (seeded search).
#include "claims/analysis_registration.h"

#include "reference/memory_pal.h"
#include "reference/pal_definition.h"

#include <random>
#include <stdexcept>

namespace palcheck::analysis {
namespace {

constexpr const char* kScenario = "grid-vs-definition";

int to_index(const Q& q, const std::string& name) {
  if (denominator(q) != 1 || abs(q) > 1'000'000) throw std::invalid_argument(name + " must be a small integer");
  return static_cast<int>(numerator(q).convert_to<long>());
}

Grid grid_of(const Instance& x) {
  const auto &i = list(x, "i"), &j = list(x, "j"), &w = list(x, "weight");
  if (i.size() != j.size() || i.size() != w.size()) throw std::invalid_argument("i, j, weight differ in length");
  Grid grid{scalar(x, "delta"), to_index(scalar(x, "L"), "L"), {}};
  for (std::size_t r = 0; r < i.size(); ++r) grid.weights.push_back({to_index(i[r], "i"), to_index(j[r], "j"), w[r]});
  return grid;
}

// First token where the grid fast path departs from the definition, or -1.
long first_difference(const Grid& grid, const std::vector<Q>& u, InitialState initial) {
  std::vector<Q> expected = pal_by_definition(measure_from_grid(grid), u, initial);
  MemoryPal pal(grid, initial);
  for (std::size_t n = 0; n < u.size(); ++n)
    if (pal.step(u[n]) != expected[n]) return static_cast<long>(n);
  return -1;
}

ReplayOutcome replay_grid(const Instance& x) {
  Grid grid = grid_of(x);
  const std::vector<Q>& u = list(x, "inputs");
  InitialState initial = initial_state(x);
  std::vector<Q> expected = pal_by_definition(measure_from_grid(grid), u, initial);
  MemoryPal pal(grid, initial);
  ReplayOutcome out;
  out.table.push_back({"n", "u_n", "PAL by definition", "grid fast path"});
  for (std::size_t n = 0; n < u.size(); ++n)
    out.table.push_back({std::to_string(n), to_string(u[n]), to_string(expected[n]), to_string(pal.step(u[n]))});
  long n = first_difference(grid, u, initial);
  out.violates = n >= 0;
  out.predicted = "the grid fast path equals eq:pal at every n";
  out.computed = n < 0 ? "equal at every n" : "they differ first at n = " + std::to_string(n);
  return out;
}

CheckResult search_grid(const RunConfig& config, InitialState initial) {
  std::mt19937_64 rng(config.seed);
  std::string state = to_string(initial);
  CheckResult r;
  r.method = "property";
  r.seed = config.seed;
  r.reading = {reading(initial)};
  r.interpretation = {{"delta", "positive"}};
  for (std::uint64_t c = 0; c < config.tests; ++c) {
    Grid grid{Q(std::uniform_int_distribution<int>(1, 4)(rng), 2), std::uniform_int_distribution<int>(1, 6)(rng), {}};
    std::size_t weights = std::uniform_int_distribution<std::size_t>(1, 8)(rng);
    for (std::size_t k = 0; k < weights; ++k) {
      int i = std::uniform_int_distribution<int>(1, grid.L)(rng);
      int j = std::uniform_int_distribution<int>(1, i)(rng);
      grid.weights.push_back({i, j, Q(std::uniform_int_distribution<int>(-3, 3)(rng), 1 + k % 2)});
    }
    // Inputs on the lattice Delta/2 over [-Delta, (L+1) Delta]: every threshold is hit exactly.
    std::vector<Q> u;
    std::size_t length = std::uniform_int_distribution<std::size_t>(1, 12)(rng);
    for (std::size_t n = 0; n < length; ++n)
      u.push_back(grid.delta * Q(std::uniform_int_distribution<int>(-2, 2 * grid.L + 2)(rng), 2));
    r.cases = c + 1;
    long n = first_difference(grid, u, initial);
    if (n < 0) continue;
    Instance x{"def:pal:grid",
               kScenario,
               {{"initial_state", state}},
               {{"delta", {grid.delta}}, {"L", {Q(grid.L)}}, {"inputs", u}}};
    for (const GridWeight& w : grid.weights) {
      x.values["i"].push_back(Q(w.i));
      x.values["j"].push_back(Q(w.j));
      x.values["weight"].push_back(w.weight);
    }
    return departs_at(std::move(r), "the grid fast path departs from eq:pal", n, std::move(x));
  }
  r.verdict = Verdict::Held;
  r.summary = std::to_string(r.cases) + " generated grids (Delta in {1/2, 1, 3/2, 2}, L <= 6), initial state " + state +
              ": the grid fast path equals eq:pal";
  return r;
}

std::vector<CheckResult> analyse_pal(const RunConfig&) {
  std::string negative_delta;
  try {
    measure_from_grid(Grid{Q(-1), 2, {{2, 1, Q(1)}}});
    negative_delta = "accepted (unexpected)";
  } catch (const std::invalid_argument& e) {
    negative_delta = std::string("rejected: ") + e.what();
  }
  Q delta = -1;
  Q alpha = 2 * delta, beta = 1 * delta;
  return {analysis_result(
      Verdict::IllPosed,
      "eq:pal sums relay states at n, which def:relay leaves undefined at n = 0 for relays with beta_j < u_0 < "
      "alpha_i; resolved by initial_state",
      {{"exact point",
        "eq:pal \"\\sum_{i \\geq j} \\mu_{ij} \\relay{\\alpha_i}{\\beta_j}[u](n)\" at n = 0, through "
        "eq:relay's third case (see def:relay)"},
       {"resolution",
        "option initial_state (default 0); then PAL is well defined: def:relay:well-defined, "
        "def:pal:grid"},
       {"sign of Delta",
        "def:pal never states Delta > 0 (def:encoding does, for its own Delta). With Delta = -1 the "
        "grid point (i, j) = (2, 1) is (alpha, beta) = (" +
            to_string(alpha) + ", " + to_string(beta) +
            "), outside T, where def:relay is not defined; palcheck reads "
            "Delta > 0 and measure_from_grid " +
            negative_delta},
       {"grid in T",
        "with Delta > 0, i >= j gives alpha_i = i Delta >= j Delta = beta_j, so every point of G_L "
        "lies in T (measure_from_grid validates every atom; def:pal:grid exercises it)"}},
      {{"delta", "unstated sign"}}, {every(ReadingKey::InitialState, "as printed: undefined")})};
}

}  // namespace

void register_pal_analyses(Registry& registry) {
  registry.add(Checker{"def:pal", "analysis", analyse_pal});
  registry.add(Checker{"def:pal:grid", "property", from_both_initial_states(search_grid)}, kScenario, replay_grid);
}

}  // namespace palcheck::analysis
