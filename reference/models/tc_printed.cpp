// thm:tc, lem:stack_ops: the printed construction's stack channels (see tc_printed.h).
#include "tc_printed.h"

#include "../preisach_memory.h"
#include "encoding_cantor.h"

#include <optional>
#include <vector>

namespace palcheck {

std::string to_string(TopReading r) { return r == TopReading::Printed ? "printed" : "nearest"; }

namespace {

// One stack channel: its signal goes through the reference's classical memory.
struct StackChannel {
  PreisachMemory memory;

  std::vector<Q> maxima() const {
    std::vector<Q> out;
    for (std::size_t i = 0; i < memory.extrema().size(); ++i)
      if (memory.is_maximum(i)) out.push_back(memory.extrema()[i]);
    return out;
  }
};

struct PrintedMachine {
  const TwoStackPda& m;
  PrintedTcOptions options;
  CantorEncoding enc;
  StackChannel channels[2];

  // The stack read back from a channel: the decoded symbol of every maximum; -1 for a non-symbol.
  std::vector<int> read_stack(const StackChannel& ch) const {
    std::vector<int> stack;
    for (const Q& max : ch.maxima()) {
      int i = options.top == TopReading::Printed ? enc.decode_printed(max) : enc.decode_nearest(max);
      stack.push_back(i >= 1 && i <= enc.k ? i - 1 : -1);
    }
    return stack;
  }

  std::string describe(int state, const std::vector<int> stacks[2]) const {
    std::string s = "q=" + m.state_name(state);
    for (int c = 0; c < 2; ++c) {
      s += " S" + std::to_string(c + 1) + "=" + stack_to_string(m, stacks[c]);
      s += " top=" + (stacks[c].empty() ? std::string("none") : stack_to_string(m, {stacks[c].back()}));
      s += " maxima=[";
      std::vector<Q> maxima = channels[c].maxima();
      for (std::size_t i = 0; i < maxima.size(); ++i) s += (i ? " " : "") + palcheck::to_string(maxima[i]);
      s += "]";
    }
    return s;
  }

  // Emits the signals of one operation; nullopt on success, else why the printed recipe is undefined.
  std::optional<std::string> emit(StackChannel& ch, const StackOp& op) {
    std::vector<Q> maxima = ch.maxima();
    if (op.kind == StackOp::Kind::Push) {
      int d = static_cast<int>(maxima.size()) - 1;
      Q code = enc.code(op.symbol + 1, d + 1);
      ch.memory.step(code + options.eps);
      ch.memory.step(code - options.eps);
    } else if (op.kind == StackOp::Kind::Pop) {
      if (maxima.size() < 2) return "POP undefined: the memory has no M_top-1";
      ch.memory.step(maxima[maxima.size() - 2] + 2 * options.eps);
    }
    return std::nullopt;
  }
};

}  // namespace

SideBySide run_printed_tc(const TwoStackPda& m, const std::string& word, std::size_t steps,
                          const PrintedTcOptions& options) {
  PrintedMachine pm{m,
                    options,
                    CantorEncoding{m.stack_symbol_count(), static_cast<int>(steps) + 1, options.delta},
                    {StackChannel{PreisachMemory(options.initial)}, StackChannel{PreisachMemory(options.initial)}}};
  for (StackChannel& ch : pm.channels) {
    ch.memory.step(pm.enc.code(1, 0) + options.eps);
    ch.memory.step(pm.enc.code(1, 0) - options.eps);
  }
  SideBySide run;
  PdaConfig config = initial_config(m);
  for (std::size_t t = 0;; ++t) {
    std::vector<int> stacks[2] = {pm.read_stack(pm.channels[0]), pm.read_stack(pm.channels[1])};
    SideBySideRow row{t, to_string(m, config), pm.describe(config.state, stacks), false};
    row.agree = stacks[0] == config.stack1 && stacks[1] == config.stack2;
    run.rows.push_back(row);
    if (!row.agree) {
      run.first_difference = t;
      return run;
    }
    if (t == steps) return run;
    int input = input_at(m, word, t);
    const PdaTransition& tr = m.at(config.state, input, config.stack1.back(), config.stack2.back());
    for (int c = 0; c < 2; ++c) {
      if (auto why = pm.emit(pm.channels[c], c == 0 ? tr.op1 : tr.op2)) {
        PdaConfig next = pda_step(m, config, input);
        run.rows.push_back({t + 1, to_string(m, next), *why, false});
        run.first_difference = t + 1;
        return run;
      }
    }
    config = pda_step(m, config, input);
  }
}

}  // namespace palcheck
