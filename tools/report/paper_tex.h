// The paper's TeX source as the report quotes it: the title, the statement printed under a \label,
// section titles, and the position of each label (the paper order of the claims).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace palcheck::report {

/// The paper's source, or nothing when the file is missing (every query then answers "unknown").
class PaperTex {
 public:
  /// Reads path; a missing or unreadable file gives an empty paper.
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

 private:
  std::string text_;
};

}  // namespace palcheck::report
