// thm:tc, lem:mlp_width: two-stack pushdown automata M = (Q, Sigma, Gamma, delta, q0, Z0, F) and
// their direct interpreter, the ground truth every construction of sec:tc is run against.
// Conventions: the machine reads one input symbol per step (w_t at step t, blank after the word);
// stack symbol 0 is the bottom marker Z0, never pushed and never popped; delta is total (missing
// entries go to the halting state, which stays put).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace palcheck {

/// What a transition does to one stack.
struct StackOp {
  enum class Kind { None, Pop, Push } kind = Kind::None;  ///< the operation
  int symbol = 0;                                         ///< the pushed symbol (Push only)
  friend bool operator==(const StackOp&, const StackOp&) = default;
};

/// One entry of delta: next state and the operation on each stack.
struct PdaTransition {
  int next = 0;  ///< next state
  StackOp op1;   ///< on stack 1
  StackOp op2;   ///< on stack 2
  friend bool operator==(const PdaTransition&, const PdaTransition&) = default;
};

/// A two-stack PDA with a total transition table over Q x (blank + Sigma) x Gamma x Gamma.
class TwoStackPda {
 public:
  /// A machine whose every transition goes to `halt` with no stack operation.
  TwoStackPda(std::string name, std::vector<std::string> states, std::string input_letters,
              std::vector<std::string> stack_symbols, int start, int halt, std::vector<int> accepting);

  /// Sets delta(q, input, top1, top2); input 0 is the blank, i >= 1 is input_letters[i-1].
  /// Throws std::invalid_argument on a pop or push of the bottom marker Z0 (symbol 0).
  void set(int q, int input, int top1, int top2, PdaTransition t);
  /// delta(q, input, top1, top2).
  const PdaTransition& at(int q, int input, int top1, int top2) const;

  const std::string& name() const { return name_; }                             ///< library name
  int state_count() const { return static_cast<int>(states_.size()); }          ///< |Q|
  int input_count() const { return static_cast<int>(letters_.size()) + 1; }     ///< |Sigma| + 1 (blank)
  int stack_symbol_count() const { return static_cast<int>(symbols_.size()); }  ///< |Gamma| including Z0
  int start() const { return start_; }                                          ///< q0
  bool accepting(int q) const;                                                  ///< q in F
  const std::string& state_name(int q) const { return states_.at(q); }          ///< name of q
  const std::string& symbol_name(int g) const { return symbols_.at(g); }        ///< name of g
  /// The input index of letter c (1-based); throws std::invalid_argument for a letter not in Sigma.
  int input_index(char c) const;
  /// The letter of input index i, '_' for the blank.
  char input_letter(int i) const;

 private:
  std::size_t index(int q, int input, int top1, int top2) const;

  std::string name_;
  std::vector<std::string> states_;
  std::string letters_;
  std::vector<std::string> symbols_;
  int start_, halt_;
  std::vector<int> accepting_;
  std::vector<PdaTransition> table_;
};

/// A configuration: state, both stacks (bottom first, Z0 at the bottom), steps taken.
struct PdaConfig {
  int state = 0;            ///< current state
  std::vector<int> stack1;  ///< stack 1, bottom first
  std::vector<int> stack2;  ///< stack 2, bottom first
  friend bool operator==(const PdaConfig&, const PdaConfig&) = default;
};

/// The initial configuration (q0, [Z0], [Z0]).
PdaConfig initial_config(const TwoStackPda& m);

/// The input index read at step t: w_t, or the blank (0) once the word is consumed.
int input_at(const TwoStackPda& m, const std::string& word, std::size_t t);

/// One step of the machine on input index `input`.
PdaConfig pda_step(const TwoStackPda& m, const PdaConfig& c, int input);

/// The configurations after 0..steps steps on `word`.
std::vector<PdaConfig> pda_run(const TwoStackPda& m, const std::string& word, std::size_t steps);

/// "q=name S1=[Z A] S2=[Z]".
std::string to_string(const TwoStackPda& m, const PdaConfig& c);

/// "[Z A B]" for a stack of symbol indices.
std::string stack_to_string(const TwoStackPda& m, const std::vector<int>& stack);

}  // namespace palcheck
