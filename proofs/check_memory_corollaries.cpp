// prop:hopfield_pal:distinct_pairs, thm:complexity:depth, prop:no_copy:bare_memory on the classical memory,
// from each initial state: corollaries of the memory invariant Inv (proved for every length by
// ref:memory_equals_definition's induction), each a few queries on the memory's step (memory_induction.h).
#include "proofs/checkers.h"
#include "proofs/memory_induction.h"
#include "reference/readings.h"
#include "smt/mutation.h"
#include "smt/query_chain.h"

namespace palcheck::proofs {

using namespace smt;

namespace {

std::string summary(MemoryCorollary which, InitialState initial) {
  std::string from = " (classical memory, initial state " + to_string(initial) + ")";
  switch (which) {
    case MemoryCorollary::DistinctPairs:
      return "for every sequence: the retained maxima strictly decrease and the retained minima strictly increase "
             "along the memory, so the pairs (M_s, m_s) are pairwise distinct" +
             from;
    case MemoryCorollary::ZigzagDepth:
      return "for every n >= 1: the nested zig-zag of n inputs (sign alternating, " +
             std::string(initial == InitialState::Off ? "+" : "-") +
             " first, amplitude n - floor(t/2)) leaves all n in the memory, so k = n and O(Hkd) memory is O(Hnd), "
             "attention's order" +
             from;
    case MemoryCorollary::AscendingInput:
      return "for every n > p >= 1: two sequences that differ only at p, with u_{p-1} < u_p, u'_p < u_{p+1}, have "
             "equal memories at n, hence equal relay states and bare PAL-head outputs" +
             from;
  }
  return "";
}

CheckResult corollary_result(const RunConfig& config, MemoryCorollary which, InitialState initial) {
  MemoryInduction run = prove_memory_corollary(config, which, initial);
  InductionProof proof;
  proof.invariant = memory_invariant_text(initial) +
                    " (proved for every length by ref:memory_equals_definition's "
                    "induction, proofs/memory_induction.cpp)";
  proof.step = memory_step_text() + ". " + memory_corollary_text(which);
  proof.queries = run.queries;
  proof.proved = run.proved;
  InductionClaim claim{summary(which, initial),
                       {reading(StackReading{}), reading(initial)},
                       {},
                       {"alpha >= beta"}};
  if (which == MemoryCorollary::AscendingInput) claim.hypotheses = {"1 <= p < n", "u_{p-1} < u_p < u_{p+1}"};
  if (which == MemoryCorollary::DistinctPairs) claim.hypotheses = {};
  CheckResult r = chain_report(proof, claim, "induction");
  pin(r, memory_corollary_relies_on(which), [&] { return memory_corollary_mutants(config, which, initial); });
  if (which == MemoryCorollary::DistinctPairs)
    r.details.emplace_back("relies on",
                           "no definition in its own query: it reads the memory invariant, whose definitions (relay "
                           "step, initial state, memory update) ref:memory_equals_definition's model mutants pin");
  if (which != MemoryCorollary::DistinctPairs)
    r.details.emplace_back("scope",
                           "the classical memory only: Algorithm 1's pushed values (m_last and its "
                           "completions) have no induction encoding, so its readings keep their searches");
  return r;
}

Checker corollary_checker(const std::string& label, MemoryCorollary which) {
  return {label, "induction", [which](const RunConfig& config) {
            std::vector<CheckResult> out;
            for (InitialState initial : {InitialState::Off, InitialState::On})
              out.push_back(corollary_result(config, which, initial));
            return out;
          }};
}

}  // namespace

void register_memory_corollary_checkers(Registry& r) {
  r.add(corollary_checker("prop:hopfield_pal:distinct_pairs", MemoryCorollary::DistinctPairs));
  r.add(corollary_checker("thm:complexity:depth", MemoryCorollary::ZigzagDepth));
  r.add(corollary_checker("prop:no_copy:bare_memory", MemoryCorollary::AscendingInput));
}

}  // namespace palcheck::proofs
