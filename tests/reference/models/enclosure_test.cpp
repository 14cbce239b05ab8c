// Rigorous enclosures used by prop:bp_pal and prop:criticality:delta_c, against independent double computations
// and classical rational bounds.
#include "reference/models/enclosure.h"

#include <gtest/gtest.h>

#include <cmath>

namespace palcheck::physics {
namespace {

TEST(Enclosure, ArtanhContainsTheDoubleValue) {
  for (Q x : {Q(1, 2), Q(-3, 4), Q(1, 1000), Q(9, 10), Q(0)}) {
    Enclosure e = artanh_enclosure(x, 60);
    EXPECT_LE(e.lo, e.hi);
    EXPECT_LT(to_double(e.hi - e.lo), 1e-17);
    EXPECT_NEAR(to_double(e.lo), std::atanh(to_double(x)), 1e-15);
  }
}

TEST(Enclosure, ArtanhRejectsOutsideTheOpenInterval) {
  EXPECT_THROW(artanh_enclosure(Q(1)), std::domain_error);
  EXPECT_THROW(artanh_enclosure(Q(-3, 2)), std::domain_error);
}

TEST(Enclosure, PiLiesBetweenArchimedesStyleBounds) {
  Enclosure pi = pi_enclosure(60);
  EXPECT_LT(Q(333, 106), pi.lo);  // classical bounds 333/106 < pi < 355/113
  EXPECT_LT(pi.hi, Q(355, 113));
  EXPECT_NEAR(to_double(pi.lo), M_PI, 1e-15);
}

TEST(Enclosure, SqrtSquaresBracketTheArgument) {
  Enclosure r = sqrt_enclosure({Q(2), Q(2)}, 50);
  EXPECT_LE(r.lo * r.lo, 2);
  EXPECT_GE(r.hi * r.hi, 2);
  Enclosure c = sqrt_two_over_pi(60);
  EXPECT_NEAR(to_double(c.lo), std::sqrt(2 / M_PI), 1e-15);
  EXPECT_FALSE(contains(c, Q(1)));
}

}  // namespace
}  // namespace palcheck::physics
