// CSV for `palcheck eval` and `palcheck compare` (test-oracle mode): one row per
// sequence (or per relay, or per grid row). Cells are read exactly like JSON strings: "0.1" is 1/10.
#pragma once

#include "reference/rational.h"

#include <cstddef>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <vector>

namespace palcheck::oracle {

/// Whether a CSV file's first row is a header.
enum class CsvHeader {
  Auto,      ///< only when every cell of the first row is non-numeric (a mixed row is an error, not a header)
  Declared,  ///< always (--header): the first row is a header whatever it holds
};

/// The numeric rows of a CSV file; a first row that is not numeric is kept apart as the header.
struct CsvTable {
  std::vector<std::string> header;   ///< column names, empty if the first row was numeric
  std::vector<std::vector<Q>> rows;  ///< exact cell values; rows may differ in length
};

/// Parses CSV text (comma separated, blank lines and lines starting with # ignored, a UTF-8 byte order
/// mark skipped); InputError naming `source`, the line and the column of a cell that is not an exact
/// finite number, so no data row is ever taken for a header by mistake.
CsvTable parse_csv(const std::string& text, const std::string& source, CsvHeader header = CsvHeader::Auto);

/// Reads CSV one data row at a time by parse_csv's rules (which it implements), so a file of any
/// size is read in memory bounded by its longest line.
class CsvRowReader {
 public:
  /// Reads from `in` (a UTF-8 byte order mark skipped), naming `source` in errors; the first row
  /// that is not blank or a comment is read here and kept as the header by `header`'s rule.
  CsvRowReader(std::istream& in, std::string source, CsvHeader header);

  /// The next data line as read (blank and comment lines skipped) and its 1-based number; false at the end.
  bool next(std::string& line, std::size_t& line_no);

  /// The header's cells, trimmed; empty when the first row is data.
  const std::vector<std::string>& header() const { return header_; }

 private:
  bool next_text_line(std::string& line, std::size_t& line_no);

  std::istream& in_;
  std::string source_;
  std::vector<std::string> header_;
  std::optional<std::pair<std::string, std::size_t>> first_data_;  // read to decide the header
  std::size_t line_no_ = 0;
};

/// Calls f with the exact value of each cell of a data line, left to right; InputError naming
/// `source`, the line and the column of a cell that is not an exact finite number.
void for_each_csv_value(const std::string& line, std::size_t line_no, const std::string& source,
                        const std::function<void(const Q&)>& f);

/// The number of cells of a line: one more than its commas outside quotes.
std::size_t csv_cell_count(const std::string& line);

/// CSV text of rows of cells, with an optional header row.
std::string format_csv(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows);

}  // namespace palcheck::oracle
