// prop:bp_pal: chain beliefs by enumeration against the BP recursion, and the data-atom PAL against doubles.
#include "reference/models/chain_bp.h"
#include "reference/relay.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace palcheck::physics {
namespace {

TEST(ChainBp, EnumerationEqualsRecursion) {
  std::mt19937_64 rng(5);
  std::uniform_int_distribution<int> value(-7, 7), nodes(1, 6);
  for (int c = 0; c < 100; ++c) {
    ChainMrf chain;
    int n = nodes(rng);
    for (int v = 0; v < n; ++v) chain.evidence_tanh.push_back(Q(value(rng), 8));
    for (int k = 0; k + 1 < n; ++k) chain.edge_tanh.push_back(Q(value(rng), 8));
    EXPECT_EQ(chain_beliefs_by_enumeration(chain), chain_beliefs_by_bp(chain));
  }
}

TEST(ChainBp, TwoNodesByTheTanhAdditionFormula) {
  // m_1 = tanh(h_1 + artanh(tanh J tanh h_0)), computed in doubles independently.
  ChainMrf chain{{Q(1, 2)}, {Q(1, 3), Q(-1, 5)}};
  std::vector<Q> m = chain_beliefs_by_enumeration(chain);
  double expected = std::tanh(std::atanh(-0.2) + std::atanh(0.5 / 3));
  EXPECT_NEAR(to_double(m[1]), expected, 1e-15);
}

TEST(ChainBp, DataAtomPalSumsTheAtomsStillOn) {
  // Beliefs (1/2, 1/4): both relays (u_t, -u_t) are on at the end, so PAL = artanh(1/2) + artanh(1/4).
  std::vector<Q> beliefs{Q(1, 2), Q(1, 4)};
  Enclosure pal = pal_with_data_atoms(beliefs);
  EXPECT_NEAR(to_double(pal.lo), std::atanh(0.5) + std::atanh(0.25), 1e-15);
  // Beliefs (1/4, 0): 0 <= -1/4 is false, so the first stays on; the atom at 0 has mass 0.
  EXPECT_NEAR(to_double(pal_with_data_atoms({Q(1, 4), Q(0)}).lo), std::atanh(0.25), 1e-15);
  EXPECT_THROW(data_atom_states({Q(-1, 2)}), NotInHalfPlane);
}

}  // namespace
}  // namespace palcheck::physics
