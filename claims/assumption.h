// What a proof takes as given, typed (docs/proofs.md, "Assumptions"): the model it runs on, each
// parameter's domain, the bounds its objects stay within, components read as the identity or replaced,
// hypotheses imported from elsewhere and choices an existential statement leaves to the proof. A claim's
// statement declares the same kinds of entries for what it quantifies over; a proof covers the statement
// when the entries that narrow it are exactly the statement's. Its PROVED sentence is generated from them.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace palcheck {

/// What kind of thing an assumption fixes.
enum class Given {
  Model,      ///< the semantics the proof runs on (the classical memory, Algorithm 1's completions)
  Domain,     ///< a parameter's range: every value, enumerated up to a size, or one value
  Bound,      ///< a bound the statement's objects are kept within (D_max with the stacks within it)
  Component,  ///< a component read as the identity, replaced, or left out of the queries (LN, PE)
  Imported,   ///< a hypothesis proved elsewhere or a definition the queries do not encode: does not narrow
  Witness,    ///< a choice an existential statement leaves to the proof (its construction): does not narrow
};

/// How much of a parameter's range a Domain entry covers.
enum class Extent {
  Every,  ///< every value (symbolic in the queries)
  UpTo,   ///< every value up to a size, enumerated
  Fixed,  ///< one value
};

/// One thing a proof takes as given, or one quantifier of a statement.
struct Assumption {
  Given kind = Given::Domain;   ///< what it fixes
  std::string subject;          ///< e.g. "stack", "n", "D_max", "LN"
  std::string value;            ///< e.g. "classical memory", "n >= 1", "100", "the identity"
  Extent extent = Extent::Every;  ///< for a Domain entry: how much of the range

  /// Equal in every field.
  bool operator==(const Assumption&) const = default;
};

/// "model", "domain", "bound", "component", "imported", "witness".
std::string to_string(Given g);

/// The inverse of to_string(Given); nullopt for any other spelling.
std::optional<Given> parse_given(const std::string& text);

/// "every", "up to", "fixed".
std::string to_string(Extent e);

/// The inverse of to_string(Extent); nullopt for any other spelling.
std::optional<Extent> parse_extent(const std::string& text);

/// One entry in words, e.g. "stack: classical memory", "n >= 1: every value", "n: enumerated up to 100".
std::string assumption_text(const Assumption& a);

/// The entries in words, "; "-separated.
std::string assumptions_text(const std::vector<Assumption>& list);

/// Imported hypotheses and witnesses leave the statement as wide as it is; every other entry narrows it.
bool narrows(const Assumption& a);

/// What keeps `given` from covering `statement`: each statement entry the proof does not take in full
/// ("not given: ..."), and each narrowing entry of the proof the statement does not declare ("narrowed
/// by: ..."). Empty when the proof covers the statement.
std::vector<std::string> uncovered(const std::vector<Assumption>& statement, const std::vector<Assumption>& given);

}  // namespace palcheck
