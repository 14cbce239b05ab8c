// def:relay encoded for Z3 (see encode_relay.h).
#include "proofs/encode_relay.h"

namespace palcheck::proofs {

z3::expr relay_step(const z3::expr& alpha, const z3::expr& beta, const z3::expr& u, const z3::expr& previous) {
  return z3::ite(u >= alpha, u.ctx().bool_val(true), z3::ite(u <= beta, u.ctx().bool_val(false), previous));
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
