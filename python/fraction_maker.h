// def:pal: exact outputs as Python's fractions.Fraction, made at the speed of the evaluation. The values
// are in lowest terms already (n / 2^k with n odd, or a GMP rational), so each Fraction is allocated and
// its two slots set, as Fraction._from_coprime_ints does in later Pythons, without Fraction.__new__'s
// type checks and gcd, and left untracked by the cyclic garbage collector (two ints cannot form a cycle); where
// Fraction has no such slots it is called as Fraction(n, d).
#pragma once

#include "reference/rational.h"

#include <pybind11/pybind11.h>

#include <vector>

namespace palcheck::python {

/// Makes fractions.Fraction objects from exact values.
class FractionMaker {
 public:
  FractionMaker();

  /// n * 2^-scale (scale >= 0), a new reference.
  PyObject* dyadic(__int128 n, int scale);
  /// q, a new reference.
  PyObject* exact(const Q& q);

 private:
  PyObject* make(PyObject* numerator, PyObject* denominator);  // steals both
  PyObject* power_of_two(int k);                               // borrowed

  pybind11::object type_, numerator_slot_, denominator_slot_;
  bool slots_ = false;
  std::vector<pybind11::object> powers_;  // 2^k, made on first use
};

}  // namespace palcheck::python
