// prop:wiping, def:stack: the wiping-out step of the classical Preisach memory, over any ordered key.
// The exact memory (preisach_memory.h, over rationals) and the oracle's keyed run (over the integer
// keys of the thresholds) move by this one recurrence, so the fast path cannot drift from the
// definition it is tested against.
#pragma once

#include "relay.h"

#include <cstddef>
#include <vector>

namespace palcheck {

/// What one input did to the memory, so that parallel data (outputs per entry) can follow it.
struct MemoryStepEffect {
  std::size_t wiped = 0;  ///< entries removed from the top (before any push); always even
  bool replaced = false;  ///< the top was a continuing monotone run and was overwritten
  bool pushed = false;    ///< a new top was appended
};

/// The alternating list of dominant extrema of the inputs so far, keyed by any ordered Key.
template <class Key>
class WipingStack {
 public:
  /// Off: as if the input had come from -infinity (the first entry is a maximum); On: from +infinity.
  explicit WipingStack(InitialState initial) : first_is_max_(initial == InitialState::Off) {}

  /// Feeds one input; an input equal to the top changes nothing.
  MemoryStepEffect step(const Key& u) {
    MemoryStepEffect effect;
    if (extrema_.empty()) {
      extrema_.push_back(u);
      effect.pushed = true;
      return effect;
    }
    if (u == extrema_.back()) return effect;
    bool rising = u > extrema_.back();
    if (is_maximum(extrema_.size() - 1) == rising) {
      // The monotone run goes on: the current entry moves with the input.
      extrema_.back() = u;
      effect.replaced = true;
    } else {
      extrema_.push_back(u);
      effect.pushed = true;
    }
    // Wiping-out: a new maximum at or above an older maximum removes that maximum and the minimum
    // after it (dually for minima). Equality wipes too: reaching an old extremum again leaves every
    // relay exactly as a continuation of the old run would.
    while (extrema_.size() >= 3) {
      const Key& older = extrema_[extrema_.size() - 3];
      if (!(rising ? u >= older : u <= older)) break;
      extrema_.erase(extrema_.end() - 3, extrema_.end() - 1);
      effect.wiped += 2;
    }
    return effect;
  }

  /// The entries, oldest first; the last one is the current input (empty before any input).
  const std::vector<Key>& extrema() const { return extrema_; }

  /// Whether entry `index` (0-based) was reached rising (a maximum) or falling.
  bool is_maximum(std::size_t index) const { return (index % 2 == 0) == first_is_max_; }

 private:
  bool first_is_max_;
  std::vector<Key> extrema_;
};

}  // namespace palcheck
