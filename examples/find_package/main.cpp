// def:pal, prop:wiping: a user's test against the installed reference. PAL from the classical
// memory must equal PAL by definition on a sequence with ties; prints the exact outputs.
#include <palcheck/reference/memory_pal.h>
#include <palcheck/reference/pal_definition.h>

#include <iostream>

int main() {
  using palcheck::Q;
  palcheck::Grid grid{Q(1, 4), 4, {{1, 1, Q(1)}, {3, 2, Q(-1, 2)}, {4, 1, Q(2)}}};
  std::vector<Q> u{Q(0), Q(1, 2), Q(1), Q(1, 4), Q(3, 4), Q(2)};
  auto by_definition = palcheck::pal_by_definition(palcheck::measure_from_grid(grid), u, palcheck::InitialState::Off);
  palcheck::MemoryPal pal(grid, palcheck::InitialState::Off);
  for (std::size_t n = 0; n < u.size(); ++n) {
    Q y = pal.step(u[n]);
    std::cout << "u_" << n << " = " << palcheck::to_string(u[n]) << "  PAL = " << palcheck::to_string(y) << "\n";
    if (y != by_definition[n]) return 1;
  }
  return 0;
}
