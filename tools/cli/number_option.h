// Numeric command-line options read strictly: decimal digits only, within a stated range. CLI11's own
// conversion accepts "-1" for an unsigned option (it wraps), saturates 2^64 and reads "0x10" as hex.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

namespace palcheck::cli {

/// The value of `text` as a decimal integer in [min, max]; CLI::ValidationError naming `option` otherwise.
std::uint64_t parse_count(const std::string& text, const std::string& option, std::uint64_t min, std::uint64_t max);

/// Adds `name` storing into `target` (an integer, or an enum numbered from 0) through parse_count; the help
/// shows the type (UINT), the range and the default.
template <class T>
CLI::Option* add_count_option(CLI::App* command, const std::string& name, T& target, std::uint64_t min,
                              std::uint64_t max, const std::string& description) {
  std::string range = " (" + std::to_string(min) + ".." + std::to_string(max) + ")";
  return command
      ->add_option_function<std::string>(
          name,
          [&target, name, min, max](const std::string& text) {
            target = static_cast<T>(parse_count(text, name, min, max));
          },
          description + range)
      ->type_name("UINT")
      ->default_str(std::to_string(static_cast<std::uint64_t>(target)));
}

}  // namespace palcheck::cli
