// Out of memory is bad input too: an input this machine cannot hold. Where palcheck builds something whose
// size the input decides (a measure's relays, their sums), `building` turns std::bad_alloc (GMP's too,
// reference/gmp_allocation.h) into an InputError naming what was being built: exit 2, nothing written,
// instead of an abort or a bare std::bad_alloc. The command line catches any other std::bad_alloc at its edge.
#pragma once

#include "util/errors.h"

#include <new>
#include <string>

namespace palcheck {

/// Runs make() and returns what it returns; std::bad_alloc becomes an InputError "WHAT: not enough memory to
/// build it (DETAIL)", `what` naming the file or field and `detail` what of it was being built.
template <class Make>
decltype(auto) building(const std::string& what, const std::string& detail, Make&& make) {
  try {
    return make();
  } catch (const std::bad_alloc&) {
    throw InputError(what + ": not enough memory to build " + detail);
  }
}

}  // namespace palcheck
