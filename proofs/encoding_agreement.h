// def:relay, prop:wiping, def:stack, alg:stack: the Z3 encodings must mean what the reference computes.
// Each function evaluates one encoding in Z3 on generated concrete inputs, chaining Z3's own state, and
// compares it with the reference step by step. The interface is free of Z3 types, so tests/ can call it
// without including z3++.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace palcheck::proofs {

/// How an encoding compared with the reference: cases run and the first mismatch (empty if none).
struct AgreementReport {
  std::size_t cases = 0;  ///< generated cases compared
  std::string mismatch;   ///< where and how the first disagreement showed, or empty
};

/// The relay step of eq:relay against run_relay, both initial states.
AgreementReport relay_step_agreement(std::uint64_t seed, std::size_t cases);
/// The classical-memory step against PreisachMemory::step (entries, size, wiped count).
AgreementReport memory_step_agreement(std::uint64_t seed, std::size_t cases);
/// Algorithm 1's step under every reading against Algorithm1::step (stack, pops, push).
AgreementReport algorithm1_step_agreement(std::uint64_t seed, std::size_t cases);
/// The unrollings the checkers use, with inputs fixed, have the reference run as their model.
AgreementReport unrolling_agreement(std::uint64_t seed, std::size_t cases);

}  // namespace palcheck::proofs
