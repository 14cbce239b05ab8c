// The readings the paper leaves open, named once for every layer: the relay's initial state and tie
// rule (def:relay), Algorithm 1's undefined points (alg:stack), which structure plays the extremum
// stack (def:stack, prop:sufficiency, lem:stack_ops, lem:pop_one) and whether a sequence's ends count
// as extrema (prop:sparse, lem:ext_indicator). Each has one spelling: to_string writes it and the
// matching parse_* reads it back (nullopt on any other text).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace palcheck {

/// The state a relay holds before the first input (the paper leaves it undefined at n = 0).
enum class InitialState { Off = 0, On = 1 };

/// "0" or "1".
std::string to_string(InitialState s);
/// Reads "0" or "1".
std::optional<InitialState> parse_initial_state(const std::string& text);

/// How a relay resolves inputs equal to its thresholds.
enum class TieRule {
  AsPrinted,    ///< u >= alpha -> 1 first, else u <= beta -> 0 (eq:relay as printed)
  OffFirst,     ///< u <= beta -> 0 first, else u >= alpha -> 1 (differs only at alpha == beta == u)
  Strict,       ///< u > alpha -> 1, else u < beta -> 0: a tie holds the state
  StrictAlpha,  ///< u > alpha -> 1, else u <= beta -> 0
  StrictBeta,   ///< u >= alpha -> 1, else u < beta -> 0
};

/// Every tie rule, the printed one first.
std::vector<TieRule> all_tie_rules();
/// "as-printed", "off-first", "strict", "strict-alpha" or "strict-beta".
std::string to_string(TieRule rule);
/// Reads a name written by to_string(TieRule).
std::optional<TieRule> parse_tie_rule(const std::string& text);

/// How Algorithm 1 treats the first observation u_0: the printed algorithm needs a previous observation.
enum class FirstInput {
  Empty,     ///< Pi_0 is empty; u_0 only serves as the "previous observation" of step 1 (default)
  PushPair,  ///< Pi_0 = [(u_0, u_0)]
};

/// What m_last (rising) or M_last (falling) is when Algorithm 1's while loop popped nothing in this step.
enum class UnsetLast {
  PreviousInput,  ///< the previous observation u_n (default)
  Top,            ///< the current top's component without popping it; u_n if the stack is empty
  Persist,        ///< the value the variable last held in any earlier step; u_0 before any assignment
};

/// The readings of Algorithm 1's undefined points. Equal consecutive inputs are not an option:
/// the printed if/elsif has no else branch, so the stack is left unchanged.
struct Algorithm1Options {
  FirstInput first = FirstInput::Empty;             ///< see FirstInput
  UnsetLast unset_last = UnsetLast::PreviousInput;  ///< see UnsetLast
};

/// "first=empty" or "first=push-pair".
std::string to_string(FirstInput f);
/// "unset_last=previous-input", "unset_last=top" or "unset_last=persist".
std::string to_string(UnsetLast l);
/// Both readings, "first=...,unset_last=...".
std::string to_string(const Algorithm1Options& o);
/// Every reading of Algorithm 1 (2 first-input readings x 3 unset-last readings), the default first.
std::vector<Algorithm1Options> all_algorithm1_readings();
/// Reads a name written by to_string(Algorithm1Options).
std::optional<Algorithm1Options> parse_algorithm1_reading(const std::string& text);

/// Which structure plays the extremum stack.
enum class StackKind {
  ClassicalMemory,  ///< the classical Preisach memory (PreisachMemory)
  Algorithm1,       ///< Algorithm 1 as printed, under one reading
};

/// A stack reading: the classical memory, or Algorithm 1 under one reading of its undefined points.
struct StackReading {
  StackKind kind = StackKind::ClassicalMemory;  ///< which structure
  Algorithm1Options algorithm1;                 ///< Algorithm 1's reading when kind is Algorithm1
  /// True for the classical memory.
  bool classical() const { return kind == StackKind::ClassicalMemory; }
};

/// "classical-memory" or "algorithm1:first=...,unset_last=...".
std::string to_string(const StackReading& r);
/// The classical memory followed by Algorithm 1 under each of its six readings.
std::vector<StackReading> all_stack_readings();
/// Reads a name written by to_string(StackReading).
std::optional<StackReading> parse_stack_reading(const std::string& text);

/// Whether the first and last positions of a sequence count as local extrema (the paper never says).
enum class Endpoints { Excluded, Included };

/// "excluded" or "included".
std::string to_string(Endpoints e);
/// Reads "excluded" or "included".
std::optional<Endpoints> parse_endpoints(const std::string& text);

}  // namespace palcheck
