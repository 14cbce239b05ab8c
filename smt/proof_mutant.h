// The semantic mutants a proof declares (smt/query_chain.h, proofs/memory_induction.h): a named change of
// its encoding that must turn one of its queries sat, or the proof does not pin what it names.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

namespace palcheck::proofs {

/// A semantic mutant of a proof: a named change of its encoding, which some query must then answer sat.
struct ProofMutant {
  int id;              ///< passed to the proof's query builder (0 is the real encoding, never a mutant)
  std::string name;    ///< short name ("tie allowed")
  std::string breaks;  ///< what it changes, in words
};

/// The mutants of `table` whose ids are in `ids`, in the table's order.
inline std::vector<ProofMutant> select_mutants(const std::vector<ProofMutant>& table, const std::vector<int>& ids) {
  std::vector<ProofMutant> out;
  for (const ProofMutant& m : table)
    if (std::find(ids.begin(), ids.end(), m.id) != ids.end()) out.push_back(m);
  return out;
}

}  // namespace palcheck::proofs
