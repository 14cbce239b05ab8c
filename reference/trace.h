// def:pal, def:relay, prop:wiping: a per-token trace for oracle users, so that an implementation
// that departs from the definition can be pinned to a token, a relay and a memory state.
#pragma once

#include "measure.h"

#include <cstddef>
#include <vector>

namespace palcheck {

/// Everything the reference knows about one token.
struct TraceStep {
  Q input;                                ///< u_n
  std::vector<std::size_t> switched_on;   ///< indices (into the measure) of relays that went 0 -> 1
  std::vector<std::size_t> switched_off;  ///< indices of relays that went 1 -> 0
  std::vector<Q> memory;                  ///< dominant extrema after u_n, oldest first
  Q output;                               ///< PAL_mu(u_{0:n})
};

/// The trace of PAL_mu over u; outputs by definition, memory from the classical memory.
std::vector<TraceStep> trace_pal(const Measure& mu, const std::vector<Q>& u, InitialState initial);

}  // namespace palcheck
