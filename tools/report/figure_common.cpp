// Helpers shared by the figure builders (see figure_common.h), and the exact/double text of numbers.
#include "tools/report/figure_common.h"

#include <array>
#include <cstdio>

namespace palcheck::report {

std::string exact(const Q& q) { return to_string(q); }

std::string as_double(const Q& q) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", to_double(q));
  return buffer;
}

std::string to_tsv(const DataTable& table) {
  std::string out;
  for (const std::string& note : table.notes) out += "# " + note + "\n";
  auto line = [&](const std::vector<std::string>& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i) out += (i ? "\t" : "") + cells[i];
    out += "\n";
  };
  line(table.header);
  for (const auto& row : table.rows) line(row);
  return out;
}

namespace detail {

InitialState initial_state(const Instance& instance) {
  auto it = instance.options.find("initial_state");
  return it != instance.options.end() && it->second == "1" ? InitialState::On : InitialState::Off;
}

std::string data_block(const std::string& name, const std::vector<std::vector<std::string>>& rows) {
  std::string out = "$" + name + " << EOD\n";
  for (const auto& row : rows) {
    for (std::size_t i = 0; i < row.size(); ++i) out += (i ? " " : "") + row[i];
    out += "\n";
  }
  return out + "EOD\n";
}

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

const std::string& key_settings() {
  static const std::string settings = "set key outside right top Right font \",9\" samplen 2 spacing 1 maxcols 1\n";
  return settings;
}

std::string key_title(const std::string& text) {
  // One line: gnuplot sizes the key by a title's whole text, line breaks included. The full name is in the
  // figure's data table.
  const std::size_t width = 26;
  return quoted(text.size() <= width ? text : text.substr(0, width - 1) + "\u2026");
}

std::string exact_list(const std::vector<Q>& values) {
  std::string out = "[";
  for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + to_string(values[i]);
  return out + "]";
}

const std::string& colour(std::size_t index) {
  static const std::array<std::string, 6> colours{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"};
  return colours[index % colours.size()];
}

}  // namespace detail
}  // namespace palcheck::report
