// prop:pal_preisach, prop:universal: the continuous Preisach operator of the uniform density on the
// triangle D_C = {0 <= beta <= alpha <= C}, evaluated exactly: for rational inputs P_mu[u](n) is the
// rational area of the region of D_C whose relays are on, read from the classical memory. And the PAL
// that discretises it on the grid G_L of def:pal with mu_ij = Delta^2 (the mass of one grid cell).
#pragma once

#include "../measure.h"
#include "../preisach_memory.h"

#include <vector>

namespace palcheck::physics {

/// Area of {(alpha, beta) in D_C : relay on} for the memory's current state (exact).
Q on_area_in_triangle(const PreisachMemory& memory, const Q& C);

/// P_mu[u](n) for every n, mu the uniform density 1 on D_C.
std::vector<Q> triangle_preisach(const std::vector<Q>& u, const Q& C, InitialState initial);

/// The grid of def:pal with L points per axis, Delta = C/L and every mu_ij = Delta^2.
Grid uniform_cell_mass_grid(int L, const Q& C);

}  // namespace palcheck::physics
