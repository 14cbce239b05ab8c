// prop:bp_pal: exact chain beliefs and the PAL of the data atoms (see chain_bp.h).
#include "chain_bp.h"

#include "../relay.h"

#include <stdexcept>

namespace palcheck::physics {

std::vector<Q> chain_beliefs_by_enumeration(const ChainMrf& chain) {
  const std::size_t n = chain.evidence_tanh.size();
  if (n == 0 || n > 20 || chain.edge_tanh.size() + 1 != n) throw std::invalid_argument("chain of 1..20 nodes");
  std::vector<Q> beliefs;
  for (std::size_t t = 0; t < n; ++t) {
    Q weighted = 0, total = 0;
    for (unsigned long config = 0; config < (1ul << (t + 1)); ++config) {
      auto spin = [&](std::size_t v) { return (config >> v) & 1 ? 1 : -1; };
      Q w = 1;
      for (std::size_t v = 0; v <= t; ++v) w *= 1 + chain.evidence_tanh[v] * spin(v);
      for (std::size_t k = 0; k < t; ++k) w *= 1 + chain.edge_tanh[k] * spin(k) * spin(k + 1);
      total += w;
      weighted += w * spin(t);
    }
    beliefs.push_back(weighted / total);
  }
  return beliefs;
}

std::vector<Q> chain_beliefs_by_bp(const ChainMrf& chain) {
  std::vector<Q> beliefs{chain.evidence_tanh.at(0)};
  for (std::size_t t = 1; t < chain.evidence_tanh.size(); ++t) {
    Q message = chain.edge_tanh.at(t - 1) * beliefs.back();  // tanh of the message from node t-1
    const Q& c = chain.evidence_tanh[t];
    beliefs.push_back((c + message) / (1 + c * message));
  }
  return beliefs;
}

std::vector<int> data_atom_states(const std::vector<Q>& beliefs) {
  std::vector<int> states;
  for (const Q& m : beliefs) {
    if (m < 0) throw NotInHalfPlane("atom (u_t, -u_t) with u_t = artanh(" + to_string(m) + ") < 0 is not in T");
    states.push_back(run_relay({m, Q(-m)}, beliefs, InitialState::Off).back());
  }
  return states;
}

Enclosure pal_with_data_atoms(const std::vector<Q>& beliefs, unsigned bits) {
  std::vector<int> states = data_atom_states(beliefs);
  Enclosure sum{0, 0};
  for (std::size_t t = 0; t < beliefs.size(); ++t)
    if (states[t] == 1) sum = sum + artanh_enclosure(beliefs[t], bits);
  return sum;
}

}  // namespace palcheck::physics
