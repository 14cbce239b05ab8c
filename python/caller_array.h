// def:pal, def:mpal: the numbers a Python caller hands the module, read where the caller keeps them.
// Any object with the buffer protocol (numpy arrays, memoryview, array.array), DLPack (torch and JAX
// tensors, through numpy.from_dlpack) or __array__ is read in place: float64, float32, integer and bool
// elements, contiguous or strided, each at its exact binary value. Other element types (float16, object
// arrays, lists) are converted to float64 by numpy first, as numpy's own casting would.
#pragma once

#include "oracle/formats/oracle_files.h"
#include "reference/rational.h"

#include <pybind11/pybind11.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace palcheck::python {

/// The element types read in place.
enum class ElementKind { Float64, Float32, Signed, Unsigned, Bool };

/// How exact_values reads a NaN element (numpy's reading of None in an object array or a list, too).
enum class NanElements {
  Refused,    ///< not finite: InputError
  Undefined,  ///< an output that is no number (before_crossing=undefined), flagged
};

/// A read-only view of a caller's N-dimensional array of numbers; holds the buffer until destroyed.
class CallerArray {
 public:
  /// Reads `object`; `name` prefixes every error (InputError, a ValueError in Python).
  CallerArray(const pybind11::handle& object, std::string name);
  ~CallerArray();
  CallerArray(const CallerArray&) = delete;
  CallerArray& operator=(const CallerArray&) = delete;

  /// The name errors give it.
  const std::string& name() const { return name_; }
  /// Number of dimensions.
  std::size_t ndim() const { return shape_.size(); }
  /// Extent of dimension k.
  std::size_t shape(std::size_t k) const { return shape_[k]; }
  /// The shape.
  const std::vector<std::size_t>& shape() const { return shape_; }
  /// Number of elements.
  std::size_t size() const;
  /// Rows of a 1-D (one row) or 2-D array.
  std::size_t rows() const { return ndim() == 1 ? 1 : shape_[0]; }
  /// Columns of a 1-D (its length) or 2-D array.
  std::size_t cols() const { return shape_[ndim() - 1]; }

  /// Calls f(k, x) for k in [first, first + count) of row `row` (1-D or 2-D), with x the element as a
  /// double where a double holds it exactly (every float, integers up to 2^53) and else as Q.
  /// InputError naming the element if it is not finite.
  template <class F>
  void for_each(std::size_t row, std::size_t first, std::size_t count, F&& f) const {
    const char* base = data_ + (ndim() == 2 ? row * strides_[0] : 0);
    std::ptrdiff_t step = strides_[ndim() - 1];
    auto each = [&](auto read) {
      const char* p = base + static_cast<std::ptrdiff_t>(first) * step;
      for (std::size_t k = first; k < first + count; ++k, p += step) read(k, p);
    };
    switch (kind_) {
      case ElementKind::Float64:
        return each([&](std::size_t k, const char* p) { f(k, finite(load<double>(p), row, k)); });
      case ElementKind::Float32:
        return each([&](std::size_t k, const char* p) { f(k, finite(load<float>(p), row, k)); });
      case ElementKind::Signed:
        return each([&](std::size_t k, const char* p) {
          std::int64_t v = load_signed(p);
          if (v > kExactInteger || v < -kExactInteger)
            f(k, Q(static_cast<long long>(v)));
          else
            f(k, static_cast<double>(v));
        });
      case ElementKind::Unsigned:
        return each([&](std::size_t k, const char* p) {
          std::uint64_t v = load_unsigned(p);
          if (v > static_cast<std::uint64_t>(kExactInteger))
            f(k, Q(static_cast<unsigned long long>(v)));
          else
            f(k, static_cast<double>(v));
        });
      case ElementKind::Bool:
        return each([&](std::size_t k, const char* p) { f(k, *p ? 1.0 : 0.0); });
    }
  }

  /// Every element, exactly, flattened in C order; called with the GIL held, it releases it while it reads.
  /// InputError naming an element that is not finite, except a NaN under NanElements::Undefined: 0 there
  /// and a nonzero flag at its index in `*undefined` (required then; left empty when there is none).
  std::vector<Q> exact_values(NanElements nan = NanElements::Refused, std::vector<char>* undefined = nullptr) const;

 private:
  static constexpr std::int64_t kExactInteger = std::int64_t{1} << 53;

  template <class T>
  static T load(const char* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  // An integer of the array's item size at p, of Wide's signedness, widened to Wide.
  template <class Wide>
  Wide load_integer(const char* p) const {
    constexpr bool kSigned = std::is_signed_v<Wide>;
    switch (itemsize_) {
      case 1: return load<std::conditional_t<kSigned, std::int8_t, std::uint8_t>>(p);
      case 2: return load<std::conditional_t<kSigned, std::int16_t, std::uint16_t>>(p);
      case 4: return load<std::conditional_t<kSigned, std::int32_t, std::uint32_t>>(p);
      default: return load<Wide>(p);
    }
  }
  std::int64_t load_signed(const char* p) const { return load_integer<std::int64_t>(p); }
  std::uint64_t load_unsigned(const char* p) const { return load_integer<std::uint64_t>(p); }
  double finite(double v, std::size_t row, std::size_t k) const {
    if (!std::isfinite(v)) not_finite(row, k);
    return v;
  }
  [[noreturn]] void not_finite(std::size_t row, std::size_t k) const;
  // The same error for element `flat` in C order, named as for_each names it in 1-D and 2-D arrays.
  [[noreturn]] void not_finite_at(std::size_t flat) const;
  // The element at p exactly; none when it is a float that is not finite.
  std::optional<Q> exact_element(const char* p) const;
  void take(const pybind11::handle& exporter);

  std::string name_;
  pybind11::object owner_;  // what the buffer was taken from (the caller's object or numpy's view of it)
  Py_buffer view_{};
  bool held_ = false;
  ElementKind kind_ = ElementKind::Float64;
  std::size_t itemsize_ = 8;
  const char* data_ = nullptr;
  std::vector<std::size_t> shape_;
  std::vector<std::ptrdiff_t> strides_;
};

/// A 1-D or 2-D array as the oracle's rows of exact numbers, named as the array; InputError on any other
/// number of dimensions.
oracle::NumberRows number_rows(const CallerArray& a);

}  // namespace palcheck::python
