// prop:pal_preisach: exact areas of the on-region of the uniform Preisach density (see triangle_preisach.h).
#include "triangle_preisach.h"

#include <algorithm>

namespace palcheck::physics {

Q on_area_in_triangle(const PreisachMemory& memory, const Q& C) {
  // Between consecutive breakpoints (0, C and the memory entries inside) no input value lies strictly
  // inside a cell, so every relay of an open cell is in the same state: sample one interior point.
  std::vector<Q> cuts{Q(0), C};
  for (const Q& e : memory.extrema())
    if (e > 0 && e < C) cuts.push_back(e);
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  Q area = 0;
  for (std::size_t a = 0; a + 1 < cuts.size(); ++a) {
    const Q width_a = cuts[a + 1] - cuts[a];
    for (std::size_t b = 0; b <= a; ++b) {
      const Q width_b = cuts[b + 1] - cuts[b];
      Thresholds inside;
      Q cell_area;
      if (a == b) {  // the cell straddles the diagonal: only the triangle beta <= alpha counts
        inside = {cuts[a] + 2 * width_a / 3, cuts[a] + width_a / 3};
        cell_area = width_a * width_a / 2;
      } else {
        inside = {cuts[a] + width_a / 2, cuts[b] + width_b / 2};
        cell_area = width_a * width_b;
      }
      if (memory.relay_state(inside) == 1) area += cell_area;
    }
  }
  return area;
}

std::vector<Q> triangle_preisach(const std::vector<Q>& u, const Q& C, InitialState initial) {
  PreisachMemory memory(initial);
  std::vector<Q> out;
  out.reserve(u.size());
  for (const Q& x : u) {
    memory.step(x);
    out.push_back(on_area_in_triangle(memory, C));
  }
  return out;
}

Grid uniform_cell_mass_grid(int L, const Q& C) {
  Grid grid{C / L, L, {}};
  const Q mass = grid.delta * grid.delta;
  for (int i = 1; i <= L; ++i)
    for (int j = 1; j <= i; ++j) grid.weights.push_back({i, j, mass});
  return grid;
}

}  // namespace palcheck::physics
