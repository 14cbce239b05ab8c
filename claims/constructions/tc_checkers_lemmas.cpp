// lem:decode_stack (pigeonhole on {0,1}^H), lem:mlp_width (exact tabulation of delta, enumerated over
// every library machine's finite domain) and cor:vpal_tc (vPAL is never defined).
#include "claims/constructions/tc_checker_parts.h"
#include "reference/models/encoding_cantor.h"
#include "reference/models/pda_library.h"
#include "reference/models/tc_mlp.h"
#include "reference/preisach_memory.h"

#include <set>
#include <string>
#include <vector>

namespace palcheck {

namespace {

int ceil_log2(long n) {
  int h = 0;
  while ((1L << h) < n) ++h;
  return h;
}

// lem:decode_stack: 2^H + 1 input sequences over the K code values whose memories are distinct stacks
// of depth <= k; no map into {0,1}^H is injective on them.
ReplayOutcome replay_pigeonhole(const Instance& in) {
  // The code table has gamma * (k + 1) entries: small alphabets and depths only.
  int gamma = static_cast<int>(integer(in, "gamma", 1, 64)), k = static_cast<int>(integer(in, "k", 1, 64));
  CantorEncoding enc{gamma, k, scalar(in, "delta")};
  long K = static_cast<long>(k + 1) * gamma;
  int H = ceil_log2(K);
  std::set<Q> codes;
  for (int i = 1; i <= gamma; ++i)
    for (int d = 0; d <= k; ++d) codes.insert(enc.code(i, d));
  const std::vector<Q>& inputs = list(in, "inputs", 0, kMaxPosition);
  const std::vector<Q>& lengths = list(in, "lengths", 1, kMaxPosition);
  std::size_t total = 0;
  for (const Q& len : lengths) {
    if (floor_q(len) != len || len < 0 || len > static_cast<long>(inputs.size()))
      throw BadInstance("values[\"lengths\"] holds " + to_string(len) + ", not a length within values[\"inputs\"]");
    total += len.convert_to<std::size_t>();
  }
  if (total != inputs.size())
    throw BadInstance("values[\"lengths\"] sum to " + std::to_string(total) + ", values[\"inputs\"] has " +
                      std::to_string(inputs.size()) + " numbers");
  std::set<std::vector<Q>> memories;
  ReplayOutcome out;
  out.table = {{"input sequence", "memory (extrema)", "depth (maxima)"}};
  bool well_formed = true;
  std::size_t at = 0;
  for (const Q& len : lengths) {
    std::vector<Q> u(inputs.begin() + static_cast<long>(at),
                     inputs.begin() + static_cast<long>(at + len.convert_to<std::size_t>()));
    at += len.convert_to<std::size_t>();
    PreisachMemory memory(InitialState::Off);
    std::size_t maxima = 0;
    for (const Q& x : u) {
      well_formed = well_formed && codes.count(x) > 0;
      memory.step(x);
    }
    for (std::size_t i = 0; i < memory.extrema().size(); ++i) maxima += memory.is_maximum(i) ? 1 : 0;
    well_formed = well_formed && maxima <= static_cast<std::size_t>(k);
    memories.insert(memory.extrema());
    out.table.push_back({show_list(u), show_list(memory.extrema()), std::to_string(maxima)});
  }
  out.predicted = "an injective map from these stacks into {0,1}^H, H = ceil(log2 " + std::to_string(K) +
                  ") = " + std::to_string(H);
  out.computed = std::to_string(memories.size()) + " distinct stacks of depth <= " + std::to_string(k) +
                 " over the K = " + std::to_string(K) + " code values" + (well_formed ? "" : " (NOT well formed)") +
                 ", but only 2^H = " + std::to_string(1L << H) + " outputs";
  out.violates = well_formed && static_cast<long>(memories.size()) > (1L << H);
  return out;
}

std::vector<CheckResult> check_decode_stack(const RunConfig&) {
  const int gamma = 2, k = 1;
  CantorEncoding enc{gamma, k, Q(1)};
  std::vector<Q> codes;
  for (int d = 0; d <= k; ++d)
    for (int i = 1; i <= gamma; ++i) codes.push_back(enc.code(i, d));  // decreasing
  long needed = (1L << ceil_log2(static_cast<long>(k + 1) * gamma)) + 1;
  std::vector<std::vector<Q>> sequences;
  for (const Q& c : codes) sequences.push_back({c});  // one maximum
  for (std::size_t a = 0; a < codes.size(); ++a)
    for (std::size_t b = a + 1; b < codes.size(); ++b) sequences.push_back({codes[a], codes[b]});  // (M, m)
  sequences.resize(static_cast<std::size_t>(needed));
  Instance in{"lem:decode_stack", "pigeonhole", {}, {{"gamma", {Q(gamma)}}, {"k", {Q(k)}}, {"delta", {Q(1)}}}};
  for (const auto& s : sequences) {
    in.values["lengths"].push_back(Q(static_cast<long>(s.size())));
    for (const Q& x : s) in.values["inputs"].push_back(x);
  }
  ReplayOutcome o = replay_pigeonhole(in);
  CheckResult r;
  r.method = "enumeration";
  r.reading = {reading(StackReading{})};
  r.interpretation = {{"phi", "injective on whole stacks, as printed (not only on M_top)"}};
  r.cases = sequences.size();
  r.details.emplace_back("index(i,j)",
                         "the proof's map from grid relays to codes is never defined; no measure is "
                         "needed for the pigeonhole argument");
  r.details.emplace_back("M_top only",
                         "reading only the top symbol is possible, but with outputs in {0..k-1}, not "
                         "bits, and on a nested encoding: see the reader heads of repair:thm:tc");
  r.verdict = o.violates ? Verdict::Refuted : Verdict::Held;
  r.summary = o.violates ? "pigeonhole: " + o.computed : "the enumeration did not exceed 2^H";
  if (o.violates) r.counterexample = in;
  return {r};
}

// delta as numbers: (next, op1 kind, op1 symbol, op2 kind, op2 symbol), kind 0 none, 1 pop, 2 push.
QVector transition_vector(const PdaTransition& t) {
  auto kind = [](const StackOp& op) { return Q(static_cast<int>(op.kind)); };
  return {Q(t.next), kind(t.op1), Q(t.op1.symbol), kind(t.op2), Q(t.op2.symbol)};
}

std::vector<CheckResult> check_mlp_width(const RunConfig&) {
  CheckResult one_hot, scalar;
  for (CheckResult* r : {&one_hot, &scalar}) {
    r->method = "enumeration";
    r->verdict = Verdict::Held;
  }
  one_hot.reading = {reading(InputEncoding::OneHot)};
  one_hot.interpretation = {{"input", "q, a, s1, s2 each one-hot, concatenated"}};
  scalar.reading = {reading(InputEncoding::ScalarCodes)};
  scalar.interpretation = {{"input", "q, a, s1, s2 as integers"}};
  std::size_t failures_one_hot = 0, failures_scalar = 0;
  for (const LibraryMachine& lm : machine_library()) {
    const TwoStackPda& m = lm.machine;
    int nq = m.state_count(), ni = m.input_count(), k = m.stack_symbol_count();
    std::vector<QVector> table;
    for (int s2 = 0; s2 < k; ++s2)
      for (int s1 = 0; s1 < k; ++s1)
        for (int x = 0; x < ni; ++x)
          for (int q = 0; q < nq; ++q) table.push_back(transition_vector(m.at(q, x, s1, s2)));
    ReluMlp indicator = one_hot_table_mlp({nq, ni, k, k}, table);
    ReluMlp interpolation = interpolation_table_mlp(4, {Q(1), Q(nq), Q(nq * ni), Q(nq * ni * k)}, table);
    std::size_t bad_one_hot = 0, bad_scalar = 0;
    for (int s2 = 0; s2 < k; ++s2)
      for (int s1 = 0; s1 < k; ++s1)
        for (int x = 0; x < ni; ++x)
          for (int q = 0; q < nq; ++q) {
            QVector expected = transition_vector(m.at(q, x, s1, s2));
            QVector hot(static_cast<std::size_t>(nq + ni + 2 * k), Q(0));
            hot[static_cast<std::size_t>(q)] = hot[static_cast<std::size_t>(nq + x)] = 1;
            hot[static_cast<std::size_t>(nq + ni + s1)] = hot[static_cast<std::size_t>(nq + ni + k + s2)] = 1;
            bad_one_hot += indicator.apply(hot) != expected;
            bad_scalar += interpolation.apply({Q(q), Q(x), Q(s1), Q(s2)}) != expected;
            ++one_hot.cases;
            ++scalar.cases;
          }
    failures_one_hot += bad_one_hot;
    failures_scalar += bad_scalar;
    std::string domain = std::to_string(table.size());
    one_hot.details.emplace_back(m.name(), "width " + std::to_string(indicator.width()) +
                                               " = |Q||Sigma+blank||Gamma|^2 = " + domain + ", mismatches " +
                                               std::to_string(bad_one_hot));
    scalar.details.emplace_back(m.name(), "width " + std::to_string(interpolation.width()) + " (domain " + domain +
                                              "), mismatches " + std::to_string(bad_scalar));
  }
  scalar.details.emplace_back("indicator neurons",
                              "with scalar codes the proof's one-neuron indicator cannot exist: "
                              "ReLU(w.x + b) is convex along a line, so it cannot be 1 at an "
                              "interior code and 0 at its two neighbours; the width bound still "
                              "holds by interpolating a mixed-radix key (N - 1 neurons)");
  one_hot.verdict = failures_one_hot ? Verdict::Error : Verdict::Held;
  scalar.verdict = failures_scalar ? Verdict::Error : Verdict::Held;
  one_hot.summary =
      "ReLU(x_q + x_a + x_s1 + x_s2 - 3) per entry tabulates delta exactly on every domain point of the "
      "5 library machines";
  scalar.summary =
      "with scalar codes, N - 1 interpolation neurons of one mixed-radix key tabulate delta exactly on "
      "every domain point of the 5 library machines";
  return {one_hot, scalar};
}

std::vector<CheckResult> check_vpal(const RunConfig&) {
  CheckResult r;
  r.method = "analysis";
  r.verdict = Verdict::IllPosed;
  r.summary = "vPAL is never defined: no relay of a 2-D signal, no semantics for theta, no head output";
  r.details = {{"measure domain",
                "def:mpal puts the vPAL measure on (alpha, beta, theta); the proof of cor:vpal_tc on "
                "(alpha_x, beta_x, alpha_y, beta_y, theta): two different, undefined domains"},
               {"relay", "no definition says when a relay is on for u_n in R^2 (per axis? along direction theta?)"},
               {"output",
                "the head output of vPAL is not defined, so 'reads TOP(stack^x) and TOP(stack^y) simultaneously "
                "from the single head' has no meaning (one scalar output must carry both tops)"},
               {"state and tape",
                "'encoded in the angular structure of the measure' gives Q and the input tape no channel: "
                "a fixed measure holds no changing state"},
               {"source", "the only reference is an external thesis chapter (Frydrych 2019, ch. 4.2.2)"},
               {"what holds",
                "eq:two_stacks (one independent memory per coordinate) is what repair:thm:tc does with two "
                "scalar heads"}};
  return {r};
}

}  // namespace

void register_tc_lemma_checkers(Registry& registry) {
  registry.add(Checker{"lem:decode_stack", "enumeration", check_decode_stack}, "pigeonhole", replay_pigeonhole);
  registry.add(Checker{"lem:mlp_width", "enumeration", check_mlp_width});
  registry.add(Checker{"cor:vpal_tc", "analysis", check_vpal});
}

}  // namespace palcheck
