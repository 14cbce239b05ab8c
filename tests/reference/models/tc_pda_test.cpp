// thm:tc: the two-stack PDA interpreter and the machine library against independent recognisers.
#include "reference/models/pda_library.h"

#include <gtest/gtest.h>

#include <string>

namespace palcheck {
namespace {

bool is_anbn(const std::string& w) {
  std::size_t n = w.size() / 2;
  return w.size() % 2 == 0 && w == std::string(n, 'a') + std::string(n, 'b');
}

bool is_anbncn(const std::string& w) {
  std::size_t n = w.size() / 3;
  return w.size() % 3 == 0 && w == std::string(n, 'a') + std::string(n, 'b') + std::string(n, 'c');
}

bool balanced(const std::string& w) {
  std::string open;
  for (char c : w) {
    if (c == '(' || c == '[') {
      open += c;
    } else {
      char want = c == ')' ? '(' : '[';
      if (open.empty() || open.back() != want) return false;
      open.pop_back();
    }
  }
  return open.empty();
}

bool accepts(const TwoStackPda& m, const std::string& w) {
  return m.accepting(pda_run(m, w, w.size() + 2).back().state);
}

TEST(TcPda, RecognisersAgreeWithIndependentChecksOnRandomWords) {
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    for (auto [m, check] : {std::pair{machine_anbn(), &is_anbn}, std::pair{machine_anbncn(), &is_anbncn},
                            std::pair{machine_brackets(), &balanced}}) {
      std::string w = random_word(m, seed, 9);
      EXPECT_EQ(accepts(m, w), check(w)) << m.name() << " on " << w;
    }
  }
  EXPECT_TRUE(accepts(machine_anbn(), "aaaabbbb"));
  EXPECT_TRUE(accepts(machine_anbncn(), "aaabbbccc"));
  EXPECT_TRUE(accepts(machine_brackets(), "([()[]])"));
}

TEST(TcPda, CounterHoldsTheNumberOfIncrementsInBinary) {
  TwoStackPda m = machine_counter();
  PdaConfig c = initial_config(m);
  int increments = 0;
  for (int t = 0; t < 400; ++t) {
    PdaConfig next = pda_step(m, c, 0);
    if (c.state != m.start() && next.state == m.start()) {
      ++increments;
      long value = 0;
      for (std::size_t i = 1; i < next.stack1.size(); ++i)  // bottom first: most significant first
        value = 2 * value + (m.symbol_name(next.stack1[i]) == "1" ? 1 : 0);
      EXPECT_EQ(value, increments);
      EXPECT_EQ(next.stack2.size(), 1u);
    }
    c = next;
  }
  EXPECT_GT(increments, 20);
}

TEST(TcPda, ShuttleMovesTheWordReversedAndBack) {
  TwoStackPda m = machine_shuttle();
  std::string w = "abbab";
  std::vector<PdaConfig> run = pda_run(m, w, 40);
  std::vector<int> loaded;
  for (char c : w) loaded.push_back(m.input_index(c));
  for (std::size_t t = 1; t < run.size(); ++t) {
    if (run[t].state == 2 && run[t - 1].state == 1) {  // right -> left: everything on stack 2
      EXPECT_EQ(run[t].stack1, std::vector<int>{0});
      std::vector<int> expected{0};
      expected.insert(expected.end(), loaded.rbegin(), loaded.rend());
      EXPECT_EQ(run[t].stack2, expected);
    }
  }
}

TEST(TcPda, PopOfTheBottomMarkerIsRejected) {
  TwoStackPda m = machine_anbn();
  EXPECT_THROW(m.set(0, 0, 0, 0, PdaTransition{0, StackOp{StackOp::Kind::Pop, 0}, {}}), std::invalid_argument);
}

}  // namespace
}  // namespace palcheck
