// Per-token trace (see trace.h).
#include "trace.h"

#include "pal_definition.h"
#include "preisach_memory.h"

namespace palcheck {

std::vector<TraceStep> trace_pal(const Measure& mu, const std::vector<Q>& u, InitialState initial) {
  validate(mu);
  auto states = relay_states_by_definition(mu, u, initial);
  PreisachMemory memory(initial);
  std::vector<TraceStep> trace;
  trace.reserve(u.size());
  std::vector<RelayState> before(mu.relays.size(), static_cast<RelayState>(initial));
  for (std::size_t n = 0; n < u.size(); ++n) {
    TraceStep step{u[n], {}, {}, {}, Q(0)};
    for (std::size_t r = 0; r < mu.relays.size(); ++r) {
      if (states[n][r] && !before[r]) step.switched_on.push_back(r);
      if (!states[n][r] && before[r]) step.switched_off.push_back(r);
      if (states[n][r]) step.output += mu.relays[r].weight;
    }
    memory.step(u[n]);
    step.memory = memory.extrema();
    before = states[n];
    trace.push_back(std::move(step));
  }
  return trace;
}

}  // namespace palcheck
