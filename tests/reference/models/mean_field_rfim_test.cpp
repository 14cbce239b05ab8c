// prop:preisach_rfim, prop:criticality: the exact T = 0 RFIM against an independent sweep that flips unstable
// spins in index order (the final state must not depend on the order), and the quantile sweep against it.
#include "reference/models/mean_field_rfim.h"
#include "reference/models/quantile_rfim.h"
#include "tests/reference/random_sequence.h"

#include <gtest/gtest.h>

#include <random>

namespace palcheck::physics {
namespace {

std::vector<int> index_order_relax(const RfimModel& m, const std::vector<Q>& H) {
  const long N = static_cast<long>(m.fields.size());
  std::vector<int> s(m.fields.size(), -1);
  for (const Q& h : H) {
    for (bool changed = true; changed;) {
      changed = false;
      for (std::size_t i = 0; i < s.size(); ++i) {
        long sum = 0;
        for (std::size_t j = 0; j < s.size(); ++j)
          if (j != i || m.self == SelfCoupling::Included) sum += s[j];
        Q f = m.J * Q(sum, N) + m.fields[i] + h;
        if ((s[i] == -1 && f > 0) || (s[i] == 1 && f < 0)) {
          s[i] = -s[i];
          changed = true;
        }
      }
    }
  }
  return s;
}

TEST(MeanFieldRfim, FinalStateDoesNotDependOnFlipOrder) {
  std::mt19937_64 rng(3);
  std::uniform_int_distribution<int> field(-8, 8), coupling(1, 8), spins(1, 7);
  for (int c = 0; c < 300; ++c) {
    RfimModel m{Q(coupling(rng), 2), {}, c % 2 ? SelfCoupling::Included : SelfCoupling::Excluded};
    for (int i = spins(rng); i > 0; --i) m.fields.push_back(Q(field(rng), 4));
    std::vector<Q> H = testing::random_sequence(rng, {-16, 16, 4}, 10);
    EXPECT_EQ(rfim_final_spins(m, H), index_order_relax(m, H));
  }
}

TEST(MeanFieldRfim, OneSpinFlipsAtItsSelfConsistentThreshold) {
  // Self-included: spin down feels J*(-1) + h + H, so it flips up only for H > J - h.
  RfimModel m{Q(1), {Q(1, 4)}, SelfCoupling::Included};
  Q threshold = m.J - m.fields[0];
  EXPECT_EQ(rfim_magnetisation(m, {threshold}).back(), Q(-1));
  EXPECT_EQ(rfim_magnetisation(m, {threshold + Q(1, 100)}).back(), Q(1));
}

TEST(QuantileRfim, LargestAvalancheMatchesTheGeneralSimulation) {
  for (double ratio : {0.5, 0.75, 1.0}) {
    std::vector<Q> fields = quantile_fields(40, ratio);
    RfimModel m{Q(1), fields, SelfCoupling::Included};
    // Drive just above every trigger value of every state: the general simulation sees each avalanche whole.
    std::vector<Q> triggers;
    const long N = 40;
    for (long k = 0; k < N; ++k) triggers.push_back(-(Q(2 * k - N, N) + fields[static_cast<std::size_t>(k)]));
    std::sort(triggers.begin(), triggers.end());
    MeanFieldRfim rfim(m);
    std::size_t largest = 0;
    for (const Q& t : triggers) largest = std::max(largest, rfim.drive(t + Q(1, 1000000000)));
    EXPECT_EQ(largest_ascending_avalanche(fields, Q(1)), largest) << "R/J = " << ratio;
  }
}

}  // namespace
}  // namespace palcheck::physics
