// The BMC bound (see bmc_bound.h).
#include "smt/bmc_bound.h"

#include <cstdlib>
#include <string>

namespace palcheck::smt {

std::size_t bmc_length() {
  const char* text = std::getenv("PALCHECK_BMC_N");
  if (!text) return 6;
  try {
    int n = std::stoi(text);
    if (n >= 2 && n <= 12) return static_cast<std::size_t>(n);
  } catch (const std::exception&) {
  }
  return 6;
}

}  // namespace palcheck::smt
