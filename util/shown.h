// How an error message shows a value it quotes: whole when short, else a prefix and the value's length, so
// that a message never repeats a megabyte of input back. The oracle's and the claims' readers both quote so.
#pragma once

#include <cstddef>
#include <string>

namespace palcheck {

/// At most a short prefix of `text` (60 characters), with its length when cut.
inline std::string shown(const std::string& text) {
  constexpr std::size_t kShown = 60;
  return text.size() <= kShown ? text : text.substr(0, kShown) + "... (" + std::to_string(text.size()) + " bytes)";
}

}  // namespace palcheck
