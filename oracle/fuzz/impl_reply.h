// def:pal: what fuzz-impl sends to another implementation and reads back from it, both bounded. The
// relays go out as doubles (the command computes in doubles), so a measure a double cannot hold is
// refused before the run; a reply line is read only up to kMaxReplyBytes, parsed with the nesting,
// number and duplicate-key limits of every JSON input, and each output must be a finite double.
#pragma once

#include "oracle/fuzz/fuzz_impl.h"
#include "reference/measure.h"

#include <string>

namespace palcheck::oracle {

/// The measure as the command sees it: each threshold and weight rounded to the nearest double, and
/// the reference takes the same values. InputError naming `source` and the relay when a value is
/// beyond the range of a double (a weight 1e400, a grid whose delta or L carries a threshold past it).
Measure measure_as_doubles(const Measure& mu, const std::string& source);

/// The reply line of a command to a request with `inputs` inputs: its "outputs" (finite numbers) or
/// the reason it is not one (not JSON, too deep, a duplicate key, "error" reported, no "outputs" list,
/// a non-finite output). The count is checked by the tester, which names both numbers.
ImplReply parse_impl_reply(const std::string& line);

}  // namespace palcheck::oracle
