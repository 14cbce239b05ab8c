// The Python module `palcheck_oracle` (issue #7): the exact PAL reference (def:pal, def:relay,
// prop:wiping) on numpy arrays, in process, for PyTorch/JAX/numpy tests. Same engine and report as
// `palcheck eval` and `palcheck compare`. numpy floats enter at their exact binary value.
#include "reference/trace.h"
#include "tools/oracle/fuzz_impl.h"
#include "tools/oracle/json_input.h"
#include "tools/oracle/oracle_compare.h"
#include "tools/oracle/oracle_eval.h"
#include "tools/oracle/oracle_problem.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <iostream>

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
        throw InputError(name + ": element [" + (r.one_dimensional ? "" : std::to_string(i) + ", ") +
                         std::to_string(k) + "] is not finite");
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

// The exact values of an array of any shape, flattened in C order; `name` appears in errors.
std::vector<Q> exact_values(const Array& a, const std::string& name) {
  std::vector<Q> out;
  for (py::ssize_t k = 0; k < a.size(); ++k) {
    auto q = rational_from_double(a.data()[k]);
    if (!q) throw InputError(name + ": element " + std::to_string(k) + " (C order) is not finite");
    out.push_back(*q);
  }
  return out;
}

// MPAL heads from a list of dicts {"w_in": d, "w_out": d, "relays": R x 2|3}.
std::vector<MpalHead> heads_of(const py::list& heads) {
  std::vector<MpalHead> out;
  for (std::size_t h = 0; h < heads.size(); ++h) {
    std::string where = "heads[" + std::to_string(h) + "]";
    py::dict head = heads[h].cast<py::dict>();
    for (const char* key : {"w_in", "w_out", "relays"})
      if (!head.contains(key)) throw InputError(where + ": missing key \"" + std::string(key) + "\"");
    out.push_back({exact_values(head["w_in"].cast<Array>(), where + ".w_in"),
                   exact_values(head["w_out"].cast<Array>(), where + ".w_out"),
                   relays_from_rows(rows_of(head["relays"].cast<Array>(), where + ".relays"))});
    if (out.back().w_in.size() != out[0].w_in.size() || out.back().w_out.size() != out[0].w_in.size())
      throw InputError(where + ": w_in and w_out must both have length d = " + std::to_string(out[0].w_in.size()));
  }
  if (out.empty()) throw InputError("heads: expected a non-empty list");
  return out;
}

// PAL (relays= or grid=) on 1-D or 2-D inputs, or MPAL (heads=) on n x d or batch x n x d inputs.
OracleProblem problem_of(const std::optional<Array>& relays, const std::optional<Array>& grid, const py::object& delta,
                         const py::object& heads, const Array& inputs, int initial_state) {
  OracleProblem p;
  if (initial_state != 0 && initial_state != 1) throw InputError("initial_state: expected 0 or 1");
  p.initial = static_cast<InitialState>(initial_state);
  if (!heads.is_none()) {
    if (relays || grid) throw InputError("give heads= or relays=/grid=, not both");
    p.heads = heads_of(heads.cast<py::list>());
    std::size_t d = p.heads[0].w_in.size();
    if ((inputs.ndim() != 2 && inputs.ndim() != 3) || inputs.shape(inputs.ndim() - 1) != static_cast<py::ssize_t>(d))
      throw InputError("inputs: MPAL takes n x d or batch x n x d tokens with d = " + std::to_string(d));
    p.batched = inputs.ndim() == 3;
    std::size_t batch = p.batched ? inputs.shape(0) : 1, n = inputs.shape(inputs.ndim() - 2);
    std::vector<Q> flat = exact_values(inputs, "inputs");
    for (std::size_t s = 0; s < batch; ++s) {
      p.token_sequences.emplace_back();
      for (std::size_t t = 0; t < n; ++t) {
        auto at = flat.begin() + static_cast<std::ptrdiff_t>((s * n + t) * d);
        p.token_sequences.back().emplace_back(at, at + static_cast<std::ptrdiff_t>(d));
      }
    }
    return p;
  }
  if (relays.has_value() == grid.has_value()) throw InputError("give exactly one of relays=, grid= or heads=");
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
  return p;
}

