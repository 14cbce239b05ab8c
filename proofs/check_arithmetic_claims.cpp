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
#include "smt/mutation.h"
#include "smt/query_chain.h"

namespace palcheck::proofs {

using namespace smt;

namespace {

template <class Change>
Checker chain_checker(const std::string& label, InductionProof (*prove)(const RunConfig&, Change),
                      InductionClaim (*words)(), std::vector<Mutant<Change>> (*mutants)(),
                      std::vector<ModelDefinition> relies_on) {
  return {label, "induction", [prove, words, mutants, relies_on](const RunConfig& config) {
            return std::vector<CheckResult>{chain_pinned(config, words(), relies_on, mutants(), prove)};
          }};
}

}  // namespace

void register_arithmetic_claim_checkers(Registry& r) {
  r.add(chain_checker("rem:backprop:off_ties", prove_relaxation_limit, relaxation_claim, relaxation_mutants,
                      {ModelDefinition::SigmoidRelaxation, ModelDefinition::RelayStep, ModelDefinition::InitialState}));
  r.add(chain_checker("rem:maxcut:identity", prove_maxcut_identity, maxcut_claim, maxcut_mutants,
                      {ModelDefinition::IsingEnergy}));
  r.add(chain_checker("rem:heads_dims:parameters", prove_parameter_counts, parameter_count_claim,
                      parameter_count_mutants, {ModelDefinition::Grid}));
  r.add(chain_checker("lem:mlp_width", prove_mlp_width, mlp_width_claim, mlp_width_mutants, {ModelDefinition::Mlp}));
  r.add(chain_checker("lem:mlp_width", prove_mlp_interpolation, mlp_interpolation_claim, mlp_interpolation_mutants,
                      {ModelDefinition::Mlp}));
}

}  // namespace palcheck::proofs
