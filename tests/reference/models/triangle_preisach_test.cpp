// prop:pal_preisach: the exact area operator of the uniform density against closed-form areas and against an
// independent cell-by-cell integration that runs every relay (run_relay) instead of reading the memory.
#include "reference/models/triangle_preisach.h"
#include "reference/measure.h"
#include "reference/memory_pal.h"
#include "reference/pal_definition.h"
#include "tests/reference/random_sequence.h"

#include <gtest/gtest.h>

#include <random>

namespace palcheck::physics {
namespace {

TEST(TrianglePreisach, ClosedFormAreas) {
  const Q C = 1;
  // Rising to x from -inf switches on {alpha <= x}: area x^2/2.
  EXPECT_EQ(triangle_preisach({Q(1, 3)}, C, InitialState::Off).back(), Q(1, 18));
  // Then falling to y switches off {beta >= y}: area x^2/2 - (x - y)^2/2.
  Q x(3, 4), y(1, 4);
  EXPECT_EQ(triangle_preisach({x, y}, C, InitialState::Off).back(), x * x / 2 - (x - y) * (x - y) / 2);
  // Beyond the triangle everything is on, or off.
  EXPECT_EQ(triangle_preisach({Q(2)}, C, InitialState::Off).back(), Q(1, 2));
  EXPECT_EQ(triangle_preisach({Q(2), Q(-1)}, C, InitialState::Off).back(), Q(0));
  EXPECT_EQ(triangle_preisach({Q(1, 2)}, C, InitialState::On).back(), Q(1, 2) - Q(1, 8));
}

// Inputs on the lattice 1/8 keep every relay state constant on each open cell of side 1/8.
Q area_by_cells(const std::vector<Q>& u, int cells) {
  Q side(1, cells), area = 0;
  for (int a = 0; a < cells; ++a)
    for (int b = 0; b <= a; ++b) {
      Thresholds centre = a == b ? Thresholds{side * a + 2 * side / 3, side * a + side / 3}
                                 : Thresholds{side * a + side / 2, side * b + side / 2};
      if (run_relay(centre, u, InitialState::Off).back() == 1) area += a == b ? Q(side * side / 2) : Q(side * side);
    }
  return area;
}

TEST(TrianglePreisach, AgreesWithCellIntegration) {
  std::mt19937_64 rng(7);
  for (int c = 0; c < 100; ++c) {
    std::vector<Q> u = testing::random_sequence(rng, {-1, 9, 8}, 10);
    EXPECT_EQ(triangle_preisach(u, Q(1), InitialState::Off).back(), area_by_cells(u, 8));
  }
}

TEST(TrianglePreisach, CellMassGridCountsOnPoints) {
  Grid grid = uniform_cell_mass_grid(8, Q(1));
  // Rising to k*Delta switches on the k(k+1)/2 grid points with alpha <= k*Delta.
  for (int k = 0; k <= 8; ++k) {
    Q out = pal_by_memory(measure_from_grid(grid), {Q(k, 8)}, InitialState::Off).back();
    EXPECT_EQ(out, Q(k * (k + 1), 2) / 64);
  }
}

}  // namespace
}  // namespace palcheck::physics
