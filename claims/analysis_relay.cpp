// def:relay, def:relay:well-defined, def:preisach: where eq:relay and eq:preisach are undefined as
// printed (the state before u_0), how palcheck resolves it (InitialState), and a seeded search
// showing that, once resolved, PAL from the classical memory equals PAL by definition.
#include "claims/analysis_registration.h"
#include "claims/replay_sequences.h"
#include "claims/tricky_sequences.h"

#include "reference/memory_pal.h"
#include "reference/pal_definition.h"
#include "reference/preisach_memory.h"

#include <random>
#include <stdexcept>

namespace palcheck::analysis {
namespace {

constexpr const char* kScenario = "memory-vs-definition";

Measure measure_of(const Instance& x) {
  const auto &a = list(x, "alpha"), &b = list(x, "beta"), &w = list(x, "weight");
  if (a.size() != b.size() || a.size() != w.size()) throw std::invalid_argument("alpha, beta, weight differ in length");
  Measure mu;
  for (std::size_t r = 0; r < a.size(); ++r) mu.relays.push_back({{a[r], b[r]}, w[r]});
  validate(mu);
  return mu;
}

// First token where the memory (outputs or relay states) departs from the definition, or -1.
long first_difference(const Measure& mu, const std::vector<Q>& u, InitialState initial) {
  std::vector<Q> by_definition = pal_by_definition(mu, u, initial);
  std::vector<Q> by_memory = pal_by_memory(mu, u, initial);
  auto states = relay_states_by_definition(mu, u, initial);
  PreisachMemory memory(initial);
  for (std::size_t n = 0; n < u.size(); ++n) {
    memory.step(u[n]);
    if (by_definition[n] != by_memory[n]) return static_cast<long>(n);
    for (std::size_t r = 0; r < mu.relays.size(); ++r)
      if (memory.relay_state(mu.relays[r].thresholds) != states[n][r]) return static_cast<long>(n);
  }
  return -1;
}

ReplayOutcome replay_memory_vs_definition(const Instance& x) {
  Measure mu = measure_of(x);
  const std::vector<Q>& u = list(x, "inputs");
  InitialState initial = initial_state(x);
  std::vector<Q> by_definition = pal_by_definition(mu, u, initial);
  std::vector<Q> by_memory = pal_by_memory(mu, u, initial);
  ReplayOutcome out;
  out.table.push_back({"n", "u_n", "memory after u_n", "PAL by definition", "PAL from memory"});
  auto trace = memory_trace(u, initial);
  for (std::size_t n = 0; n < u.size(); ++n)
    out.table.push_back({std::to_string(n), to_string(u[n]), list_text(trace[n]), to_string(by_definition[n]),
                         to_string(by_memory[n])});
  long n = first_difference(mu, u, initial);
  out.violates = n >= 0;
  out.predicted = "PAL and every relay state from the memory equal the definition at every n";
  out.computed = n < 0 ? "equal at every n" : "they differ first at n = " + std::to_string(n);
  return out;
}

// Inputs with plateaus and returns to earlier values, relays on the same lattice (ties are common).
std::pair<Measure, std::vector<Q>> generate_case(std::mt19937_64& rng) {
  std::vector<Q> u = random_tricky_sequence(rng, 14, 6);
  return {random_tricky_measure(rng, 8, 6), u};
}

CheckResult search_memory_vs_definition(const RunConfig& config, InitialState initial) {
  std::mt19937_64 rng(config.seed);
  CheckResult r;
  r.method = "property";
  r.seed = config.seed;
  r.reading = {reading(initial), reading(TieRule::AsPrinted)};
  for (std::uint64_t c = 0; c < config.tests; ++c) {
    auto [mu, u] = generate_case(rng);
    r.cases = c + 1;
    long n = first_difference(mu, u, initial);
    if (n < 0) continue;
    Instance x{"def:relay:well-defined", kScenario, {{"initial_state", to_string(initial)}}, {{"inputs", u}}};
    sequences::put_measure(x, mu);
    return departs_at(std::move(r), "PAL from the memory departs from the definition", n, std::move(x));
  }
  r.verdict = Verdict::Held;
  r.summary = std::to_string(r.cases) + " generated cases (ties, plateaus, revisits), initial state " +
              to_string(initial) + ": PAL and every relay state from the memory equal the definition";
  r.details = {
      {"generator", "inputs and thresholds on the half-integer lattice of [-6, 6], length 1..14, 1..8 relays"}};
  return r;
}

std::vector<CheckResult> analyse_relay(const RunConfig&) {
  Thresholds band{Q(2), Q(1)};
  std::vector<Q> u0{Q(3, 2)};
  RelayState from_off = run_relay(band, u0, InitialState::Off).front();
  RelayState from_on = run_relay(band, u0, InitialState::On).front();
  Thresholds diagonal{Q(1), Q(1)};
  RelayState tie_from_off = step_relay(diagonal, Q(1), 0), tie_from_on = step_relay(diagonal, Q(1), 1);
  if (from_off == from_on)
    return {
        analysis_result(Verdict::Error, "the reference gives the same state at n = 0 from both initial states", {})};
  return {analysis_result(
      Verdict::IllPosed,
      "eq:relay at n = 0: the third case reads the state at n - 1 = -1, undefined when beta < u_0 < alpha",
      {{"exact point",
        "eq:relay, third case \"\\relay{\\alpha}{\\beta}[u](n-1) & \\text{otherwise.}\" with u = (u_0, u_1, ...) in "
        "R^N: at n = 0 there is no state at n - 1"},
       {"witness", "(alpha, beta) = (2, 1), u_0 = 3/2 lies in the dead band; the reference gives state " +
                       std::to_string(from_off) + " from initial state 0 and " + std::to_string(from_on) +
                       " from initial state 1, so the printed definition fixes neither"},
       {"resolution",
        "option initial_state (default 0: as if the input came from -infinity; 1: from +infinity); "
        "with it the relay is well defined, see def:relay:well-defined"},
       {"diagonal tie",
        "alpha = beta = u satisfies both the first and the second case; read in printed order the "
        "first wins: the reference gives " +
            std::to_string(tie_from_off) + " from state 0 and " + std::to_string(tie_from_on) +
            " from state 1 at (alpha, beta, u) = (1, 1, 1)"}},
      {}, {every(ReadingKey::InitialState, "as printed: undefined"), reading(TieRule::AsPrinted)})};
}

std::vector<CheckResult> analyse_preisach(const RunConfig&) {
  // Density 1 on the triangle {0 <= beta <= alpha <= c}: the mass on which the state at n = 0 is
  // undefined is the dead-band rectangle {u_0 < alpha <= c, 0 <= beta < u_0}.
  Q c = 2, u0 = 1;
  Q on_for_sure = u0 * u0 / 2;       // {beta <= alpha <= u_0}
  Q undefined_mass = (c - u0) * u0;  // {beta < u_0 < alpha}
  return {analysis_result(
      Verdict::IllPosed,
      "eq:preisach integrates def:relay, whose state at n = 0 is undefined on the dead band {beta < u_0 < alpha}, "
      "a set of positive mu-mass in general",
      {{"exact point",
        "eq:preisach \"\\iint_{\\T} \\relay{\\alpha}{\\beta}[u](n) \\mu(\\alpha,\\beta) d\\alpha "
        "d\\beta\" at n = 0, through eq:relay's third case (see def:relay)"},
       {"witness", "mu = density 1 on {0 <= beta <= alpha <= 2}, u_0 = 1: P[u](0) = " + to_string(on_for_sure) +
                       " + s * " + to_string(undefined_mass) + " where s is the undefined state before u_0 (" +
                       to_string(on_for_sure) + " for s = 0, " + to_string(on_for_sure + undefined_mass) +
                       " for s = 1)"},
       {"resolution",
        "option initial_state, as for def:relay; with it and a measure of finite total variation the "
        "integrand is a bounded measurable (staircase) function of (alpha, beta), so the integral "
        "exists even though T is unbounded"},
       {"measure vs density",
        "\"mu in L^1(T) a signed measure\" with \"mu(alpha,beta) dalpha dbeta\" reads mu as an "
        "integrable density; the atomic mu_Delta of prop:pal_preisach has no density, so "
        "def:preisach as written does not cover PAL (read: signed Borel measures of finite "
        "total variation, which cover both; palcheck's reference handles atomic measures)"}},
      {{"measure", "signed measure of finite total variation"}},
      {every(ReadingKey::InitialState, "as printed: undefined")})};
}

}  // namespace

void register_relay_analyses(Registry& registry) {
  registry.add(Checker{"def:relay", "analysis", analyse_relay});
  registry.add(Checker{"def:relay:well-defined", "property", from_both_initial_states(search_memory_vs_definition)},
               kScenario, replay_memory_vs_definition);
  registry.add(Checker{"def:preisach", "analysis", analyse_preisach});
}

}  // namespace palcheck::analysis
