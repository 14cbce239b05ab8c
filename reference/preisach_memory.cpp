// prop:wiping, def:stack: the classical Preisach memory (see preisach_memory.h).
#include "preisach_memory.h"

namespace palcheck {

PreisachMemory::PreisachMemory(InitialState initial) : initial_(initial), stack_(initial) {}

RelayState PreisachMemory::relay_state(const Thresholds& t) const {
  const std::vector<Q>& extrema = stack_.extrema();
  for (std::size_t k = extrema.size(); k-- > 0;) {
    const Q& e = extrema[k];
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
