// def:relay, def:pal: the conventions of another implementation, declared once and
// applied by `palcheck compare`, `palcheck fuzz-impl` and the Python module. The paper's relay
// states are {0, 1} and PAL is sum_r w_r s_r; implementations commonly use states {-1, +1}, an
// affine output a*S + b + c*u, a different column order in their relay files, tolerances, and a
// smoothed switch (a relay within T of a threshold may sit anywhere between off and on).
#pragma once

#include "reference/rational.h"

#include <nlohmann/json.hpp>

#include <array>
#include <string>
#include <vector>

namespace palcheck::oracle {

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

/// Everything another implementation may do differently from the paper's presentation.
struct Conventions {
  StateSet states = StateSet::ZeroOne;  ///< relay states
  OutputMap output;                     ///< output map
  RelayColumns columns;                 ///< relay file columns
  Q atol = Q(1, 1000000000);            ///< absolute tolerance (default 1e-9)
  Q rtol = Q(1, 1000000);               ///< relative tolerance (default 1e-6)
  Q smoothing = 0;                      ///< band half-width T of a smoothed switch (0: sharp)
};

/// Applies `key=value` options: states=01|pm1, output=a,b,c (or a=, b=, c=), columns=alpha,beta,weight
/// in the file's order, atol=, rtol=, smoothing=T. InputError naming the option on anything else.
void apply_convention_option(Conventions& c, const std::string& option);

/// Applies a JSON object {"states": "pm1", "output_map": [a, b, c], "columns": [...], "atol": ..,
/// "rtol": .., "smoothing": ..}; InputError naming the key.
void apply_convention_json(Conventions& c, const nlohmann::json& object, const std::string& where);

/// The conventions as JSON (exact strings), for reports.
nlohmann::json conventions_json(const Conventions& c);

/// "01" or "pm1".
std::string state_set_name(StateSet s);

/// Reorders relay rows of a file (alpha, beta[, weight] in the file's column order) into the paper's.
std::vector<std::vector<Q>> reorder_relay_rows(const std::vector<std::vector<Q>>& rows, const RelayColumns& columns,
                                               const std::string& source);

/// The implementation's output for the paper's PAL value `pal` (states {0, 1}) over a measure of total
/// weight `total`, at input `u`; MPAL uses it per component with u the token's component.
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