py::object fraction(const Q& q) {
  static py::object Fraction = py::module_::import("fractions").attr("Fraction");
  return Fraction(to_string(q));
}

// The conventions of keyword arguments: states "01"/"pm1", output_map (a, b, c), tolerances and the
// smoothing band; numbers as str are exact decimals, as float their binary value.
Conventions conventions_of(const std::string& states, const py::object& output_map, const py::object& atol,
                           const py::object& rtol, const py::object& smoothing) {
  Conventions c;
  apply_convention_option(c, "states=" + states);
  if (!output_map.is_none()) {
    auto items = output_map.cast<std::vector<py::object>>();
    if (items.size() != 3) throw InputError("output_map: expected (a, b, c) for a*S + b + c*u");
    c.output = {exact_of(items[0], "output_map[0]"), exact_of(items[1], "output_map[1]"),
                exact_of(items[2], "output_map[2]")};
  }
  c.atol = exact_of(atol, "atol");
  c.rtol = exact_of(rtol, "rtol");
  if (c.atol < 0 || c.rtol < 0) throw InputError("atol and rtol must be >= 0");
  if (py::isinstance<py::str>(smoothing) && !parse_rational(smoothing.cast<std::string>()))
    apply_convention_option(c, "smoothing=" + smoothing.cast<std::string>());
  else if (Q band = exact_of(smoothing, "smoothing"); band != 0)
    apply_convention_option(c, "smoothing=band:" + to_string(band));
  return c;
}

py::object json_loads(const nlohmann::json& j) { return py::module_::import("json").attr("loads")(j.dump()); }

