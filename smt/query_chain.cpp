// Chains of named queries and their reports (see query_chain.h).
#include "smt/query_chain.h"

#include "smt/induction_query.h"
#include "smt/mutation.h"

#include <algorithm>

namespace palcheck::proofs {

InductionProof run_chain(const RunConfig& config, const InductionText& text, const std::vector<ChainQuery>& queries,
                         int mutant) {
  InductionProof proof = start_induction(text);
  proof.proved = true;
  for (const ChainQuery& k : queries) {
    if (mutant != 0 && std::find(k.changed_by.begin(), k.changed_by.end(), mutant) == k.changed_by.end()) continue;
    z3::context c;
    std::string file;
    for (char ch : k.name) file += (ch == ' ' || ch == ':') ? '_' : ch;
    Query q(c, config, std::string(text.tag) + (mutant ? "_mutant_" + std::to_string(mutant) : "") + "_" + file);
    k.negation(c, q);
    proof.proved = ask(q, k.name, k.question, proof.queries) && proof.proved;
    if (mutant != 0 && proof.queries.back().z3 == "sat") break;
  }
  return proof;
}

CheckResult chain_report(const InductionProof& proof, const InductionClaim& claim, const std::string& method) {
  CheckResult r;
  r.method = method;
  r.reading = claim.reading;
  r.interpretation = claim.interpretation;
  r.details.emplace_back("invariant", proof.invariant);
  r.details.emplace_back("step", proof.step);
  if (!proof.ghosts.empty()) r.details.emplace_back("taken as given (not queried)", proof.ghosts);
  add_query_details(r, proof.queries);
  judge_induction(r, proof.queries, proof.proved, "", claim, proof.invariant);
  if (r.verdict == Verdict::Proved && !proof.ghosts.empty()) r.hypotheses_used.push_back("given: " + proof.ghosts);
  return r;
}

bool some_query_sat(const InductionProof& proof) {
  for (const InductionQuery& q : proof.queries)
    if (q.z3 == "sat") return true;
  return false;
}

std::vector<MutantResult> chain_mutants(const RunConfig& config, const std::vector<ProofMutant>& mutants,
                                        const std::function<InductionProof(const RunConfig&, int)>& prove) {
  const RunConfig settings = mutant_config(config);
  std::vector<MutantResult> out;
  for (const ProofMutant& m : mutants) out.push_back(mutant_outcome(m.name, m.breaks, prove(settings, m.id).queries));
  return out;
}

}  // namespace palcheck::proofs
