// alg:stack and def:stack: Algorithm 1 (Extremum Stack Update) exactly as printed, not repaired.
// Where the printed text is undefined each reading is a named option (see Algorithm1Options);
// every pop and push is recorded so that tests and claims can observe the literal behaviour.
#pragma once

#include "rational.h"

#include <string>
#include <vector>

namespace palcheck {

/// One stack entry (M, m) as pushed by Algorithm 1.
struct StackPair {
  Q M;  ///< the maximum component
  Q m;  ///< the minimum component
  friend bool operator==(const StackPair&, const StackPair&) = default;
};

/// How the first observation u_0 is treated: the printed algorithm needs a previous observation.
enum class FirstInput {
  Empty,     ///< Pi_0 is empty; u_0 only serves as the "previous observation" of step 1 (default)
  PushPair,  ///< Pi_0 = [(u_0, u_0)]
};

/// What m_last (rising) or M_last (falling) is when the while loop popped nothing in this step.
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

/// Name of a reading, e.g. "first=empty" or "unset_last=previous-input".
std::string to_string(FirstInput f);
/// Name of a reading, e.g. "unset_last=top".
std::string to_string(UnsetLast l);
/// Both readings, "first=...,unset_last=...".
std::string to_string(const Algorithm1Options& o);

/// What one step of Algorithm 1 did.
struct Algorithm1Step {
  Q input;                        ///< u_{n+1}
  enum class Branch { Rise, Fall, Equal, First } branch;  ///< which printed branch ran
  std::vector<StackPair> popped;  ///< pairs popped, in order
  bool pushed = false;            ///< whether a pair was pushed
  StackPair push{};               ///< the pair pushed, if any
  bool last_defaulted = false;    ///< m_last / M_last came from Algorithm1Options::unset_last
};

/// Algorithm 1 run token by token; the stack's top is back().
class Algorithm1 {
 public:
  /// A fresh run under the given readings.
  explicit Algorithm1(Algorithm1Options options = {});

  /// Feeds one observation and returns what the printed algorithm did.
  Algorithm1Step step(const Q& u);

  /// The stack now, bottom first.
  const std::vector<StackPair>& stack() const { return stack_; }

  /// The readings in force.
  const Algorithm1Options& options() const { return options_; }

 private:
  Algorithm1Options options_;
  std::vector<StackPair> stack_;
  bool has_previous_ = false;
  Q previous_;
  Q persisted_m_last_, persisted_M_last_;
};

/// The stack after every input of u.
std::vector<std::vector<StackPair>> algorithm1_trace(const std::vector<Q>& u, Algorithm1Options options = {});

}  // namespace palcheck
