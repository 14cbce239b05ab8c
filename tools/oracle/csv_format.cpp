// CSV reader and writer (see csv_format.h).
#include "tools/oracle/csv_format.h"

#include "tools/oracle/json_input.h"

#include <algorithm>
#include <optional>
#include <sstream>

namespace palcheck::oracle {

namespace {

std::vector<std::string> split_line(const std::string& line) {
  std::vector<std::string> cells;
  std::string cell;
  bool quoted = false;
  for (char c : line) {
    if (c == '"')
      quoted = !quoted;
    else if (c == ',' && !quoted)
      cells.push_back(std::move(cell)), cell.clear();
    else if (c != '\r')
      cell += c;
  }
  cells.push_back(std::move(cell));
  return cells;
}

std::string trimmed(const std::string& s) {
  std::size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

}  // namespace

CsvTable parse_csv(const std::string& text, const std::string& source, CsvHeader header) {
  CsvTable table;
  static const std::string bom = "\xEF\xBB\xBF";
  std::istringstream in(text.compare(0, bom.size(), bom) == 0 ? text.substr(bom.size()) : text);
  std::string line;
  bool first = true;
  for (std::size_t line_no = 1; std::getline(in, line); ++line_no) {
    std::string t = trimmed(line);
    if (t.empty() || t == "\r" || t[0] == '#') continue;
    std::vector<std::string> cells = split_line(line);
    std::vector<std::optional<Q>> parsed;
    for (const std::string& c : cells) parsed.push_back(parse_rational(trimmed(c)));
    bool none_numeric = std::none_of(parsed.begin(), parsed.end(), [](const auto& q) { return q.has_value(); });
    if (first && (header == CsvHeader::Declared || none_numeric)) {
      for (const auto& c : cells) table.header.push_back(trimmed(c));
      first = false;
      continue;
    }
    first = false;
    std::vector<Q> row;
    row.reserve(cells.size());
    for (std::size_t c = 0; c < cells.size(); ++c) {
      if (!parsed[c])
        throw InputError(source + ": line " + std::to_string(line_no) + ", column " + std::to_string(c + 1) +
                         ": not an exact finite number: \"" + shown(trimmed(cells[c])) + "\"" +
                         (line_no == 1 ? " (a header row must have no numeric cell, or pass --header)" : ""));
      row.push_back(*parsed[c]);
    }
    table.rows.push_back(std::move(row));
  }
  return table;
}

std::string format_csv(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows) {
  std::string out;
  auto put = [&out](const std::vector<std::string>& cells) {
    for (std::size_t c = 0; c < cells.size(); ++c) {
      if (c) out += ',';
      out += cells[c];
    }
    out += '\n';
  };
  if (!header.empty()) put(header);
  for (const auto& r : rows) put(r);
  return out;
}

}  // namespace palcheck::oracle
