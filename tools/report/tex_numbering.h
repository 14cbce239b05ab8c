// The numbers LaTeX gives the paper's labels, worked out from the source as LaTeX would: theorem-like
// environments by their \newtheorem counters (shared, reset by a section), sections and subsections
// (letters after \appendix), numbered equations line by line (\nonumber, \notag, starred forms), and the
// captions of algorithms, tables and figures. A \label takes the number of the last counter stepped in its
// group, as \ref does; a referee reads "Theorem 4.6" and "Section 4" where the source says thm:tc, sec:tc.
#pragma once

#include <map>
#include <string>

namespace palcheck::report {

/// What LaTeX prints for one label.
struct TexNumber {
  std::string name;    ///< "Theorem", "Section", "Appendix", "Equation", "Algorithm", "Table", "Figure"
  std::string number;  ///< what \ref prints: "4.6", "4", "B", "30", "1"

  /// The name and number as cleveref prints them: "Theorem 4.6", "Equation (30)".
  std::string printed() const;
};

/// Every \label of `tex` (a whole LaTeX document) with its number; labels LaTeX gives no number are absent.
std::map<std::string, TexNumber> tex_numbers(const std::string& tex);

}  // namespace palcheck::report
