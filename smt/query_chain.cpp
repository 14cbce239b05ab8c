// Chains of named queries and their reports (see query_chain.h).
#include "smt/query_chain.h"

namespace palcheck::smt {

std::string chain_file(const InductionText& text, int mutant, const std::string& query) {
  std::string file;
  for (char ch : query) file += (ch == ' ' || ch == ':') ? '_' : ch;
  return std::string(text.tag) + (mutant ? "_mutant_" + std::to_string(mutant) : "") + "_" + file;
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

}  // namespace palcheck::smt
