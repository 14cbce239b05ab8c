// def:relay encoded for Z3 (see encode_relay.h).
#include "proofs/encode_relay.h"

namespace palcheck::proofs {

z3::expr relay_step(const z3::expr& alpha, const z3::expr& beta, const z3::expr& u, const z3::expr& previous) {
  return relay_step(alpha, beta, u, previous, TieRule::AsPrinted);
}

z3::expr relay_step(const z3::expr& alpha, const z3::expr& beta, const z3::expr& u, const z3::expr& previous,
                    TieRule rule) {
  z3::expr on = u.ctx().bool_val(true), off = u.ctx().bool_val(false);
  const bool strict_on = rule == TieRule::Strict || rule == TieRule::StrictAlpha;
  const bool strict_off = rule == TieRule::Strict || rule == TieRule::StrictBeta;
  z3::expr rises = strict_on ? u > alpha : u >= alpha;
  z3::expr falls = strict_off ? u < beta : u <= beta;
  if (rule == TieRule::OffFirst) return z3::ite(falls, off, z3::ite(rises, on, previous));
  return z3::ite(rises, on, z3::ite(falls, off, previous));
}

z3::expr decides_state(const z3::expr& alpha, const z3::expr& beta, const z3::expr& x, const z3::expr& s) {
  return z3::ite(x >= alpha, s, x <= beta && !s);
}

std::vector<z3::expr> relay_run(const z3::expr& alpha, const z3::expr& beta, const std::vector<z3::expr>& u,
                                bool initial_on) {
  std::vector<z3::expr> states;
  z3::expr s = alpha.ctx().bool_val(initial_on);
  for (const z3::expr& x : u) {
    s = relay_step(alpha, beta, x, s);
    states.push_back(s);
  }
  return states;
}

}  // namespace palcheck::proofs
