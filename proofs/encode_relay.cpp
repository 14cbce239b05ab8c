// def:relay encoded for Z3 (see encode_relay.h).
#include "proofs/encode_relay.h"

namespace palcheck::proofs {

using namespace smt;

smt::Term relay_step(const smt::Term& alpha, const smt::Term& beta, const smt::Term& u, const smt::Term& previous) {
  return relay_step(alpha, beta, u, previous, TieRule::AsPrinted);
}

smt::Term relay_step(const smt::Term& alpha, const smt::Term& beta, const smt::Term& u, const smt::Term& previous,
                     TieRule rule) {
  smt::Term on = u.ctx().bool_val(true), off = u.ctx().bool_val(false);
  const bool strict_on = rule == TieRule::Strict || rule == TieRule::StrictAlpha;
  const bool strict_off = rule == TieRule::Strict || rule == TieRule::StrictBeta;
  smt::Term rises = strict_on ? u > alpha : u >= alpha;
  smt::Term falls = strict_off ? u < beta : u <= beta;
  if (rule == TieRule::OffFirst) return smt::ite(falls, off, smt::ite(rises, on, previous));
  return smt::ite(rises, on, smt::ite(falls, off, previous));
}

smt::Term decides_state(const smt::Term& alpha, const smt::Term& beta, const smt::Term& x, const smt::Term& s) {
  return smt::ite(x >= alpha, s, x <= beta && !s);
}

std::vector<smt::Term> relay_run(const smt::Term& alpha, const smt::Term& beta, const std::vector<smt::Term>& u,
                                 bool initial_on) {
  std::vector<smt::Term> states;
  smt::Term s = alpha.ctx().bool_val(initial_on);
  for (const smt::Term& x : u) {
    s = relay_step(alpha, beta, x, s);
    states.push_back(s);
  }
  return states;
}

}  // namespace palcheck::proofs
