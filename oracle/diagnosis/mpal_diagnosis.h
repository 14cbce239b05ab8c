// def:mpal (eq:mpal), def:pal, def:relay: why another implementation's MPAL outputs
// differ, per head and relay. Each head's PAL enters the output only through W_O^(h), so a run of
// differing tokens is attributed to head h when one change of PAL_h per token reproduces every
// component; that head's PAL values so implied are then diagnosed like PAL (diagnosis.h). The head's input
// w_in . x is the implementation's own computation, so rounding is tried first: the implied values
// reproduced with the inputs within the dtype's rounding bound of a threshold read on its other side
// (all of them, else one alone) is `rounding` in that head.
#pragma once

#include "oracle/eval/conventions.h"
#include "oracle/eval/oracle_problem.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace palcheck::oracle {

/// The diagnosis of MPAL tokens first..last of sequence s: "cause" (the first explaining head's,
/// else "unexplained") and "heads", each explaining head with its PAL diagnosis. `actual` and
/// `expected` are token-major rows of width d in the implementation's frame.
nlohmann::json diagnose_mpal_run(const OracleProblem& problem, std::size_t s, const std::vector<Q>& actual,
                                 const std::vector<Q>& expected, const Conventions& conventions, std::size_t first,
                                 std::size_t last);

}  // namespace palcheck::oracle
