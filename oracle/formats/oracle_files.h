// Files of the test-oracle mode: format by extension, numeric matrices from JSON, CSV
// or .npy (output files: atomic_write.h).
#pragma once

#include "oracle/formats/csv_format.h"
#include "reference/rational.h"

#include <nlohmann/json.hpp>

#include <array>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace palcheck::oracle {

/// The file formats of eval and compare. The routes that write one switch over it without a default, so
/// that a new format is named by the compiler at every place it must be written.
enum class FileFormat { Json, Csv, Npy };

/// A file format and the extension that names it.
struct FileFormatName {
  FileFormat format;           ///< the format
  std::string_view extension;  ///< the file name's ending
};

/// Every file format by extension, in the enum's order.
inline constexpr std::array<FileFormatName, 3> kFileFormats{
    {{FileFormat::Json, ".json"}, {FileFormat::Csv, ".csv"}, {FileFormat::Npy, ".npy"}}};

/// The format named by the file's extension (.json, .csv, .npy; "-" is JSON); InputError otherwise.
FileFormat format_of(const std::string& path);

/// Numbers read from a file: rows of exact values, each with its double when the file held doubles.
struct NumberRows {
  std::vector<std::vector<Q>> rows;  ///< exact values; rows may differ in length (JSON, CSV)
  bool one_dimensional = false;      ///< the file held a flat list (JSON list, 1-D .npy)
  std::string source;                ///< the file name, for messages
};

/// The format of an input file: by its extension, else by its content (a pipe such as
/// `<(echo ...)`): the .npy magic, JSON (starts with '[' or '{'), else CSV.
FileFormat input_format(const std::string& path, const std::string& bytes);

/// A flat list or a list of rows from a JSON value; `field` names it in errors.
NumberRows rows_from_json(const nlohmann::json& value, const std::string& field);

/// Rows handed on a value at a time: shape() once before the first row, begin() before each row,
/// value() per number, end() after it. An empty function is not called.
struct RowVisitor {
  std::function<void(bool one_dimensional)> shape;  ///< whether the rows are one flat list
  std::function<void()> begin;                      ///< a row starts
  std::function<void(Q&&)> value;                   ///< the row's next number
  std::function<void()> end;                        ///< the row ends
};

/// rows_from_json a value at a time: each error thrown when its place is reached, after the rows before it.
void visit_json_rows(const nlohmann::json& value, const std::string& field, const RowVisitor& visit);

/// Rows from a file: a .npy array (1-D or 2-D), CSV rows (a non-numeric first row is a header), or
/// JSON (a list, a list of lists, or an object holding one under `json_key`).
NumberRows load_rows(const std::string& path, const std::string& json_key, CsvHeader header = CsvHeader::Auto);

/// load_rows on bytes already read from `path`.
NumberRows rows_from_bytes(const std::string& bytes, const std::string& path, const std::string& json_key,
                           CsvHeader header = CsvHeader::Auto);

}  // namespace palcheck::oracle
