// The human-readable side of `palcheck list|verify|show` (the JSON side is claim_verify.h): the
// verdict table, the claim listing and the evidence of one claim with its counterexample drawn.
#pragma once

#include "tools/cli/claim_verify.h"

#include <string>
#include <vector>

namespace palcheck::cli {

/// The verdict table: label, verdict, one line of evidence; under a search, its seed and replay command.
std::string verify_table(const VerifyReport& report);

/// `palcheck list` as text, one claim per line.
std::string list_table(const Registry& registry);

/// Rows drawn with aligned columns (first row: header, underlined).
std::string draw_table(const std::vector<std::vector<std::string>>& rows);

/// `palcheck show LABEL`: the claim, its readings, and each result's whole evidence with drawn counterexamples.
std::string show_text(const Registry& registry, const ClaimReport& report, const RunConfig& config);

}  // namespace palcheck::cli
