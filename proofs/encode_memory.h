// prop:wiping, def:stack, prop:sufficiency: the classical Preisach memory (reference/preisach_memory.h)
// as a Z3 transition function over a bounded list. Entries at or above `size` are kept at 0 so that
// two memories are equal exactly when their sizes and all entries are equal.
#pragma once

#include "reference/relay.h"
#include "smt/term.h"

#include <string>
#include <vector>

namespace palcheck::proofs {

/// A symbolic memory of bounded capacity: size, entries (oldest first), and the initial state.
struct SymMemory {
  smt::Term size;                  ///< number of entries (Int)
  std::vector<smt::Term> entries;  ///< capacity many Reals; 0 at and above size
  InitialState initial;            ///< decides whether entry 0 is a maximum
};

/// One step's result: the next memory and how many entries the wiping-out removed.
struct SymMemoryStep {
  SymMemory next;   ///< memory after the input
  smt::Term wiped;  ///< entries removed by wiping (Int, even)
};

/// The empty memory of the given capacity.
SymMemory empty_memory(smt::Context& ctx, std::size_t capacity, InitialState initial);

/// PreisachMemory::step as a formula: same case split, same tie rules (equality wipes).
SymMemoryStep memory_step(const SymMemory& m, const smt::Term& u);

/// Memory states with fresh constants `<prefix>_t_*`, constrained by `facts` to follow memory_step.
struct MemoryUnrolling {
  std::vector<SymMemory> states;  ///< state after input t
  std::vector<smt::Term> wiped;   ///< entries wiped at input t
  std::vector<smt::Term> facts;   ///< transition constraints to assert
};

/// Unrolls memory_step over `u` with capacity u.size().
MemoryUnrolling unroll_memory(smt::Context& ctx, const std::vector<smt::Term>& u, InitialState initial,
                              const std::string& prefix);

/// Whether two memories are equal (same size, same entries).
smt::Term memories_equal(const SymMemory& a, const SymMemory& b);

/// Whether entry `index` of a memory started from `initial` is a maximum (as PreisachMemory::is_maximum).
bool memory_entry_is_maximum(InitialState initial, std::size_t index);

}  // namespace palcheck::proofs
