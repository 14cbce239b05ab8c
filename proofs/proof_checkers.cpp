// Registers the Z3 checkers of proofs/ and the replayers of their instances (entry point declared in
// claims/areas.h). Each checker file names the paper labels it judges.
#include "claims/areas.h"
#include "proofs/checkers.h"

namespace palcheck {

void proofs::add_checkers(Registry& registry, const std::string& method, const std::vector<CheckRow>& rows) {
  for (const CheckRow& row : rows) registry.add(Checker{row.label, method, row.run});
}

void register_proof_checkers(Registry& registry) {
  proofs::register_encoding_lemma_checkers(registry);
  proofs::register_efo_lemma_checkers(registry);
  proofs::register_memory_claim_checkers(registry);
  proofs::register_stack_claim_checkers(registry);
  proofs::register_copy_checkers(registry);
  proofs::register_memory_induction_checkers(registry);
  proofs::register_tc_induction_checkers(registry);
  proofs::register_induction_claim_checkers(registry);
  proofs::register_separation_checkers(registry);
  proofs::register_arithmetic_claim_checkers(registry);
  proofs::register_memory_corollary_checkers(registry);
  proofs::register_rate_independence_checkers(registry);
  proofs::register_autoregressive_checkers(registry);
  proofs::register_convergence_checkers(registry);
  proofs::register_mpal_checkers(registry);
  proofs::register_grid_fast_path_checkers(registry);
  proofs::register_z3_replayers(registry);
}

}  // namespace palcheck
