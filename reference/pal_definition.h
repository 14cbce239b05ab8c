// def:pal (eq:pal), def:preisach for atomic measures: PAL by definition. Every relay is run over
// the whole sequence and the weighted states are summed. The oracle of the oracle: plain and slow.
#pragma once

#include "measure.h"

#include <vector>

namespace palcheck {

/// PAL_mu(u_{0:n}) for every n: sum of mu_ij * relay_ij[u](n), each relay run from `initial`.
std::vector<Q> pal_by_definition(const Measure& mu, const std::vector<Q>& u, InitialState initial);

/// The state of every relay of mu (in mu's order) after each input: states[n][r].
std::vector<std::vector<RelayState>> relay_states_by_definition(const Measure& mu, const std::vector<Q>& u,
                                                                InitialState initial);

}  // namespace palcheck
