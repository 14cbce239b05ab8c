// PAL written here apart from the reference, relay by relay, so that the oracle's tests can plant a
// divergence of one known kind (a tie rule, a smoothed threshold) and see it found.
#pragma once

#include "reference/measure.h"
#include "reference/rational.h"
#include "reference/relay.h"

#include <cstddef>
#include <vector>

namespace palcheck::oracle {

/// eq:relay with strict ties: u > alpha switches on, u < beta off, otherwise the state stays.
inline RelayState strict_step(const Thresholds& t, const Q& u, RelayState state) {
  return u > t.alpha ? 1 : u < t.beta ? 0 : state;
}

/// The sum over relays of weight times `shown(thresholds, u, state)` at each token, every state 0 at first;
/// `shown` moves the relay's state to the token and returns what the relay contributes there.
template <class Shown>
std::vector<Q> relay_by_relay(const Measure& mu, const std::vector<Q>& u, Shown shown) {
  std::vector<RelayState> states(mu.relays.size(), 0);
  std::vector<Q> out;
  for (const Q& x : u) {
    Q y = 0;
    for (std::size_t r = 0; r < mu.relays.size(); ++r)
      y += mu.relays[r].weight * shown(mu.relays[r].thresholds, x, states[r]);
    out.push_back(y);
  }
  return out;
}

/// PAL with strict ties (strict_step), from initial state 0.
inline std::vector<Q> strict_pal(const Measure& mu, const std::vector<Q>& u) {
  return relay_by_relay(mu, u, [](const Thresholds& t, const Q& x, RelayState& state) {
    state = strict_step(t, x, state);
    return Q(state);
  });
}

}  // namespace palcheck::oracle
