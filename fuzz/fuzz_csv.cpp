// libFuzzer target: the CSV reader of `palcheck eval`/`compare` (tools/oracle/csv_format.h), with
// and without a declared header, and the relay rows it yields (def:relay: alpha >= beta).
#include "tools/oracle/csv_format.h"
#include "tools/oracle/json_input.h"
#include "tools/oracle/oracle_problem.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace palcheck::oracle;
  std::string text(reinterpret_cast<const char*>(data), size);
  for (CsvHeader header : {CsvHeader::Auto, CsvHeader::Declared}) {
    try {
      CsvTable t = parse_csv(text, "fuzz.csv", header);
      NumberRows rows{t.rows, false, "fuzz.csv"};
      (void)relays_from_rows(rows);
    } catch (const InputError&) {
    }
  }
  return 0;
}
