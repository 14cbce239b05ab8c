// What the tests of compare (def:relay, def:pal, def:mpal) and fuzz-impl expect of a report whose failures
// one convention change explains, stated once: a single root cause, that change, explaining every failing
// sequence (compare) or case (fuzz-impl).
#pragma once

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace palcheck::testing {

/// Whether `report` (compare's or fuzz-impl's) names exactly one root cause, the change to `conventions`
/// ({"tie_rule": "strict"}), in MPAL head `head` (none: every head), explaining every failure.
inline ::testing::AssertionResult one_root_change(const nlohmann::json& report, const nlohmann::json& conventions,
                                                  std::optional<std::size_t> head = std::nullopt) {
  const nlohmann::json roots = report.value("root_causes", nlohmann::json::array());
  if (roots.size() != 1) return ::testing::AssertionFailure() << "expected one root cause, got " << roots.dump(1);
  const nlohmann::json& root = roots[0];
  std::string cause;
  for (const auto& item : conventions.items()) cause += (cause.empty() ? "" : "+") + item.key();
  bool compare = report.contains("differing_sequences");
  const char* all = compare ? "differing_sequences" : "failing_cases";
  const char* explained = compare ? "failing_sequences" : "failing_cases";
  if (root.value("cause", "") != cause || root.value("conventions", nlohmann::json()) != conventions ||
      root.value("head", nlohmann::json()) != (head ? nlohmann::json(*head) : nlohmann::json()) ||
      root.value(explained, nlohmann::json()) != report[all])
    return ::testing::AssertionFailure() << "expected the root cause " << cause << " " << conventions.dump()
                                         << (head ? " in head " + std::to_string(*head) : std::string())
                                         << " explaining all " << report[all] << ", got " << root.dump(1);
  return ::testing::AssertionSuccess();
}

}  // namespace palcheck::testing
