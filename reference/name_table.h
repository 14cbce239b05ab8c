// One spelling per value of an enum, written and read through one table: to_string and the matching
// parse_* of every layer (readings, verdicts, conventions, formats) look a value up here, so a name is
// written in one place and a parse can never accept a spelling that to_string does not write. It lives
// in reference/, the lowest layer, because the reference's own readings are spelled with it; it is the
// standard library only.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace palcheck {

/// The names of an enum's values, each value once, in the order the enum is listed to users.
template <class E, std::size_t N>
using NameTable = std::array<std::pair<E, std::string_view>, N>;

/// The name of `value` in `table`; `missing` when the table has no row for it.
template <class E, std::size_t N>
std::string name_in(const NameTable<E, N>& table, E value, std::string_view missing = "?") {
  for (const auto& [v, name] : table)
    if (v == value) return std::string(name);
  return std::string(missing);
}

/// The value named `text` in `table`; nullopt for any other spelling.
template <class E, std::size_t N>
std::optional<E> value_in(const NameTable<E, N>& table, std::string_view text) {
  for (const auto& [v, name] : table)
    if (name == text) return v;
  return std::nullopt;
}

/// Every value of `table`, in its order.
template <class E, std::size_t N>
std::vector<E> values_in(const NameTable<E, N>& table) {
  std::vector<E> out;
  for (const auto& [v, name] : table) out.push_back(v);
  return out;
}

}  // namespace palcheck
