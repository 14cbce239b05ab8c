// The two kinds of error every command tells apart: bad input (exit 2, nothing written) and an output that
// could not be written. Every layer above reference/ throws them; nothing below util/ knows them.
#pragma once

#include <stdexcept>

namespace palcheck {

/// A user input error; the message names the option, file or field (exit code 2).
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A file that could not be written; the message names it and the reason.
struct WriteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace palcheck
