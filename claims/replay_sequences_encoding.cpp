// §4 and app:tc_aux judges (see replay_sequences.h): lem:monotone, lem:stack_ops (signals and the TOP
// decoding formula), lem:push_no_wipe and lem:pop_one, run on the classical memory and on Algorithm 1.
#include "claims/replay_sequences_judges.h"

#include <algorithm>

namespace palcheck::sequences {

namespace {

// def:encoding: code*(a_i, d) = C_max - [d(k+1) + i] Delta with C_max = D_max (k+1) Delta.
struct Encoding {
  Q k, d_max, delta, eps;
  Q c_max() const { return d_max * (k + 1) * delta; }
  Q code(const Q& i, const Q& d) const { return c_max() - (d * (k + 1) + i) * delta; }
  bool valid() const { return k >= 1 && d_max >= 0 && delta > 0 && eps > 0 && eps < delta / 2; }
};

Encoding encoding(const Instance& in) {
  return {scalar(in, "k"), scalar(in, "D_max"), scalar(in, "delta"), scalar(in, "eps")};
}

bool is_integer(const Q& q) { return floor_q(q) == q; }

// The symbol whose pushed maximum code*(a_i, d) + eps is exactly M; 0 when M is no such value.
Q decode_pushed(const Encoding& e, const Q& M) {
  Q steps = (e.c_max() - (M - e.eps)) / e.delta;  // d(k+1) + i
  if (!is_integer(steps) || steps < 1) return Q(0);
  Q d = floor_q((steps - 1) / (e.k + 1));
  Q i = steps - d * (e.k + 1);
  if (d > e.d_max) return Q(0);
  return i;
}

// The machine driven by the paper's signals: u_0 = C_max (the bottom marker, never decoded), then
// PUSH(a_i) emits code*(a_i, depth) +- eps and POP (only at depth >= 3, the lemma's hypothesis)
// emits M_{top-1} + 2 eps with M_{top-1} = code*(c_{top-1}, depth-2) + eps, the emitter's stack.
struct SignalRun {
  Encoding e;
  StackReading reading;
  PreisachMemory memory;
  Algorithm1 alg;
  std::vector<Q> signal;
  std::vector<Q> intended;  // symbols, bottom first

  SignalRun(const Encoding& enc, const StackReading& r, InitialState init)
      : e(enc), reading(r), memory(init), alg(r.algorithm1) {
    feed(e.c_max());
  }

  // Feeds one input; returns how many stack entries it removed (memory entries or popped pairs).
  std::size_t feed(const Q& u) {
    signal.push_back(u);
    std::size_t removed = 0;
    if (reading.classical()) {
      removed = memory.step(u).wiped;
    } else {
      removed = alg.step(u).popped.size();
    }
    return removed;
  }

  std::vector<Q> maxima() const {
    std::vector<Q> out;
    if (reading.classical()) {
      for (std::size_t k = 0; k < memory.extrema().size(); ++k)
        if (memory.is_maximum(k)) out.push_back(memory.extrema()[k]);
    } else {
      for (const StackPair& p : alg.stack()) out.push_back(p.M);
    }
    return out;
  }

