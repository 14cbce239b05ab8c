// The NumPy .npy format for `palcheck eval` and `palcheck compare` (test-oracle mode):
// version 1.0/2.0/3.0 files with dtype '<f8', '<f4', '<i8' or '<i4', C or Fortran order, 1-D or 2-D.
// Floating values are kept as the doubles they are (a float32 widens to a double exactly), so
// their exact value is the binary one (rational_from_double), not a decimal reading.
#pragma once

#include "oracle/formats/input_limits.h"
#include "reference/rational.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace palcheck::oracle {

/// The element types palcheck reads.
enum class NpyDtype { Float64, Float32, Int64, Int32 };

/// A 1-D or 2-D array read from a .npy file, values in C order (a Fortran-order file is transposed on read).
struct NpyArray {
  NpyDtype dtype = NpyDtype::Float64;  ///< element type in the file
  std::vector<std::size_t> shape;      ///< one or two extents
  std::vector<double> reals;           ///< the values of a float array (float32 widened exactly)
  std::vector<std::int64_t> integers;  ///< the values of an integer array

  /// Number of rows: shape[0] for 2-D, 1 for 1-D.
  std::size_t rows() const { return shape.size() == 2 ? shape[0] : 1; }
  /// Number of columns: shape[1] for 2-D, shape[0] for 1-D.
  std::size_t cols() const { return shape.size() == 2 ? shape[1] : shape[0]; }
  /// The exact value of element k (C order).
  Q exact(std::size_t k) const;
  /// Element k as a double (integers beyond 2^53 round).
  double approx(std::size_t k) const;
};

/// The header of a .npy file: what parse_npy checks before the data, for readers that stream it.
struct NpyHeader {
  NpyDtype dtype = NpyDtype::Float64;  ///< element type
  std::vector<std::size_t> shape;      ///< one or two extents
  std::size_t data_offset = 0;         ///< where the data starts
  std::size_t width = 8;               ///< bytes per element
  bool fortran = false;                ///< column-major on disk
  /// Number of elements.
  std::size_t count() const;
};

/// Parses the header at the start of `bytes` (the data may be absent); InputError naming `source`.
NpyHeader parse_npy_header(const std::string& bytes, const std::string& source);

/// The header bytes of a '<f8' .npy file of the given 1-D or 2-D shape (the data follows it).
std::string npy_f8_header(const std::vector<std::size_t>& shape);

/// Parses the bytes of a .npy file; InputError naming `source` and the offending position.
NpyArray parse_npy(const std::string& bytes, const std::string& source);

/// The bytes of a '<f8' .npy file holding `values` (C order) with the given 1-D or 2-D shape.
std::string format_npy_f8(const std::vector<std::size_t>& shape, const std::vector<double>& values);

}  // namespace palcheck::oracle
