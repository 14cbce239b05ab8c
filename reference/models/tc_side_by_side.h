// thm:tc, repair:thm:tc: a construction run next to the two-stack PDA interpreter, step by step,
// up to the first step where the configurations differ (the evidence `palcheck show thm:tc` prints).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace palcheck {

/// One machine step seen by both sides.
struct SideBySideRow {
  std::size_t step = 0;      ///< machine steps taken
  std::string interpreter;   ///< the interpreter's configuration
  std::string construction;  ///< the construction's configuration, read back from its channels
  bool agree = false;        ///< same state, same stacks, same tops
};

/// A side-by-side run.
struct SideBySide {
  std::vector<SideBySideRow> rows;              ///< up to and including the first difference
  std::optional<std::size_t> first_difference;  ///< the step of the first difference, if any
};

/// The rows as a table: header "step", "interpreter config", "construction config", "agree".
std::vector<std::vector<std::string>> to_table(const SideBySide& run);

}  // namespace palcheck
