// The Python module `palcheck_oracle` (issue #7): the exact PAL reference (def:pal, def:relay,
// prop:wiping) on numpy arrays, in process, for PyTorch/JAX/numpy tests. Same engine and report as
// `palcheck eval` and `palcheck compare`. numpy floats enter at their exact binary value.
#include "tools/oracle/json_input.h"
#include "tools/oracle/oracle_compare.h"
#include "tools/oracle/oracle_eval.h"
#include "tools/oracle/oracle_problem.h"
#include "reference/trace.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;
using namespace palcheck;
using namespace palcheck::oracle;

namespace {

using Array = py::array_t<double, py::array::c_style | py::array::forcecast>;

// A 1-D or 2-D numpy array as exact rows; `name` appears in errors with the position.
NumberRows rows_of(const Array& a, const std::string& name) {
  if (a.ndim() != 1 && a.ndim() != 2)
    throw InputError(name + ": expected a 1-D or 2-D array, got " + std::to_string(a.ndim()) + " dimensions");
  NumberRows r;
  r.source = name;
  r.one_dimensional = a.ndim() == 1;
  std::size_t rows = r.one_dimensional ? 1 : a.shape(0), cols = r.one_dimensional ? a.shape(0) : a.shape(1);
  const double* data = a.data();
  for (std::size_t i = 0; i < rows; ++i) {
    std::vector<Q> row;
    row.reserve(cols);
    for (std::size_t k = 0; k < cols; ++k) {
      auto q = rational_from_double(data[i * cols + k]);
      if (!q)
        throw InputError(name + ": element [" + (r.one_dimensional ? "" : std::to_string(i) + ", ") + std::to_string(k) +
                         "] is not finite");
      row.push_back(*q);
    }
    r.rows.push_back(std::move(row));
  }
  return r;
}

Q exact_of(const py::object& value, const std::string& name) {
  if (py::isinstance<py::str>(value)) {
    auto q = parse_rational(value.cast<std::string>());
    if (!q) throw InputError(name + ": not an exact number: " + value.cast<std::string>());
    return *q;
  }
  auto q = rational_from_double(value.cast<double>());
  if (!q) throw InputError(name + ": not finite");
  return *q;
}

OracleProblem problem_of(const std::optional<Array>& relays, const std::optional<Array>& grid, const py::object& delta,
                         const Array& inputs, int initial_state) {
  OracleProblem p;
  if (relays.has_value() == grid.has_value()) throw InputError("give exactly one of relays= or grid=");
  if (relays) {
    p.measure = relays_from_rows(rows_of(*relays, "relays"));
  } else {
    if (delta.is_none()) throw InputError("grid= needs delta=");
    Q d = exact_of(delta, "delta");
    if (d <= 0) throw InputError("delta: must be > 0");
    p.grid = grid_from_rows(rows_of(*grid, "grid"), d);
    p.measure = measure_from_grid(*p.grid);
  }
  NumberRows u = rows_of(inputs, "inputs");
  p.batched = !u.one_dimensional;
  p.sequences = std::move(u.rows);
  if (initial_state != 0 && initial_state != 1) throw InputError("initial_state: expected 0 or 1");
  p.initial = static_cast<InitialState>(initial_state);
  return p;
}

py::object fraction(const Q& q) {
  static py::object Fraction = py::module_::import("fractions").attr("Fraction");
  return Fraction(to_string(q));
}

py::object json_loads(const nlohmann::json& j) { return py::module_::import("json").attr("loads")(j.dump()); }

}  // namespace

