// thm:complexity, thm:complexity:depth, tab:complexity, tab:complexity:tc-columns, abstract:cost,
// sec:complexity:advantages, intro:properties: asymptotic, empirical and motivating statements are
// NOT-CHECKABLE as such; the checkable part is that the stack depth k can grow like n, so the
// memory bound O(Hkd) is O(Hnd) in the worst case, the order of attention's.
#include "claims/analysis_registration.h"

#include "reference/algorithm1.h"
#include "reference/preisach_memory.h"

#include <algorithm>

namespace palcheck::analysis {
namespace {

// The nested zig-zag of shrinking amplitude: m, -m, m-1, -(m-1), ... (m tokens).
std::vector<Q> nested_zigzag(std::size_t m) {
  std::vector<Q> u;
  for (std::size_t t = 0; t < m; ++t) {
    Q amplitude(static_cast<long>(m - t / 2));
    u.push_back(t % 2 == 0 ? amplitude : Q(-amplitude));
  }
  return u;
}

struct DepthRun {
  std::size_t memory = 0;       // classical memory entries after the last token
  std::size_t stack = 0;        // Algorithm 1 pairs after the last token
  std::size_t popped_next = 0;  // pairs Algorithm 1 pops on one further token above every maximum
};

DepthRun run_depth(std::size_t m) {
  std::vector<Q> u = nested_zigzag(m);
  PreisachMemory memory;
  Algorithm1 stack;
  for (const Q& x : u) memory.step(x), stack.step(x);
  DepthRun run{memory.extrema().size(), stack.stack().size(), 0};
  run.popped_next = stack.step(Q(static_cast<long>(m + 1))).popped.size();
  return run;
}

std::vector<CheckResult> check_depth(const RunConfig& config) {
  std::size_t largest = std::clamp<std::size_t>(config.tests / 2, 8, 256);
  CheckResult r;
  r.method = "enumeration";
  r.interpretation = {{"algorithm1", to_string(Algorithm1Options{})}, {"initial_state", "0"}};
  for (std::size_t m = 1; m <= largest; ++m) {
    DepthRun run = run_depth(m);
    r.cases = m;
    // k = Theta(n): the whole input stays in the memory, and Algorithm 1 keeps at least half of it.
    if (run.memory != m || 2 * run.stack + 2 < m) {
      r.verdict = Verdict::Unknown;
      r.summary = "the nested zig-zag of length " + std::to_string(m) + " is not a depth witness: memory " +
                  std::to_string(run.memory) + ", Algorithm 1 stack " + std::to_string(run.stack);
      return {r};
    }
  }
  DepthRun last = run_depth(largest);
  r.verdict = Verdict::Held;
  r.summary = "for every n <= " + std::to_string(largest) + " the nested zig-zag of n tokens keeps n classical memory "
              "entries (Algorithm 1: " + std::to_string(last.stack) + " pairs at n = " + std::to_string(largest) +
              "): k = n, so O(Hkd) memory is O(Hnd), attention's order";
  r.details = {{"witness family", "u = (n, -n, n-1, -(n-1), ...): maxima decrease and minima increase, so nothing "
                                  "is ever wiped; deterministic, no seed; n = 1.." + std::to_string(largest)},
               {"one further token", "u = n + 1 after it makes Algorithm 1 pop " + std::to_string(last.popped_next) +
                                         " pairs in one step: the per-token bound O(H log k d) of thm:complexity is "
                                         "amortised for the printed while loop (a binary search for the wiping "
                                         "point and a truncation would make it worst-case)"},
               {"scope", "holds for n up to the bound above by computation; for all n it is the evident induction, "
                         "not machine-checked"}};
  return {r};
}

std::vector<CheckResult> not_checkable(std::string summary, std::vector<std::pair<std::string, std::string>> details) {
  return {analysis_result(Verdict::NotCheckable, std::move(summary), std::move(details))};
}

}  // namespace

void register_complexity_analyses(Registry& registry) {
  registry.add(Checker{"thm:complexity", "analysis", [](const RunConfig&) {
    return not_checkable(
        "asymptotic time and memory bounds over an unstated machine model are not a finite statement",
        {{"exact point", "thm:complexity items 1-3: \"O(H \\cdot \\log k \\cdot d)\", \"O(H \\cdot n \\log n \\cdot "
                         "d)\", \"O(H \\cdot k \\cdot d)\", with \"k \\leq n\""},
         {"checked instead", "thm:complexity:depth (k can equal n: the memory bound is O(Hnd) in the worst case, and "
                             "one token can pop Theta(k) pairs); prop:complexity (amortised stack work) is judged "
                             "with alg:stack"},
         {"cost model", "exact rationals grow with the input; the bounds count unit-cost arithmetic on fixed-size "
                        "numbers, which the paper does not state"}});
  }});
  add_sub_claim(registry, "thm:complexity:depth", "sec:complexity",
                "The extremum stack depth k can equal the sequence length n (nested zig-zag of shrinking amplitude), "
                "so the memory O(Hkd) of thm:complexity is O(Hnd) in the worst case, the same order as attention.",
                {}, {"algorithm1", "initial_state"});
  registry.add(Checker{"thm:complexity:depth", "enumeration", check_depth});

  registry.add(Checker{"tab:complexity", "analysis", [](const RunConfig&) {
    return not_checkable(
        "a table of asymptotic costs and of Turing-completeness results from the literature",
        {{"PAL rows", "time O(n log n d) and memory O(kd) restate thm:complexity (k can equal n: "
                      "thm:complexity:depth); the TC columns are tab:complexity:tc-columns"},
         {"doubtful row", "\"Transformer (hard) ... Depth for TC O(log n)\" cites Perez et al. (2021), whose "
                          "construction, to our reading, uses a constant number of layers"},
         {"heads", "the table gives H = 4 for scalar PAL, rem:heads_dims calls H = 2 the minimal TC architecture; "
                   "consistent only if H = 4 is read as sufficient, not minimal"},
         {"other rows", "Mamba/SSM and RWKV (\"open\"), softmax \"not TC\": statements about other work, not checked"}});
  }});
  add_sub_claim(registry, "tab:complexity:tc-columns", "sec:complexity",
                "The Depth-for-TC and Heads-for-TC entries of the PAL (O(1), H = 4) and vPAL (O(1), H = 1) rows hold.",
                {}, {"stack", "initial_state"});
  registry.add(Checker{"tab:complexity:tc-columns", "analysis", [](const RunConfig&) {
    return not_checkable(
        "these entries restate thm:tc (scalar PAL, H = 4) and cor:vpal_tc (vPAL, H = 1): their verdicts are those "
        "claims' verdicts",
        {{"depends on", "thm:tc, cor:vpal_tc, def:mpal:vpal (vPAL is not defined consistently)"}});
  }});

  registry.add(Checker{"abstract:cost", "analysis", [](const RunConfig&) {
    return not_checkable(
        "\"O(n log n) total inference cost versus O(n^2)\" is an asymptotic cost claim over an unstated model",
        {{"exact point", "abstract: \"with O(n \\log n) total inference cost versus O(n^2) for standard attention\""},
         {"depends on", "thm:complexity (item 2); its checkable part is thm:complexity:depth"}});
  }});
  registry.add(Checker{"sec:complexity:advantages", "analysis", [](const RunConfig&) {
    return not_checkable(
        "an empirical prediction about trained models; the paper itself lists it as open",
        {{"exact point", "sec:complexity: \"PAL is predicted to outperform standard attention on tasks that are "
                         "rate-independent and require long episodic memory\""},
         {"paper's own status", "sec:conclusion, open question 1: \"Do the predicted task advantages materialise in "
                                "practice?\""}});
  }});
  registry.add(Checker{"intro:properties", "analysis", [](const RunConfig&) {
    return not_checkable(
        "a motivating list; each item is a labelled claim judged on its own",
        {{"items", "1 rate-independence: prop:rate_independence; 2 wiping: prop:wiping; 3 stack sufficiency: "
                   "prop:sufficiency; 4 universal approximation: prop:universal"},
         {"stronger than its source", "item 3 says \"minimal sufficient statistic\"; prop:sufficiency states "
                                      "sufficiency only, minimality is not proved anywhere in the paper"},
         {"loose wording", "item 2 \"a new extremum erases all previous extrema of smaller magnitude\": a new maximum "
                           "wipes the smaller earlier maxima and the minima between them, by value, not magnitude "
                           "(see prop:wiping)"}});
  }});
}

}  // namespace palcheck::analysis
