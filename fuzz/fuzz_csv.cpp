// libFuzzer target: the CSV reader of `palcheck eval`/`compare` (oracle/formats/csv_format.h), with
// and without a declared header, and the relay rows it yields (def:relay: alpha >= beta). The reader
// as the streamed eval drives it (decimals parsed in place by next_decimals where they can be, else the
// cell's text by next_cell and csv_value) must give parse_csv's values or its message: else a trap.
#include "oracle/eval/oracle_problem.h"
#include "oracle/formats/csv_format.h"
#include "util/errors.h"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace palcheck::oracle;
using palcheck::InputError;

// The rows as the streamed eval reads them, or the message of the first error.
std::vector<std::vector<palcheck::Q>> in_place(const std::string& text, CsvHeader header, std::string& error) {
  std::vector<std::vector<palcheck::Q>> rows;
  try {
    std::istringstream in(text);
    CsvReader reader(in, "fuzz.csv", header);
    std::string_view cell;
    palcheck::Decimal x[3];
    while (reader.next_row()) {
      rows.emplace_back();
      for (;;) {
        // Up to one, two or three decimals a call, by row: the batch's end falls everywhere.
        if (std::size_t n = reader.next_decimals(x, 1 + rows.size() % 3))
          for (std::size_t k = 0; k < n; ++k) rows.back().push_back(palcheck::decimal_value(x[k]));
        else if (reader.next_cell(cell))
          rows.back().push_back(csv_value(cell, reader.line(), reader.column(), "fuzz.csv"));
        else
          break;
      }
    }
  } catch (const InputError& e) {
    error = e.what();
  }
  return rows;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  for (CsvHeader header : {CsvHeader::Auto, CsvHeader::Declared}) {
    std::string error, streamed_error;
    CsvTable t;
    try {
      t = parse_csv(text, "fuzz.csv", header);
    } catch (const InputError& e) {
      error = e.what();
    }
    auto rows = in_place(text, header, streamed_error);
    if (streamed_error != error || (error.empty() && rows != t.rows)) __builtin_trap();
    if (!error.empty()) continue;
    try {
      NumberRows number_rows{t.rows, false, "fuzz.csv"};
      (void)relays_from_rows(number_rows);
    } catch (const InputError&) {
    }
  }
  return 0;
}
