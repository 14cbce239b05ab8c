// palcheck's own sentences (the claim table's statements, hypotheses, evidence) write formulas as ASCII
// with TeX-style scripts: "M_{i+1} > M_i", "W_I^(h) in R^{1 x d}". The report finds those formulas at its
// edge, turns each into TeX for KaTeX and leaves the words around them as text (docs/decisions.md says why
// here rather than markers where the sentences are written). The terminal keeps the sentences as they are.
#pragma once

#include <string>
#include <vector>

namespace palcheck::report {

/// What a piece of a sentence is.
enum class PieceKind { Words, Formula };

/// One piece of a sentence: words as written, or a formula as TeX.
struct TextPiece {
  PieceKind kind = PieceKind::Words;  ///< words or a formula
  std::string text;                   ///< the words, or the formula's TeX

  /// Equal in both fields.
  bool operator==(const TextPiece&) const = default;
};

/// The sentence cut into words and formulas. A formula is a name with scripts: letters followed by one or more
/// of _{...}, ^{...}, ^(...), or _x / ^x of at most three letters or digits ("u_n", "mu_ij", "M_{top-1}",
/// "R^{1 x d}", "W_I^(h)"). Not formulas: identifiers (a longer or repeated unbraced script: initial_state,
/// a_b_c), a claim label's parts (after ':'), file names (followed by '.' and a letter), and anything with a
/// character TeX reads specially (# $ % & ~ \). Greek letter names become TeX's, >= <= -> and " x " become
/// their symbols, and names of several letters upright (\mathrm) except Greek ones and indices of two letters.
std::vector<TextPiece> own_math(const std::string& sentence);

}  // namespace palcheck::report
