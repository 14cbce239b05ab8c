// thm:tc: the two-stack PDA interpreter (see pda_machine.h).
#include "pda_machine.h"

#include <algorithm>
#include <stdexcept>

namespace palcheck {

TwoStackPda::TwoStackPda(std::string name, std::vector<std::string> states, std::string input_letters,
                         std::vector<std::string> stack_symbols, int start, int halt, std::vector<int> accepting)
    : name_(std::move(name)),
      states_(std::move(states)),
      letters_(std::move(input_letters)),
      symbols_(std::move(stack_symbols)),
      start_(start),
      halt_(halt),
      accepting_(std::move(accepting)) {
  table_.assign(static_cast<std::size_t>(state_count() * input_count() * stack_symbol_count() * stack_symbol_count()),
                PdaTransition{halt_, {}, {}});
}

std::size_t TwoStackPda::index(int q, int input, int top1, int top2) const {
  int k = stack_symbol_count();
  if (q < 0 || q >= state_count() || input < 0 || input >= input_count() || top1 < 0 || top1 >= k || top2 < 0 ||
      top2 >= k)
    throw std::out_of_range("delta outside Q x Sigma x Gamma x Gamma");
  return static_cast<std::size_t>(((q * input_count() + input) * k + top1) * k + top2);
}

void TwoStackPda::set(int q, int input, int top1, int top2, PdaTransition t) {
  auto check = [&](const StackOp& op, int top) {
    if (op.kind == StackOp::Kind::Pop && top == 0) throw std::invalid_argument(name_ + ": pop of Z0");
    if (op.kind == StackOp::Kind::Push && (op.symbol <= 0 || op.symbol >= stack_symbol_count()))
      throw std::invalid_argument(name_ + ": push of Z0 or of an unknown symbol");
  };
  check(t.op1, top1);
  check(t.op2, top2);
  table_[index(q, input, top1, top2)] = t;
}

const PdaTransition& TwoStackPda::at(int q, int input, int top1, int top2) const {
  return table_[index(q, input, top1, top2)];
}

bool TwoStackPda::accepting(int q) const {
  return std::find(accepting_.begin(), accepting_.end(), q) != accepting_.end();
}

int TwoStackPda::input_index(char c) const {
  auto pos = letters_.find(c);
  if (pos == std::string::npos)
    throw std::invalid_argument(name_ + ": letter '" + std::string(1, c) + "' not in Sigma");
  return static_cast<int>(pos) + 1;
}

char TwoStackPda::input_letter(int i) const { return i == 0 ? '_' : letters_.at(static_cast<std::size_t>(i - 1)); }

PdaConfig initial_config(const TwoStackPda& m) { return PdaConfig{m.start(), {0}, {0}}; }

int input_at(const TwoStackPda& m, const std::string& word, std::size_t t) {
  return t < word.size() ? m.input_index(word[t]) : 0;
}

namespace {

void apply(const StackOp& op, std::vector<int>& stack) {
  if (op.kind == StackOp::Kind::Pop) stack.pop_back();
  if (op.kind == StackOp::Kind::Push) stack.push_back(op.symbol);
}

}  // namespace

PdaConfig pda_step(const TwoStackPda& m, const PdaConfig& c, int input) {
  const PdaTransition& t = m.at(c.state, input, c.stack1.back(), c.stack2.back());
  PdaConfig next = c;
  next.state = t.next;
  apply(t.op1, next.stack1);
  apply(t.op2, next.stack2);
  return next;
}

std::vector<PdaConfig> pda_run(const TwoStackPda& m, const std::string& word, std::size_t steps) {
  std::vector<PdaConfig> run{initial_config(m)};
  for (std::size_t t = 0; t < steps; ++t) run.push_back(pda_step(m, run.back(), input_at(m, word, t)));
  return run;
}

std::string stack_to_string(const TwoStackPda& m, const std::vector<int>& stack) {
  std::string s = "[";
  for (std::size_t i = 0; i < stack.size(); ++i) {
    if (i) s += ' ';
    s += stack[i] >= 0 && stack[i] < m.stack_symbol_count() ? m.symbol_name(stack[i]) : "?";
  }
  return s + "]";
}

std::string to_string(const TwoStackPda& m, const PdaConfig& c) {
  return "q=" + m.state_name(c.state) + " S1=" + stack_to_string(m, c.stack1) + " S2=" + stack_to_string(m, c.stack2);
}

}  // namespace palcheck
