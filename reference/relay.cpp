// def:relay: the elementary relay (see relay.h).
#include "relay.h"

namespace palcheck {

void require_half_plane(const Thresholds& t) {
  if (t.alpha < t.beta)
    throw NotInHalfPlane("alpha (" + to_string(t.alpha) + ") < beta (" + to_string(t.beta) +
                         "): not in the Preisach half-plane");
}

RelayState step_relay(const Thresholds& t, const Q& u, RelayState previous) {
  if (u >= t.alpha) return 1;
  if (u <= t.beta) return 0;
  return previous;
}

std::vector<RelayState> run_relay(const Thresholds& t, const std::vector<Q>& u, InitialState initial) {
  require_half_plane(t);
  std::vector<RelayState> states;
  states.reserve(u.size());
  RelayState s = static_cast<RelayState>(initial);
  for (const Q& x : u) {
    s = step_relay(t, x, s);
    states.push_back(s);
  }
  return states;
}

}  // namespace palcheck
