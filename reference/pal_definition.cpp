// def:pal: PAL by definition (see pal_definition.h).
#include "pal_definition.h"

namespace palcheck {

std::vector<std::vector<RelayState>> relay_states_by_definition(const Measure& mu, const std::vector<Q>& u,
                                                                InitialState initial) {
  std::vector<std::vector<RelayState>> states(u.size(), std::vector<RelayState>(mu.relays.size()));
  for (std::size_t r = 0; r < mu.relays.size(); ++r) {
    std::vector<RelayState> run = run_relay(mu.relays[r].thresholds, u, initial);
    for (std::size_t n = 0; n < u.size(); ++n) states[n][r] = run[n];
  }
  return states;
}

std::vector<Q> pal_by_definition(const Measure& mu, const std::vector<Q>& u, InitialState initial) {
  std::vector<Q> out(u.size(), Q(0));
  for (const WeightedRelay& relay : mu.relays) {
    std::vector<RelayState> run = run_relay(relay.thresholds, u, initial);
    for (std::size_t n = 0; n < u.size(); ++n)
      if (run[n]) out[n] += relay.weight;
  }
  return out;
}

}  // namespace palcheck
