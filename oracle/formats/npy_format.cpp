// The .npy reader and writer (see npy_format.h). Format: magic "\x93NUMPY", version, header length
// (2 bytes in 1.0, 4 in 2.0/3.0), a Python dict literal, then little-endian data.
#include "oracle/formats/npy_format.h"

#include "oracle/formats/json_input.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <string>

namespace palcheck::oracle {

static_assert(std::endian::native == std::endian::little, "the .npy reader assumes a little-endian host");

Q NpyArray::exact(std::size_t k) const {
  if (dtype == NpyDtype::Int64 || dtype == NpyDtype::Int32) return Q(static_cast<long long>(integers[k]));
  return *rational_from_double(reals[k]);
}

double NpyArray::approx(std::size_t k) const {
  if (dtype == NpyDtype::Int64 || dtype == NpyDtype::Int32) return static_cast<double>(integers[k]);
  return reals[k];
}

namespace {

// A scan, not std::regex: libstdc++'s regex recurses per character and overflowed the stack on a
// 60 kB shape tuple (found by fuzz_npy).
std::string header_value(const std::string& header, const std::string& key, const std::string& source) {
  // The dict is written by numpy as {'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }.
  auto missing = [&] { return InputError(source + ": .npy header has no '" + key + "': " + shown(header)); };
  for (char quote : {'\'', '"'}) {
    std::size_t at = header.find(quote + key + quote);
    if (at == std::string::npos) continue;
    std::size_t k = header.find_first_not_of(" \t", at + key.size() + 2);
    if (k == std::string::npos || header[k] != ':') throw missing();
    k = header.find_first_not_of(" \t", k + 1);
    if (k == std::string::npos) throw missing();
    char open = header[k];
    if (open == '(' || open == '\'' || open == '"') {
      std::size_t close = header.find(open == '(' ? ')' : open, k + 1);
      if (close == std::string::npos) throw missing();
      return header.substr(k, close - k + 1);
    }
    for (const char* word : {"True", "False"})
      if (header.compare(k, std::strlen(word), word) == 0) return word;
    throw missing();
  }
  throw missing();
}

// Sizes are decimal digits only (no sign), each and their product checked against overflow: a
// shape (9223372036854775808, 2) must not wrap to 0 elements, (3, -4) must not read as (3, 4).
std::vector<std::size_t> parse_shape(const std::string& text, const std::string& source) {
  std::vector<std::size_t> shape;
  std::string inner = text.substr(1, text.size() - 2);
  auto bad = [&](const std::string& why) { return InputError(source + ": .npy shape " + shown(text) + ": " + why); };
  std::size_t start = 0;
  while (start <= inner.size()) {
    std::size_t comma = inner.find(',', start);
    std::string item = inner.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    std::size_t a = item.find_first_not_of(" \t"), b = item.find_last_not_of(" \t");
    item = a == std::string::npos ? std::string() : item.substr(a, b - a + 1);
    bool last = comma == std::string::npos;
    if (item.empty()) {
      if (!last || (shape.empty() && inner.find(',') != std::string::npos)) throw bad("an empty size");
      break;
    }
    if (item.find_first_not_of("0123456789") != std::string::npos) throw bad("\"" + shown(item) + "\" is not a size");
    std::size_t size = 0;
    for (char c : item) {
      if (size > (kMaxNpyElements - static_cast<std::size_t>(c - '0')) / 10) throw bad("a size above the limit");
      size = size * 10 + static_cast<std::size_t>(c - '0');
    }
    shape.push_back(size);
    if (last) break;
    start = comma + 1;
  }
  if (shape.size() != 1 && shape.size() != 2)
    throw InputError(source + ": .npy array has " + std::to_string(shape.size()) +
                     " dimensions; palcheck reads 1-D and 2-D arrays (shape " + shown(text) + ")");
  return shape;
}

std::string position(const NpyArray& a, std::size_t k) {
  if (a.shape.size() == 1) return "element [" + std::to_string(k) + "]";
  return "element [" + std::to_string(k / a.shape[1]) + ", " + std::to_string(k % a.shape[1]) + "]";
}

}  // namespace

std::size_t NpyHeader::count() const {
  std::size_t count = 1;
  for (std::size_t s : shape) count *= s;
  return count;
}

NpyHeader parse_npy_header(const std::string& bytes, const std::string& source) {
  static const std::string magic = "\x93NUMPY";
  if (bytes.size() < 10 || bytes.compare(0, magic.size(), magic) != 0)
    throw InputError(source + ": not a .npy file (bad magic)");
  int major = static_cast<unsigned char>(bytes[6]);
  std::size_t header_len = 0, offset = 0;
  if (major == 1) {
    header_len =
        static_cast<unsigned char>(bytes[8]) | (static_cast<std::size_t>(static_cast<unsigned char>(bytes[9])) << 8);
    offset = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12) throw InputError(source + ": truncated .npy header");
    for (int b = 3; b >= 0; --b) header_len = (header_len << 8) | static_cast<unsigned char>(bytes[8 + b]);
    offset = 12;
  } else {
    throw InputError(source + ": unsupported .npy version " + std::to_string(major));
  }
  if (bytes.size() < offset + header_len) throw InputError(source + ": truncated .npy header");
  std::string header = bytes.substr(offset, header_len);
  offset += header_len;

