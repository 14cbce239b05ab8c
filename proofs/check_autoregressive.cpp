// def:autoregressive (Definition 4.4): in the autoregressive regime (x_{m+1} read from the signal channels of
// the last layer's z_m, and from a streamed input symbol both runs share), the relay states are the sole
// recurrent state of every PAL-Transformer. Two runs that agree on the token at n and on every relay state
// at n-1 agree at every later position on every token, every layer's output and every relay state:
// induction over the positions m >= n, whose step is an induction over the layers (one relay's step, the
// read-out, LN, the MLP, each an uninterpreted function of position m's values) and the feedback. The relay
// states are a function of the classical memory (ref:memory_equals_definition), so the memories are too.
// "The extremum stacks" are Algorithm 1's (the stack claims' reading): under each of its completions and both
// initial states, a bounded model check finds two histories with equal stacks at n whose one-relay PAL outputs
// differ after the same next token, so no state made of the stacks alone determines the later outputs.
#include "proofs/checkers.h"
#include "proofs/encode_algorithm1.h"
#include "proofs/encode_relay.h"
#include "smt/bmc_bound.h"
#include "smt/judgement.h"
#include "smt/mutation.h"
#include "smt/query_chain.h"

namespace palcheck::proofs {

using namespace smt;

namespace {

/// One piece of the proof changed on purpose: its semantic mutants (smt/mutation.h), whose order numbers
/// their query files.
enum class AutoregressiveChange {
  None,                ///< the real encoding
  RateDependentRelay,  ///< relay step: switches on only when its signal rises across alpha (reads m-1)
  ReadOutReadsCache,   ///< attention and read-out: the head also reads a key/value cache of earlier positions
  LayerNormRunning,    ///< LN: normalises with running statistics carried from earlier positions
  MlpCarriesState,     ///< MLP: a hidden state carried from the previous position
  FeedbackReadsPast,   ///< the feedback reads z at an earlier position as well
  StatesMayDiffer,     ///< premise dropped: the relay states at m-1 may differ
  TokensMayDiffer,     ///< premise dropped: the tokens at m may differ
};
using Change = AutoregressiveChange;

constexpr InductionText kText{
    "def_autoregressive",
    "two runs of one PAL-Transformer in the autoregressive regime that agree on the token at m and on every "
    "relay state at m-1 agree, at m, on every layer's output and every relay state, and on the token at m+1",
    "positions m -> m+1: the layers at m (layer 0 = x_m + PE(m); a relay of layer l+1 steps by eq:relay on a "
    "signal of z^(l)_m; z^(l+1)_m = LN(h + MLP(h)), h = LN(z^(l)_m + read-out of the relay states at m)), then "
    "x_{m+1} = feedback(z^(L)_m, the streamed symbol at m+1)",
    "W_I, the measures, W_O, LN, the MLP, PE and the feedback are uninterpreted functions of position m's "
    "values, so the proof holds for every choice of them; the streamed input symbol is the same in both runs"};

smt::Sort vectors(smt::Context& c) { return c.array_sort(c.int_sort(), c.real_sort()); }

ChainQuery<Change> layer_base(Change mutant) {
  return {"base: layer 0",
          "x_m = x'_m => z^(0)_m = z'^(0)_m (z^(0)_m = x_m + PE(m))",
          [mutant](smt::Context& c, Query& q) {
            smt::FuncDecl embed = c.function("embed", vectors(c), c.int_sort(), vectors(c));
            smt::Term x = c.constant("x_m", vectors(c)), x2 = c.constant("x_m_other", vectors(c)), m = c.int_const("m");
            if (mutant != Change::TokensMayDiffer) q.hypothesis("same token at m", x == x2);
            q.fact(embed(x, m) != embed(x2, m));
          },
          {Change::TokensMayDiffer}};
}

ChainQuery<Change> relay_step(Change mutant) {
  return {"step: a relay of layer l+1 at m",
          "z^(l)_m = z'^(l)_m and the relay's states at m-1 equal => its states at m equal (eq:relay on its signal)",
          [mutant](smt::Context& c, Query& q) {
            smt::FuncDecl signal = c.function("signal", c.int_sort(), vectors(c), c.real_sort());
            smt::Term r = c.int_const("r"), alpha = c.real_const("alpha"), beta = c.real_const("beta");
            auto next = [&](const std::string& s) {
              smt::Term z = c.constant(("z" + s).c_str(), vectors(c)),
                        before = c.constant(("z_before" + s).c_str(), vectors(c));
              smt::Term prev = c.bool_const(("prev" + s).c_str()), u = signal(r, z), on = u >= alpha;
              if (mutant == Change::RateDependentRelay) on = on && signal(r, before) < alpha;
              q.fact(c.bool_const(("next" + s).c_str()) ==
                     smt::ite(on, c.bool_val(true), smt::ite(u <= beta, c.bool_val(false), prev)));
              return std::pair{z, prev};
            };
            auto [z, prev] = next("");
            auto [z2, prev2] = next("_other");
            q.hypothesis("alpha >= beta", alpha >= beta);
            q.hypothesis("same layer input at m", z == z2);
            if (mutant != Change::StatesMayDiffer) q.hypothesis("same relay states at m-1", prev == prev2);
            q.fact(c.bool_const("next") != c.bool_const("next_other"));
          },
          {Change::RateDependentRelay, Change::StatesMayDiffer}};
}

// z^(l+1)_m from z^(l)_m and the relay states of layer l+1 at m: each piece reads position m only, or, under
// its mutant, also a value carried from earlier positions (a cache, running statistics, a hidden state),
// which the two runs need not share.
ChainQuery<Change> layer_step(Change mutant) {
  return {"step: layer l to l+1",
          "z^(l)_m = z'^(l)_m and every relay state of layer l+1 at m equal => z^(l+1)_m = z'^(l+1)_m",
          [mutant](smt::Context& c, Query& q) {
            smt::Sort vec = vectors(c), bits = c.array_sort(c.int_sort(), c.bool_sort());
            smt::FuncDecl read_out = c.function("read_out", bits, vec, vec);
            smt::FuncDecl norm = c.function("layer_norm", vec, vec, vec), mlp = c.function("mlp", vec, vec, vec);
            auto layer = [&](const std::string& s) {
              smt::Term z = c.constant(("z" + s).c_str(), vec), states = c.constant(("states" + s).c_str(), bits);
              auto carried = [&](Change piece, const char* name) {
                return mutant == piece ? c.constant((name + s).c_str(), vec) : c.constant(name, vec);
              };
              smt::FuncDecl residual = c.function("residual", vec, vec, vec);
              smt::Term statistics = carried(Change::LayerNormRunning, "ln_statistics");
              smt::Term h =
                  norm(residual(z, read_out(states, carried(Change::ReadOutReadsCache, "kv_cache"))), statistics);
              smt::Term out = norm(residual(h, mlp(h, carried(Change::MlpCarriesState, "mlp_state"))), statistics);
              return std::tuple{z, states, out};
            };
            auto [z, s, out] = layer("");
            auto [z2, s2, out2] = layer("_other");
            q.hypothesis("same layer input at m", z == z2);
            q.hypothesis("same relay states at m (relay step)", s == s2);
            q.fact(out != out2);
          },
          {Change::ReadOutReadsCache, Change::LayerNormRunning, Change::MlpCarriesState}};
}

ChainQuery<Change> feedback(Change mutant) {
  return {"step: position m to m+1",
          "z^(L)_m = z'^(L)_m and the same streamed symbol => x_{m+1} = x'_{m+1}; with the relay states at m "
          "equal (the layer induction) the invariant holds at m+1",
          [mutant](smt::Context& c, Query& q) {
            smt::Sort vec = vectors(c);
            smt::FuncDecl fed = c.function("feedback", vec, c.int_sort(), vec, vec);
            smt::Term z = c.constant("z_last", vec), z2 = c.constant("z_last_other", vec), e = c.int_const("streamed");
            smt::Term past = c.constant("z_past", vec),
                      past2 = mutant == Change::FeedbackReadsPast ? c.constant("z_past_other", vec) : past;
            q.hypothesis("same last layer output at m", z == z2);
            q.fact(fed(z, e, past) != fed(z2, e, past2));
          },
          {Change::FeedbackReadsPast}};
}

const std::vector<Mutant<Change>> kMutants{
    rate_dependent_relay(Change::RateDependentRelay, "m-1"),
    {Change::ReadOutReadsCache, "read-out reads a cache", "the head's read-out also reads earlier positions",
     ModelDefinition::AttentionReadOut},
    {Change::LayerNormRunning, "running layer norm", "LN normalises with statistics carried from earlier positions",
     ModelDefinition::LayerNorm},
    {Change::MlpCarriesState, "MLP carries a state", "the MLP reads a hidden state carried from position m-1",
     ModelDefinition::Mlp},
    {Change::FeedbackReadsPast, "feedback reads the past", "x_{m+1} also reads z at an earlier position",
     ModelDefinition::Feedback},
    {Change::StatesMayDiffer, "states at m-1 may differ",
     "the relay step's premise 'same relay states at m-1' dropped"},
    {Change::TokensMayDiffer, "tokens at m may differ", "layer 0's premise 'same token at m' dropped"},
};

InductionProof prove_autoregressive(const RunConfig& config, Change mutant) {
  return run_chain(
      config, kText,
      std::vector<ChainQuery<Change>>{layer_base(mutant), relay_step(mutant), layer_step(mutant), feedback(mutant)},
      mutant);
}

std::vector<CheckResult> check_autoregressive(const RunConfig& config) {
  InductionClaim claim{
      "for every PAL-Transformer (any depth, heads, W_I, W_O, LN, MLP, PE, feedback of the signal channels) and "
      "every position n: two runs that agree on the token at n and on every relay state at n-1 agree on every "
      "later token, layer output and relay state, so the relay states (a function of the heads' classical "
      "memories) are the sole recurrent state",
      {reading(StackReading{})},
      {{"regime", "x_{m+1} = feedback(z^(L)_m, the streamed input symbol at m+1)"}},
      {"def:pal_transformer (any depth, any number of heads, any W_I, W_O, LN, MLP)",
       "relays of eq:relay (symbolic thresholds)", "the same streamed input symbols in both runs"}};
  CheckResult r = chain_pinned(config, claim,
                               {ModelDefinition::RelayStep, ModelDefinition::AttentionReadOut,
                                ModelDefinition::LayerNorm, ModelDefinition::Mlp, ModelDefinition::Feedback},
                               kMutants, prove_autoregressive);
  r.details.emplace_back("scope",
                         "the relay states are read from the classical memory (ref:memory_equals_definition); "
                         "Algorithm 1's stack does not determine them under any reading (prop:sufficiency)");
  return {r};
}

// One completion of Algorithm 1 and one initial state.
struct StackCase {
  Algorithm1Options reading;
  InitialState initial;
};

// Histories u, v of n inputs with equal Algorithm 1 stacks, then one shared token w: the relay (alpha, beta)
// of a one-layer PAL (W_I = 1, weight 1) ends in different states, so its outputs at n+1 differ.
Judgement stacks_then_token(smt::Context& c, Query& q, const StackCase& k, std::size_t n) {
  std::vector<smt::Term> u = symbolic_sequence(c, "u", n), v = symbolic_sequence(c, "v", n);
  smt::Term w = c.real_const("w"), alpha = c.real_const("alpha"), beta = c.real_const("beta");
  Algorithm1Unrolling au = unroll_algorithm1(c, u, k.reading, "au"), av = unroll_algorithm1(c, v, k.reading, "av");
  q.facts(au.facts);
  q.facts(av.facts);
  q.hypothesis("alpha >= beta", alpha >= beta);
  q.hypothesis("Pi_n(u) = Pi_n(v) (Algorithm 1)", stacks_equal(au.states.back(), av.states.back()));
  std::vector<smt::Term> uw = u, vw = v;
  uw.push_back(w);
  vw.push_back(w);
  const bool on = k.initial == InitialState::On;
  q.fact(relay_run(alpha, beta, uw, on).back() != relay_run(alpha, beta, vw, on).back());
  return Judgement{
      .proved = "equal Algorithm 1 stacks and the same next token give equal relay states",
      .refuted = "two histories with the same Algorithm 1 stacks, fed the same next token, give a one-relay PAL "
                 "layer different outputs: the stacks are not a sufficient recurrent state",
      .witness = Witness{.label = "def:autoregressive",
                         .scenario = "z3-equal-stacks-later-output",
                         .options = {{"algorithm1", to_string(k.reading)}, {"initial_state", to_string(k.initial)}},
                         .read = {{"u", u}, {"v", v}, {"w", {w}}, {"alpha", {alpha}}, {"beta", {beta}}}},
      .reading = {reading(StackReading{StackKind::Algorithm1, k.reading}), reading(k.initial)},
      .interpretation = {{"N", std::to_string(n)}, {"continuation", "one token"}},
      .bound = bmc_bound(n)};
}

std::vector<CheckResult> check_stack_state(const RunConfig& config) {
  std::vector<StackCase> cases;
  for (InitialState initial : {InitialState::Off, InitialState::On})
    for (const Algorithm1Options& reading : all_algorithm1_readings()) cases.push_back({reading, initial});
  return bmc_each<StackCase>(
      config, cases,
      [](const StackCase& k) {
        return "def_autoregressive_alg1_" + to_string(k.reading) + "_init" + to_string(k.initial);
      },
      stacks_then_token);
}

}  // namespace

void register_autoregressive_checkers(Registry& r) {
  add_checkers(r, "induction", {{"def:autoregressive", check_autoregressive}});
  add_checkers(r, "z3", {{"def:autoregressive", check_stack_state}});
}

}  // namespace palcheck::proofs
