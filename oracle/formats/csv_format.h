// CSV for `palcheck eval` and `palcheck compare` (test-oracle mode): one row per sequence (or per
// relay, or per grid row). Cells are read exactly like JSON strings: "0.1" is 1/10. Read a cell at a
// time through a fixed buffer, so memory does not grow with a row's length (nor past kMaxCsvCellBytes
// with a cell's); decimals and fractions that fit 64-bit integers are read without GMP.
#pragma once

#include "oracle/formats/input_limits.h"
#include "oracle/keyed/keyed_pal.h"
#include "reference/rational.h"

#include <cstddef>
#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace palcheck::oracle {

/// Whether a CSV file's first row is a header.
enum class CsvHeader {
  Auto,      ///< only when every cell of the first row is a name (is_header_name); else the row is data
  Declared,  ///< always (--header): the first row is a header whatever it holds
};

/// The numeric rows of a CSV file; a first row of names (is_header_name) is kept apart as the header.
struct CsvTable {
  std::vector<std::string> header;   ///< column names, empty if the first row was numeric
  std::vector<std::vector<Q>> rows;  ///< exact cell values; rows may differ in length
};

/// Parses CSV text by CsvReader's rules; InputError naming `source`, the line and the column of a
/// cell that is not an exact finite number, so no data row is ever taken for a header by mistake.
CsvTable parse_csv(const std::string& text, const std::string& source, CsvHeader header = CsvHeader::Auto);

/// Reads CSV a cell at a time: comma separated, quoted as RFC 4180 says (a cell that starts with '"' ends
/// at the next lone '"', "" inside is one quote, commas and line ends inside are the cell's; a quote
/// elsewhere is an error), cells trimmed of spaces and tabs and at most kMaxCsvCellBytes, blank lines
/// and lines starting with # skipped, a UTF-8 byte order mark skipped. Lines end at LF or CRLF, or at
/// CR alone when that is how the first line ends; a file that mixes a lone CR with LF is an error (its
/// rows cannot be told apart). The first row is the header when declared, or when every cell of it is
/// a name (is_header_name); otherwise it is data, and its first cell that is not a number is an error.
class CsvReader {
 public:
  /// Reads from `in`, naming `source` in errors; the header rule is applied here.
  CsvReader(std::istream& in, std::string source, CsvHeader header);

  /// The header's cells, trimmed; empty when the first row is data.
  const std::vector<std::string>& header() const { return header_; }
  /// Moves to the next data row (the rest of the current one skipped); false at the end of the file.
  bool next_row();
  /// The next cell of the current row, valid until the next call; false after its last cell.
  bool next_cell(std::string_view& cell);
  /// The next cells of the row, up to max (> 0), into out while each is a plain decimal of at most 19
  /// significant digits (no blanks, quotes or '/') that ends in the buffer, read in place; returns how
  /// many. The cell it stops before is left to next_cell. A line end that cannot be told apart throws,
  /// as next_cell would after the cell before it (the decimals read by this call are then not counted).
  std::size_t next_decimals(Decimal* out, std::size_t max);
  /// The 1-based line of the current row.
  std::size_t line() const { return row_line_; }
  /// The 1-based column of the last cell next_cell gave.
  std::size_t column() const { return column_; }
  /// Bytes of the input taken so far.
  std::size_t consumed() const { return consumed_ - (end_ - pos_); }

 private:
  enum class LineEnd { Unknown, Lf, Cr };
  enum class Quoting { None, Open, Closed };  // of the cell being scanned: unquoted, inside quotes, after them
  [[noreturn]] void fail_at_cell(const std::string& what) const;
  bool fill();
  int peek();
  void take_line_end(char c);
  void take_quote(Quoting& quoting, std::size_t& content);
  void scan_cell();
  void skip_row();

  std::istream& in_;
  std::string source_;
  std::vector<char> buffer_;
  std::size_t pos_ = 0, end_ = 0, consumed_ = 0;
  std::vector<std::string> header_;
  std::string cell_;            // the cell, when it is not one run of the buffer
  std::string_view view_;       // the last cell scanned
  bool pending_row_ = false, pending_cell_ = false;  // the first row is data, its first cell in view_
  bool in_row_ = false, row_open_ = false;
  std::size_t line_ = 1, row_line_ = 0, column_ = 0;
  LineEnd line_end_ = LineEnd::Unknown;
};

/// Whether a cell can name a column: text with a letter (or a byte of a UTF-8 letter), no control
/// character but tabs and (quoted) line ends, and not a number in any spelling (looks_numeric): "u",
/// "x_1", "Länge"; not "", "12", "nan", a run of digits too long to read, or NUL bytes.
bool is_header_name(std::string_view cell);

/// Whether a cell is a number in some spelling, exact or not ("1/3", "nan", "inf", "0x1p3", "1e999")
/// or numbers joined by a separator other than the comma ("1;2", "1 2", "1\t2"): never a header cell.
bool looks_numeric(std::string_view cell);

/// num / den (den > 0) equal to parse_rational(cell) when the cell is a decimal ("-12.5e-3") or a
/// fraction of integers ("3/8") whose value fits 64-bit integers that way; false otherwise (the cell
/// may still be a number: parse_rational decides).
bool parse_machine_fraction(std::string_view cell, std::int64_t& num, std::int64_t& den);

/// The exact value of a cell; InputError naming `source`, the line and the column of a cell that is not
/// an exact finite number (with a hint when it holds numbers joined by another separator).
Q csv_value(std::string_view cell, std::size_t line, std::size_t column, const std::string& source);

/// The rank key of a cell's value (KeyedMeasure::key), without GMP where parse_machine_fraction reads
/// it; csv_value's error otherwise.
int csv_key(const KeyedMeasure& keyed, std::string_view cell, std::size_t line, std::size_t column,
            const std::string& source);

/// CSV text of rows of cells, with an optional header row.
std::string format_csv(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows);

}  // namespace palcheck::oracle
