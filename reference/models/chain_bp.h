// prop:bp_pal: belief propagation on a chain (a tree) of binary spins, in exact rationals. The model is
// given by its hyperbolic tangents b_k = tanh J_k (edge k joins nodes k and k+1) and c_v = tanh h_v
// (evidence field on node v), so that e^{J s s'} and e^{h s} are cosh-multiples of (1 + b s s') and
// (1 + c s): every marginal is rational. Nodes are numbered leaf (0) to root (n-1).
#pragma once

#include "enclosure.h"

#include <vector>

namespace palcheck::physics {

/// A chain MRF in tanh parameters.
struct ChainMrf {
  std::vector<Q> edge_tanh;      ///< b_k = tanh J_k, |b_k| < 1, size n-1
  std::vector<Q> evidence_tanh;  ///< c_v = tanh h_v, |c_v| < 1, size n
};

/// m_t = E[sigma_t | evidence on nodes 0..t] for every t, by summing over all 2^(t+1) configurations.
std::vector<Q> chain_beliefs_by_enumeration(const ChainMrf& chain);

/// The same beliefs from the leaf-to-root BP recursion m_t = (c_t + b m_{t-1}) / (1 + c_t b m_{t-1}).
std::vector<Q> chain_beliefs_by_bp(const ChainMrf& chain);

/// The relay states at time n of the atoms (u_t, -u_t), u_t = artanh(m_t) >= 0, driven by u: since artanh
/// is odd and increasing, relay(u_t, -u_t)[u] equals relay(m_t, -m_t)[m] and is computed exactly.
std::vector<int> data_atom_states(const std::vector<Q>& beliefs);

/// PAL_{mu*}(u_{0:n}) with one atom (u_t, -u_t) of mass u_t per token (all m_t >= 0), rigorously enclosed.
Enclosure pal_with_data_atoms(const std::vector<Q>& beliefs, unsigned bits = 80);

}  // namespace palcheck::physics
