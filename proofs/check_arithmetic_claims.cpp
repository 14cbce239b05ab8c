// rem:backprop:off_ties, rem:maxcut:identity, rem:heads_dims:parameters, lem:mlp_width (one-hot inputs and
// scalar codes): short proofs over
// the whole domain (inductions over the inputs, the edges, L and H, the table's entries), each query in both
// solvers; the numeric and enumeration checks of claims/ stay beside them as evidence on the reference.
#include "proofs/checkers.h"
#include "proofs/maxcut_identity_induction.h"
#include "proofs/mlp_interpolation_induction.h"
#include "proofs/mlp_width_induction.h"
#include "proofs/parameter_count_induction.h"
#include "proofs/relaxation_limit_induction.h"

namespace palcheck::proofs {
namespace {

using Prove = InductionProof (*)(const RunConfig&, int);
using Words = InductionClaim (*)();

Checker chain_checker(const std::string& label, Prove prove, Words words) {
  return {label, "induction", [prove, words](const RunConfig& config) {
            return std::vector<CheckResult>{chain_report(prove(config, 0), words(), "induction")};
          }};
}

}  // namespace

void register_arithmetic_claim_checkers(Registry& r) {
  r.add(chain_checker("rem:backprop:off_ties", prove_relaxation_limit, relaxation_claim));
  r.add(chain_checker("rem:maxcut:identity", prove_maxcut_identity, maxcut_claim));
  r.add(chain_checker("rem:heads_dims:parameters", prove_parameter_counts, parameter_count_claim));
  r.add(chain_checker("lem:mlp_width", prove_mlp_width, mlp_width_claim));
  r.add(chain_checker("lem:mlp_width", prove_mlp_interpolation, mlp_interpolation_claim));
}

}  // namespace palcheck::proofs
