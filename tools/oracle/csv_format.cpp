// CSV reader and writer (see csv_format.h).
#include "tools/oracle/csv_format.h"

#include "tools/oracle/json_input.h"

#include <algorithm>
#include <optional>
#include <sstream>

namespace palcheck::oracle {

namespace {

// Calls f(cell) for each cell of a line, unquoted and without '\r', in order.
template <class F>
void split_line(const std::string& line, F&& f) {
  std::string cell;
  bool quoted = false;
  for (char c : line) {
    if (c == '"')
      quoted = !quoted;
    else if (c == ',' && !quoted)
      f(cell), cell.clear();
    else if (c != '\r')
      cell += c;
  }
  f(cell);
}

std::string trimmed(const std::string& s) {
  std::size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

}  // namespace

CsvRowReader::CsvRowReader(std::istream& in, std::string source, CsvHeader header)
    : in_(in), source_(std::move(source)) {
  std::string line;
  std::size_t line_no = 0;
  if (!next_text_line(line, line_no)) return;
  std::vector<std::string> cells;
  bool none_numeric = true;
  split_line(line, [&](const std::string& c) {
    cells.push_back(trimmed(c));
    none_numeric = none_numeric && !parse_rational(cells.back());
  });
  if (header == CsvHeader::Declared || none_numeric)
    header_ = std::move(cells);
  else
    first_data_.emplace(std::move(line), line_no);
}

bool CsvRowReader::next_text_line(std::string& line, std::size_t& line_no) {
  static const std::string bom = "\xEF\xBB\xBF";
  while (std::getline(in_, line)) {
    line_no = ++line_no_;
    if (line_no == 1 && line.compare(0, bom.size(), bom) == 0) line.erase(0, bom.size());
    std::string t = trimmed(line);
    if (t.empty() || t == "\r" || t[0] == '#') continue;
    return true;
  }
  return false;
}

bool CsvRowReader::next(std::string& line, std::size_t& line_no) {
  if (!first_data_) return next_text_line(line, line_no);
  line = std::move(first_data_->first);
  line_no = first_data_->second;
  first_data_.reset();
  return true;
}

void for_each_csv_value(const std::string& line, std::size_t line_no, const std::string& source,
                        const std::function<void(const Q&)>& f) {
  std::size_t column = 0;
  split_line(line, [&](const std::string& c) {
    ++column;
    std::string cell = trimmed(c);
    std::optional<Q> q = parse_rational(cell);
    if (!q)
      throw InputError(source + ": line " + std::to_string(line_no) + ", column " + std::to_string(column) +
                       ": not an exact finite number: \"" + shown(cell) + "\"" +
                       (line_no == 1 ? " (a header row must have no numeric cell, or pass --header)" : ""));
    f(*q);
  });
}

std::size_t csv_cell_count(const std::string& line) {
  std::size_t cells = 1;
  bool quoted = false;
  for (char c : line) {
    if (c == '"')
      quoted = !quoted;
    else if (c == ',' && !quoted)
      ++cells;
  }
  return cells;
}

CsvTable parse_csv(const std::string& text, const std::string& source, CsvHeader header) {
  std::istringstream in(text);
  CsvRowReader reader(in, source, header);
  CsvTable table{reader.header(), {}};
  std::string line;
  std::size_t line_no = 0;
  while (reader.next(line, line_no)) {
    std::vector<Q> row;
    for_each_csv_value(line, line_no, source, [&row](const Q& q) { row.push_back(q); });
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
