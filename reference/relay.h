// def:relay (eq:relay): the elementary relay as printed, with its conventions made explicit.
#pragma once

#include "rational.h"
#include "readings.h"

#include <stdexcept>
#include <vector>

namespace palcheck {

/// A relay state: 0 (off) or 1 (on).
using RelayState = int;

/// Thrown when thresholds lie outside the Preisach half-plane (alpha < beta).
struct NotInHalfPlane : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// Thresholds of one relay; alpha == beta is allowed (a memoryless step, see step_relay).
struct Thresholds {
  Q alpha;  ///< activation threshold
  Q beta;   ///< deactivation threshold
};

/// Throws NotInHalfPlane unless alpha >= beta.
void require_half_plane(const Thresholds& t);

/// One step of eq:relay as printed: u >= alpha gives 1, else u <= beta gives 0, else hold.
/// The printed order decides the tie alpha == beta == u: the relay is on.
RelayState step_relay(const Thresholds& t, const Q& u, RelayState previous);

/// The relay's state after every input of u, starting from `initial`.
std::vector<RelayState> run_relay(const Thresholds& t, const std::vector<Q>& u, InitialState initial);

}  // namespace palcheck
