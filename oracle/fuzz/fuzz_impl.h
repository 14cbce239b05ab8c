// def:relay, def:pal, prop:wiping, prop:rpm, rem:backprop: `palcheck fuzz-impl`, a differential
// tester of another PAL implementation against the exact reference under its declared conventions
// (conventions.h). Generators aim where implementations break: inputs on thresholds and in
// neighbourhoods of every threshold at several scales (relative 1e-3 down to the next double, both
// sides), long cycles approaching a threshold from one side without reaching it (hundreds of periods),
// ramps through the thresholds, plateaus on a threshold, the first token at a threshold or 0, long
// zig-zags inside a dead band, nested zig-zags, minor loops after different histories, sweeps, huge and
// tiny magnitudes. A failing case is named by the property it breaks (tie rule, initial state, rate
// independence, return-point memory, wiping-out, congruency, else outputs) and by its diagnosed cause
// (diagnosis.h); every distinct (property, cause) met gets its own failure with its smallest witness,
// shrunk against the reference (fewer relays, fewer tokens and cycles, numbers with fewer digits)
// while it keeps both and its cause stays the only one the witness cannot tell from another.
#pragma once

#include "oracle/eval/conventions.h"
#include "reference/measure.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace palcheck::oracle {

/// What the implementation answered for one case: its outputs, or an error (an exception, a crash,
/// a malformed reply), which is a failure of its own.
struct ImplReply {
  std::vector<Q> outputs;       ///< exact values of the doubles it returned (0 where undefined)
  std::vector<char> undefined;  ///< per output, nonzero where it returned no number (NaN, null); empty: none
  std::string error;            ///< non-empty: the call failed
  std::string read;             ///< the reply as read from a command (empty for one called in process)
};

/// The implementation under test: outputs for a measure and a sequence of doubles.
using Implementation = std::function<ImplReply(const Measure& mu, const std::vector<double>& inputs)>;

/// Whether the implementation takes the relays with each call (then shrinking drops relays).
enum class RelaysPerCall { Fixed, Sent };

/// The largest case budget (`--max-cases`); case numbers (`--case`, `case=`) run below it.
inline constexpr std::size_t kMaxFuzzCases = 1'000'000;

/// The largest time budget in seconds, a year (`--seconds`, `seconds=`): the deadline must fit the clock.
inline constexpr double kMaxFuzzSeconds = 31'536'000;

/// `seconds` when it is in [0, kMaxFuzzSeconds]; InputError naming `where` and the range otherwise (NaN,
/// infinities and negative numbers included).
double fuzz_seconds(double seconds, const std::string& where);

/// What fuzz-impl runs and for how long.
struct FuzzOptions {
  Measure measure;                              ///< the relays the implementation holds
  Conventions conventions;                      ///< its conventions (the domain bounds the inputs)
  InitialState initial = InitialState::Off;     ///< the reference's initial state
  std::uint64_t seed = 0;                       ///< every case derives from (seed, case number)
  std::size_t max_cases = 400;                  ///< case budget
  double seconds = 120;                         ///< time budget (whichever ends first)
  std::optional<std::size_t> only_case;         ///< run this case number alone (a replay)
  RelaysPerCall relays = RelaysPerCall::Fixed;  ///< whether relays can be shrunk
  std::function<std::string(std::optional<std::size_t>)>
      replay;                                        ///< the one-line command re-running the search or case K
  std::function<void(const std::string&)> progress;  ///< one line at a time, for stderr
};

/// Runs the search; the report has "passed" (false when no case was checked), "seed", "cases", "calls", "conventions",
/// "failing_cases_by_property", "failing_cases_by_cause" and "failures": one per distinct
/// (property, cause), most failing cases first, each with the shrunk "inputs", the "relays" kept, the
/// "property", the "cause" and every consistent "causes" ranked, the "diagnosis" of the witness,
/// expected and actual outputs, sizes before and after shrinking and a one-line "replay".
nlohmann::json fuzz_implementation(const Implementation& impl, const FuzzOptions& options);

/// InputError naming `where` (the option or argument) when the declared domain has an end beyond the
/// doubles or holds no double: the implementation is sent doubles, so inputs are drawn from the doubles
/// within the domain. Callers check before the run; fuzz_implementation words it "domain" otherwise.
void check_domain_in_doubles(const Conventions& c, const std::string& where);

/// The input sequence of case `index` for `seed` and the family it comes from (the generators,
/// exposed for tests and replays).
std::vector<Q> fuzz_case_inputs(const FuzzOptions& options, std::uint64_t index, std::string& family);

/// The generator families, in the order the cases cycle through them.
std::vector<std::string> fuzz_families();

/// The inputs within the neighbourhoods of a threshold: theta -+ |theta| * 10^-k (k = 3, 4, 6, 9, 12;
/// |theta| replaced by `scale` when theta is 0) and theta -+ 1, 2 and 16 units in the last place,
/// as doubles strictly on either side, increasing.
std::vector<Q> near_threshold_points(const Q& theta, const Q& scale);

}  // namespace palcheck::oracle