  NpyHeader h;
  std::string descr = header_value(header, "descr", source);
  descr = descr.substr(1, descr.size() - 2);
  if (descr == "<f8")
    h.dtype = NpyDtype::Float64, h.width = 8;
  else if (descr == "<f4")
    h.dtype = NpyDtype::Float32, h.width = 4;
  else if (descr == "<i8")
    h.dtype = NpyDtype::Int64, h.width = 8;
  else if (descr == "<i4")
    h.dtype = NpyDtype::Int32, h.width = 4;
  else
    throw InputError(source + ": .npy dtype '" + descr + "' is not supported (use '<f8', '<f4', '<i8' or '<i4')");
  h.fortran = header_value(header, "fortran_order", source) == "True";
  h.shape = parse_shape(header_value(header, "shape", source), source);
  std::size_t count = 1;
  for (std::size_t s : h.shape) {
    if (s != 0 && count > kMaxNpyElements / s)
      throw InputError(source + ": .npy shape has more than " + std::to_string(kMaxNpyElements) + " elements");
    count *= s;
  }
  std::size_t rows = h.shape.size() == 2 ? h.shape[0] : 1;
  if (count == 0 && rows > kMaxNpyEmptyRows)
    throw InputError(source + ": .npy shape declares " + std::to_string(rows) + " empty rows (at most " +
                     std::to_string(kMaxNpyEmptyRows) + ")");
  h.data_offset = offset;
  return h;
}

NpyArray parse_npy(const std::string& bytes, const std::string& source) {
  NpyHeader h = parse_npy_header(bytes, source);
  NpyArray a;
  a.dtype = h.dtype;
  a.shape = h.shape;
  bool fortran = h.fortran;
  std::size_t count = h.count(), width = h.width, offset = h.data_offset;
  if (bytes.size() - offset != count * width)
    throw InputError(source + ": .npy data has " + std::to_string(bytes.size() - offset) + " bytes, shape needs " +
                     std::to_string(count * width));
  const char* data = bytes.data() + offset;
  if (a.dtype == NpyDtype::Float64 || a.dtype == NpyDtype::Float32) {
    a.reals.resize(count);
    for (std::size_t k = 0; k < count; ++k) {
      if (a.dtype == NpyDtype::Float64) {
        std::memcpy(&a.reals[k], data + 8 * k, 8);
      } else {
        float f;
        std::memcpy(&f, data + 4 * k, 4);
        a.reals[k] = f;
      }
      if (!std::isfinite(a.reals[k])) {
        std::size_t c_index = fortran && a.shape.size() == 2 ? (k % a.shape[0]) * a.shape[1] + k / a.shape[0] : k;
        throw InputError(source + ": " + position(a, c_index) + " is not finite");
      }
    }
  } else {
    a.integers.resize(count);
    for (std::size_t k = 0; k < count; ++k) {
      if (a.dtype == NpyDtype::Int64) {
        std::memcpy(&a.integers[k], data + 8 * k, 8);
      } else {
        std::int32_t v;
        std::memcpy(&v, data + 4 * k, 4);
        a.integers[k] = v;
      }
    }
  }
  if (fortran && a.shape.size() == 2) {  // column-major on disk: element (i, j) is at j * rows + i
    std::size_t rows = a.shape[0], cols = a.shape[1];
    auto to_c_order = [&](auto& values) {
      auto column_major = values;
      for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) values[i * cols + j] = column_major[j * rows + i];
    };
    if (a.reals.empty())
      to_c_order(a.integers);
    else
      to_c_order(a.reals);
  }
  return a;
}

std::string npy_f8_header(const std::vector<std::size_t>& shape) {
  std::string dims;
  for (std::size_t s : shape) dims += std::to_string(s) + ", ";
  if (shape.size() == 2) dims.resize(dims.size() - 2);
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + dims + "), }";
  // Version 1.0: data starts on a 64-byte boundary; the header ends with a newline.
  std::size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::string out = "\x93NUMPY";
  out += '\x01';
  out += '\x00';
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>((header.size() >> 8) & 0xff);
  out += header;
  return out;
}

std::string format_npy_f8(const std::vector<std::size_t>& shape, const std::vector<double>& values) {
  std::string out = npy_f8_header(shape);
  std::size_t start = out.size();
  out.resize(start + 8 * values.size());
  if (!values.empty()) std::memcpy(out.data() + start, values.data(), 8 * values.size());
  return out;
}

}  // namespace palcheck::oracle
