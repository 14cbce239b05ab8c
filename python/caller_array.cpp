// Reading a caller's array in place (see caller_array.h).
#include "caller_array.h"

#include "util/errors.h"

#include <bit>
#include <optional>
#include <utility>

namespace py = pybind11;

namespace palcheck::python {

namespace {

// The element kind of a buffer format ("d", "<f", "=q", ...), when it is read in place.
std::optional<ElementKind> kind_of(const char* format) {
  std::string f = format ? format : "B";
  if (!f.empty() && (f[0] == '@' || f[0] == '=' || (f[0] == '<' && std::endian::native == std::endian::little)))
    f.erase(0, 1);
  if (f.size() != 1) return std::nullopt;
  switch (f[0]) {
    case 'd': return ElementKind::Float64;
    case 'f': return ElementKind::Float32;
    case 'b': case 'h': case 'i': case 'l': case 'q': case 'n': return ElementKind::Signed;
    case 'B': case 'H': case 'I': case 'L': case 'Q': case 'N': return ElementKind::Unsigned;
    case '?': return ElementKind::Bool;
    default: return std::nullopt;
  }
}

bool has(const py::handle& object, const char* attribute) { return py::hasattr(object, attribute); }

// numpy would make float64 of dates (days since 1970), durations and one-field records: none is a number
// of PAL, so an array of such a dtype is refused by name.
void refuse_non_numbers(const py::handle& source, const std::string& name) {
  if (!has(source, "dtype") || !has(source.attr("dtype"), "kind")) return;
  std::string kind = py::str(source.attr("dtype").attr("kind"));
  static const std::pair<const char*, const char*> refused[] = {
      {"M", "datetime64"}, {"m", "timedelta64"}, {"V", "a structured (record) dtype"}};
  for (const auto& [code, what] : refused)
    if (kind == code)
      throw InputError(name + ": an array of " + what + " (" + std::string(py::str(source.attr("dtype"))) +
                       ") holds no numbers of PAL");
}

// numpy's in-place view of a DLPack tensor; a tensor that records gradients is read through its
// detached view (the same memory), as the values are all the oracle needs.
py::object from_dlpack(py::handle object) {
  py::module_ np = py::module_::import("numpy");
  py::object tensor = py::reinterpret_borrow<py::object>(object);
  if (has(tensor, "requires_grad") && has(tensor, "detach") && py::bool_(tensor.attr("requires_grad")))
    tensor = tensor.attr("detach")();
  return np.attr("from_dlpack")(tensor);
}

}  // namespace

CallerArray::CallerArray(const py::handle& object, std::string name) : name_(std::move(name)) {
  py::module_ np = py::module_::import("numpy");
  py::object source = py::reinterpret_borrow<py::object>(object);
  if (!PyObject_CheckBuffer(source.ptr())) {
    try {
      if (has(source, "__dlpack__"))
        source = from_dlpack(source);
      else if (has(source, "__array__"))
        source = np.attr("asarray")(source);
    } catch (py::error_already_set& e) {
      if (!e.matches(PyExc_Exception)) throw;  // KeyboardInterrupt and the like go to the caller
      throw InputError(name_ + ": cannot be read as an array of numbers: " + std::string(py::str(e.value())));
    }
  }
  if (PyObject_CheckBuffer(source.ptr())) take(source);
  if (!held_) {
    // Lists, scalars, float16, object arrays, byte orders other than the machine's: numpy makes
    // float64 of them (complex refused: numpy would drop the imaginary part).
    py::object converted;
    try {
      if (np.attr("iscomplexobj")(source).cast<bool>()) throw InputError(name_ + ": complex numbers are not inputs of PAL");
      refuse_non_numbers(source, name_);
      converted = np.attr("asarray")(source, "float64");
    } catch (py::error_already_set& e) {
      if (!e.matches(PyExc_Exception)) throw;
      throw InputError(name_ + ": cannot be read as an array of numbers: " + std::string(py::str(e.value())));
    }
    take(converted);
    if (!held_) throw InputError(name_ + ": cannot be read as an array of numbers");
  }
}

void CallerArray::take(const py::handle& exporter) {
  Py_buffer view{};
  if (PyObject_GetBuffer(exporter.ptr(), &view, PyBUF_RECORDS_RO) != 0) {
    PyErr_Clear();
    return;
  }
  auto kind = kind_of(view.format);
  if (!kind || (*kind != ElementKind::Bool && view.itemsize != 1 && view.itemsize != 2 && view.itemsize != 4 &&
                view.itemsize != 8)) {
    PyBuffer_Release(&view);
    return;
  }
  if ((*kind == ElementKind::Float64 && view.itemsize != 8) || (*kind == ElementKind::Float32 && view.itemsize != 4)) {
    PyBuffer_Release(&view);
    return;
  }
  view_ = view;
  held_ = true;
  owner_ = py::reinterpret_borrow<py::object>(exporter);
  kind_ = *kind;
  itemsize_ = static_cast<std::size_t>(view.itemsize);
  data_ = static_cast<const char*>(view.buf);
  for (int k = 0; k < view.ndim; ++k) {
    shape_.push_back(static_cast<std::size_t>(view.shape[k]));
    strides_.push_back(view.strides ? view.strides[k] : 0);
  }
  if (!view.strides) {  // C-contiguous by the protocol
    std::ptrdiff_t stride = view.itemsize;
    for (int k = view.ndim - 1; k >= 0; --k) {
      strides_[k] = stride;
      stride *= view.shape[k];
    }
  }
}

CallerArray::~CallerArray() {
  if (held_) PyBuffer_Release(&view_);
}

std::size_t CallerArray::size() const {
  std::size_t n = 1;
  for (std::size_t s : shape_) n *= s;
  return n;
}

void CallerArray::not_finite(std::size_t row, std::size_t k) const {
  throw InputError(name_ + ": element [" + (ndim() == 2 ? std::to_string(row) + ", " : "") + std::to_string(k) +
                   "] is not finite");
}

void CallerArray::not_finite_at(std::size_t flat) const {
  if (ndim() == 1 || ndim() == 2) not_finite(flat / cols(), flat % cols());
  throw InputError(name_ + ": element " + std::to_string(flat) + " (C order) is not finite");
}

std::optional<Q> CallerArray::exact_element(const char* p) const {
  switch (kind_) {
    case ElementKind::Float64:
    case ElementKind::Float32: {
      double v = kind_ == ElementKind::Float64 ? load<double>(p) : load<float>(p);
      return std::isfinite(v) ? rational_from_double(v) : std::nullopt;
    }
    case ElementKind::Signed: return Q(static_cast<long long>(load_signed(p)));
    case ElementKind::Unsigned: return Q(static_cast<unsigned long long>(load_unsigned(p)));
    case ElementKind::Bool: return Q(*p ? 1 : 0);
  }
  return std::nullopt;
}

std::vector<Q> CallerArray::exact_values(NanElements nan, std::vector<char>* undefined) const {
  if (undefined) undefined->clear();
  pybind11::gil_scoped_release unlocked;  // the buffer alone is read: other Python threads run meanwhile
  std::vector<Q> out;
  out.reserve(size());
  // Row by row in C order, a row being the last dimension (the whole of a 0-D array).
  const std::size_t width = ndim() == 0 ? 1 : shape_.back();
  const std::ptrdiff_t step = ndim() == 0 ? 0 : strides_.back();
  std::vector<std::size_t> row(ndim() == 0 ? 0 : ndim() - 1, 0);
  for (std::size_t flat = 0; flat < size(); flat += width) {
    const char* p = data_;
    for (std::size_t k = 0; k < row.size(); ++k) p += static_cast<std::ptrdiff_t>(row[k]) * strides_[k];
    for (std::size_t k = 0; k < width; ++k, p += step) {
      if (std::optional<Q> x = exact_element(p)) {
        out.push_back(std::move(*x));
        continue;
      }
      bool is_nan = std::isnan(kind_ == ElementKind::Float64 ? load<double>(p) : double(load<float>(p)));
      if (nan == NanElements::Refused || !is_nan) not_finite_at(flat + k);
      undefined->resize(size(), 0);
      (*undefined)[flat + k] = 1;
      out.emplace_back(0);
    }
    for (std::size_t k = row.size(); k-- > 0;) {
      if (++row[k] < shape_[k]) break;
      row[k] = 0;
    }
  }
  return out;
}

oracle::NumberRows number_rows(const CallerArray& a) {
  if (a.ndim() != 1 && a.ndim() != 2)
    throw InputError(a.name() + ": expected a 1-D or 2-D array, got " + std::to_string(a.ndim()) + " dimensions");
  oracle::NumberRows r;
  r.source = a.name();
  r.one_dimensional = a.ndim() == 1;
  std::vector<Q> flat = a.exact_values();
  for (std::size_t i = 0; i < a.rows(); ++i)
    r.rows.emplace_back(flat.begin() + static_cast<std::ptrdiff_t>(i * a.cols()),
                        flat.begin() + static_cast<std::ptrdiff_t>((i + 1) * a.cols()));
  return r;
}

}  // namespace palcheck::python
