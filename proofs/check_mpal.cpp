// def:mpal (Definition 3.2, eq:mpal) for every number of heads H, model dimension d, projections, measures,
// initial state and input: W_I^(h) x_t is one real, so each head's PAL reads a scalar signal; MPAL(x_{0:n})
// lies in R^d; and loops that project each token, read every relay state from its head's classical memory and
// sum relay by relay and head by head give, at coordinate k, sum_h W_O^(h)[k] sum_r mu_r^(h) R_r[W_I^(h) x](n).
// The finite sums (over coordinates, relays, heads) are inductions over their index, the relay states an
// induction over the sequence length; each step sets a loop's step against the recursion of the sum eq:mpal
// prints. The reference's mpal() sums a head's relays by the memory's staircase instead (memory_pal.h): that
// is in no query, and its agreement with eq:mpal stays the property result's.
#include "proofs/checkers.h"
#include "proofs/encode_relay.h"
#include "smt/mutation.h"
#include "smt/query_chain.h"

namespace palcheck::proofs {

using namespace smt;

namespace {

/// One piece of the proof changed on purpose: its semantic mutants (smt/mutation.h), whose order numbers
/// their query files. A head's projections W_I, W_O and its weighted sum of relay states are its read-out
/// (ModelDefinition::AttentionReadOut), as the read-out of def:autoregressive's layers.
enum class MpalChange {
  None,              ///< the real encoding
  VectorProjection,  ///< read-out: W_I^(h) in R^{2 x d}, the vPAL of the paper's conclusion
  OutputRow,         ///< read-out: W_O^(h) a row in R^{1 x d}
  PreviousToken,     ///< read-out: the signal at t is W_I^(h) x_{t-1}
  InputForOutput,    ///< read-out: the head's PAL projected back with W_I^(h) in place of W_O^(h)
  RelaysStartOff,    ///< initial state: every relay starts off whatever the initial state
  HoldInverted,      ///< relay step: inside the dead band the relay flips its state instead of holding it
  TieOrderFlipped,   ///< relay step: u <= beta read before u >= alpha
  OffRelaysWeighed,  ///< read-out: a relay's weight counts when it is off
  ReadOutLags,       ///< read-out: W_O^(h) multiplies the head's PAL at t-1
  StatesMayDiffer,   ///< premise dropped: the relay states at t may differ
  SignalsMayDiffer,  ///< premise dropped: the loop's signal need not be the projection induction's
};
using Change = MpalChange;

constexpr InductionText kText{
    "def_mpal",
    "after k coordinates the loop's running sum is sum_{k'<k} W_I^(h)[k'] x_{t,k'} (at k = d the signal "
    "u^(h)_t); after the inputs u^(h)_{0:t} every relay of every head is in the state eq:relay gives; after r "
    "relays the loop's PAL accumulator is sum_{r'<r} mu_r' R_r'; after h heads its output coordinate k is "
    "sum_{h'<h} W_O^(h')[k] PAL^(h')",
    "shapes: (1 x d)(d x 1) is one real, (d x 1)(1 x 1) is in R^d; coordinates k -> k+1 (s += W_I[k] x_t[k]); "
    "inputs t -> t+1 (eq:relay on the projected signal, from the initial state); relays r -> r+1 (p += mu_r "
    "R_r); heads h -> h+1 (out[k] += W_O[k] PAL); each a loop's step against the sum's recursion",
    "the relay state the classical memory gives after u_{0:t} is eq:relay's (ref:memory_equals_definition's "
    "induction, every length); a finite sum is its recursion over its index (partial sums are uninterpreted "
    "functions of the index, the recursion asserted at the indices each step reads)"};

// A matrix shape (rows, columns) and the product of two, defined when the inner dimensions agree.
struct Shape {
  smt::Term rows, cols;
};
Shape times(const Shape& a, const Shape& b) { return {a.rows, b.cols}; }
smt::Term conforms(const Shape& a, const Shape& b) { return a.cols == b.rows; }

ChainQuery<Change> shapes(Change mutant) {
  return {"shapes: a scalar signal per head and an output of d coordinates",
          "d >= 1, W_I^(h) is 1 x d, x_t is d x 1, W_O^(h) is d x 1 => W_I^(h) x_t is defined and 1 x 1 (PAL's "
          "signal is scalar), W_O^(h) PAL is defined and d x 1, so the sum over the heads is in R^d",
          [mutant](smt::Context& c, Query& q) {
            smt::Term d = c.int_const("d"), one = c.int_val(1);
            q.hypothesis("d >= 1", d >= 1);
            Shape w_in{mutant == Change::VectorProjection ? c.int_val(2) : one, d}, token{d, one}, pal{one, one};
            Shape w_out = mutant == Change::OutputRow ? Shape{one, d} : Shape{d, one};
            Shape signal = times(w_in, token), head = times(w_out, pal);
            smt::Term scalar = signal.rows == 1 && signal.cols == 1, in_Rd = head.rows == d && head.cols == 1;
            q.fact(!(conforms(w_in, token) && scalar && conforms(w_out, pal) && in_Rd));
          },
          {Change::VectorProjection, Change::OutputRow}};
}

ChainQuery<Change> bases() {
  return {"bases: the empty sums",
          "no coordinate, no relay, no head: the loops' running sums start at 0, the empty sums are 0",
          [](smt::Context& c, Query& q) {
            smt::Term h = c.int_const("h"), t = c.int_const("t"), k = c.int_const("k"), zero = c.int_val(0);
            smt::Sort I = c.int_sort(), R = c.real_sort();
            smt::FuncDecl dot = c.function("dot", I, I, I, R), pal = c.function("pal", I, I, I, R),
                          out = c.function("mpal", I, I, I, R);
            q.hypothesis("the empty sums", dot(h, t, zero) == 0 && pal(h, t, zero) == 0 && out(t, k, zero) == 0);
            q.fact(dot(h, t, zero) != 0 || pal(h, t, zero) != 0 || out(t, k, zero) != 0);
          }};
}

ChainQuery<Change> projection_step(Change mutant) {
  return {"step: coordinate k to k+1",
          "0 <= k < d, s = sum_{k'<k} W_I^(h)[k'] x_{t,k'} => s + W_I^(h)[k] x_{t,k} = sum_{k'<=k} W_I^(h)[k'] x_{t,k'}",
          [mutant](smt::Context& c, Query& q) {
            smt::Sort I = c.int_sort(), R = c.real_sort();
            smt::FuncDecl dot = c.function("dot", I, I, I, R), x = c.function("x", I, I, R),
                          w_in = c.function("w_in", I, I, R);
            smt::Term h = c.int_const("h"), t = c.int_const("t"), k = c.int_const("k"), d = c.int_const("d"),
                      s = c.real_const("s");
            smt::Term read = mutant == Change::PreviousToken ? x(t - 1, k) : x(t, k);
            q.hypothesis("0 <= k < d", 0 <= k && k < d);
            q.hypothesis("invariant at k", s == dot(h, t, k));
            q.hypothesis("the sum's recursion", dot(h, t, k + 1) == dot(h, t, k) + w_in(h, k) * read);
            q.fact(s + w_in(h, k) * x(t, k) != dot(h, t, k + 1));
          },
          {Change::PreviousToken}};
}

ChainQuery<Change> relays_base(Change mutant) {
  return {"base: before x_0",
          "every relay of the loops (the memory's empty reading) and of eq:mpal starts in the initial state",
          [mutant](smt::Context& c, Query& q) {
            smt::Term initial = c.bool_const("initial"), memory = c.bool_const("state_memory"),
                      printed = c.bool_const("state_printed");
            q.hypothesis("the memory's empty reading is the initial state", memory == initial);
            q.hypothesis("eq:mpal's relays start in the initial state",
                         printed == (mutant == Change::RelaysStartOff ? c.bool_val(false) : initial));
            q.fact(memory != printed);
          },
          {Change::RelaysStartOff}};
}

ChainQuery<Change> relays_step(Change mutant) {
  return {"step: input t to t+1",
          "equal states at t, the loop's signal = u^(h)_{t+1} (the coordinate induction at k = d) => equal "
          "states at t+1 (the memory's by ref:memory_equals_definition, eq:mpal's by eq:relay)",
          [mutant](smt::Context& c, Query& q) {
            smt::Term alpha = c.real_const("alpha"), beta = c.real_const("beta"), u = c.real_const("u"),
                      v = c.real_const("signal_loop"), s = c.bool_const("state_memory"),
                      p = c.bool_const("state_printed"), next = c.bool_const("next_memory");
            q.hypothesis("alpha >= beta", alpha >= beta);
            if (mutant != Change::StatesMayDiffer) q.hypothesis("equal states at t", s == p);
            if (mutant != Change::SignalsMayDiffer) q.hypothesis("the loop's signal is u^(h)_{t+1}", v == u);
            q.hypothesis("the memory's state follows eq:relay", next == relay_step(alpha, beta, v, s));
            smt::Term printed = mutant == Change::HoldInverted      ? relay_step(alpha, beta, u, !p)
                                : mutant == Change::TieOrderFlipped ? relay_step(alpha, beta, u, p, TieRule::OffFirst)
                                                                    : relay_step(alpha, beta, u, p);
            q.fact(next != printed);
          },
          {Change::HoldInverted, Change::TieOrderFlipped, Change::StatesMayDiffer, Change::SignalsMayDiffer}};
}

ChainQuery<Change> pal_step(Change mutant) {
  return {"step: relay r to r+1",
          "p = sum_{r'<r} mu_r' R_r'(t), relay r's states equal (the input induction) => p + mu_r R_r(t) = "
          "sum_{r'<=r} mu_r' R_r'(t)",
          [mutant](smt::Context& c, Query& q) {
            smt::Sort I = c.int_sort(), R = c.real_sort();
            smt::FuncDecl pal = c.function("pal", I, I, I, R), mu = c.function("mu", I, I, R);
            smt::Term h = c.int_const("h"), t = c.int_const("t"), r = c.int_const("r"), acc = c.real_const("p"),
                      s = c.bool_const("state_memory"), printed = c.bool_const("state_printed");
            smt::Term counted = mutant == Change::OffRelaysWeighed ? !printed : printed;
            q.hypothesis("r >= 0", r >= 0);
            q.hypothesis("invariant at r", acc == pal(h, t, r));
            q.hypothesis("relay r's states equal", s == printed);
            q.hypothesis("the sum's recursion", pal(h, t, r + 1) == pal(h, t, r) + mu(h, r) * indicator(counted));
            q.fact(acc + mu(h, r) * indicator(s) != pal(h, t, r + 1));
          },
          {Change::OffRelaysWeighed}};
}

ChainQuery<Change> heads_step(Change mutant) {
  return {"step: head h to h+1",
          "o = sum_{h'<h} W_O^(h')[k] PAL^(h')(t), the loop's PAL of head h = PAL^(h)(t) (the relay induction "
          "at r = R_h) => o + W_O^(h)[k] PAL^(h)(t) = sum_{h'<=h} W_O^(h')[k] PAL^(h')(t)",
          [mutant](smt::Context& c, Query& q) {
            smt::Sort I = c.int_sort(), R = c.real_sort();
            smt::FuncDecl pal = c.function("pal", I, I, I, R), out = c.function("mpal", I, I, I, R),
                          relays = c.function("relays", I, I), w_in = c.function("w_in", I, I, R),
                          w_out = c.function("w_out", I, I, R);
            smt::Term h = c.int_const("h"), t = c.int_const("t"), k = c.int_const("k"), o = c.real_const("o"),
                      p = c.real_const("pal_loop");
            smt::Term back = mutant == Change::InputForOutput ? w_in(h, k) : w_out(h, k);
            smt::Term head = pal(h, mutant == Change::ReadOutLags ? t - 1 : t, relays(h));
            q.hypothesis("h >= 0", h >= 0);
            q.hypothesis("invariant at h", o == out(t, k, h));
            q.hypothesis("the loop's PAL of head h", p == pal(h, t, relays(h)));
            q.hypothesis("the sum's recursion", out(t, k, h + 1) == out(t, k, h) + back * head);
            q.fact(o + w_out(h, k) * p != out(t, k, h + 1));
          },
          {Change::InputForOutput, Change::ReadOutLags}};
}

const std::vector<Mutant<Change>> kMutants{
    {Change::VectorProjection, "vector projection", "W_I^(h) in R^{2 x d}: the head's signal is a 2-vector",
     ModelDefinition::AttentionReadOut},
    {Change::OutputRow, "W_O a row", "W_O^(h) in R^{1 x d}, a row", ModelDefinition::AttentionReadOut},
    {Change::PreviousToken, "previous token", "the head's signal at t is W_I^(h) x_{t-1}",
     ModelDefinition::AttentionReadOut},
    {Change::InputForOutput, "W_I projects back", "the head's PAL is projected back with W_I^(h), not W_O^(h)",
     ModelDefinition::AttentionReadOut},
    {Change::RelaysStartOff, "relays start off", "eq:mpal's relays start off whatever the initial state",
     ModelDefinition::InitialState},
    hold_inverted(Change::HoldInverted),
    tie_order_flipped(Change::TieOrderFlipped),
    {Change::OffRelaysWeighed, "off relays weighed", "a relay's weight mu_r counts when the relay is off",
     ModelDefinition::AttentionReadOut},
    {Change::ReadOutLags, "read-out lags", "W_O^(h) multiplies the head's PAL at t-1",
     ModelDefinition::AttentionReadOut},
    {Change::StatesMayDiffer, "states at t may differ", "the input step's premise 'equal states at t' dropped"},
    {Change::SignalsMayDiffer, "signals may differ",
     "the input step's premise 'the loop's signal is u^(h)_{t+1}' dropped"},
};

InductionProof prove_mpal(const RunConfig& config, Change mutant) {
  return run_chain(
      config, kText,
      std::vector<ChainQuery<Change>>{shapes(mutant), bases(), projection_step(mutant), relays_base(mutant),
                                      relays_step(mutant), pal_step(mutant), heads_step(mutant)},
      mutant);
}

std::vector<CheckResult> check_mpal(const RunConfig& config) {
  InductionClaim claim{
      "for every H >= 1, d >= 1, W_I^(h) in R^{1 x d}, W_O^(h) in R^d, measure mu^(h) (finitely many relays, "
      "alpha >= beta, real weights), initial state, n and x_{0:n} in R^{(n+1) x d}: each W_I^(h) x_t is one real, "
      "MPAL(x_{0:n}) is in R^d, and loops that project each token, read every relay state from its head's "
      "classical memory and sum relay by relay and head by head give, at coordinate k, sum_h W_O^(h)[k] sum_r "
      "mu_r^(h) R_r[W_I^(h) x](n): eq:mpal as printed",
      {every(ReadingKey::InitialState, "symbolic, the same for every relay")},
      {{"W_I^(h) x_{0:n}",
        "token by token, (W_I^(h) x_t)_{t <= n}: the literal product of a 1 x d row and an (n+1) x d matrix is "
        "defined only when d = n+1, and is then a row indexed by the coordinates, not a signal over time"},
       {"PAL_mu^(h)(u_{0:n})", "the output at n (eq:pal), one real"}},
      {"H >= 1, d >= 1", "alpha >= beta"}};
  CheckResult r = chain_report(prove_mpal(config, Change::None), claim, "induction");
  pin(r, {ModelDefinition::AttentionReadOut, ModelDefinition::InitialState, ModelDefinition::RelayStep},
      [&] { return chain_mutants(config, kMutants, prove_mpal); });
  r.details.emplace_back("scope",
                         "the reference's mpal() sums a head's relays by the classical memory's staircase "
                         "(memory_pal.h), which no query encodes: its agreement with eq:mpal is the property "
                         "result's (generated cases)");
  return {r};
}

}  // namespace

void register_mpal_checkers(Registry& r) { add_checkers(r, "induction", {{"def:mpal", check_mpal}}); }

}  // namespace palcheck::proofs
