// alg:stack and def:stack: Algorithm 1 (Extremum Stack Update) exactly as printed, not repaired.
// Where the printed text is undefined each reading is a named option (see Algorithm1Options);
// every pop and push is recorded so that tests and claims can observe the literal behaviour.
#pragma once

#include "rational.h"
#include "readings.h"

#include <string>
#include <vector>

namespace palcheck {

/// One stack entry (M, m) as pushed by Algorithm 1.
struct StackPair {
  Q M;  ///< the maximum component
  Q m;  ///< the minimum component
  friend bool operator==(const StackPair&, const StackPair&) = default;
};

/// What one step of Algorithm 1 did.
struct Algorithm1Step {
  Q input;                                                ///< u_{n+1}
  enum class Branch { Rise, Fall, Equal, First } branch;  ///< which printed branch ran
  std::vector<StackPair> popped;                          ///< pairs popped, in order
  bool pushed = false;                                    ///< whether a pair was pushed
  StackPair push{};                                       ///< the pair pushed, if any
  bool last_defaulted = false;                            ///< m_last / M_last came from Algorithm1Options::unset_last
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
