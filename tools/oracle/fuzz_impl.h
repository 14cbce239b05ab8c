// def:relay, def:pal, prop:wiping: `palcheck fuzz-impl`, a differential tester of
// another PAL implementation against the exact reference. Generators aim at hysteresis defects
// (inputs on thresholds, the first token at a threshold or 0, plateaus, long zig-zags inside a
// dead band, nested zig-zags, minor loops at different histories, monotone sweeps, huge and tiny
// magnitudes); a divergence is shrunk against the reference (fewer tokens, cycles and relays,
// simpler numbers) while it keeps breaking the same property, which is named: tie rule, initial
// state, rate independence, return-point memory, wiping-out, congruency (else "outputs").
#pragma once

#include "reference/measure.h"
#include "tools/oracle/conventions.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace palcheck::oracle {

/// What the implementation answered for one case: its outputs, or an error (an exception, a crash,
/// a malformed reply), which is a failure of its own.
struct ImplReply {
  std::vector<Q> outputs;  ///< exact values of the doubles it returned
  std::string error;       ///< non-empty: the call failed
};

/// The implementation under test: outputs for a measure and a sequence of doubles.
using Implementation = std::function<ImplReply(const Measure& mu, const std::vector<double>& inputs)>;

/// Whether the implementation takes the relays with each call (then shrinking drops relays).
enum class RelaysPerCall { Fixed, Sent };

/// What fuzz-impl runs and for how long.
struct FuzzOptions {
  Measure measure;                              ///< the relays the implementation holds
  Conventions conventions;                      ///< its states, output map, tolerances
  InitialState initial = InitialState::Off;     ///< the reference's initial state
  std::optional<std::pair<Q, Q>> domain;        ///< inputs it accepts, [lo, hi]
  std::uint64_t seed = 0;                       ///< every case derives from (seed, case number)
  std::size_t max_cases = 400;                  ///< case budget
  double seconds = 120;                         ///< time budget (whichever ends first)
  std::optional<std::size_t> only_case;         ///< run this case number alone (a replay)
  RelaysPerCall relays = RelaysPerCall::Fixed;  ///< whether relays can be shrunk
  std::function<std::string(std::optional<std::size_t>)>
      replay;                                        ///< the one-line command re-running the search or case K
  std::function<void(const std::string&)> progress;  ///< one line at a time, for stderr
};

/// Runs the search; the report has "passed", "seed", "cases", "failures" (at most one per property,
/// each with the shrunk "inputs", the "property" broken, the "relays" involved, expected and actual
/// outputs, sizes before and after shrinking and a one-line "replay").
nlohmann::json fuzz_implementation(const Implementation& impl, const FuzzOptions& options);

/// The input sequence of case `index` for `seed` (the generators, exposed for tests and replays).
std::vector<Q> fuzz_case_inputs(const FuzzOptions& options, std::uint64_t index, std::string& family);

}  // namespace palcheck::oracle
