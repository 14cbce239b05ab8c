// alg:stack, def:stack, prop:complexity: Algorithm 1 as printed (reference/algorithm1.h) as a Z3
// transition function over a bounded stack, one encoding per reading (Algorithm1Options).
// Pairs at or above `size` are kept at 0, so stacks are equal exactly when all fields are.
#pragma once

#include "reference/algorithm1.h"
#include "reference/readings.h"
#include "smt/term.h"

#include <string>
#include <vector>

namespace palcheck::proofs {

/// The state of Algorithm 1 between steps, with a bounded stack.
struct SymAlgorithm1 {
  smt::Term has_previous;      ///< whether an observation was seen (Bool)
  smt::Term previous;          ///< the previous observation u_n (Real)
  smt::Term size;              ///< stack depth (Int)
  std::vector<smt::Term> M;    ///< maxima, bottom first (capacity many)
  std::vector<smt::Term> m;    ///< minima, bottom first
  smt::Term persisted_m_last;  ///< UnsetLast::Persist's memory of m_last
  smt::Term persisted_M_last;  ///< UnsetLast::Persist's memory of M_last
};

/// One step's result: the next state, the pops and whether a pair was pushed.
struct SymAlgorithm1Step {
  SymAlgorithm1 next;  ///< state after the observation
  smt::Term pops;      ///< pairs popped in this step (Int)
  smt::Term pushed;    ///< a pair was pushed (Bool)
};

/// The initial state with the given stack capacity.
SymAlgorithm1 initial_algorithm1(smt::Context& ctx, std::size_t capacity);

/// Algorithm1::step as a formula under the given readings.
SymAlgorithm1Step algorithm1_step(const SymAlgorithm1& s, const smt::Term& u, const Algorithm1Options& options);

/// States with fresh constants `<prefix>_t_*`, constrained by `facts` to follow algorithm1_step.
struct Algorithm1Unrolling {
  std::vector<SymAlgorithm1> states;  ///< state after input t
  std::vector<smt::Term> pops;        ///< pops at input t
  std::vector<smt::Term> pushed;      ///< push at input t
  std::vector<smt::Term> facts;       ///< transition constraints to assert
};

/// Unrolls Algorithm 1 over `u` with capacity u.size() + 1 (never reached: at most one push per input).
Algorithm1Unrolling unroll_algorithm1(smt::Context& ctx, const std::vector<smt::Term>& u,
                                      const Algorithm1Options& options, const std::string& prefix);

/// Whether two stacks are equal (same depth, same pairs).
smt::Term stacks_equal(const SymAlgorithm1& a, const SymAlgorithm1& b);

}  // namespace palcheck::proofs
