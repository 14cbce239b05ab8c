// The compiled half of the Python package palcheck_oracle (palcheck_oracle._core): the exact PAL reference
// (def:pal, def:relay, prop:wiping, def:mpal) on the caller's arrays, in process, for PyTorch/JAX/numpy
// tests. Same engine and reports as `palcheck eval`, `compare` and `fuzz-impl`; numbers enter at their
// exact binary value (strings: exact decimals).
#include "caller_array.h"
#include "keyed_evaluation.h"
#include "transformer_binding.h"
#include "oracle/diagnosis/oracle_compare.h"
#include "oracle/eval/oracle_eval.h"
#include "oracle/eval/oracle_problem.h"
#include "oracle/fuzz/fuzz_impl.h"
#include "reference/gmp_allocation.h"
#include "reference/trace.h"
#include "util/errors.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <cstdint>
#include <iostream>

namespace py = pybind11;
using namespace palcheck;
using namespace palcheck::oracle;
using palcheck::python::CallerArray;
using palcheck::python::NanElements;

namespace {

// The argument `name` as a T; InputError naming it, what it must be and the type it has, never pybind11's
// "Unable to cast Python instance to C++ type".
template <class T>
T argument(const py::handle& value, const std::string& name, const std::string& expected) {
  try {
    return value.cast<T>();
  } catch (const py::cast_error&) {
  } catch (const py::error_already_set& e) {  // list(3), dict(3): "'int' object is not iterable"
    if (!e.matches(PyExc_TypeError) && !e.matches(PyExc_ValueError)) throw;
  }
  throw InputError(name + ": expected " + expected + ", got " + std::string(py::str(py::type::of(value).attr("__name__"))));
}

// An integer argument (a Python or numpy integer) in [min, max], refused by name otherwise (a bool or a
// float is no count).
std::uint64_t count_argument(const py::handle& value, const std::string& name, std::uint64_t min, std::uint64_t max) {
  std::string range = std::to_string(min) + ".." + std::to_string(max);
  if (!PyIndex_Check(value.ptr()) || py::isinstance<py::bool_>(value))
    throw InputError(name + ": expected an integer in " + range + ", got " +
                     std::string(py::str(py::type::of(value).attr("__name__"))));
  py::int_ number = py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
  if (!number) throw py::error_already_set();
  if (number < py::int_(min) || number > py::int_(max))
    throw InputError(name + ": out of range " + range + ": " + std::string(py::str(number)));
  return number.cast<std::uint64_t>();
}

// A yes-or-no argument (a Python or numpy bool), refused by name otherwise: 0, 1, None or "yes" are no answer.
bool flag_argument(const py::handle& value, const std::string& name) {
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>();
  py::module_ numpy = py::module_::import("numpy");
  if (py::isinstance(value, numpy.attr("bool_"))) return py::bool_(value.cast<py::object>()).cast<bool>();
  throw InputError(name + ": expected True or False, got " + std::string(py::str(py::type::of(value).attr("__name__"))));
}

Q exact_of(const py::object& value, const std::string& name) {
  if (py::isinstance<py::str>(value)) {
    auto q = parse_rational(value.cast<std::string>());
    if (!q) throw InputError(name + ": not an exact number: " + value.cast<std::string>());
    return *q;
  }
  auto q = rational_from_double(argument<double>(value, name, "a number or a str of an exact number"));
  if (!q) throw InputError(name + ": not finite");
  return *q;
}

InitialState initial_of(const py::object& initial_state) {
  return static_cast<InitialState>(count_argument(initial_state, "initial_state", 0, 1));
}

// MPAL heads from a list of dicts {"w_in": d, "w_out": d, "relays": R x 2|3}.
std::vector<MpalHead> heads_of(const py::list& heads) {
  std::vector<MpalHead> out;
  for (std::size_t h = 0; h < heads.size(); ++h) {
    std::string where = "heads[" + std::to_string(h) + "]";
    py::dict head = argument<py::dict>(heads[h], where, "a dict with w_in, w_out and relays");
    for (const char* key : {"w_in", "w_out", "relays"})
      if (!head.contains(key)) throw InputError(where + ": missing key \"" + std::string(key) + "\"");
    out.push_back({CallerArray(head["w_in"], where + ".w_in").exact_values(),
                   CallerArray(head["w_out"], where + ".w_out").exact_values(),
                   relays_from_rows(number_rows(CallerArray(head["relays"], where + ".relays")))});
    if (out[0].w_in.empty())
      throw InputError(where + ".w_in: empty; the model dimension d must be at least 1 (as for palcheck eval)");
    if (out.back().w_in.size() != out[0].w_in.size() || out.back().w_out.size() != out[0].w_in.size())
      throw InputError(where + ": w_in and w_out must both have length d = " + std::to_string(out[0].w_in.size()));
  }
  if (out.empty()) throw InputError("heads: expected a non-empty list");
  return out;
}

// The measure of relays= or grid= (with delta=); InputError unless exactly one is given.
Measure pal_measure(const py::object& relays, const py::object& grid, const py::object& delta,
                    std::optional<Grid>* grid_out = nullptr) {
  if (relays.is_none() == grid.is_none()) throw InputError("give exactly one of relays=, grid= or heads=");
  if (!relays.is_none()) return relays_from_rows(number_rows(CallerArray(relays, "relays")));
  if (delta.is_none()) throw InputError("grid= needs delta=");
  Q d = exact_of(delta, "delta");
  if (d <= 0) throw InputError("delta: must be > 0");
  CallerArray matrix(grid, "grid");
  palcheck::python::check_square_grid(matrix);
  Grid g = grid_from_rows(number_rows(matrix), d);
  Measure mu = measure_from_grid(g);
  if (grid_out) *grid_out = std::move(g);
  return mu;
}

// PAL (relays= or grid=) on 1-D or 2-D inputs, or MPAL (heads=) on n x d or batch x n x d inputs.
OracleProblem problem_of(const py::object& relays, const py::object& grid, const py::object& delta,
                         const py::object& heads, const CallerArray& inputs, const py::object& initial_state) {
  OracleProblem p;
  p.initial = initial_of(initial_state);
  if (!heads.is_none()) {
    if (!relays.is_none() || !grid.is_none()) throw InputError("give heads= or relays=/grid=, not both");
    p.heads = heads_of(argument<py::list>(heads, "heads", "a list of dicts"));
    std::size_t d = p.heads[0].w_in.size();
    if ((inputs.ndim() != 2 && inputs.ndim() != 3) || inputs.shape(inputs.ndim() - 1) != d)
      throw InputError("inputs: MPAL takes n x d or batch x n x d tokens with d = " + std::to_string(d));
    p.batched = inputs.ndim() == 3;
    std::size_t batch = p.batched ? inputs.shape(0) : 1, n = inputs.shape(inputs.ndim() - 2);
    std::vector<Q> flat = inputs.exact_values();
    for (std::size_t s = 0; s < batch; ++s) {
      p.token_sequences.emplace_back();
      for (std::size_t t = 0; t < n; ++t) {
        auto at = flat.begin() + static_cast<std::ptrdiff_t>((s * n + t) * d);
        p.token_sequences.back().emplace_back(at, at + static_cast<std::ptrdiff_t>(d));
      }
    }
    return p;
  }
  p.measure = pal_measure(relays, grid, delta, &p.grid);
  NumberRows u = number_rows(inputs);
  p.batched = !u.one_dimensional;
  p.sequences = std::move(u.rows);
  return p;
}

// evaluate()'s float64 result, refused as `palcheck eval --values double` refuses it when an output has no
// finite double (a sum of weights past 1.8e308): numpy would show inf without a word.
py::array_t<double> finite_outputs(py::array_t<double> out) {
  const double* values = out.data();
  for (py::ssize_t k = 0; k < out.size(); ++k)
    if (!std::isfinite(values[k]))
      throw InputError("evaluate: output " + std::to_string(k) +
                       " (C order) has no finite double (its magnitude exceeds 1.8e308): pass exact=True");
  return out;
}

py::object fraction(const Q& q) {
  static py::object Fraction = py::module_::import("fractions").attr("Fraction");
  return Fraction(to_string(q));
}

// A keyword argument's value as the JSON a "conventions" object holds: strings as they are, numbers as
// exact text (a float is its binary value), sequences as lists.
nlohmann::json convention_json(const py::handle& value, const std::string& key) {
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  if (py::isinstance<py::bool_>(value)) throw InputError(key + ": expected a string or a number, got a bool");
  if (py::isinstance<py::int_>(value)) return py::str(value).cast<std::string>();
  if (py::isinstance(value, py::module_::import("fractions").attr("Fraction")))
    return py::str(value).cast<std::string>();
  if (py::isinstance<py::sequence>(value) || py::hasattr(value, "__array__")) {
    nlohmann::json list = nlohmann::json::array();
    for (const py::handle& item : py::iter(value)) list.push_back(convention_json(item, key));
    return list;
  }
  if (py::hasattr(value, "__float__")) {
    auto q = rational_from_double(py::float_(py::reinterpret_borrow<py::object>(value)).cast<double>());
    if (!q) throw InputError(key + ": not finite");
    return to_string(*q);
  }
  throw InputError(key + ": expected a string, a number or a list");
}

// The conventions of keyword arguments, read as `palcheck compare --convention key=value` and a JSON
// document's "conventions" read them: one table of keys (conventions.h), one spelling.
Conventions conventions_of(const py::kwargs& given) {
  nlohmann::json object = nlohmann::json::object();
  for (const auto& [key, value] : given) {
    std::string name = py::str(key).cast<std::string>();
    object[name] = convention_json(value, name);
  }
  Conventions c;
  apply_convention_json(c, object, "conventions");
  return c;
}

// The keyword arguments as Python writes them, for replay lines: ", key=repr(value)" each.
std::string keywords_text(const py::kwargs& given) {
  std::string text;
  for (const auto& [key, value] : given)
    text += ", " + py::str(key).cast<std::string>() + "=" + py::repr(value).cast<std::string>();
  return text;
}

// f() with the GIL released: palcheck's own computation touches no Python object, so other Python threads
// (a Dask worker's, a thread pool's) run while it computes.
template <class F>
auto without_gil(F&& f) {
  py::gil_scoped_release unlocked;
  return f();
}

py::object json_loads(const nlohmann::json& j) { return py::module_::import("json").attr("loads")(j.dump()); }

// Whether a Python exception stops the run rather than counting as the implementation's failure:
// KeyboardInterrupt (Ctrl-C), SystemExit and the rest of what is not an Exception.
bool stops_the_run(const py::error_already_set& e) { return !e.matches(PyExc_Exception); }

// Ctrl-C pressed while palcheck's own code ran: raised at the next look.
void check_signals() {
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
}

// check_signals() from inside a without_gil() computation.
void check_signals_locked() {
  py::gil_scoped_acquire locked;
  check_signals();
}

// The floating-point format of a numpy array or torch tensor ("float32", "torch.float32"), if any.
std::optional<FloatFormat> float_format_of(const py::object& value) {
  if (!py::hasattr(value, "dtype")) return std::nullopt;
  std::string name = py::str(value.attr("dtype"));
  if (name.rfind("torch.", 0) == 0) name = name.substr(6);
  return parse_float_format(name);
}

// fuzz(fn, relays=..., ...) as a report dict: fn(u) gets a 1-D float64 array and returns the outputs
// (any array the module reads); an exception it raises, or a wrong shape, is a failure of its own.
// A report of no case is not a pass.
py::object run_fuzz(const py::object& fn, const py::object& relays, const py::object& seed_argument,
                    const py::object& max_cases, const py::object& seconds, const py::object& case_number,
                    const py::object& initial_state, const py::object& progress_argument,
                    const py::object& relays_per_call_argument, const py::kwargs& conventions) {
  std::uint64_t seed = count_argument(seed_argument, "seed", 0, UINT64_MAX);
  const bool progress = flag_argument(progress_argument, "progress");
  const bool relays_per_call = flag_argument(relays_per_call_argument, "relays_per_call");
  FuzzOptions f;
  f.relays = relays_per_call ? RelaysPerCall::Sent : RelaysPerCall::Fixed;
  f.conventions = conventions_of(conventions);
  if (f.conventions.output.a == 0) throw InputError("output_map: a must be nonzero");
  check_domain_in_doubles(f.conventions, "domain");
  f.measure = relays_from_rows(number_rows(CallerArray(relays, "relays")));
  f.initial = initial_of(initial_state);
  f.seed = seed;
  if (!max_cases.is_none()) f.max_cases = count_argument(max_cases, "max_cases", 1, SIZE_MAX);
  if (!seconds.is_none()) f.seconds = fuzz_seconds(argument<double>(seconds, "seconds", "a number"), "seconds");
  if (!case_number.is_none()) f.only_case = count_argument(case_number, "case", 0, kMaxFuzzCases - 1);
  std::string call = "palcheck_oracle.fuzz(fn, relays=relays" + keywords_text(conventions) +
                     (relays_per_call ? ", relays_per_call=True" : "") + ", seed=" + std::to_string(seed);
  f.replay = [call](std::optional<std::size_t> k) { return call + (k ? ", case=" + std::to_string(*k) : "") + ")"; };
  // The search runs without the GIL (below); these callbacks take it back to reach Python.
  f.progress = [progress](const std::string& line) {
    check_signals_locked();
    if (progress) std::cerr << line << std::endl;
  };
  Implementation impl = [&](const Measure& mu, const std::vector<double>& inputs) {
    py::gil_scoped_acquire locked;
    check_signals();
    ImplReply reply;
    try {
      py::array_t<double> u(static_cast<py::ssize_t>(inputs.size()));
      std::copy(inputs.begin(), inputs.end(), u.mutable_data());
      py::object result;
      if (relays_per_call) {
        py::array_t<double> relays_now({static_cast<py::ssize_t>(mu.relays.size()), py::ssize_t{3}});
        double* at = relays_now.mutable_data();
        for (const WeightedRelay& w : mu.relays)
          for (const Q* q : {&w.thresholds.alpha, &w.thresholds.beta, &w.weight}) *at++ = to_double(*q);
        result = fn(u, relays_now);
      } else {
        result = fn(u);
      }
      CallerArray out(result, "fn(u)");
      if (out.ndim() != 1) {
        reply.error = "fn returned an array with " + std::to_string(out.ndim()) + " dimensions";
        return reply;
      }
      reply.outputs = out.exact_values(NanElements::Undefined, &reply.undefined);
      reply.dtype = float_format_of(result);
    } catch (py::error_already_set& e) {
      if (stops_the_run(e)) throw;
      reply.error = std::string("fn raised ") + e.what();
    } catch (const InputError& e) {  // outputs that are not finite, or not numbers
      reply.error = e.what();
      reply.outputs.clear();
    }
    return reply;
  };
  std::cerr << "fuzz: seed " << seed << "; replay: " << f.replay(std::nullopt) << std::endl;
  py::dict report = json_loads(without_gil([&] { return fuzz_implementation(impl, f); }));
  if (report["cases"].cast<std::size_t>() == 0) report["passed"] = false;
  return report;
}

// PAL or MPAL outputs of evaluate() (see its docstring below).
py::object evaluate_binding(py::handle inputs, py::object relays, py::object grid, py::object delta, py::object heads,
                            py::object initial_state, py::object exact_argument) {
  const bool exact = flag_argument(exact_argument, "exact");
  CallerArray u(inputs, "inputs");
  if (!heads.is_none() || (u.ndim() != 1 && u.ndim() != 2)) {
    OracleProblem p = problem_of(relays, grid, delta, heads, u, initial_state);
    BatchOutputs o = without_gil([&] { return evaluate_problem(p, exact ? ValueKind::Exact : ValueKind::Double); });
    if (exact) {
      py::list all;
      for (const auto& seq : o.exact) {
        py::list row;
        for (std::size_t k = 0; k < seq.size(); k += o.width) {
          py::list token;
          for (std::size_t c = 0; c < o.width; ++c) token.append(fraction(seq[k + c]));
          row.append(token);
        }
        all.append(row);
      }
      return p.batched ? py::object(all) : py::object(all[0]);
    }
    // One d-vector per token, in the inputs' shape.
    py::array_t<double> out(std::vector<py::ssize_t>(u.shape().begin(), u.shape().end()));
    double* data = out.mutable_data();
    for (const auto& seq : o.approx) data = std::copy(seq.begin(), seq.end(), data);
    return finite_outputs(std::move(out));
  }
  InitialState initial = initial_of(initial_state);
  std::optional<KeyedMeasure> keyed;
  if (grid.is_none() || !relays.is_none()) {
    keyed.emplace(pal_measure(relays, grid, delta));
  } else {
    if (delta.is_none()) throw InputError("grid= needs delta=");
    Q d = exact_of(delta, "delta");
    if (d <= 0) throw InputError("delta: must be > 0");
    keyed.emplace(palcheck::python::keyed_grid(CallerArray(grid, "grid"), d));
  }
  if (exact) return palcheck::python::keyed_fractions(*keyed, u, initial);
  py::array_t<double> out(std::vector<py::ssize_t>(u.shape().begin(), u.shape().end()));
  palcheck::python::keyed_doubles(*keyed, u, initial, out.mutable_data());
  return finite_outputs(std::move(out));
}

// compare(): another implementation's outputs against the exact reference, as `palcheck compare`.
py::object compare_binding(py::handle actual_array, py::handle inputs_array, py::object relays, py::object grid,
                           py::object delta, py::object heads, py::object initial_state, py::object explain,
                           const py::kwargs& conventions) {
  CallerArray inputs(inputs_array, "inputs"), actual(actual_array, "actual");
  OracleProblem p = problem_of(relays, grid, delta, heads, inputs, initial_state);
  if (actual.shape() != inputs.shape()) throw InputError("actual: shape does not match inputs");
  // NaN (and None, which numpy reads as NaN) is an undefined output; PAL only: MPAL refuses it.
  std::vector<char> undefined;
  std::vector<Q> flat = actual.exact_values(p.is_mpal() ? NanElements::Refused : NanElements::Undefined, &undefined);
  ActualOutputs act{{}, "actual"};
  for (std::size_t s = 0, at = 0; s < p.size(); ++s) {
    std::size_t count = p.length(s) * p.width();
    act.values.emplace_back(flat.begin() + static_cast<std::ptrdiff_t>(at),
                            flat.begin() + static_cast<std::ptrdiff_t>(at + count));
    if (!undefined.empty())
      act.undefined.emplace_back(undefined.begin() + static_cast<std::ptrdiff_t>(at),
                                 undefined.begin() + static_cast<std::ptrdiff_t>(at + count));
    at += count;
  }
  Conventions c = conventions_of(conventions);
  // An undeclared dtype narrower than a double is the outputs' own (the report's conventions show it).
  if (std::optional<FloatFormat> seen = float_format_of(py::reinterpret_borrow<py::object>(actual_array));
      !c.dtype && seen && *seen != FloatFormat::Float64)
    c.dtype = seen;
  std::size_t explained = count_argument(explain, "explain", 0, 1'000'000);  // as --explain
  return json_loads(without_gil([&] { return compare_outputs(p, act, c, explained); }));
}

// assert_matches(): fuzz() for pytest, an AssertionError naming the first failure or that nothing ran.
void assert_matches_binding(const py::object& fn, const py::object& relays, py::object seed, py::object max_cases,
                            py::object seconds, py::object initial_state, py::object relays_per_call,
                            const py::kwargs& conventions) {
  py::object report = run_fuzz(fn, relays, seed, max_cases, seconds, py::none(), initial_state, py::bool_(false),
                               relays_per_call, conventions);
  py::list failures = report["failures"];
  std::string message;
  if (!failures.empty()) {
    py::dict first = failures[0];
    message = "the implementation breaks " + py::str(first["property"]).cast<std::string>() + " (cause " +
              py::str(first["cause"]).cast<std::string>() + ") on inputs " +
              py::str(first["inputs_double"]).cast<std::string>() + " (relays " +
              py::str(first["relays"]).cast<std::string>() +
              "); replay: " + py::str(first["replay"]).cast<std::string>();
  } else if (!report["passed"].cast<bool>()) {
    message = "no case was run (max_cases=" + py::str(report["max_cases"]).cast<std::string>() + ", stopped by " +
              py::str(report["stopped_by"]).cast<std::string>() + "): nothing was checked";
  } else {
    return;
  }
  PyErr_SetString(PyExc_AssertionError, message.c_str());
  throw py::error_already_set();
}

// trace(): one sequence's per-token input, output, memory and relays switched.
py::list trace_binding(py::handle inputs, py::object relays, py::object grid, py::object delta,
                       py::object initial_state) {
  OracleProblem p = problem_of(relays, grid, delta, py::none(), CallerArray(inputs, "inputs"), initial_state);
  if (p.batched) throw InputError("trace: inputs must be one sequence (1-D)");
  py::list steps;
  std::vector<TraceStep> trace = without_gil([&] { return trace_pal(p.measure, p.sequences[0], p.initial); });
  for (const TraceStep& s : trace) {
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
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "Exact reference of the Preisach Attention Layer (palcheck) as a test oracle on numpy arrays";
  throw_bad_alloc_from_gmp();  // out of memory in GMP is a MemoryError, not an abort of Python
  py::register_exception_translator([](std::exception_ptr e) {
    try {
      if (e) std::rethrow_exception(e);
    } catch (const InputError& err) {
      PyErr_SetString(PyExc_ValueError, err.what());
    } catch (const NotInHalfPlane& err) {
      PyErr_SetString(PyExc_ValueError, err.what());
    } catch (const std::invalid_argument& err) {
      PyErr_SetString(PyExc_ValueError, err.what());
    }
  });
  palcheck::python::add_transformer_functions(m);

  m.def("evaluate", &evaluate_binding, py::arg("inputs"), py::kw_only(), py::arg("relays") = py::none(),
        py::arg("grid") = py::none(), py::arg("delta") = py::none(), py::arg("heads") = py::none(),
        py::arg("initial_state") = 0, py::arg("exact") = false,
        "PAL outputs for inputs (1-D: one sequence, 2-D: one row per sequence); relays is R x 2|3 "
        "(alpha, beta[, weight]) or grid is L x L with delta. MPAL with heads=[{'w_in': d, 'w_out': d, "
        "'relays': R x 2|3}, ...] on n x d (or batch x n x d) tokens. Inputs: numpy arrays, torch tensors "
        "(DLPack) or anything with __array__, read in place. Doubles nearest the exact values, or with "
        "exact=True lists of fractions.Fraction.");

  m.def("compare", &compare_binding, py::arg("actual"), py::arg("inputs"), py::kw_only(),
        py::arg("relays") = py::none(), py::arg("grid") = py::none(), py::arg("delta") = py::none(),
        py::arg("heads") = py::none(), py::arg("initial_state") = 0, py::arg("explain") = 10,
        "Compares another implementation's outputs (same shape as inputs) with the exact reference; returns "
        "the report of `palcheck compare` as a dict (PAL with relays=/grid=, MPAL with heads= as for evaluate; "
        "'agree', 'causes', 'differences' with token, memory and "
        "'runs' with their diagnosis). Conventions as keyword arguments, the keys and values of "
        "`palcheck compare --convention key=value` (states='pm1', output_map=(a, b, c) for a*S + b + c*u, "
        "atol=, rtol=, smoothing=, ...). Numbers as str are exact decimals, as float their binary value.");

  m.def(
      "summarize",
      [](const py::dict& report) {
        std::string text = py::module_::import("json").attr("dumps")(report).cast<std::string>();
        return without_gil([&] { return summarize_report(nlohmann::json::parse(text)); });
      },
      py::arg("report"),
      "The words `palcheck compare` prints for a report of compare(): the sequences that differ, the first "
      "difference, its cause and what explains it.");

  m.def(
      "fuzz",
      [](const py::object& fn, const py::object& relays, py::object seed, py::object max_cases,
         py::object seconds, py::object case_number, py::object initial_state, py::object progress,
         py::object relays_per_call, const py::kwargs& conventions) {
        return run_fuzz(fn, relays, seed, max_cases, seconds, case_number, initial_state, progress,
                        relays_per_call, conventions);
      },
      py::arg("fn"), py::kw_only(), py::arg("relays"), py::arg("seed") = 1,
      py::arg("max_cases") = py::none(), py::arg("seconds") = py::none(), py::arg("case") = py::none(),
      py::arg("initial_state") = 0, py::arg("progress") = true, py::arg("relays_per_call") = false,
      "Differential testing of fn(u: 1-D float64 array) -> outputs against the exact PAL over relays (R x 3: "
      "alpha, beta, weight); NaN (or None) in the outputs is an undefined output. Conventions as keyword arguments, as "
      "compare() takes them (tie_rule=, first_token=, states='pm1', output_map=(a, b, c), "
      "smoothing='tanh:T', domain=(lo, hi) bounding the inputs, before_crossing=, atol=, rtol=). Returns the "
      "report dict: 'passed', 'failures' (one per distinct property and cause, each with the shrunk 'inputs', "
      "the 'property' broken, its 'cause' and every consistent 'causes' ranked, the 'relays' kept and a "
      "'replay' call), 'seed' (default 1), 'cases'. Budget: max_cases "
      "(default 400) and seconds (default 120); case=K re-runs case K alone. 'passed' is False when no case "
      "ran. KeyboardInterrupt (Ctrl-C) stops the run. With relays_per_call=True fn(u, relays) gets each case's "
      "relays (R x 3 float64: alpha, beta, weight), so shrinking can drop relays.");

  m.def("assert_matches", &assert_matches_binding, py::arg("fn"), py::kw_only(), py::arg("relays"), py::arg("seed") = 1,
        py::arg("max_cases") = py::none(), py::arg("seconds") = py::none(), py::arg("initial_state") = 0,
        py::arg("relays_per_call") = false,
        "fuzz(...) for pytest: raises AssertionError naming the property, its cause, the shrunk inputs, the relays and "
        "the "
        "replay call when fn fails, or saying that nothing was checked when no case ran.");

  m.def("trace", &trace_binding, py::arg("inputs"), py::kw_only(), py::arg("relays") = py::none(),
        py::arg("grid") = py::none(), py::arg("delta") = py::none(), py::arg("initial_state") = 0,
        "Per-token trace of one sequence: input, output, memory (dominant extrema) and the relays (indices "
        "into the measure) switched on and off.");
}
