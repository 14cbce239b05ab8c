// evaluate() on the keyed path (see keyed_evaluation.h).
#include "keyed_evaluation.h"

#include "fraction_maker.h"
#include "oracle/eval/oracle_problem.h"
#include "oracle/formats/json_input.h"
#include "oracle/stream/stream_output.h"
#include "util/errors.h"

#include <algorithm>
#include <type_traits>
#include <vector>

namespace py = pybind11;

namespace palcheck::python {

namespace {

constexpr std::size_t kBlock = 1024;             // keys per table-read block (run_keys' block)
constexpr std::size_t kChunk = std::size_t{1} << 16;  // values between two looks at Ctrl-C

// The rank keys of values [first, first + count) of a row.
void keys_of(const KeyedMeasure& keyed, const CallerArray& u, std::size_t row, std::size_t first, std::size_t count,
             int* keys) {
  u.for_each(row, first, count, [&](std::size_t k, const auto& x) { keys[k - first] = keyed.key(x); });
}

void check_signals() {
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
}

}  // namespace

void check_square_grid(const CallerArray& grid) {
  if (grid.ndim() == 2 && grid.shape(0) != grid.shape(1))
    throw InputError("grid: a grid needs an L x L weight matrix; this array is " + std::to_string(grid.shape(0)) +
                     " x " + std::to_string(grid.shape(1)));
}

KeyedMeasure keyed_grid(const CallerArray& grid, const Q& delta) {
  // The size first, as the command line holds a .npy grid: L alone decides the table, whatever the shape.
  if (grid.ndim() == 2 && grid.rows() >= 1) oracle::check_grid_size(grid.rows(), "grid");
  check_square_grid(grid);
  if (grid.ndim() == 2 && grid.rows() >= 1) {
    DoubleGrid g{delta, grid.rows(), grid.cols(), {}};
    g.weights.reserve(g.L * g.cols);
    bool doubles = true, half_plane = true;
    for (std::size_t r = 0; r < g.L; ++r)
      grid.for_each(r, 0, g.cols, [&](std::size_t c, const auto& w) {
        if constexpr (std::is_same_v<std::decay_t<decltype(w)>, double>) {
          g.weights.push_back(w);
          half_plane = half_plane && (c <= r || w == 0);
        } else {
          doubles = false;
        }
      });
    if (doubles && half_plane) return KeyedMeasure::from_grid(g);
  }
  return KeyedMeasure(measure_from_grid(oracle::grid_from_rows(number_rows(grid), delta)));
}

void keyed_doubles(const KeyedMeasure& keyed, const CallerArray& u, InitialState initial, double* out) {
  int keys[kBlock];
  for (std::size_t row = 0; row < u.rows(); ++row) {
    KeyedRun run(keyed, initial);
    double* values = out + row * u.cols();
    for (std::size_t chunk = 0; chunk < u.cols(); chunk += kChunk) {
      {
        py::gil_scoped_release unlocked;
        for (std::size_t first = chunk; first < std::min(u.cols(), chunk + kChunk); first += kBlock) {
          std::size_t count = std::min(kBlock, u.cols() - first);
          keys_of(keyed, u, row, first, count, keys);
          oracle::run_keys(keyed, oracle::ValueKind::Double, run, keys, count, first == 0, values + first, nullptr);
        }
      }
      check_signals();
    }
  }
}

py::object keyed_fractions(const KeyedMeasure& keyed, const CallerArray& u, InitialState initial) {
  FractionMaker fractions;
  int keys[kBlock];
  __int128 scaled[kBlock];
  std::vector<Q> exact(keyed.integral() ? 0 : kBlock);
  py::list all(u.rows());
  for (std::size_t row = 0; row < u.rows(); ++row) {
    KeyedRun run(keyed, initial);
    py::list outputs(u.cols());
    for (std::size_t first = 0; first < u.cols(); first += kBlock) {
      std::size_t count = std::min(kBlock, u.cols() - first);
      {  // a block's outputs without the GIL; only making the Fractions needs it
        py::gil_scoped_release unlocked;
        keys_of(keyed, u, row, first, count, keys);
        if (keyed.integral()) {
          run.step_scaled(keys, count, scaled);
        } else {
          for (std::size_t k = 0; k < count; ++k) {
            run.step(keys[k]);
            exact[k] = run.exact();
          }
        }
      }
      for (std::size_t k = 0; k < count; ++k) {
        PyObject* value = keyed.integral() ? fractions.dyadic(scaled[k], keyed.scale()) : fractions.exact(exact[k]);
        PyList_SET_ITEM(outputs.ptr(), static_cast<Py_ssize_t>(first + k), value);
      }
      if ((first / kBlock) % (kChunk / kBlock) == 0) check_signals();
    }
    all[row] = std::move(outputs);
  }
  return u.ndim() == 1 ? py::object(all[0]) : py::object(all);
}

}  // namespace palcheck::python
