// prop:wiping, def:stack: the classical Preisach memory (see preisach_memory.h).
#include "preisach_memory.h"

namespace palcheck {

PreisachMemory::PreisachMemory(InitialState initial) : initial_(initial) {}

bool PreisachMemory::is_maximum(std::size_t index) const {
  // Entry 0 is reached from the sentinel: rising from -inf (Off) or falling from +inf (On).
  bool first_is_max = initial_ == InitialState::Off;
  return (index % 2 == 0) == first_is_max;
}

MemoryStepEffect PreisachMemory::step(const Q& u) {
  MemoryStepEffect effect;
  if (extrema_.empty()) {
    extrema_.push_back(u);
    effect.pushed = true;
    return effect;
  }
  const Q& current = extrema_.back();
  if (u == current) return effect;
  bool rising = u > current;
  std::size_t top = extrema_.size() - 1;
  if (is_maximum(top) == rising) {
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
    const Q& older = extrema_[extrema_.size() - 3];
    bool wipes = rising ? u >= older : u <= older;
    if (!wipes) break;
    extrema_.erase(extrema_.end() - 3, extrema_.end() - 1);
    effect.wiped += 2;
  }
  return effect;
}

RelayState PreisachMemory::relay_state(const Thresholds& t) const {
  for (std::size_t k = extrema_.size(); k-- > 0;) {
    const Q& e = extrema_[k];
    if (e >= t.alpha) return 1;
    if (e <= t.beta) return 0;
  }
  return static_cast<RelayState>(initial_);
}

std::vector<std::vector<Q>> memory_trace(const std::vector<Q>& u, InitialState initial) {
  PreisachMemory memory(initial);
  std::vector<std::vector<Q>> trace;
  trace.reserve(u.size());
  for (const Q& x : u) {
    memory.step(x);
    trace.push_back(memory.extrema());
  }
  return trace;
}

}  // namespace palcheck
