// libFuzzer target: parse_rational (reference/rational.h), the exact number reader behind every
// JSON string, CSV cell and option value (def:relay thresholds, def:pal inputs). A parsed value must
// print and convert without failing; exponents beyond +-1000 must be refused before any big-number work.
#include "reference/rational.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto q = palcheck::parse_rational(std::string_view(reinterpret_cast<const char*>(data), size));
  if (q) {
    (void)palcheck::to_string(*q);
    (void)palcheck::to_double(*q);
  }
  return 0;
}