  std::vector<Q> decoded() const {
    std::vector<Q> out;
    for (const Q& M : maxima())
      if (M != e.c_max()) out.push_back(decode_pushed(e, M));
    return out;
  }
};

std::string symbols(const std::vector<Q>& s) { return show(s); }

// Runs the ops (0 = POP, i >= 1 = PUSH a_i) and stops at the first op the claim gets wrong.
// check_decoded: lem:stack_ops (decoded stack after each op); otherwise lem:push_no_wipe (no removal
// at the first signal of a PUSH onto a non-empty stack).
ReplayOutcome run_signals(const Instance& in, bool check_decoded) {
  Encoding e = encoding(in);
  const auto& ops = list(in, "ops");
  StackReading r = stack_reading(in);
  const std::string predicted = check_decoded ? "decoded stack = the stack the signals encode"
                                              : "the first PUSH signal removes nothing from the stack";
  if (!e.valid() || !is_integer(e.k) || !is_integer(e.d_max)) return holds(predicted, "hypothesis not met");
  for (const Q& op : ops)
    if (!is_integer(op) || op < 0 || op > e.k) return holds(predicted, "hypothesis not met: op out of range");
  SignalRun run(e, r, initial_state(in));
  for (std::size_t n = 0; n < ops.size(); ++n) {
    const Q& op = ops[n];
    std::size_t depth = run.intended.size();
    std::string what;
    if (op == 0) {
      if (depth < 3) continue;
      Q below = e.code(run.intended[depth - 2], Q(depth - 2)) + e.eps;
      run.feed(below + 2 * e.eps);
      run.intended.pop_back();
      what = "POP";
    } else {
      if (Q(depth) > e.d_max) continue;
      Q c = e.code(op, Q(depth));
      std::size_t removed = run.feed(c + e.eps);
      if (!check_decoded && depth >= 1 && removed > 0)
        return violated(predicted, "PUSH(a_" + palcheck::to_string(op) + ") at op " + std::to_string(n) + " removed " +
                                       std::to_string(removed) + " entries; signal " + show(run.signal));
      run.feed(c - e.eps);
      run.intended.push_back(op);
      what = "PUSH(a_" + palcheck::to_string(op) + ")";
    }
    if (check_decoded && run.decoded() != run.intended)
      return violated(predicted, "after op " + std::to_string(n) + " " + what + ": intended " + symbols(run.intended) +
                                     ", decoded " + symbols(run.decoded()) + " (0 = no code); signal " +
                                     show(run.signal));
  }
  return holds(predicted, "decoded " + symbols(run.decoded()));
}

}  // namespace

ReplayOutcome stack_ops_signals(const Instance& in) { return run_signals(in, true); }
ReplayOutcome push_no_wipe(const Instance& in) { return run_signals(in, false); }

// TOP as printed: i = floor((C_max - M_top)/Delta) mod (k+1), applied to M_top = code* + eps (what
// PUSH stores) or to M_top = code* (the reading under which the formula is right).
ReplayOutcome top_decode(const Instance& in) {
  Encoding e = encoding(in);
  Q i = scalar(in, "i"), d = scalar(in, "d");
  bool with_eps = option(in, "M_top") == "code+eps";
  const std::string predicted = "Dec(M_top) = " + palcheck::to_string(i);
  bool ok =
      e.valid() && is_integer(e.k) && is_integer(i) && is_integer(d) && i >= 1 && i <= e.k && d >= 0 && d <= e.d_max;
  if (!ok) return holds(predicted, "hypothesis not met");
  Q M = e.code(i, d) + (with_eps ? e.eps : Q(0));
  Q steps = floor_q((e.c_max() - M) / e.delta);
  Q dec = steps - floor_q(steps / (e.k + 1)) * (e.k + 1);
  std::string computed = "M_top = " + palcheck::to_string(M) + ", Dec = " + palcheck::to_string(dec);
  return dec == i ? holds(predicted, computed) : violated(predicted, computed);
}

ReplayOutcome monotone(const Instance& in) {
  Q k = scalar(in, "k"), delta = scalar(in, "delta"), i = scalar(in, "i"), i2 = scalar(in, "i2"), d = scalar(in, "d");
  Encoding e{k, scalar(in, "D_max"), delta, delta / 4};
  const std::string predicted = "code*(a_i', d+1) < code*(a_i, d)";
  bool ok = delta > 0 && is_integer(k) && is_integer(i) && is_integer(i2) && is_integer(d) && i >= 1 && i <= k &&
            i2 >= 1 && i2 <= k && d >= 0;
  if (!ok) return holds(predicted, "hypothesis not met");
  Q lhs = e.code(i2, d + 1), rhs = e.code(i, d);
  std::string computed = palcheck::to_string(lhs) + " vs " + palcheck::to_string(rhs);
  return lhs < rhs ? holds(predicted, computed) : violated(predicted, computed);
}

// lem:pop_one on any stack with M_top < M_{top-1}: u_{n+1} = M_{top-1} + 2 eps must remove exactly
// the top pair. Classical memory: the maxima after must be the maxima before without M_top, then u_{n+1}.
ReplayOutcome pop_one(const Instance& in) {
  const auto& u = list(in, "u");
  Q eps = scalar(in, "eps");
  StackReading r = stack_reading(in);
  InitialState init = initial_state(in);
  const std::string predicted = "POP removes exactly the top pair";
  if (!(eps > 0) || u.empty()) return holds(predicted, "hypothesis not met");
  if (r.classical()) {
    PreisachMemory memory(init);
    for (const Q& x : u) memory.step(x);
    auto maxima = [&] {
      std::vector<Q> out;
      for (std::size_t k = 0; k < memory.extrema().size(); ++k)
        if (memory.is_maximum(k)) out.push_back(memory.extrema()[k]);
      return out;
    };
    std::vector<Q> before = maxima();
    if (before.size() < 2 || !(before.back() < before[before.size() - 2]))
      return holds(predicted, "hypothesis not met");
    Q signal = before[before.size() - 2] + 2 * eps;
    memory.step(signal);
    std::vector<Q> expect(before.begin(), before.end() - 1);
    expect.push_back(signal);
    if (maxima() == expect) return holds(predicted, "maxima " + show(maxima()));
    return violated(predicted, "maxima before " + show(before) + ", after u = " + palcheck::to_string(signal) + ": " +
                                   show(maxima()) + " (expected " + show(expect) + ")");
  }
  Algorithm1 alg(r.algorithm1);
  for (const Q& x : u) alg.step(x);
  const auto& st = alg.stack();
  if (st.size() < 2 || !(st.back().M < st[st.size() - 2].M)) return holds(predicted, "hypothesis not met");
  Q signal = st[st.size() - 2].M + 2 * eps;
  Algorithm1Step s = alg.step(signal);
  std::string computed = "u = " + palcheck::to_string(signal) + " popped " + std::to_string(s.popped.size()) + " pairs";
  return s.popped.size() == 1 ? holds(predicted, computed) : violated(predicted, computed);
}

}  // namespace palcheck::sequences
