// prop:hopfield_pal:distinct_pairs, thm:complexity:depth, prop:no_copy:bare_memory: the corollaries of the
// memory invariant close from each initial state (every query unsat in Z3 and cvc5), and each declared
// semantic mutant (a dropped or weakened conjunct, the other initial state, the other orientation, a cut
// that need not stop...) turns one of their queries sat.
#include "proofs/memory_induction.h"
#include "tests/proofs/chain_expectations.h"

namespace palcheck::proofs {

using namespace smt;

namespace {

constexpr MemoryCorollary kAll[] = {MemoryCorollary::DistinctPairs, MemoryCorollary::ZigzagDepth,
                                    MemoryCorollary::AscendingInput};

TEST(MemoryCorollaries, ProvedFromEachInitialState) {
  for (MemoryCorollary which : kAll)
    for (InitialState initial : {InitialState::Off, InitialState::On}) {
      MemoryInduction run = prove_memory_corollary(RunConfig{}, which, initial);
      testing::expect_closed(run.proved, run.queries, memory_corollary_text(which));
    }
}

TEST(MemoryCorollaries, EveryMutantIsRefuted) {
  for (MemoryCorollary which : kAll)
    for (InitialState initial : {InitialState::Off, InitialState::On}) {
      std::vector<MutantResult> mutants = memory_corollary_mutants(RunConfig{}, which, initial);
      EXPECT_GE(mutants.size(), 3u) << memory_corollary_text(which);
      for (const MutantResult& m : mutants)
        EXPECT_TRUE(m.refuted) << memory_corollary_text(which) << " (initial state " << to_string(initial)
                               << "): " << m.name << ": " << m.evidence;
    }
}

}  // namespace
}  // namespace palcheck::proofs
