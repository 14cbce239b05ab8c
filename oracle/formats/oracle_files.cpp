// Oracle files (see oracle_files.h).
#include "oracle/formats/oracle_files.h"

#include "oracle/formats/csv_format.h"
#include "oracle/formats/input_file.h"
#include "oracle/formats/json_input.h"
#include "oracle/formats/npy_format.h"

#include <optional>

namespace palcheck::oracle {

using nlohmann::json;

namespace {

// The format the file's name ends in, if any ("-", standard input or output, is JSON).
std::optional<FileFormat> named_format(const std::string& path) {
  if (path == "-") return FileFormat::Json;
  for (const FileFormatName& f : kFileFormats)
    if (path.ends_with(f.extension)) return f.format;
  return std::nullopt;
}

}  // namespace

FileFormat format_of(const std::string& path) {
  if (std::optional<FileFormat> format = named_format(path)) return *format;
  std::string endings;
  for (std::size_t k = 0; k < kFileFormats.size(); ++k)
    endings += (k == 0 ? "" : k + 1 == kFileFormats.size() ? " or " : ", ") + std::string(kFileFormats[k].extension);
  throw InputError(path + ": unknown format (the name must end in " + endings + ")");
}

FileFormat input_format(const std::string& path, const std::string& bytes) {
  if (std::optional<FileFormat> format = named_format(path)) return *format;
  if (bytes.rfind("\x93NUMPY", 0) == 0) return FileFormat::Npy;
  std::size_t start = bytes.find_first_not_of(" \t\r\n");
  if (start != std::string::npos && (bytes[start] == '[' || bytes[start] == '{')) return FileFormat::Json;
  return FileFormat::Csv;
}

void visit_json_rows(const json& value, const std::string& field, const RowVisitor& visit) {
  if (!value.is_array()) throw InputError(field + ": expected a list of numbers or a list of lists");
  bool one_dimensional = value.empty() || !value[0].is_array();
  if (visit.shape) visit.shape(one_dimensional);
  auto row = [&](const json& list, const std::string& where) {
    if (visit.begin) visit.begin();
    for (std::size_t k = 0; k < list.size(); ++k) {
      Q q = parse_number(list[k], where + "[" + std::to_string(k) + "]");
      if (visit.value) visit.value(std::move(q));
    }
    if (visit.end) visit.end();
  };
  if (one_dimensional) return row(value, field);
  for (std::size_t s = 0; s < value.size(); ++s) {
    std::string where = field + "[" + std::to_string(s) + "]";
    if (!value[s].is_array()) throw InputError(where + ": expected a list (every row must be a list)");
    row(value[s], where);
  }
}

NumberRows rows_from_json(const json& value, const std::string& field) {
  NumberRows r;
  visit_json_rows(value, field,
                  {[&](bool one_dimensional) { r.one_dimensional = one_dimensional; },
                   [&] { r.rows.emplace_back(); }, [&](Q&& q) { r.rows.back().push_back(std::move(q)); }, {}});
  return r;
}

NumberRows load_rows(const std::string& path, const std::string& json_key, CsvHeader header) {
  return rows_from_bytes(read_source(path), path, json_key, header);
}

NumberRows rows_from_bytes(const std::string& bytes, const std::string& path, const std::string& json_key,
                           CsvHeader header) {
  NumberRows r;
  switch (input_format(path, bytes)) {
    case FileFormat::Npy: {
      NpyArray a = parse_npy(bytes, path);
      r.one_dimensional = a.shape.size() == 1;
      for (std::size_t i = 0; i < a.rows(); ++i) {
        std::vector<Q> row;
        row.reserve(a.cols());
        for (std::size_t k = 0; k < a.cols(); ++k) row.push_back(a.exact(i * a.cols() + k));
        r.rows.push_back(std::move(row));
      }
      break;
    }
    case FileFormat::Csv: r.rows = parse_csv(bytes, path, header).rows; break;
    case FileFormat::Json: {
      json doc = parse_json_text(bytes, path);
      if (doc.is_object()) {
        if (!doc.contains(json_key)) throw InputError(path + ": missing key \"" + json_key + "\"");
        doc = doc.at(json_key);
      }
      r = rows_from_json(doc, path + ": " + json_key);
      break;
    }
  }
  r.source = path;
  return r;
}

}  // namespace palcheck::oracle
