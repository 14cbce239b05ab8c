// The range of the double paths (see double_range.h).
#include "oracle/formats/double_range.h"

#include "util/errors.h"

#include <cmath>
#include <limits>

namespace palcheck::oracle {

namespace {

// q for a message: its exact text when short, else 17 significant digits in scientific notation (1e+400,
// not 401 digits; a fraction 1e-400 likewise).
std::string shown_number(const Q& q) {
  std::string text = to_string(q);
  return text.size() <= 24 ? text : boost::multiprecision::mpf_float_50(q).str(17);
}

// The double nearest q, moved one step toward `inward` when rounding took it past q on the other side;
// nullopt when no finite double lies on that side.
std::optional<Q> double_on_side(const Q& q, double inward) {
  double d = to_double(q);
  std::optional<Q> exact = rational_from_double(d);
  if (exact && ((inward > 0 && *exact < q) || (inward < 0 && *exact > q)))
    exact = rational_from_double(std::nextafter(d, inward));
  return exact;
}

}  // namespace

Q nearest_double_value(const Q& q, const std::string& where, const std::string& why) {
  std::optional<Q> exact = rational_from_double(to_double(q));
  if (!exact)
    throw InputError(where + " = " + shown_number(q) + " is beyond the range of a double (" + kDoubleRangeText +
                     "), and " + why);
  return *exact;
}

std::pair<Q, Q> doubles_within(const Q& lo, const Q& hi, const std::string& where, const std::string& why) {
  nearest_double_value(lo, where, why);
  nearest_double_value(hi, where, why);
  constexpr double kInf = std::numeric_limits<double>::infinity();
  std::optional<Q> first = double_on_side(lo, kInf), last = double_on_side(hi, -kInf);
  if (!first || !last || *first > *last)
    throw InputError(where + " = [" + shown_number(lo) + ", " + shown_number(hi) + "] holds no double, and " + why);
  return {*first, *last};
}

}  // namespace palcheck::oracle
