// fractions.Fraction objects from exact values (see fraction_maker.h).
#include "fraction_maker.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>

namespace py = pybind11;

namespace palcheck::python {

namespace {

using U128 = unsigned __int128;

int trailing_zeros(U128 v) {
  auto low = static_cast<std::uint64_t>(v);
  return low ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<std::uint64_t>(v >> 64));
}

// A Python int of any 128-bit value, from its two's complement bytes.
PyObject* int_of(__int128 v) {
  if (v >= INT64_MIN && v <= INT64_MAX) return PyLong_FromLongLong(static_cast<long long>(v));
  unsigned char bytes[sizeof v];
  std::memcpy(bytes, &v, sizeof v);
  static_assert(std::endian::native == std::endian::little);
#if PY_VERSION_HEX >= 0x030D0000
  return PyLong_FromNativeBytes(bytes, sizeof v, -1);
#else
  return _PyLong_FromByteArray(bytes, sizeof v, /*little_endian=*/1, /*is_signed=*/1);
#endif
}

PyObject* int_of(const boost::multiprecision::mpz_int& z) {
  std::string text = z.str();
  return PyLong_FromString(text.c_str(), nullptr, 10);
}

bool member_slot(const py::handle& type, const char* name) {
  py::dict attributes = type.attr("__dict__");
  return attributes.contains(name) &&
         Py_TYPE(attributes[name].ptr()) == &PyMemberDescr_Type;
}

}  // namespace

FractionMaker::FractionMaker() : type_(py::module_::import("fractions").attr("Fraction")) {
  slots_ = member_slot(type_, "_numerator") && member_slot(type_, "_denominator");
  if (slots_) {
    py::dict attributes = type_.attr("__dict__");
    numerator_slot_ = attributes["_numerator"];
    denominator_slot_ = attributes["_denominator"];
  }
}

PyObject* FractionMaker::make(PyObject* numerator, PyObject* denominator) {
  if (!numerator || !denominator) {
    Py_XDECREF(numerator);
    Py_XDECREF(denominator);
    throw py::error_already_set();
  }
  PyObject* f = nullptr;
  if (slots_) {
    auto* type = reinterpret_cast<PyTypeObject*>(type_.ptr());
    f = type->tp_alloc(type, 0);
    descrsetfunc set = Py_TYPE(numerator_slot_.ptr())->tp_descr_set;
    if (f && (set(numerator_slot_.ptr(), f, numerator) != 0 || set(denominator_slot_.ptr(), f, denominator) != 0))
      Py_CLEAR(f);
    // Two ints cannot form a cycle: the cyclic collector need never visit it (CPython untracks tuples
    // of atoms alike). Millions of tracked Fractions cost a full walk per collection, and at exit.
    if (f && PyObject_IS_GC(f)) PyObject_GC_UnTrack(f);
  } else {
    f = PyObject_CallFunctionObjArgs(type_.ptr(), numerator, denominator, nullptr);
  }
  Py_DECREF(numerator);
  Py_DECREF(denominator);
  if (!f) throw py::error_already_set();
  return f;
}

PyObject* FractionMaker::power_of_two(int k) {
  if (powers_.size() <= static_cast<std::size_t>(k)) powers_.resize(k + 1);
  if (!powers_[k]) powers_[k] = py::int_(1) << py::int_(k);
  return powers_[k].ptr();
}

PyObject* FractionMaker::dyadic(__int128 n, int scale) {
  int k = n == 0 ? scale : std::min(scale, trailing_zeros(static_cast<U128>(n)));
  PyObject* denominator = power_of_two(scale - k);
  Py_INCREF(denominator);
  return make(int_of(n >> k), denominator);
}

PyObject* FractionMaker::exact(const Q& q) {
  return make(int_of(numerator(q)), int_of(denominator(q)));
}

}  // namespace palcheck::python
