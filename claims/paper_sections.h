// The sections of the paper that the claim table names (Claim::section), in the paper's order, each
// numbered as printed and titled in our words, so that a report or listing can group claims without the paper's source.
#pragma once

#include <string>
#include <vector>

namespace palcheck {

/// One section of the paper.
struct PaperSection {
  std::string label;   ///< the paper's \label of the section, e.g. "sec:tc"
  std::string number;  ///< as the paper prints it: "Section 4", "Section 2.1", "Appendix B"
  std::string title;   ///< what the section is about, in our words
};

/// Every section a claim names, in the order the paper prints them (appendices last).
const std::vector<PaperSection>& paper_sections();

/// The title of `label`, or the label itself when it is not a known section.
std::string section_title(const std::string& label);

/// The printed number of `label` ("Section 4"), or "" when it is not a known section.
std::string section_number(const std::string& label);

}  // namespace palcheck
