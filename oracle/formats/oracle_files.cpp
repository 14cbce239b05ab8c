// Oracle files (see oracle_files.h).
#include "oracle/formats/oracle_files.h"

#include "oracle/formats/csv_format.h"
#include "oracle/formats/input_file.h"
#include "oracle/formats/json_input.h"
#include "oracle/formats/npy_format.h"

#include <cstring>

namespace palcheck::oracle {

using nlohmann::json;

FileFormat format_of(const std::string& path) {
  auto ends_with = [&](const std::string& ext) {
    return path.size() >= ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0;
  };
  if (path == "-" || ends_with(".json")) return FileFormat::Json;
  if (ends_with(".csv")) return FileFormat::Csv;
  if (ends_with(".npy")) return FileFormat::Npy;
  throw InputError(path + ": unknown format (the name must end in .json, .csv or .npy)");
}

FileFormat input_format(const std::string& path, const std::string& bytes) {
  for (const char* ext : {".json", ".csv", ".npy"})
    if (path == "-" || (path.size() >= std::strlen(ext) && path.ends_with(ext))) return format_of(path);
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
