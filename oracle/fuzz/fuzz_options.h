// def:relay, def:pal: what fuzz-impl (fuzz_impl.h) runs: the implementation under test, what it answers,
// and the search's options and budgets.
#pragma once

#include "oracle/eval/conventions.h"
#include "reference/measure.h"

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
  std::optional<FloatFormat> dtype;  ///< the outputs' format where the caller sees one (a numpy or torch dtype)
};

/// The implementation under test: outputs for a measure and a sequence of doubles.
using Implementation = std::function<ImplReply(const Measure& mu, const std::vector<double>& inputs)>;

/// Whether the implementation takes the relays with each call (then shrinking drops relays).
enum class RelaysPerCall { Fixed, Sent };

/// The largest case budget (`--max-cases`); case numbers (`--case`, `case=`) run below it.
inline constexpr std::size_t kMaxFuzzCases = 1'000'000;

/// The largest time budget in seconds, a year (`--seconds`, `seconds=`): the deadline must fit the clock.
inline constexpr double kMaxFuzzSeconds = 31'536'000;

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

}  // namespace palcheck::oracle
