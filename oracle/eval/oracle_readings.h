// def:relay (eq:relay): the readings of the relays an implementation may use instead of the paper's:
// a tie rule, an initial state and what the first output is. They differ from eq:relay only when an
// input sits exactly on a threshold (tie rules), before the input has left a relay's dead band
// (initial state) or at the first token. `palcheck compare` and `fuzz-impl` evaluate the declared
// reading and every reading one convention away, to name the one that explains a difference.
#pragma once

#include "oracle/eval/conventions.h"
#include "reference/readings.h"
#include "reference/relay.h"

#include <string>
#include <utility>
#include <vector>

namespace palcheck::oracle {

/// A reading: a tie rule, an initial state and the first token's treatment.
struct RelayReading {
  TieRule tie = TieRule::AsPrinted;              ///< tie rule
  InitialState initial = InitialState::Off;      ///< state before the first input
  FirstToken first = FirstToken::Applied;        ///< what the first output is
  bool operator==(const RelayReading&) const = default;
};

/// The reading declared by conventions for a problem's initial state.
/// (first_token=direction reads as not-applied over the keys SequenceReference gives u_1: see there).
inline RelayReading declared_reading(const Conventions& c, InitialState initial) {
  return {c.tie, initial, c.first_token == FirstToken::Direction ? FirstToken::NotApplied : c.first_token};
}

/// In the spelling of the conventions, e.g. "tie_rule=strict, initial_state=0, first_token=applied".
std::string reading_name(const RelayReading& r);

/// The readings one convention away from `declared`: the other tie rules, the other initial state,
/// the other first-token treatments, in that order.
std::vector<RelayReading> neighbouring_readings(const RelayReading& declared);

/// The convention two neighbouring readings differ in: "tie_rule", "initial_state" or "first_token".
std::string differing_convention(const RelayReading& declared, const RelayReading& other);

/// The value of that convention in `other`, e.g. "strict", "1" or "not-applied".
std::string differing_value(const RelayReading& declared, const RelayReading& other);

/// Whether u meets alpha (to switch on) and beta (to switch off) under the tie rule's strictness; which
/// one wins when both do is the rule's order (off-first), not this.
inline std::pair<bool, bool> meets(TieRule rule, const Q& u, const Thresholds& t) {
  bool strict_alpha = rule == TieRule::Strict || rule == TieRule::StrictAlpha;
  bool strict_beta = rule == TieRule::Strict || rule == TieRule::StrictBeta;
  return {strict_alpha ? u > t.alpha : u >= t.alpha, strict_beta ? u < t.beta : u <= t.beta};
}

/// One relay step on rank keys (keyed_pal.h) under a tie rule.
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

/// Rank-key thresholds (A, B) with A >= B such that eq:relay as printed with thresholds (A, B) on
/// integer keys steps exactly as `rule` with thresholds (alpha, beta) does: a strict comparison
/// u > alpha is u >= alpha + 1 on integers, u < beta is u <= beta - 1, and off-first on the diagonal
/// switches on only above it. So every tie rule is the printed one on a shifted measure.
std::pair<int, int> keyed_thresholds(TieRule rule, int alpha, int beta);

}  // namespace palcheck::oracle