// fuzz(fn, relays=..., ...) as a report dict: fn(u) gets a 1-D float64 array and returns the outputs;
// an exception it raises, or a wrong shape, is a failure of its own.
py::object run_fuzz(const py::object& fn, const Array& relays, const std::string& states, const py::object& output_map,
                    const py::object& domain, std::uint64_t seed, const py::object& max_cases,
                    const py::object& seconds, const py::object& case_number, const py::object& atol,
                    const py::object& rtol, int initial_state, bool progress) {
  FuzzOptions f;
  f.conventions = conventions_of(states, output_map, atol, rtol, py::int_(0));
  if (f.conventions.output.a == 0) throw InputError("output_map: a must be nonzero");
  NumberRows rows = rows_of(relays, "relays");
  f.measure = relays_from_rows(rows);
  if (initial_state != 0 && initial_state != 1) throw InputError("initial_state: expected 0 or 1");
  f.initial = static_cast<InitialState>(initial_state);
  if (!domain.is_none()) {
    auto ends = domain.cast<std::vector<py::object>>();
    if (ends.size() != 2) throw InputError("domain: expected (lo, hi)");
    f.conventions.domain = std::make_pair(exact_of(ends[0], "domain[0]"), exact_of(ends[1], "domain[1]"));
    if (f.conventions.domain->second < f.conventions.domain->first) throw InputError("domain: lo > hi");
  }
  f.seed = seed;
  if (!max_cases.is_none()) f.max_cases = max_cases.cast<std::size_t>();
  if (!seconds.is_none()) f.seconds = seconds.cast<double>();
  if (!case_number.is_none()) f.only_case = case_number.cast<std::size_t>();
  std::string call = "palcheck_oracle.fuzz(fn, relays=relays, states=\"" + states + "\"" +
                     (output_map.is_none() ? "" : ", output_map=" + py::repr(output_map).cast<std::string>()) +
                     (domain.is_none() ? "" : ", domain=" + py::repr(domain).cast<std::string>()) +
                     ", seed=" + std::to_string(seed);
  f.replay = [call](std::optional<std::size_t> k) { return call + (k ? ", case=" + std::to_string(*k) : "") + ")"; };
  if (progress) f.progress = [](const std::string& line) { std::cerr << line << std::endl; };
  py::module_ np = py::module_::import("numpy");
  Implementation impl = [&](const Measure&, const std::vector<double>& inputs) {
    ImplReply reply;
    try {
      py::array_t<double> u(static_cast<py::ssize_t>(inputs.size()));
      std::copy(inputs.begin(), inputs.end(), u.mutable_data());
      py::array_t<double, py::array::c_style | py::array::forcecast> out = np.attr("asarray")(fn(u), "float64");
      if (out.ndim() != 1) {
        reply.error = "fn returned an array with " + std::to_string(out.ndim()) + " dimensions";
        return reply;
      }
      for (py::ssize_t k = 0; k < out.shape(0); ++k) {
        auto q = rational_from_double(out.data()[k]);
        if (!q) {
          reply.error = "fn returned a non-finite output at token " + std::to_string(k);
          reply.outputs.clear();
          return reply;
        }
        reply.outputs.push_back(*q);
      }
    } catch (py::error_already_set& e) {
      reply.error = std::string("fn raised ") + e.what();
    }
    return reply;
  };
  std::cerr << "fuzz: seed " << seed << "; replay: " << f.replay(std::nullopt) << std::endl;
  return json_loads(fuzz_implementation(impl, f));
}

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
      [](const Array& inputs, std::optional<Array> relays, std::optional<Array> grid, py::object delta,
         py::object heads, int initial_state, bool exact) -> py::object {
        OracleProblem p = problem_of(relays, grid, delta, heads, inputs, initial_state);
        BatchOutputs o = evaluate_problem(p, exact ? ValueKind::Exact : ValueKind::Double);
        if (exact) {
          py::list all;
          for (const auto& seq : o.exact) {
            py::list row;
            for (std::size_t k = 0; k < seq.size(); k += o.width) {
              if (!p.is_mpal()) {
                row.append(fraction(seq[k]));
                continue;
              }
              py::list token;
              for (std::size_t c = 0; c < o.width; ++c) token.append(fraction(seq[k + c]));
              row.append(token);
            }
            all.append(row);
          }
          return p.batched ? py::object(all) : py::object(all[0]);
        }
        // Outputs have the inputs' shape (PAL: one value per input; MPAL: one d-vector per token).
        std::vector<py::ssize_t> shape(inputs.shape(), inputs.shape() + inputs.ndim());
        py::array_t<double> out(shape);
        double* data = out.mutable_data();
        for (const auto& seq : o.approx) data = std::copy(seq.begin(), seq.end(), data);
        return out;
      },
      py::arg("inputs"), py::kw_only(), py::arg("relays") = py::none(), py::arg("grid") = py::none(),
      py::arg("delta") = py::none(), py::arg("heads") = py::none(), py::arg("initial_state") = 0,
      py::arg("exact") = false,
      "PAL outputs for inputs (1-D: one sequence, 2-D: one row per sequence); relays is R x 2|3 "
      "(alpha, beta[, weight]) or grid is L x L with delta. MPAL with heads=[{'w_in': d, 'w_out': d, "
      "'relays': R x 2|3}, ...] on n x d (or batch x n x d) tokens. Doubles nearest the exact values, or "
      "with exact=True lists of fractions.Fraction.");

  m.def(
      "compare",
      [](const Array& actual, const Array& inputs, std::optional<Array> relays, std::optional<Array> grid,
         py::object delta, py::object heads, int initial_state, py::object atol, py::object rtol, std::size_t explain,
         const std::string& states, py::object output_map, py::object smoothing) {
        OracleProblem p = problem_of(relays, grid, delta, heads, inputs, initial_state);
        if (actual.ndim() != inputs.ndim() ||
            !std::equal(actual.shape(), actual.shape() + actual.ndim(), inputs.shape()))
          throw InputError("actual: shape does not match inputs");
        std::vector<Q> flat = exact_values(actual, "actual");
        ActualOutputs act{{}, "actual"};
        for (std::size_t s = 0, at = 0; s < p.size(); ++s) {
          std::size_t count = p.length(s) * p.width();
          act.values.emplace_back(flat.begin() + static_cast<std::ptrdiff_t>(at),
                                  flat.begin() + static_cast<std::ptrdiff_t>(at + count));
          at += count;
        }
        return json_loads(compare_outputs(p, act, conventions_of(states, output_map, atol, rtol, smoothing), explain));
      },
      py::arg("actual"), py::arg("inputs"), py::kw_only(), py::arg("relays") = py::none(), py::arg("grid") = py::none(),
      py::arg("delta") = py::none(), py::arg("heads") = py::none(), py::arg("initial_state") = 0,
      py::arg("atol") = py::str("1e-9"), py::arg("rtol") = py::str("1e-6"), py::arg("explain") = 10,
      py::arg("states") = "01", py::arg("output_map") = py::none(), py::arg("smoothing") = 0,
      "Compares another implementation's outputs (same shape as inputs) with the exact reference; returns "
      "the report of `palcheck compare` as a dict (PAL with relays=/grid=, MPAL with heads= as for evaluate; "
      "'agree', 'causes', 'differences' with token, memory and "
      "'runs' with their diagnosis). Conventions: states '01' or 'pm1', output_map (a, b, c) for "
      "a*S + b + c*u, smoothing T. Numbers as str are exact decimals, as float their binary value.");

  m.def(
      "fuzz",
      [](const py::object& fn, const Array& relays, const std::string& states, py::object output_map, py::object domain,
         std::uint64_t seed, py::object max_cases, py::object seconds, py::object case_number, py::object atol,
         py::object rtol, int initial_state, bool progress) {
        return run_fuzz(fn, relays, states, output_map, domain, seed, max_cases, seconds, case_number, atol, rtol,
                        initial_state, progress);
      },
      py::arg("fn"), py::kw_only(), py::arg("relays"), py::arg("states") = "01", py::arg("output_map") = py::none(),
      py::arg("domain") = py::none(), py::arg("seed") = 0, py::arg("max_cases") = py::none(),
      py::arg("seconds") = py::none(), py::arg("case") = py::none(), py::arg("atol") = py::str("1e-9"),
      py::arg("rtol") = py::str("1e-6"), py::arg("initial_state") = 0, py::arg("progress") = true,
      "Differential testing of fn(u: 1-D float64 array) -> outputs against the exact PAL over relays (R x 3: "
      "alpha, beta, weight). states '01' or 'pm1', output_map (a, b, c) for a*S + b + c*u, domain (lo, hi) "
      "for the inputs. Returns the report dict: 'passed', 'failures' (each with the shrunk 'inputs', the "
      "'property' broken, the 'relays' involved and a 'replay' call), 'seed', 'cases'. Budget: max_cases "
      "(default 400) and seconds (default 120); case=K re-runs case K alone.");

  m.def(
      "assert_matches",
      [](const py::object& fn, const Array& relays, const std::string& states, py::object output_map, py::object domain,
         std::uint64_t seed, py::object max_cases, py::object seconds, py::object atol, py::object rtol,
         int initial_state) {
        py::object report = run_fuzz(fn, relays, states, output_map, domain, seed, max_cases, seconds, py::none(), atol,
                                     rtol, initial_state, false);
        py::list failures = report["failures"];
        if (failures.empty()) return;
        py::dict first = failures[0];
        std::string message = "the implementation breaks " + py::str(first["property"]).cast<std::string>() +
                              " on inputs " + py::str(first["inputs_double"]).cast<std::string>() + " (relays " +
                              py::str(first["relays"]).cast<std::string>() +
                              "); replay: " + py::str(first["replay"]).cast<std::string>();
        PyErr_SetString(PyExc_AssertionError, message.c_str());
        throw py::error_already_set();
      },
      py::arg("fn"), py::kw_only(), py::arg("relays"), py::arg("states") = "01", py::arg("output_map") = py::none(),
      py::arg("domain") = py::none(), py::arg("seed") = 0, py::arg("max_cases") = py::none(),
      py::arg("seconds") = py::none(), py::arg("atol") = py::str("1e-9"), py::arg("rtol") = py::str("1e-6"),
      py::arg("initial_state") = 0,
      "fuzz(...) for pytest: raises AssertionError naming the property, the shrunk inputs, the relays and the "
      "replay call when fn fails.");

  m.def(
      "trace",
      [](const Array& inputs, std::optional<Array> relays, std::optional<Array> grid, py::object delta,
         int initial_state) {
        OracleProblem p = problem_of(relays, grid, delta, py::none(), inputs, initial_state);
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
