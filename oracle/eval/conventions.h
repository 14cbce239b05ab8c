// def:relay, def:pal, rem:backprop: the conventions of another implementation, declared once and
// applied by `palcheck eval`, `palcheck compare`, `palcheck fuzz-impl` and the Python module. The
// paper's relay reads ties as printed in eq:relay, applies u_0, holds states {0, 1} and outputs
// PAL = sum_r w_r s_r; implementations commonly read ties strictly, skip the first token, use states
// {-1, +1}, an affine output a*S + b + c*u, a smoothed switch (tanh or logistic at a temperature),
// inputs in a bounded domain, or leave the output undefined until every relay has met a threshold.
// Each convention has one spelling, `key=value`, read by apply_convention_option and written back by
// conventions_json; the same keys and values form the JSON object "conventions".
#pragma once

#include "oracle/eval/float_format.h"
#include "reference/rational.h"
#include "reference/readings.h"

#include <nlohmann/json.hpp>

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace palcheck::oracle {

using palcheck::to_string;  // the overloads below must not hide the reference's (Q, TieRule, ...)

/// The states an implementation's relays take.
enum class StateSet {
  ZeroOne,      ///< s in {0, 1} (the paper's)
  PlusMinusOne  ///< s in {-1, +1}: their sum is 2*PAL - (total weight)
};

/// The output map y = a*S + b + c*u, with S the weighted state sum in the implementation's states.
struct OutputMap {
  Q a = 1;  ///< scale of the weighted state sum
  Q b = 0;  ///< offset
  Q c = 0;  ///< slope of the input (a skip connection)
};

/// The columns of a relay file: where alpha, beta and weight are (weight may be absent).
struct RelayColumns {
  std::array<int, 3> position{0, 1, 2};  ///< column of alpha, beta, weight (-1: weight absent, 1)
};

/// What the output at the first token is.
enum class FirstToken {
  Applied,     ///< y_0 is the output after u_0 (the paper's)
  NotApplied,  ///< u_0 never reaches the relays: y_0 is the initial output, y_n the output after u_1..u_n
  StateBefore,  ///< y_0 is the output before u_0; u_0 is applied, y_n (n >= 1) as the paper's
  Direction     ///< u_0 sets no relay (y_0 the initial output); u_1 acts by its direction from u_0: rising, it
                ///< only switches relays on, falling only off, equal not at all; y_n (n >= 2) as the paper's
};

/// How a relay's switch is smoothed.
enum class SmoothingKind {
  None,      ///< sharp: eq:relay
  Band,      ///< a relay within T of a threshold may be in any state in [0, 1] (a tolerance, not a model)
  Tanh,      ///< state (1 + tanh((u - theta)/T))/2, theta the threshold the relay's state waits for
  Logistic,  ///< state 1/(1 + exp(-(u - theta)/T)), theta as for Tanh
};

/// What a tanh or logistic switch shows when the input equals the threshold it waits for exactly.
enum class TieSwitch {
  Smoothed,  ///< the smoothed value there (1/2)
  Sharp      ///< the full switch, as eq:relay under the declared tie rule (`tanh:T:sharp-ties`)
};

/// A smoothed switch: its kind and temperature (band half-width for Band).
struct Smoothing {
  SmoothingKind kind = SmoothingKind::None;  ///< see SmoothingKind
  Q temperature = 0;                         ///< T > 0 unless kind is None
  TieSwitch ties = TieSwitch::Smoothed;      ///< tanh and logistic: the state at an exact tie
};

/// What the output is before every relay has met one of its thresholds (its state still the initial one).
enum class BeforeCrossing {
  InitialState,  ///< defined: the relays hold the initial state (the paper's reading)
  Undefined      ///< undefined: those outputs are not compared (NaN or null accepted there)
};

/// What a failing case that rounding in the implementation's dtype accounts for counts as.
enum class RoundingCases {
  Failure,  ///< a failure, named `rounding` (the default: the user sees it)
  Expected  ///< expected: reported apart, not a failure
};

/// Everything another implementation may do differently from the paper's presentation.
struct Conventions {
  TieRule tie = TieRule::AsPrinted;                           ///< how inputs on a threshold switch
  FirstToken first_token = FirstToken::Applied;               ///< the first token
  StateSet states = StateSet::ZeroOne;                        ///< relay states
  OutputMap output;                                           ///< output map
  Smoothing smoothing;                                        ///< smoothed switch
  std::optional<std::pair<Q, Q>> domain;                      ///< inputs it accepts, [lo, hi]
  BeforeCrossing before_crossing = BeforeCrossing::InitialState;  ///< outputs before every relay is decided
  RelayColumns columns;                                       ///< relay file columns
  std::optional<FloatFormat> dtype;  ///< the format it holds inputs and thresholds in (none: detected, else float64)
  RoundingCases rounding = RoundingCases::Failure;            ///< what a case rounding accounts for counts as
  Q atol = Q(1, 1000000000);                                  ///< absolute tolerance (default 1e-9)
  Q rtol = Q(1, 1000000);                                     ///< relative tolerance (default 1e-6)
};

/// The paper's conventions, every one at its default, as one object to pass by reference (GCC 12 reports
/// a false maybe-uninitialized in the destructor of a Conventions{} temporary's rationals).
inline const Conventions& paper_conventions() {
  static const Conventions paper;
  return paper;
}

/// Applies one `key=value`: tie_rule=as-printed|off-first|strict|strict-alpha|strict-beta,
/// first_token=applied|not-applied|state-before|direction, states=01|pm1, output_map=a,b,c (also a=, b=, c=),
/// smoothing=none|band:T|tanh:T|logistic:T (tanh and logistic also with :sharp-ties), domain=LO,HI, before_crossing=initial-state|undefined,
/// columns=alpha,beta,weight in the file's order, dtype=float64|float32|float16|bfloat16,
/// rounding=failure|expected, atol=, rtol=. InputError naming the key otherwise.
void apply_convention_option(Conventions& c, const std::string& option);

/// Applies a JSON object with the same keys: values as the option's text, or numbers, or lists for
/// output_map [a, b, c], domain [lo, hi] and columns. InputError naming the key.
void apply_convention_json(Conventions& c, const nlohmann::json& object, const std::string& where);

/// The conventions as JSON in the option spellings (exact strings); apply_convention_json reads it back.
nlohmann::json conventions_json(const Conventions& c);

/// One paragraph for --help: every key, its values and its default.
std::string conventions_help();

/// "01" or "pm1".
std::string to_string(StateSet s);
/// "applied", "not-applied", "state-before" or "direction".
std::string to_string(FirstToken f);
/// "none", "band:T", "tanh:T" or "logistic:T" (those two with ":sharp-ties" when so).
std::string to_string(const Smoothing& s);
/// "initial-state" or "undefined".
std::string to_string(BeforeCrossing b);
/// "failure" or "expected".
std::string to_string(RoundingCases r);

/// Whether the expected outputs are exact rationals (no tanh or logistic smoothing).
inline bool rational_outputs(const Conventions& c) {
  return c.smoothing.kind == SmoothingKind::None || c.smoothing.kind == SmoothingKind::Band;
}

/// Reorders relay rows of a file (alpha, beta[, weight] in the file's column order) into the paper's.
std::vector<std::vector<Q>> reorder_relay_rows(const std::vector<std::vector<Q>>& rows, const RelayColumns& columns,
                                               const std::string& source);

/// InputError naming `where` (e.g. "sequence 2, token 7") when u lies outside the declared domain.
void check_in_domain(const Conventions& c, const Q& u, const std::string& where);

/// The implementation's output for the weighted state sum `pal` in states {0, 1} (fractional states
/// allowed) over a measure of total weight `total`, at input `u`; MPAL uses it per component.
inline Q their_output(const Conventions& c, const Q& pal, const Q& total, const Q& u) {
  Q sum = c.states == StateSet::ZeroOne ? pal : Q(2 * pal - total);
  return c.output.a * sum + c.output.b + c.output.c * u;
}

/// How much the implementation's output moves per unit of the paper's PAL value (a, or 2a for pm1).
inline Q their_slope(const Conventions& c) { return c.states == StateSet::ZeroOne ? c.output.a : Q(2 * c.output.a); }

/// |actual - expected| <= atol + rtol * |expected|, exactly.
inline bool within_tolerance(const Conventions& c, const Q& actual, const Q& expected) {
  return abs(Q(actual - expected)) <= c.atol + c.rtol * abs(expected);
}

}  // namespace palcheck::oracle