PYBIND11_MODULE(palcheck_oracle, m) {
  m.doc() = "Exact reference of the Preisach Attention Layer (palcheck) as a test oracle on numpy arrays";
  py::register_exception_translator([](std::exception_ptr e) {
    try {
      if (e) std::rethrow_exception(e);
    } catch (const InputError& err) {
      PyErr_SetString(PyExc_ValueError, err.what());
    } catch (const NotInHalfPlane& err) {
      PyErr_SetString(PyExc_ValueError, err.what());
    }
  });

  m.def(
      "evaluate",
      [](const Array& inputs, std::optional<Array> relays, std::optional<Array> grid, py::object delta, int initial_state,
         bool exact) -> py::object {
        OracleProblem p = problem_of(relays, grid, delta, inputs, initial_state);
        BatchOutputs o = evaluate_problem(p, exact ? ValueKind::Exact : ValueKind::Double);
        if (exact) {
          py::list all;
          for (const auto& seq : o.exact) {
            py::list row;
            for (const Q& q : seq) row.append(fraction(q));
            all.append(row);
          }
          return p.batched ? py::object(all) : py::object(all[0]);
        }
        std::size_t n = p.sequences.empty() ? 0 : p.sequences[0].size();
        std::vector<py::ssize_t> shape{static_cast<py::ssize_t>(p.sequences.size()), static_cast<py::ssize_t>(n)};
        if (!p.batched) shape.erase(shape.begin());
        py::array_t<double> out(shape);
        double* data = out.mutable_data();
        for (std::size_t s = 0; s < o.approx.size(); ++s)
          std::copy(o.approx[s].begin(), o.approx[s].end(), data + s * n);
        return out;
      },
      py::arg("inputs"), py::kw_only(), py::arg("relays") = py::none(), py::arg("grid") = py::none(),
      py::arg("delta") = py::none(), py::arg("initial_state") = 0, py::arg("exact") = false,
      "PAL outputs for inputs (1-D: one sequence, 2-D: one row per sequence); relays is R x 2|3 "
      "(alpha, beta[, weight]) or grid is L x L with delta. Doubles nearest the exact values, or with "
      "exact=True lists of fractions.Fraction.");

  m.def(
      "compare",
      [](const Array& actual, const Array& inputs, std::optional<Array> relays, std::optional<Array> grid,
         py::object delta, int initial_state, py::object atol, py::object rtol, std::size_t explain) {
        OracleProblem p = problem_of(relays, grid, delta, inputs, initial_state);
        NumberRows a = rows_of(actual, "actual");
        if (a.rows.size() != p.size() || (a.one_dimensional != !p.batched))
          throw InputError("actual: shape does not match inputs");
        ActualOutputs act{a.rows, "actual"};
        for (std::size_t s = 0; s < p.size(); ++s)
          if (act.values[s].size() != p.length(s)) throw InputError("actual: shape does not match inputs");
        return json_loads(compare_outputs(p, act, {exact_of(atol, "atol"), exact_of(rtol, "rtol")}, explain));
      },
      py::arg("actual"), py::arg("inputs"), py::kw_only(), py::arg("relays") = py::none(), py::arg("grid") = py::none(),
      py::arg("delta") = py::none(), py::arg("initial_state") = 0, py::arg("atol") = py::str("1e-9"),
      py::arg("rtol") = py::str("1e-6"), py::arg("explain") = 10,
      "Compares another implementation's outputs (same shape as inputs) with the exact reference; returns "
      "the report of `palcheck compare` as a dict ('agree', 'differences' with token, memory and diagnosis). "
      "Tolerances as str are exact decimals, as float their binary value.");

  m.def(
      "trace",
      [](const Array& inputs, std::optional<Array> relays, std::optional<Array> grid, py::object delta, int initial_state) {
        OracleProblem p = problem_of(relays, grid, delta, inputs, initial_state);
        if (p.batched) throw InputError("trace: inputs must be one sequence (1-D)");
        py::list steps;
        for (const TraceStep& s : trace_pal(p.measure, p.sequences[0], p.initial)) {
          py::list memory;
          for (const Q& e : s.memory) memory.append(fraction(e));
          py::dict step;
          step["input"] = fraction(s.input);
          step["output"] = fraction(s.output);
          step["memory"] = memory;
          step["switched_on"] = s.switched_on;
          step["switched_off"] = s.switched_off;
          steps.append(step);
        }
        return steps;
      },
      py::arg("inputs"), py::kw_only(), py::arg("relays") = py::none(), py::arg("grid") = py::none(),
      py::arg("delta") = py::none(), py::arg("initial_state") = 0,
      "Per-token trace of one sequence: input, output, memory (dominant extrema) and the relays (indices "
      "into the measure) switched on and off.");
}
