// Strict numeric options (see number_option.h).
#include "tools/cli/number_option.h"

namespace palcheck::cli {

std::uint64_t parse_count(const std::string& text, const std::string& option, std::uint64_t min, std::uint64_t max) {
  std::string range = std::to_string(min) + ".." + std::to_string(max);
  std::string shown = text.size() > 40 ? text.substr(0, 40) + "..." : text;
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
    throw CLI::ValidationError(option, "expected a decimal integer in " + range + ", got \"" + shown + "\"");
  std::uint64_t value = 0;
  for (char c : text) {
    auto digit = static_cast<std::uint64_t>(c - '0');
    if (digit > max || value > (max - digit) / 10)
      throw CLI::ValidationError(option, "out of range " + range + ": " + shown);
    value = value * 10 + digit;
  }
  if (value < min) throw CLI::ValidationError(option, "out of range " + range + ": " + shown);
  return value;
}

}  // namespace palcheck::cli
