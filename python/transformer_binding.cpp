// _core.transformer_run: the whole PAL-Transformer on enclosures, every part's values as n x k x 3 arrays
// of (lo rounded down, double nearest the midpoint, hi rounded up), for palcheck_oracle.transformer.
#include "transformer_binding.h"

#include "oracle/eval/sequence_reference.h"
#include "oracle/formats/json_input.h"
#include "oracle/transformer/transformer_compare.h"
#include "oracle/transformer/transformer_document.h"
#include "oracle/transformer/transformer_eval.h"
#include "oracle/transformer/transformer_rounding.h"
#include "util/errors.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <string>

namespace palcheck::python {

namespace py = pybind11;
using namespace palcheck::oracle;

namespace {

// n x k x 3; k given, so no tokens still gives the model's shape.
py::array_t<double> table(const std::vector<BVector>& rows, std::size_t k) {
  std::size_t n = rows.size();
  py::array_t<double> out(std::vector<py::ssize_t>{static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(k), 3});
  std::vector<double> flat = enclosure_table(rows);
  std::copy(flat.begin(), flat.end(), out.mutable_data());
  return out;
}

py::object json_to_python(const nlohmann::json& value) {
  return py::module_::import("json").attr("loads")(value.dump());
}

// An n x k array of doubles as exact rows; InputError naming `where` for another shape or a non-finite value.
std::vector<QVector> exact_rows(const py::object& object, std::size_t k, const std::string& where) {
  auto a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(object);
  if (!a || a.ndim() != 2 || static_cast<std::size_t>(a.shape(1)) != k)
    throw InputError(where + ": expected an n x " + std::to_string(k) + " array");
  std::vector<QVector> rows(static_cast<std::size_t>(a.shape(0)));
  const double* data = a.data();
  for (std::size_t t = 0; t < rows.size(); ++t)
    for (std::size_t i = 0; i < k; ++i) {
      std::optional<Q> q = rational_from_double(data[t * k + i]);
      if (!q) throw InputError(where + "[" + std::to_string(t) + "][" + std::to_string(i) + "]: not finite");
      rows[t].push_back(*q);
    }
  return rows;
}

}  // namespace

void add_transformer_functions(py::module_& m) {
  m.def(
      "transformer_run",
      [](const std::string& spec_text, const py::object& x_object, const std::string& conventions_text, bool parts,
         const std::string& width) {
        PrecisionGoal goal;
        goal.parts = parts;
        if (!width.empty()) {
          std::optional<Q> w = parse_rational(width);
          if (!w || *w <= 0) throw InputError("atol: expected a tolerance > 0, got \"" + width + "\"");
          goal.width = *w;
        }
        PalTransformerSpec spec = parse_transformer(parse_json_text(spec_text, "spec"));
        TransformerConventions conventions;
        apply_transformer_conventions(conventions, parse_json_text(conventions_text, "conventions"), "conventions");
        check_transformer_conventions(spec, conventions);
        // Exact text (a JSON list of token rows: decimals and fractions as written) or doubles at their
        // exact binary value.
        std::vector<QVector> tokens;
        if (py::isinstance<py::str>(x_object)) {
          tokens = parse_transformer_inputs(parse_json_text(x_object.cast<std::string>(), "x"), spec.d, "x");
        } else {
          auto x = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(x_object);
          if (!x || x.ndim() != 2 || static_cast<std::size_t>(x.shape(1)) != spec.d)
            throw InputError("x: expected an n x d array of tokens with d = " + std::to_string(spec.d));
          tokens.resize(static_cast<std::size_t>(x.shape(0)));
          const double* data = x.data();
          for (std::size_t t = 0; t < tokens.size(); ++t)
            for (std::size_t i = 0; i < spec.d; ++i) {
              std::optional<Q> q = rational_from_double(data[t * spec.d + i]);
              if (!q) throw InputError("x[" + std::to_string(t) + "][" + std::to_string(i) + "]: not finite");
              tokens[t].push_back(*q);
            }
        }
        // Ctrl-C reaches the run between layers (and every few thousand tokens): the signal is taken with
        // the GIL, the run unwinds without it, and KeyboardInterrupt is raised once the GIL is back.
        struct Interrupted {};
        auto interrupt = [] {
          py::gil_scoped_acquire held;
          if (PyErr_CheckSignals() != 0) throw Interrupted{};
        };
        TransformerRun run;
        try {
          py::gil_scoped_release unlocked;
          run = run_transformer_to(spec, tokens, conventions, goal, interrupt);
        } catch (const Interrupted&) {
          throw py::error_already_set();
        }
        py::dict out;
        out["pe"] = spec.sinusoidal_pe ? py::object(table(run.pe, spec.d)) : py::object(py::none());
        py::list layers;
        for (std::size_t index = 0; parts && index < run.layers.size(); ++index) {
          const TransformerLayerRun& l = run.layers[index];
          const std::size_t d = spec.d, heads = spec.layers[index].heads.size();
          py::dict layer;
          layer["inputs"] = table(l.inputs, heads);
          layer["heads"] = table(l.heads, heads);
          layer["mpal"] = table(l.mpal, d);
          layer["ln_mpal"] = table(l.ln_mpal, d);
          layer["mlp"] = table(l.mlp, d);
          layer["ln_mlp"] = table(l.ln_mlp, d);
          layer["stream"] = table(l.stream, d);
          layers.append(layer);
        }
        out["layers"] = layers;
        out["output"] = table(run.output(), spec.d);
        py::array_t<double> nearest(std::vector<py::ssize_t>{static_cast<py::ssize_t>(tokens.size()),
                                                             static_cast<py::ssize_t>(spec.d)});
        double* cell = nearest.mutable_data();
        for (const QVector& token : tokens)
          for (const Q& v : token) *cell++ = to_double(v);
        out["x"] = nearest;
        out["undecided"] = json_to_python(undecided_json(spec, run.undecided));
        out["undetermined"] = json_to_python(undetermined_json(run, goal));
        out["bits"] = run.bits;
        out["conventions"] = json_to_python(transformer_conventions_json(conventions));
        return out;
      },
      py::arg("spec"), py::arg("x"), py::arg("conventions"), py::arg("parts") = true, py::arg("width") = "",
      "The PAL-Transformer `spec` (JSON text) on tokens x (n x d doubles, or JSON text of exact rows) under "
      "`conventions` (JSON text), at the "
      "precision that makes every output (and part, with parts) at most `width` wide (an exact decimal; empty: its "
      "nearest double determined), up to the cap: per part n x k x 3 arrays of (lo, double nearest the midpoint, "
      "hi) (every layer's parts unless parts=False), the undecided relays, the outputs still undetermined at the "
      "cap, the bits used, and the tokens as the doubles nearest them");
  m.def(
      "transformer_rounding",
      [](const std::string& spec_text, const py::object& x, const py::object& y, const std::string& conventions_text,
         const std::string& atol, const std::string& rtol, const std::string& dtype) -> py::object {
        PalTransformerSpec spec = parse_transformer(parse_json_text(spec_text, "spec"));
        TransformerConventions conventions;
        apply_transformer_conventions(conventions, parse_json_text(conventions_text, "conventions"), "conventions");
        check_transformer_conventions(spec, conventions);
        std::optional<FloatFormat> format = parse_float_format(dtype);
        if (!format) throw InputError("dtype: expected float64, float32, float16 or bfloat16, got \"" + dtype + "\"");
        std::optional<Q> a = parse_rational(atol), r = parse_rational(rtol);
        if (!a || !r) throw InputError("atol, rtol: expected exact numbers");
        const TransformerTolerance tolerance{*a, *r};
        std::vector<QVector> tokens = exact_rows(x, spec.d, "x"), outputs = exact_rows(y, spec.d, "output");
        PrecisionGoal goal;
        if (*a > 0) goal.width = *a;
        std::optional<std::pair<NearThreshold, TransformerRun>> found;
        {
          py::gil_scoped_release unlocked;
          found = rounding_cause(spec, tokens, conventions, goal, *format,
                                 [&](const TransformerRun& run) { return outputs_agree(run, outputs, tolerance); });
        }
        if (!found) return py::none();
        return json_to_python(rounding_json(spec, found->first, *format));
      },
      py::arg("spec"), py::arg("x"), py::arg("y"), py::arg("conventions"), py::arg("atol"), py::arg("rtol"),
      py::arg("dtype"),
      "Rounding as the cause of outputs y on tokens x (n x d doubles): the first relay within dtype's rounding of "
      "a threshold which, read on the threshold's other side at that token, makes the reference agree with every "
      "output (JSON-like dict of its place), or None");
  m.def(
      "within_tolerance",
      [](const py::object& actual_object, const py::object& lo_object, const py::object& hi_object,
         const std::string& atol, const std::string& rtol) {
        using Doubles = py::array_t<double, py::array::c_style | py::array::forcecast>;
        Doubles actual = Doubles::ensure(actual_object), lo = Doubles::ensure(lo_object), hi = Doubles::ensure(hi_object);
        if (!actual || !lo || !hi || actual.size() != lo.size() || actual.size() != hi.size())
          throw InputError("within_tolerance: expected three arrays of one size");
        std::optional<Q> a = parse_rational(atol), r = parse_rational(rtol);
        if (!a || !r) throw InputError("atol, rtol: expected exact numbers");
        py::array_t<std::int8_t> out(std::vector<py::ssize_t>(actual.shape(), actual.shape() + actual.ndim()));
        const double *x = actual.data(), *l = lo.data(), *h = hi.data();
        std::int8_t* code = out.mutable_data();
        for (py::ssize_t k = 0; k < actual.size(); ++k) {
          std::optional<Q> value = rational_from_double(x[k]), low = rational_from_double(l[k]),
                           high = rational_from_double(h[k]);
          std::optional<bool> within;
          if (!value) within = false;  // NaN or an infinity is no output within any tolerance
          else if (low && high) within = interval_within_tolerance(*a, *r, *value, QInterval{*low, *high});
          code[k] = !within ? -1 : *within ? 1 : 0;
        }
        return out;
      },
      py::arg("actual"), py::arg("lo"), py::arg("hi"), py::arg("atol"), py::arg("rtol"),
      "Per element, exactly: 1 when every point of [lo, hi] is within atol + rtol |x| of actual, 0 when none is (a "
      "NaN or infinite actual included), -1 when some are (or an end is not finite): the tolerance decided on "
      "the doubles as they are, never in floating point");
  m.def("transformer_convention_values", &transformer_convention_values,
        "Each transformer convention's key and spellings, the paper's first");
}

}  // namespace palcheck::python
