// CSV for `palcheck eval` and `palcheck compare` (issue #7, test-oracle mode): one row per
// sequence (or per relay, or per grid row). Cells are read exactly like JSON strings: "0.1" is 1/10.
#pragma once

#include "reference/rational.h"

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

/// CSV text of rows of cells, with an optional header row.
std::string format_csv(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows);

}  // namespace palcheck::oracle
