// prop:wiping (Mayergoyz's wiping-out), def:stack, prop:sufficiency: the classical Preisach memory.
// The memory is the alternating list of dominant extrema e_1, e_2, ..., e_r whose last entry is the
// current input. Maxima strictly decrease and minima strictly increase (the list is nested); this is
// the memory every relay state and every PAL output is a function of (see memory_pal.h).
#pragma once

#include "relay.h"
#include "wiping_stack.h"

#include <cstddef>
#include <vector>

namespace palcheck {

/// The classical Preisach memory with an explicit initial state.
class PreisachMemory {
 public:
  /// Off: as if the input had come from -infinity (all relays 0); On: from +infinity (all 1).
  explicit PreisachMemory(InitialState initial = InitialState::Off);

  /// Feeds one input; equal consecutive inputs change nothing.
  MemoryStepEffect step(const Q& u) { return stack_.step(u); }

  /// The dominant extrema, oldest first; the last one is the current input (empty before any input).
  const std::vector<Q>& extrema() const { return stack_.extrema(); }

  /// Whether entry `index` (0-based) of extrema() was reached rising (a maximum) or falling.
  bool is_maximum(std::size_t index) const { return stack_.is_maximum(index); }

  /// The initial state this memory started from.
  InitialState initial() const { return initial_; }

  /// The state of relay t now, read from the memory alone: the last entry outside the dead band decides.
  RelayState relay_state(const Thresholds& t) const;

 private:
  InitialState initial_;
  WipingStack<Q> stack_;
};

/// The memory after each input of u.
std::vector<std::vector<Q>> memory_trace(const std::vector<Q>& u, InitialState initial);

}  // namespace palcheck
