// lem:pop_one under its hypothesis "under the Cantor-depth encoding" (def:encoding): the two top
// maxima of the stack are pushed codes code*(a_i, d) + eps (eq:push) with M_top < M_{top-1}, and the POP
// signal M_{top-1} + 2 eps must remove exactly the top pair. One sequence is judged under every stack
// reading at once: the classical memory from either initial state and Algorithm 1 under its six completions.
#include "claims/constructions/tc_checkers.h"
#include "claims/replay_sequences.h"
#include "claims/sequence_space.h"
#include "reference/models/encoding_cantor.h"

namespace palcheck {
namespace {

constexpr const char* kEncodedStack = "encoded-stack-every-reading";

struct Setting {
  CantorEncoding encoding;
  Q eps;
};

Setting setting_of(const Instance& in) {
  Setting s;
  s.encoding.k = static_cast<int>(index(in, "k", kMaxPosition));
  s.encoding.d_max = static_cast<int>(index(in, "D_max", kMaxPosition));
  s.encoding.delta = scalar(in, "delta");
  s.eps = scalar(in, "eps");
  return s;
}

// M is a pushed maximum code*(a_i, d) + eps of eq:push for some symbol and depth.
bool pushed_code(const Setting& s, const Q& M) {
  for (int d = 0; d <= s.encoding.d_max; ++d)
    for (int i = 1; i <= s.encoding.k; ++i)
      if (s.encoding.code(i, d) + s.eps == M) return true;
  return false;
}

// The stack's maxima (M components), bottom first.
std::vector<Q> maxima(const std::vector<Q>& u, const StackReading& r, InitialState initial) {
  std::vector<Q> out;
  for (const StackPair& p : sequences::stack_pairs(u, r, initial)) out.push_back(p.M);
  return out;
}

// Pairs the POP signal removes under one reading, or nullopt when the hypothesis is not met there.
std::optional<std::size_t> removed(const std::vector<Q>& u, const StackReading& r, InitialState initial,
                                   const Setting& s) {
  std::vector<Q> before = maxima(u, r, initial);
  if (before.size() < 2) return std::nullopt;
  const Q& top = before.back();
  const Q& below = before[before.size() - 2];
  if (!(top < below) || !pushed_code(s, top) || !pushed_code(s, below)) return std::nullopt;
  Q signal = below + 2 * s.eps;
  if (r.classical()) {
    // The signal ends as the newest maximum, so every other maximum that disappeared was removed.
    std::vector<Q> after_input = u;
    after_input.push_back(signal);
    return before.size() + 1 - maxima(after_input, r, initial).size();
  }
  Algorithm1 alg(r.algorithm1);
  for (const Q& x : u) alg.step(x);
  return alg.step(signal).popped.size();
}

std::vector<std::pair<StackReading, InitialState>> every_reading() {
  std::vector<std::pair<StackReading, InitialState>> out;
  for (const StackReading& r : all_stack_readings()) {
    if (r.classical()) {
      for (InitialState s : {InitialState::Off, InitialState::On}) out.emplace_back(r, s);
    } else {
      out.emplace_back(r, InitialState::Off);
    }
  }
  return out;
}

std::string reading_name(const StackReading& r, InitialState s) {
  return to_string(r) + (r.classical() ? ", initial state " + to_string(s) : "");
}

// The first reading under which the sequence does not refute the lemma, or nullopt.
std::optional<std::string> surviving_reading(const std::vector<Q>& u, const Setting& s) {
  for (const auto& [r, initial] : every_reading()) {
    auto n = removed(u, r, initial, s);
    if (!n) return reading_name(r, initial) + ": the top two maxima are not pushed codes";
    if (*n == 1) return reading_name(r, initial) + ": one pair removed";
  }
  return std::nullopt;
}

ReplayOutcome replay_encoded(const Instance& in) {
  ReplayOutcome out;
  Setting s = setting_of(in);
  const std::vector<Q>& u = list(in, "u");
  out.predicted = "under def:encoding, POP = M_{top-1} + 2 eps removes exactly the top pair";
  if (!(s.encoding.k >= 1 && s.encoding.delta > 0 && s.eps > 0 && s.eps < s.encoding.delta / 2)) {
    out.computed = "not an encoding of def:encoding with 0 < eps < Delta/2";
    return out;
  }
  if (auto why = surviving_reading(u, s)) {
    out.computed = "it holds here under " + *why;
    return out;
  }
  out.violates = true;
  out.computed = "every reading removes more than one pair";
  out.table = {{"reading", "maxima before", "POP signal", "pairs removed"}};
  for (const auto& [r, initial] : every_reading()) {
    std::vector<Q> m = maxima(u, r, initial);
    out.table.push_back({reading_name(r, initial), sequences::show(m), palcheck::to_string(m[m.size() - 2] + 2 * s.eps),
                         std::to_string(*removed(u, r, initial, s))});
  }
  return out;
}

// k = 1, Delta = 1, D_max = 2, eps = 1/4: pushed codes 13/4, 5/4, -3/4. Sequences over those codes and
// the integers -3..0, shortest first.
std::vector<CheckResult> check_encoded(const RunConfig&) {
  Setting s{CantorEncoding{1, 2, Q(1)}, Q(1, 4)};
  std::vector<Q> alphabet{Q(-3), Q(-2), Q(-1), Q(0)};
  for (int d = 0; d <= s.encoding.d_max; ++d) alphabet.push_back(s.encoding.code(1, d) + s.eps);
  constexpr std::size_t kLength = 5;
  std::uint64_t cases = 0;
  std::optional<std::vector<Q>> witness = first_sequence(alphabet, kLength, [&](const std::vector<Q>& u) {
    ++cases;
    return !surviving_reading(u, s);
  });
  CheckResult r =
      enumeration_result(cases, "u over {-3, -2, -1, 0, 13/4, 5/4, -3/4} of length 1.." + std::to_string(kLength));
  r.reading = {every(ReadingKey::Stack, "classical memory (initial state 0, 1), Algorithm 1 (6 completions)")};
  r.interpretation = {{"encoding", "def:encoding with k = 1, Delta = 1, D_max = 2; M_top, M_{top-1} pushed codes"}};
  r.details.emplace_back("why",
                         "M_{top-1} + 2 eps > M_{top-1}: the signal exceeds the pair it should keep, so the rising "
                         "step removes that pair too, whatever the stack reading");
  if (!witness) {
    r.verdict = Verdict::Held;
    r.summary = "no sequence in the space refutes lem:pop_one under every reading at once";
    return {r};
  }
  r.verdict = Verdict::Refuted;
  r.summary = "on the Cantor-encoded stack left by u = " + sequences::show(*witness) +
              " (top maxima are pushed codes), POP removes more than the top pair under every stack reading";
  r.counterexample = Instance{"lem:pop_one",
                              kEncodedStack,
                              {{"stack", "every reading"}},
                              {{"u", *witness},
                               {"k", {Q(s.encoding.k)}},
                               {"D_max", {Q(s.encoding.d_max)}},
                               {"delta", {s.encoding.delta}},
                               {"eps", {s.eps}}}};
  return {r};
}

}  // namespace

void register_pop_one_encoded(Registry& registry) {
  registry.add(Checker{"lem:pop_one", "enumeration", check_encoded}, kEncodedStack, replay_encoded);
}

}  // namespace palcheck
