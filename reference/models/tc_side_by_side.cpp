// thm:tc: side-by-side runs as tables (see tc_side_by_side.h).
#include "tc_side_by_side.h"

namespace palcheck {

std::vector<std::vector<std::string>> to_table(const SideBySide& run) {
  std::vector<std::vector<std::string>> table{{"step", "interpreter config", "construction config", "agree"}};
  for (const SideBySideRow& r : run.rows)
    table.push_back({std::to_string(r.step), r.interpreter, r.construction, r.agree ? "yes" : "NO"});
  return table;
}

}  // namespace palcheck
