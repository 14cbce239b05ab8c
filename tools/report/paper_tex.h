// The paper's TeX source as the report quotes it: the title, the statement printed under a \label,
// section titles, the position and number of each label, and the macros its preamble defines (for KaTeX).
#pragma once

#include "tools/report/tex_numbering.h"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace palcheck::report {

/// The paper's source, or none (every query then answers nothing).
class PaperTex {
 public:
  /// No paper.
  PaperTex() = default;
  /// Reads path once, as every whole input is read (a FIFO or a pipe works, at most kMaxWholeInputBytes);
  /// std::runtime_error naming the path when it cannot be read, is too large or is empty.
  static PaperTex load(const std::string& path);

  /// Whether the source was read.
  bool available() const { return !text_.empty(); }
  /// The argument of \title{...}, or nullopt.
  std::optional<std::string> title() const;
  /// The environment around \label{label} (from \begin to \end), a section heading for a section
  /// label, or nullopt if the label does not occur.
  std::optional<std::string> statement(const std::string& label) const;
  /// The heading of the section carrying \label{label}, or nullopt.
  std::optional<std::string> section_title(const std::string& label) const;
  /// Offset of \label{label} in the source, or nullopt.
  std::optional<std::size_t> position(const std::string& label) const;
  /// What LaTeX numbers `label` ("Theorem", "4.6"), or nullopt for a label it leaves unnumbered or absent.
  std::optional<TexNumber> number(const std::string& label) const;
  /// The preamble's \newcommand and \DeclareMathOperator definitions as KaTeX macros: name (with its
  /// backslash) and expansion (#1, #2 for arguments), in the order defined.
  std::vector<std::pair<std::string, std::string>> macros() const;

 private:
  std::string text_;
  std::map<std::string, TexNumber> numbers_;
};

}  // namespace palcheck::report
