// def:relay (eq:relay): readings of the relay that an implementation may have used instead of the
// paper's, so that `palcheck compare` can name the one that explains a difference.
// They differ from eq:relay only when an input sits exactly on a threshold (tie rules) or before
// the input has left a relay's dead band (initial state).
#pragma once

#include "reference/readings.h"
#include "reference/relay.h"

#include <string>
#include <vector>

namespace palcheck::oracle {

/// A reading: a tie rule and an initial state.
struct RelayReading {
  TieRule tie = TieRule::AsPrinted;          ///< tie rule
  InitialState initial = InitialState::Off;  ///< state before the first input
};

/// A short name, e.g. "tie=strict, initial_state=1".
std::string reading_name(const RelayReading& r);

/// Every reading other than `paper` (the paper's tie rule with the given initial state).
std::vector<RelayReading> alternative_readings(InitialState paper);

/// One relay step on rank keys (oracle_keyed_pal.h) under a tie rule.
inline int step_keyed(TieRule rule, int alpha, int beta, int u, int previous) {
  switch (rule) {
    case TieRule::AsPrinted: return u >= alpha ? 1 : u <= beta ? 0 : previous;
    case TieRule::OffFirst: return u <= beta ? 0 : u >= alpha ? 1 : previous;
    case TieRule::Strict: return u > alpha ? 1 : u < beta ? 0 : previous;
    case TieRule::StrictAlpha: return u > alpha ? 1 : u <= beta ? 0 : previous;
    case TieRule::StrictBeta: return u >= alpha ? 1 : u < beta ? 0 : previous;
  }
  return previous;
}

}  // namespace palcheck::oracle
