// thm:tc, repair:thm:tc, lem:mlp_width: the library of concrete two-stack machines that the printed
// construction and the repair are run against, side by side with the interpreter.
#pragma once

#include "pda_machine.h"

#include <cstdint>
#include <string>
#include <vector>

namespace palcheck {

/// A library machine with a sample word that exercises it.
struct LibraryMachine {
  TwoStackPda machine;  ///< the automaton
  std::string sample;   ///< a word it accepts, or a word that drives it through all its moves
};

/// a^n b^n on stack 1.
TwoStackPda machine_anbn();
/// Two kinds of brackets, ( ) and [ ], matched on stack 1.
TwoStackPda machine_brackets();
/// a^n b^n c^n: the a's are counted on both stacks.
TwoStackPda machine_anbncn();
/// A binary counter on stack 1 (least significant bit on top), carries parked on stack 2; never halts.
TwoStackPda machine_counter();
/// Loads the word onto stack 1, then moves it to stack 2 and back, for ever.
TwoStackPda machine_shuttle();

/// The five machines above with their sample words, in that order.
std::vector<LibraryMachine> machine_library();

/// The library machine called `name`; throws std::invalid_argument for an unknown name.
TwoStackPda library_machine(const std::string& name);

/// A word over m's input letters of length < max_length, drawn from a generator seeded with `seed`.
std::string random_word(const TwoStackPda& m, std::uint64_t seed, std::size_t max_length);

}  // namespace palcheck
