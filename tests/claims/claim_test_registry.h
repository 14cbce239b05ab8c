// A test-only registry for the registry rules and the claim commands: "every relay output is 0" (false by construction,
// refuted by a tiny search over the real reference), "every relay output is 0 or 1" (true), a
// checker that crashes, and a section holding two of them.
#pragma once

#include "claims/registry.h"
#include "reference/relay.h"

#include <algorithm>
#include <random>
#include <stdexcept>

namespace palcheck::testing {

/// Replays "the relay run over inputs from state 0 only outputs states in `allowed`".
inline ReplayOutcome replay_relay_outputs(const Instance& x, std::vector<RelayState> allowed) {
  Thresholds t{x.values.at("alpha").at(0), x.values.at("beta").at(0)};
  ReplayOutcome out;
  out.predicted = "states only in the claimed set";
  out.computed = "states:";
  out.table.push_back({"n", "u_n", "state"});
  std::vector<Q> u = x.values.at("inputs");
  std::vector<RelayState> states = run_relay(t, u, InitialState::Off);
  for (std::size_t n = 0; n < states.size(); ++n) {
    out.computed += " " + std::to_string(states[n]);
    out.table.push_back({std::to_string(n), to_string(u[n]), std::to_string(states[n])});
    if (std::find(allowed.begin(), allowed.end(), states[n]) == allowed.end()) out.violates = true;
  }
  return out;
}

/// A seeded search for a relay state outside `allowed`.
inline CheckResult search_relay_outputs(const RunConfig& config, const std::string& label,
                                        std::vector<RelayState> allowed) {
  std::mt19937_64 rng(config.seed);
  std::uniform_int_distribution<int> value(-4, 4);
  CheckResult r;
  r.method = "property";
  r.seed = config.seed;
  for (std::uint64_t c = 0; c < config.tests; ++c) {
    Q a = value(rng), b = value(rng);
    if (a < b) std::swap(a, b);
    Instance x{label,
               "relay-outputs",
               {{"initial_state", "0"}},
               {{"alpha", {a}}, {"beta", {b}}, {"inputs", {Q(value(rng)), Q(value(rng), 2)}}}};
    r.cases = c + 1;
    if (replay_relay_outputs(x, allowed).violates) {
      r.verdict = Verdict::Refuted;
      r.summary = "a relay state outside the claimed set";
      r.counterexample = x;
      return r;
    }
  }
  r.verdict = Verdict::Held;
  r.summary = "no relay state outside the claimed set";
  return r;
}

/// The test registry: test:always-off (false), test:binary (true), test:crash (checker throws).
inline Registry claim_test_registry() {
  Registry registry;
  registry.add(Claim{"test:always-off", "lemma", "sec:test", "Every relay output is 0.", {}, {}, true, ""});
  registry.add(
      Claim{"test:binary", "lemma", "sec:test", "Every relay output is 0 or 1.", {}, {"initial_state"}, true, ""});
  registry.add(Claim{"test:crash", "lemma", "sec:other", "A claim whose checker crashes.", {}, {}, true, ""});
  registry.add(Claim{"test:unchecked", "remark", "sec:other", "A claim without checker.", {}, {}, true, ""});
  // "Every relay output is in `allowed`": a seeded search and the replayer of what it finds.
  auto relay_outputs = [&registry](const char* label, std::vector<RelayState> allowed) {
    registry.add(Checker{label, "property",
                         [label, allowed](const RunConfig& c) {
                           return std::vector<CheckResult>{search_relay_outputs(c, label, allowed)};
                         }},
                 "relay-outputs", [allowed](const Instance& x) { return replay_relay_outputs(x, allowed); });
  };
  relay_outputs("test:always-off", {0});
  relay_outputs("test:binary", {0, 1});
  registry.add(Checker{"test:crash", "analysis",
                       [](const RunConfig&) -> std::vector<CheckResult> { throw std::runtime_error("boom"); }});
  return registry;
}

}  // namespace palcheck::testing
