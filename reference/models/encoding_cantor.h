// def:encoding, lem:monotone, lem:stack_ops (TOP): the Cantor-depth encoding exactly as printed,
// code*(a_i, d) = C_max - [d(k+1) + i] Delta with C_max = D_max (k+1) Delta, and its printed decoder.
#pragma once

#include "../rational.h"

namespace palcheck {

/// The parameters of def:encoding.
struct CantorEncoding {
  int k = 1;      ///< |Gamma|; symbols are a_1..a_k
  int d_max = 1;  ///< D_max
  Q delta = 1;    ///< Delta > 0

  /// C_max = D_max (k+1) Delta.
  Q c_max() const;
  /// code*(a_i, d) as printed (eq:encoding); i in 1..k.
  Q code(int i, int d) const;
  /// The printed TOP decoder: floor((C_max - M)/Delta) mod (k+1), as a non-negative integer.
  int decode_printed(const Q& m_top) const;
  /// A reading of TOP that tolerates the +eps of eq:push: the nearest code, round((C_max - M)/Delta) mod (k+1).
  int decode_nearest(const Q& m_top) const;
  /// The depth floor((C_max - M)/Delta) div (k+1) read from a maximum (nearest reading).
  int depth_nearest(const Q& m_top) const;
};

}  // namespace palcheck
