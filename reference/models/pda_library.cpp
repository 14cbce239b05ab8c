// thm:tc: the library of two-stack machines (see pda_library.h).
#include "pda_library.h"

#include <random>
#include <stdexcept>

namespace palcheck {

namespace {

using Kind = StackOp::Kind;
const StackOp keep{};
const StackOp pop{Kind::Pop, 0};
StackOp push(int g) { return StackOp{Kind::Push, g}; }

// Sets delta(q, input, t1, t2) for every input and top pair accepted by `when`.
template <class When, class Make>
void fill(TwoStackPda& m, int q, When when, Make make) {
  for (int in = 0; in < m.input_count(); ++in)
    for (int t1 = 0; t1 < m.stack_symbol_count(); ++t1)
      for (int t2 = 0; t2 < m.stack_symbol_count(); ++t2)
        if (when(in, t1, t2)) m.set(q, in, t1, t2, make(in, t1, t2));
}

auto any = [](int, int, int) { return true; };

}  // namespace

// One line per transition rule: the machines read as tables.
// clang-format off
TwoStackPda machine_anbn() {
  enum { A_S = 0, B_S = 1, ACC = 2, HALT = 3 };
  const int a = 1, b = 2, Asym = 1;
  TwoStackPda m("anbn", {"read-a", "read-b", "accept", "halt"}, "ab", {"Z", "A"}, A_S, HALT, {ACC});
  fill(m, A_S, [&](int in, int, int) { return in == a; }, [&](int, int, int) { return PdaTransition{A_S, push(Asym), keep}; });
  fill(m, A_S, [&](int in, int t1, int) { return in == b && t1 == Asym; }, [](int, int, int) { return PdaTransition{B_S, pop, keep}; });
  fill(m, A_S, [](int in, int t1, int) { return in == 0 && t1 == 0; }, [](int, int, int) { return PdaTransition{ACC, keep, keep}; });
  fill(m, B_S, [&](int in, int t1, int) { return in == b && t1 == Asym; }, [](int, int, int) { return PdaTransition{B_S, pop, keep}; });
  fill(m, B_S, [](int in, int t1, int) { return in == 0 && t1 == 0; }, [](int, int, int) { return PdaTransition{ACC, keep, keep}; });
  fill(m, ACC, [](int in, int, int) { return in == 0; }, [](int, int, int) { return PdaTransition{ACC, keep, keep}; });
  return m;
}

TwoStackPda machine_brackets() {
  enum { RUN = 0, ACC = 1, HALT = 2 };
  const int open_p = 1, close_p = 2, open_b = 3, close_b = 4, P = 1, B = 2;
  TwoStackPda m("brackets", {"run", "accept", "halt"}, "()[]", {"Z", "P", "B"}, RUN, HALT, {ACC});
  fill(m, RUN, [&](int in, int, int) { return in == open_p; }, [&](int, int, int) { return PdaTransition{RUN, push(P), keep}; });
  fill(m, RUN, [&](int in, int, int) { return in == open_b; }, [&](int, int, int) { return PdaTransition{RUN, push(B), keep}; });
  fill(m, RUN, [&](int in, int t1, int) { return (in == close_p && t1 == P) || (in == close_b && t1 == B); },
       [](int, int, int) { return PdaTransition{RUN, pop, keep}; });
  fill(m, RUN, [](int in, int t1, int) { return in == 0 && t1 == 0; }, [](int, int, int) { return PdaTransition{ACC, keep, keep}; });
  fill(m, ACC, [](int in, int, int) { return in == 0; }, [](int, int, int) { return PdaTransition{ACC, keep, keep}; });
  return m;
}

TwoStackPda machine_anbncn() {
  enum { RA = 0, RB = 1, RC = 2, ACC = 3, HALT = 4 };
  const int a = 1, b = 2, c = 3, A = 1;
  TwoStackPda m("anbncn", {"read-a", "read-b", "read-c", "accept", "halt"}, "abc", {"Z", "A"}, RA, HALT, {ACC});
  fill(m, RA, [&](int in, int, int) { return in == a; }, [&](int, int, int) { return PdaTransition{RA, push(A), push(A)}; });
  fill(m, RA, [&](int in, int t1, int) { return in == b && t1 == A; }, [](int, int, int) { return PdaTransition{RB, pop, keep}; });
  fill(m, RA, [](int in, int t1, int t2) { return in == 0 && t1 == 0 && t2 == 0; }, [](int, int, int) { return PdaTransition{ACC, keep, keep}; });
  fill(m, RB, [&](int in, int t1, int) { return in == b && t1 == A; }, [](int, int, int) { return PdaTransition{RB, pop, keep}; });
  fill(m, RB, [&](int in, int t1, int t2) { return in == c && t1 == 0 && t2 == A; }, [](int, int, int) { return PdaTransition{RC, keep, pop}; });
  fill(m, RC, [&](int in, int, int t2) { return in == c && t2 == A; }, [](int, int, int) { return PdaTransition{RC, keep, pop}; });
  fill(m, RC, [](int in, int t1, int t2) { return in == 0 && t1 == 0 && t2 == 0; }, [](int, int, int) { return PdaTransition{ACC, keep, keep}; });
  fill(m, ACC, [](int in, int, int) { return in == 0; }, [](int, int, int) { return PdaTransition{ACC, keep, keep}; });
  return m;
}

TwoStackPda machine_counter() {
  enum { INC = 0, SET1 = 1, BACK = 2, HALT = 3 };
  const int zero = 1, one = 2;
  TwoStackPda m("counter", {"inc", "set1", "back", "halt"}, "", {"Z", "0", "1"}, INC, HALT, {});
  // Increment with the least significant bit on top: trailing 1s become 0s parked on stack 2.
  fill(m, INC, [&](int, int t1, int) { return t1 == one; }, [&](int, int, int) { return PdaTransition{INC, pop, push(zero)}; });
  fill(m, INC, [&](int, int t1, int) { return t1 == zero; }, [](int, int, int) { return PdaTransition{SET1, pop, keep}; });
  fill(m, INC, [](int, int t1, int) { return t1 == 0; }, [&](int, int, int) { return PdaTransition{BACK, push(one), keep}; });
  fill(m, SET1, any, [&](int, int, int) { return PdaTransition{BACK, push(one), keep}; });
  fill(m, BACK, [&](int, int, int t2) { return t2 == zero; }, [&](int, int, int) { return PdaTransition{BACK, push(zero), pop}; });
  fill(m, BACK, [](int, int, int t2) { return t2 == 0; }, [](int, int, int) { return PdaTransition{INC, keep, keep}; });
  return m;
}

TwoStackPda machine_shuttle() {
  enum { LOAD = 0, RIGHT = 1, LEFT = 2, HALT = 3 };
  TwoStackPda m("shuttle", {"load", "right", "left", "halt"}, "ab", {"Z", "A", "B"}, LOAD, HALT, {});
  fill(m, LOAD, [](int in, int, int) { return in != 0; }, [](int in, int, int) { return PdaTransition{LOAD, push(in), keep}; });
  fill(m, LOAD, [](int in, int, int) { return in == 0; }, [](int, int, int) { return PdaTransition{RIGHT, keep, keep}; });
  fill(m, RIGHT, [](int, int t1, int) { return t1 != 0; }, [](int, int t1, int) { return PdaTransition{RIGHT, pop, push(t1)}; });
  fill(m, RIGHT, [](int, int t1, int) { return t1 == 0; }, [](int, int, int) { return PdaTransition{LEFT, keep, keep}; });
  fill(m, LEFT, [](int, int, int t2) { return t2 != 0; }, [](int, int, int t2) { return PdaTransition{LEFT, push(t2), pop}; });
  fill(m, LEFT, [](int, int, int t2) { return t2 == 0; }, [](int, int, int) { return PdaTransition{RIGHT, keep, keep}; });
  return m;
}
// clang-format on

std::vector<LibraryMachine> machine_library() {
  return {{machine_anbn(), "aaabbb"},
          {machine_brackets(), "([()[]])"},
          {machine_anbncn(), "aabbcc"},
          {machine_counter(), ""},
          {machine_shuttle(), "abba"}};
}

TwoStackPda library_machine(const std::string& name) {
  for (LibraryMachine& lm : machine_library())
    if (lm.machine.name() == name) return lm.machine;
  throw std::invalid_argument("no library machine called " + name);
}

std::string random_word(const TwoStackPda& m, std::uint64_t seed, std::size_t max_length) {
  std::mt19937_64 gen(seed);
  int letters = m.input_count() - 1;
  if (letters == 0 || max_length == 0) return "";
  std::size_t length = std::uniform_int_distribution<std::size_t>(0, max_length - 1)(gen);
  std::string word;
  for (std::size_t i = 0; i < length; ++i) word += m.input_letter(std::uniform_int_distribution<int>(1, letters)(gen));
  return word;
}

}  // namespace palcheck
