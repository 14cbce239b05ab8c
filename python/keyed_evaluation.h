// def:pal, prop:wiping, prop:complexity: evaluate() on the rank-keyed machine-integer path of
// `palcheck eval` (keyed_pal.h): keys taken from the caller's buffer, the table reads of a block at a
// time, outputs written straight into a numpy array (doubles) or made into Fractions (exact). No GMP
// and no allocation per token on an integral measure; the values are those of the reference.
#pragma once

#include "caller_array.h"
#include "oracle/keyed/keyed_pal.h"

#include <pybind11/pybind11.h>

namespace palcheck::python {

/// InputError unless a 2-D grid= array is L x L, as palcheck eval wants a .npy grid.
void check_square_grid(const CallerArray& grid);

/// The keyed measure of a grid weight matrix (L x L, row i-1 holds mu_ij) with spacing delta: in
/// machine arithmetic when every weight is a double, else through the reference's Grid; InputError as
/// grid_from_rows words it.
KeyedMeasure keyed_grid(const CallerArray& grid, const Q& delta);

/// The PAL outputs of each row of a 1-D or 2-D `inputs`, the doubles nearest the exact values, written in
/// C order to `out`. Runs without the GIL; Ctrl-C between blocks raises KeyboardInterrupt.
void keyed_doubles(const KeyedMeasure& keyed, const CallerArray& inputs, InitialState initial, double* out);

/// The exact PAL outputs of each row as a list of fractions.Fraction (a list of such lists for 2-D inputs).
pybind11::object keyed_fractions(const KeyedMeasure& keyed, const CallerArray& inputs, InitialState initial);

}  // namespace palcheck::python
