// rem:backprop: the stateful sigmoid relaxation against eq:relay in the limit tau -> 0 (exact limits, see
// sigmoid_relaxation.h). Two alignments of indices: s_{n+1} (computed from u_n) against relay(n), and s_n
// against relay(n) as the indices are printed.
#include "claims/physics/physics_results.h"
#include "claims/physics/sampling.h"
#include "reference/models/sigmoid_relaxation.h"

namespace palcheck::physics {
namespace {

constexpr const char* kScenario = "phys-relaxation-limit";

// The first n where the limit disagrees with the relay, or -1.
long first_mismatch(const Thresholds& t, const std::vector<Q>& u, const Q& s0, bool next_step) {
  std::vector<Q> s = relaxation_limit(t, u, s0);
  std::vector<RelayState> relay = run_relay(t, u, s0 == 1 ? InitialState::On : InitialState::Off);
  for (std::size_t n = 0; n < u.size(); ++n)
    if (s[next_step ? n + 1 : n] != relay[n]) return static_cast<long>(n);
  return -1;
}

ReplayOutcome replay(const Instance& instance) {
  Thresholds t{scalar(instance, "alpha"), scalar(instance, "beta")};
  const std::vector<Q>& u = list(instance, "u");
  const Q& s0 = scalar(instance, "s0");
  bool next_step = option(instance, "alignment") == "next-step";
  std::vector<Q> s = relaxation_limit(t, u, s0);
  std::vector<RelayState> relay = run_relay(t, u, s0 == 1 ? InitialState::On : InitialState::Off);
  ReplayOutcome out;
  long n = first_mismatch(t, u, s0, next_step);
  out.violates = n >= 0;
  out.predicted = std::string("lim_{tau->0} ") + (next_step ? "s_{n+1}" : "s_n") + " = relay[u](n) for every n";
  out.computed = n < 0 ? "no mismatch"
                       : "at n = " + std::to_string(n) + " (u_n = " + to_string(u[n]) + "): limit " +
                             to_string(s[next_step ? n + 1 : n]) + ", relay " + std::to_string(relay[n]);
  out.table = {{"n", "u_n", "relay(n)", "lim s_n", "lim s_{n+1}"}};
  for (std::size_t k = 0; k < u.size(); ++k)
    out.table.push_back(
        {std::to_string(k), to_string(u[k]), std::to_string(relay[k]), to_string(s[k]), to_string(s[k + 1])});
  return out;
}

// A seeded search on a small lattice (so inputs hit the thresholds) for a case where the limit disagrees.
CheckResult search(const RunConfig& config, bool next_step) {
  auto rng = seeded(config.seed, next_step ? 21 : 22);
  std::uniform_int_distribution<int> length(1, 8), start(0, 1);
  for (std::uint64_t cases = 1; cases <= config.tests; ++cases) {
    Q a = random_rational(rng, -2, 2, 2), b = random_rational(rng, -2, 2, 2);
    if (a < b) std::swap(a, b);
    Thresholds t{a, b};
    std::vector<Q> u = random_sequence(rng, length(rng), -3, 3, 2);
    Q s0 = start(rng);
    if (first_mismatch(t, u, s0, next_step) < 0) continue;
    CheckResult r = make_result(
        Verdict::Refuted, "numeric",
        next_step ? "at a tie u_n = alpha (or beta) sig_tau(0) = 1/2 for every tau, so the tau -> 0 limit gives "
                    "s + (1-s)/2 (or s/2), not the relay's 1 (or 0)"
                  : "as printed, s_{n+1} is computed from u_n: the limit lags eq:relay by one step");
    r.counterexample = Instance{"rem:backprop",
                                kScenario,
                                {{"alignment", next_step ? "next-step" : "same-step"}},
                                {{"alpha", {a}}, {"beta", {b}}, {"u", u}, {"s0", {s0}}}};
    r.reading = {every(ReadingKey::InitialState, "s_0 = the initial relay state")};
    r.interpretation = {{"alignment", next_step ? "lim s_{n+1} vs relay(n)" : "lim s_n vs relay(n)"}};
    r.cases = cases;
    r.seed = config.seed;
    return r;
  }
  return make_result(Verdict::Unknown, "numeric", "no mismatch found in the search");
}

// rem:backprop:off_ties: away from the thresholds the limit is the relay, shifted by one step.
CheckResult off_ties(const RunConfig& config) {
  auto rng = seeded(config.seed, 23);
  std::uniform_int_distribution<int> length(1, 12), start(0, 1);
  std::uint64_t cases = 0;
  for (; cases < config.tests; ++cases) {
    Q a = random_rational(rng, -2, 2, 2), b = random_rational(rng, -2, 2, 2);
    if (a < b) std::swap(a, b);
    std::vector<Q> u = random_sequence(rng, length(rng), -3, 3, 2);
    for (Q& x : u)
      if (x == a || x == b) x += Q(1, 4);  // quarter-integers never meet the half-integer thresholds
    Q s0 = start(rng);
    if (first_mismatch({a, b}, u, s0, true) >= 0) {
      return make_result(Verdict::Error, "numeric", "off-tie limit differs from the shifted relay",
                         {{"u", list_string(u)}, {"alpha", to_string(a)}, {"beta", to_string(b)}});
    }
  }
  return held_search("when no input equals alpha or beta, lim_{tau->0} s_{n+1} = relay[u](n) exactly", cases, config,
                     {{"alignment", "lim s_{n+1} vs relay(n)"}},
                     {every(ReadingKey::InitialState, "s_0 = the initial relay state")});
}

}  // namespace

void register_backprop_checks(Registry& registry) {
  registry.add(Checker{"rem:backprop", "numeric", [](const RunConfig& c) {
                         return std::vector<CheckResult>{search(c, true), search(c, false)};
                       }});
  registry.add(single_result_checker("rem:backprop:off_ties", "numeric", off_ties));
  registry.add(Replayer{"rem:backprop", kScenario, replay});
}

}  // namespace palcheck::physics
