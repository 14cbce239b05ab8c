// CSV reader and writer (see csv_format.h).
#include "tools/oracle/csv_format.h"

#include "tools/oracle/json_input.h"

#include <sstream>

namespace palcheck::oracle {

namespace {

std::vector<std::string> split_line(const std::string& line) {
  std::vector<std::string> cells;
  std::string cell;
  bool quoted = false;
  for (char c : line) {
    if (c == '"') quoted = !quoted;
    else if (c == ',' && !quoted) cells.push_back(std::move(cell)), cell.clear();
    else if (c != '\r') cell += c;
  }
  cells.push_back(std::move(cell));
  return cells;
}

std::string trimmed(const std::string& s) {
  std::size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

}  // namespace

CsvTable parse_csv(const std::string& text, const std::string& source) {
  CsvTable table;
  std::istringstream in(text);
  std::string line;
  bool first = true;
  for (std::size_t line_no = 1; std::getline(in, line); ++line_no) {
    std::string t = trimmed(line);
    if (t.empty() || t == "\r" || t[0] == '#') continue;
    std::vector<std::string> cells = split_line(line);
    std::vector<Q> row;
    row.reserve(cells.size());
    bool numeric = true;
    std::size_t bad = 0;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      auto q = parse_rational(trimmed(cells[c]));
      if (!q) {
        numeric = false;
        bad = c;
        break;
      }
      row.push_back(*q);
    }
    if (!numeric && first) {
      for (const auto& c : cells) table.header.push_back(trimmed(c));
    } else if (!numeric) {
      throw InputError(source + ": line " + std::to_string(line_no) + ", column " + std::to_string(bad + 1) +
                       ": not an exact finite number: \"" + trimmed(cells[bad]) + "\"");
    } else {
      table.rows.push_back(std::move(row));
    }
    first = false;
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
