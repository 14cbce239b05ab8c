// repair:thm:tc: a stack encoding that survives Preisach wiping. Level d of a stack holding symbol
// a_i (i in 1..k) is the nested pair (M(i,d), m(i,d)) with
//   M(i,d) = O + C - d(k+1) - i,   m(i,d) = O - C + d(k+1) + i = 2O - M(i,d),
// C = (D_max + 2)(k+1), O = C, so every value is an integer in [1, 2C]: a point of the grid G_L of
// def:pal with Delta = 1 and L = 2C. Maxima fall and minima rise with depth, so pushing level d+1
// nests inside level d and never wipes. Between the maxima of levels d and d+1 lies the free slot
// P(d) = O + C - (d+1)(k+1): rising to P(d-1) wipes exactly level d (pop), and falling back from a P
// to the minimum below restores the memory exactly (the wiping-out rule with equality).
#pragma once

#include "../rational.h"

#include <optional>
#include <string>
#include <vector>

namespace palcheck {

/// The nested encoding for alphabet size k and depths 0..d_max.
struct NestedEncoding {
  int k = 1;      ///< |Gamma| including Z0; symbol g (0-based) is a_{g+1}
  int d_max = 1;  ///< deepest level the run may reach

  long c() const { return static_cast<long>(d_max + 2) * (k + 1); }  ///< C
  long offset() const { return c(); }                                ///< O
  long grid_size() const { return 2 * c(); }                         ///< L: every value lies in [1, L]
  long max_code(int i, int d) const;                                 ///< M(i, d)
  long min_code(int i, int d) const;                                 ///< m(i, d)
  long slot(int d) const;                                            ///< P(d)

  /// The stack (0-based symbols, bottom first) held by a memory of alternating extrema that starts
  /// with a maximum and ends with a minimum, each pair (M(i,d), m(i,d)) at its own depth d; nullopt
  /// if the memory is not of that form.
  std::optional<std::vector<int>> decode(const std::vector<Q>& extrema) const;
};

}  // namespace palcheck
