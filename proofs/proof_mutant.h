// The semantic mutants a proof declares (proofs/query_chain.h, proofs/memory_induction.h): a named change of
// its encoding that must turn one of its queries sat, or the proof does not pin what it names.
#pragma once

#include <string>

namespace palcheck::proofs {

/// A semantic mutant of a proof: a named change of its encoding, which some query must then answer sat.
struct ProofMutant {
  int id;              ///< passed to the proof's query builder (0 is the real encoding, never a mutant)
  std::string name;    ///< short name ("tie allowed")
  std::string breaks;  ///< what it changes, in words
};

}  // namespace palcheck::proofs
