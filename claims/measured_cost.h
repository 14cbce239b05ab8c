// thm:complexity, prop:complexity, tab:complexity, abstract:cost: the cost a result measured along an input
// family, as data on the result, so that the report draws it without reading the result's detail text.
#pragma once

#include "reference/rational.h"

#include <string>
#include <vector>

namespace palcheck {

/// One size of a measured cost family: the measured cost and the claimed bound there, as the result's table
/// shows them (two decimals).
struct CostPoint {
  Q size;   ///< the input size n
  Q cost;   ///< the cost measured at n
  Q bound;  ///< the claimed bound's value at n

  /// Equal in every field.
  bool operator==(const CostPoint&) const = default;
};

/// A cost family a result measured: what was measured on which inputs against which bound, one point a size.
struct CostFamily {
  std::string family;             ///< the input family measured, e.g. "nested-zigzag-peak" ("" when not named)
  std::string quantity;           ///< what is measured, e.g. "total-ops"
  std::string bound;              ///< the claimed bound, e.g. "n log n"
  std::vector<CostPoint> points;  ///< one per size, in the result's order

  /// Equal in every field.
  bool operator==(const CostFamily&) const = default;
};

}  // namespace palcheck
