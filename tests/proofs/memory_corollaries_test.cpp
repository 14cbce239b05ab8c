// prop:hopfield_pal:distinct_pairs, thm:complexity:depth, prop:no_copy:bare_memory: the corollaries of the
// memory invariant close from each initial state (every query unsat in Z3 and cvc5), and each declared
// semantic mutant (a dropped or weakened conjunct, the other initial state, the other orientation, a cut
// that need not stop...) turns one of their queries sat.
#include "proofs/memory_induction.h"

#include <gtest/gtest.h>

namespace palcheck::proofs {
namespace {

constexpr MemoryCorollary kAll[] = {MemoryCorollary::DistinctPairs, MemoryCorollary::ZigzagDepth,
                                    MemoryCorollary::AscendingInput};

TEST(MemoryCorollaries, ProvedFromEachInitialState) {
  for (MemoryCorollary which : kAll)
    for (InitialState initial : {InitialState::Off, InitialState::On}) {
      MemoryInduction run = prove_memory_corollary(RunConfig{}, which, initial);
      EXPECT_TRUE(run.proved) << static_cast<int>(which);
      for (const InductionQuery& q : run.queries) {
        EXPECT_EQ(q.z3, "unsat") << q.name;
        EXPECT_EQ(q.cvc5, "unsat") << q.name;
      }
    }
}

TEST(MemoryCorollaries, EveryMutantIsRefuted) {
  for (MemoryCorollary which : kAll) {
    std::vector<ProofMutant> mutants = memory_corollary_mutants(which);
    EXPECT_GE(mutants.size(), 3u);
    for (const ProofMutant& m : mutants)
      for (InitialState initial : {InitialState::Off, InitialState::On}) {
        MemoryInduction run = prove_memory_corollary(RunConfig{}, which, initial, m.id);
        bool sat = false;
        std::string answers;
        for (const InductionQuery& q : run.queries) {
          sat = sat || q.z3 == "sat";
          answers += "\n  " + q.name + ": z3 " + q.z3 + ", cvc5 " + q.cvc5;
        }
        EXPECT_TRUE(sat) << "mutant '" << m.name << "' (" << m.breaks << ") stays unsat from initial state "
                         << to_string(initial) << answers;
      }
  }
}

}  // namespace
}  // namespace palcheck::proofs
