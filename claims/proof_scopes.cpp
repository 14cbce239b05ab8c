// The scope tables (see proof_scopes.h): one row per statement, one per proof. A statement lists what it
// quantifies over; a proof lists what it takes as given, and covers the statement when its narrowing entries
// (all but imported hypotheses and witnesses) are exactly the statement's.
#include "claims/proof_scopes.h"

#include <map>
#include <utility>

namespace palcheck {
namespace {

Assumption every(std::string subject, std::string range = "") {
  return {Given::Domain, std::move(subject), std::move(range), Extent::Every};
}
Assumption model(std::string subject, std::string value) { return {Given::Model, std::move(subject), std::move(value)}; }
Assumption bound(std::string subject, std::string value) { return {Given::Bound, std::move(subject), std::move(value)}; }
Assumption component(std::string subject, std::string value) {
  return {Given::Component, std::move(subject), std::move(value)};
}
Assumption imported(std::string subject, std::string value = "") {
  return {Given::Imported, std::move(subject), std::move(value)};
}
Assumption witness(std::string subject, std::string value) {
  return {Given::Witness, std::move(subject), std::move(value)};
}

// The models the stack claims speak about.
const Assumption kAlgorithm1 = model("stack", "Algorithm 1, every completion palcheck admits");
const Assumption kMemory = model("stack", "classical memory");
const Assumption kMemoryInvariant =
    imported("the classical memory's invariant", "ref:memory_equals_definition's induction, every length");

// repair:thm:tc's scope: its statement declares every entry, so its line says each.
const std::vector<Assumption> kTcScope{
    every("two-stack PDA", "|Q|, |Sigma|, |Gamma| symbolic, delta uninterpreted"),
    every("machine steps"),
    bound("D_max", "the stacks stay within it; the reader's thresholds depend on it (one transformer per bound)"),
    model("delta", "pushes or pops one symbol per stack and reads one input symbol per step"),
    component("layer normalisation", "read as the identity"),
    component("acceptance", "not modelled (the configuration is simulated)"),
    component("signal range", "proved for the stack-channel signals"),
};

const std::vector<Assumption> kNone;

// The statements whose proofs restate their whole scope.
const std::vector<Assumption> kRateIndependence{
    model("reparametrisation", "discrete: each input repeated, monotone points inserted between neighbours"),
    every("sequence"), every("relay, so every mu", "alpha >= beta"), every("initial state")};
const std::vector<Assumption> kAutoregressive{
    model("PAL-Transformer", "any depth and heads, W_I, W_O, LN, MLP, PE, feedback of the signal channels"),
    every("position n"), every("streamed input symbols", "the same in both runs")};
const std::vector<Assumption> kConvergence{
    model("measure", "mu_ij = Delta^2 on G_L: the uniform density on 0 <= beta <= alpha <= C, L Delta = C"),
    every("L", "L >= 1"), every("input sequence, n"), every("initial state", "one for every relay")};
const std::vector<Assumption> kMpal{
    every("H, d", "H >= 1, d >= 1"), every("W_I^(h), W_O^(h)", "real, 1 x d and d"),
    every("measure mu^(h)", "finitely many relays (every grid G_L among them), alpha >= beta, real weights"),
    every("n, x_{0:n}", "real, (n+1) x d"), every("initial state", "one for every relay")};

// The fast path runs on the classical memory: the stack the proof's reading names (stack_model).
const std::vector<Assumption> kGridFastPath{
    every("L", "L >= 1"), every("Delta", "Delta > 0"), every("grid weights"),
    every("initial state", "0 and 1"), every("sequence length")};

// What each statement quantifies over.
const std::map<std::string, std::vector<Assumption>>& statements() {
  static const std::map<std::string, std::vector<Assumption>> table{
      {"lem:monotone", {every("k, D_max, d, i, i', Delta", "Delta > 0; 1 <= i, i' <= k; d >= 0")}},
      {"def:encoding:injective", {every("k, D_max, Delta, i, d", "Delta > 0; 1 <= i <= k; 0 <= d <= D_max")}},
      {"repair:lem:stack_ops:top",
       {every("k, D_max, Delta, i, d, eps", "Delta > 0; 1 <= i <= k; d >= 0; 0 < eps < Delta/2")}},
      {"lem:boolean", {every("r1, r2", "in {0,1}")}},
      {"prop:copy", {every("n, p", "0 <= p <= n"), every("tokens", "real")}},
      {"prop:no_copy",
       {model("PAL-Transformer", "any depth and heads, W_I, W_O, LN, MLP; relays of eq:relay on a finite grid"),
        every("n, p", "0 <= p < n")}},
      {"rem:prob_fix", {every("distribution", "i.i.d., continuous")}},
      {"lem:mlp_width", {every("|Q|, |Sigma|, |Gamma|, delta")}},
      {"def:relay:well-defined", {kMemory, every("sequence length"), every("relay", "alpha >= beta")}},
      {"thm:complexity:depth", {kAlgorithm1, every("n", "n >= 1")}},
      {"rem:heads_dims:parameters",
       {every("L, H", "L >= 1, H >= 1"), component("vPAL measure", "the H-fold product of grid half-planes")}},
      {"prop:rate_independence:discrete", {every("sequence, length, position"), every("relay", "alpha >= beta")}},
      {"repair:lem:threshold", {every("u, c, i"), every("eps", "eps = 0, or eps > 0 outside the dead band")}},
      {"repair:prop:wiping", {every("history"), every("excursion length")}},
      {"prop:complexity:counts", {kAlgorithm1, every("sequence length")}},
      {"repair:lem:pop_one", {kAlgorithm1, every("stack depth", ">= 2"), every("prefix")}},
      {"ref:memory_equals_definition", {kMemory, every("sequence length")}},
      {"ref:return_point_memory", {every("history"), every("loop length")}},
      {"ref:congruency", {every("two histories"), every("path length")}},
      {"ref:algorithm1_steps", {kAlgorithm1, every("stack depth")}},
      {"prop:no_copy:bare_memory", {kAlgorithm1, every("n, p", "n > p >= 1")}},
      {"prop:hopfield_pal:distinct_pairs", {kAlgorithm1, every("sequence")}},
      {"repair:thm:tc", kTcScope},
      {"repair:thm:tc:library", {every("library machine", "the 5 of pda_machine.h"), every("machine steps")}},
      {"thm:separation:tr_only",
       {model("PAL side", "every PAL-Transformer: any depth and heads, W_I, W_O, LN, MLP, PE"),
        every("n, input", "every real input")}},
      {"rem:backprop:off_ties", {every("n"), every("relay", "alpha >= beta"), every("initial state", "0 and 1")}},
      {"rem:maxcut:identity", {every("graph, weights", "w_ij >= 0"), every("sigma")}},
      {"prop:rate_independence", kRateIndependence},
      // "the extremum stacks": Algorithm 1's, as in the stack claims; the proof is about the relay states.
      {"def:autoregressive", [] {
         std::vector<Assumption> scope = kAutoregressive;
         scope.insert(scope.begin(), kAlgorithm1);
         return scope;
       }()},
      {"prop:pal_preisach:convergence", kConvergence},
      {"def:mpal", kMpal},
      {"def:pal:grid", [] {
         std::vector<Assumption> scope = kGridFastPath;
         scope.insert(scope.begin(), kMemory);
         return scope;
       }()},
  };
  return table;
}

// What each proof takes as given, by (label, method).
const std::map<std::pair<std::string, std::string>, std::vector<Assumption>>& proofs() {
  static const std::map<std::pair<std::string, std::string>, std::vector<Assumption>> table{
      {{"lem:monotone", "z3"}, {every("k, D_max, d, i, i', Delta", "Delta > 0; 1 <= i, i' <= k; d >= 0")}},
      {{"def:encoding:injective", "z3"},
       {every("k, D_max, Delta, i, d", "Delta > 0; 1 <= i <= k; 0 <= d <= D_max")}},
      {{"repair:lem:stack_ops:top", "z3"},
       {every("k, D_max, Delta, i, d, eps", "Delta > 0; 1 <= i <= k; d >= 0; 0 < eps < Delta/2")}},
      {{"lem:boolean", "enumeration"}, {every("r1, r2", "in {0,1}")}},
      {{"lem:boolean", "z3"}, {every("r1, r2", "in {0,1}")}},
      {{"lem:stack_ops", "z3"}, {every("k, D_max, Delta, i, d", "Delta > 0; 1 <= i <= k")}},
      {{"lem:push_no_wipe", "z3"}, {every("k, D_max, Delta, i, j, d, eps", "Delta > 0; 1 <= i, j <= k")}},
      {{"prop:sufficiency", "induction"}, {every("sequence length"), every("relay", "alpha >= beta")}},
      {{"prop:copy", "z3"},
       {every("n, p", "0 <= p <= n"), every("tokens", "real"),
        witness("position encoding", "(j, j^2), ours (the paper's sinusoidal PE: its argmax step enumerated for n <= 24)"),
        imported("hard attention returns the value at the unique maximal score (def:attention)",
                 "attention and read-out are not in the query, which proves 2pj - j^2 peaks at j = p only")}},
      {{"prop:no_copy", "induction"},
       {model("PAL-Transformer", "any depth and heads, W_I, W_O, LN, MLP; relays of eq:relay on a finite grid"),
        every("n, p", "0 <= p < n"),
        imported("p given at the query position n", "the paper's hypothesis, as in prop:copy")}},
      {{"rem:prob_fix", "enumeration"},
       {every("distribution", "i.i.d., continuous"),
        imported("ties have probability 0 and the 3! orderings are equally likely", "exchangeability")}},
      {{"lem:mlp_width", "induction"},
       {every("|Q|, |Sigma|, |Gamma|, delta")}},
      {{"def:relay:well-defined", "induction"},
       {every("sequence length"), every("relay", "alpha >= beta")}},
      {{"thm:complexity:depth", "induction"}, {every("n", "n >= 1"), kMemoryInvariant}},
      {{"rem:heads_dims:parameters", "induction"},
       {every("L, H", "L >= 1, H >= 1"), component("vPAL measure", "the H-fold product of grid half-planes")}},
      {{"prop:rate_independence:discrete", "induction"},
       {every("sequence, length, position"), every("relay", "alpha >= beta")}},
      {{"repair:lem:threshold", "z3"}, {every("u, c, i"), every("eps", "eps = 0, or eps > 0 outside the dead band")}},
      {{"repair:lem:threshold", "induction"},
       {every("u, c, i"), every("eps", "eps = 0, or eps > 0 outside the dead band")}},
      {{"repair:prop:wiping", "induction"}, {every("history"), every("excursion length")}},
      {{"prop:complexity:counts", "induction"}, {every("sequence length")}},
      {{"repair:lem:pop_one", "induction"}, {every("stack depth", ">= 2"), every("prefix")}},
      {{"ref:memory_equals_definition", "induction"}, {every("sequence length")}},
      {{"ref:return_point_memory", "induction"}, {every("history"), every("loop length")}},
      {{"ref:congruency", "induction"}, {every("two histories"), every("path length")}},
      {{"ref:algorithm1_steps", "induction"}, {every("stack depth")}},
      {{"prop:no_copy:bare_memory", "induction"}, {every("n, p", "n > p >= 1"), kMemoryInvariant}},
      {{"prop:hopfield_pal:distinct_pairs", "induction"}, {every("sequence"), kMemoryInvariant}},
      {{"repair:thm:tc", "induction"},
       [] {
         std::vector<Assumption> given = kTcScope;
         given.push_back(witness("implementation", "the construction as modelled; the reference's RepairTransformer "
                                                   "is matched to it for D_max = 1..4 (repair:thm:tc:library)"));
         return given;
       }()},
      {{"repair:thm:tc:library", "enumeration"},
       {every("library machine", "the 5 of pda_machine.h"), every("machine steps"),
        imported("repair:thm:tc's induction", "its scope: D_max bounds the stacks, LN the identity, one symbol per step"),
        witness("implementation", "RepairTransformer matched to the modelled construction for D_max = 1..4")}},
      {{"thm:separation:tr_only", "induction"},
       {model("PAL side", "every PAL-Transformer: any depth and heads, W_I, W_O, LN, MLP, PE"),
        every("n, input", "every real input"),
        witness("transformer side", "one hard-attention layer, 2 heads, no LN, no PE (prop:range_hard)"),
        imported("the finite-image lemma", "prop:no_copy's induction")}},
      {{"rem:backprop:off_ties", "induction"},
       {every("n"), every("relay", "alpha >= beta"), every("initial state", "0 and 1")}},
      {{"rem:maxcut:identity", "induction"}, {every("graph, weights", "w_ij >= 0"), every("sigma")}},
      {{"prop:rate_independence", "induction"}, kRateIndependence},
      {{"def:autoregressive", "induction"}, kAutoregressive},
      {{"prop:pal_preisach:convergence", "induction"},
       [] {
         std::vector<Assumption> given = kConvergence;
         given.push_back(imported("a cell's integral", "between its area times the least and the greatest corner state"));
         return given;
       }()},
      {{"def:mpal", "induction"},
       [] {
         std::vector<Assumption> given = kMpal;
         given.push_back(kMemoryInvariant);
         return given;
       }()},
      {{"def:pal:grid", "induction"},
       [] {
         std::vector<Assumption> given = kGridFastPath;
         given.push_back(kMemoryInvariant);
         given.push_back(
             imported("linearity", "the fast path's table, gains, losses and start are sums of per-relay shares"));
         given.push_back(imported("MemoryPal's bookkeeping",
                                  "one output per memory entry, the top one recomputed after each step (not encoded)"));
         return given;
       }()},
  };
  return table;
}

}  // namespace

const std::vector<Assumption>& statement_scope(const std::string& label) {
  auto it = statements().find(label);
  return it == statements().end() ? kNone : it->second;
}

std::optional<Assumption> stack_model(const Reading& reading) {
  auto it = reading.find(ReadingKey::Stack);
  if (it == reading.end()) return std::nullopt;
  if (it->second.every()) return kAlgorithm1;
  std::optional<StackReading> stack = parse_stack_reading(*it->second.value);
  if (!stack) return std::nullopt;
  return stack->classical() ? kMemory : model("stack", "Algorithm 1, " + to_string(stack->algorithm1));
}

const std::vector<Assumption>& proof_assumptions(const std::string& label, const std::string& method) {
  auto it = proofs().find({label, method});
  return it == proofs().end() ? kNone : it->second;
}

}  // namespace palcheck
