// The human-readable side of `palcheck list|verify|show` (the JSON side is claim_verify.h): the
// verdict table, the claim listing and the evidence of one claim with its counterexample drawn.
#pragma once

#include "tools/cli/claim_verify.h"
#include "tools/cli/terminal.h"

#include <string>
#include <vector>

namespace palcheck::cli {

/// The verdict table: label, number, verdict, evidence, each row wrapped to style.width with a hanging
/// indent and its verdict coloured by style; under it each search's seed and replay command.
std::string verify_table(const VerifyReport& report, const TextStyle& style = {});

/// `palcheck list` as text: one claim per row, its statement on the line under it.
std::string list_table(const Registry& registry);

/// q as a decimal: exact when its denominator divides a power of ten ("0.125", "3"), else to ten
/// significant digits after "~" ("~0.3333333333").
std::string decimal_text(const Q& q);

/// An instance's values, one line each: "u = [0, 1/3]" (one value: "eps = 1/4"), then the decimals when
/// one is not an integer.
std::vector<std::string> instance_value_lines(const Instance& instance);

/// Rows drawn with aligned columns (first row: header, underlined).
std::string draw_table(const std::vector<std::vector<std::string>>& rows);

/// `palcheck show LABEL`: the claim, its readings, and each result's whole evidence with drawn counterexamples.
std::string show_text(const Registry& registry, const ClaimReport& report, const RunConfig& config,
                      const TextStyle& style = {});

}  // namespace palcheck::cli
