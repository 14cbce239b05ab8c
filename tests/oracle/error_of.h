// The message of the InputError a reader throws: how the oracle tests check that bad input is refused
// naming the file and the field (the readers: JSON, numbers, CSV, .npy).
#pragma once

#include "util/errors.h"

#include <functional>
#include <string>

namespace palcheck::oracle {

/// The InputError message `f` throws, or "" when it throws none.
inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace palcheck::oracle
