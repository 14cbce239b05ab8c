// def:pal:grid: for every L >= 1, Delta > 0, both initial states and every sequence length, eq:pal is well
// defined on G_L and the grid fast path of MemoryPal (memory_pal.cpp) equals the sum of relay states. The fast
// path is linear in the weights, so it is the weighted sum of one share per relay, and the proof is about one
// symbolic grid relay (i, j): (1) it lies in T; (2) the grid lookups read i Delta <= a and j Delta >= b exactly
// (grid_floor clamped, the ceiling for beta); (3) the prefix table holds the relay in box (I, J) iff i <= I and
// j - 1 >= J (induction over the two accumulation passes); (4) the share G_k the outputs give memory entry k
// equals the relay state R_k read from entries 0..k (induction over the entries, nesting from the memory's
// invariant), and the memory's invariant makes R_top the relay's state after every input.
#include "proofs/checkers.h"
#include "proofs/encode_relay.h"
#include "smt/mutation.h"
#include "smt/query_chain.h"

#include <string>

namespace palcheck::proofs {

using namespace smt;

namespace {

/// One piece of the proof changed on purpose: its semantic mutants (smt/mutation.h), whose order numbers
/// their query files.
enum class GridChange {
  None,               ///< the grid, the relay and the fast path as they are
  ThresholdsSwapped,  ///< grid: the point (i, j) read as (alpha, beta) = (j Delta, i Delta)
  GridOffset,         ///< grid: alpha_i = (i - 1) Delta where the lookup reads i Delta
  TieOrderFlipped,    ///< relay step: u <= beta read before u >= alpha
  OtherInitialState,  ///< initial state: the relay starts in the other state than the fast path's start
  StrictFloor,        ///< fast path: grid_floor takes the last point strictly below its argument
  ExactPointDropped,  ///< fast path: first_beta_ge rounds up past a grid point it hits exactly
  SuffixFromLeft,     ///< fast path: the first pass sums each row from the left (beta index <= J)
  GainUnrestricted,   ///< fast path: a rising entry gains every relay with alpha in (p, u], whatever beta
  NestingDropped,     ///< premise dropped: a new maximum need not stay below the maximum two entries down
};
using Change = GridChange;

constexpr InductionText kText{
    "def_pal_grid_fast_path",
    "for the relay (i, j) of G_L: after the first pass, cell (I, J) = [I = i and J <= j - 1]; after the second, "
    "[i <= I and J <= j - 1]; at memory entry k the fast path's share G_k equals R_k, the relay state read from "
    "entries 0..k (R_{-1} the initial state, R_k = eq:relay's step of R_{k-1} on E[k])",
    "first pass: column J+1 -> J; second pass: row I-1 -> I; memory entries k -> k+1, a maximum after a minimum "
    "(gain [alpha <= u, beta >= p] - [alpha <= p, beta >= p]) or a minimum after a maximum (loss [alpha <= p, beta "
    ">= u] - [alpha <= u, beta >= u]), entry 0 from the sentinel",
    "the fast path is linear in the weights (the table, the gains and losses, start_), so its output is the "
    "weighted sum of the relays' shares; the memory's invariant (ref:memory_equals_definition, every length): "
    "its entries alternate and nest, and the relay state after every input is R_top; MemoryPal keeps one output "
    "per memory entry and recomputes the top one after each step (memory_pal.cpp), and G_k depends on entries "
    "0..k only"};

// "g is grid_floor(x)": the last grid point k Delta, -1 <= k <= L + 1, at most x (below x under StrictFloor).
smt::Term grid_floor_is(const smt::Term& g, const smt::Term& x, const smt::Term& delta, const smt::Term& L,
                        Change mutant) {
  smt::Term point = smt::to_real(g) * delta, next = smt::to_real(g + 1) * delta;
  smt::Term below = mutant == Change::StrictFloor ? point < x : point <= x;
  smt::Term above = mutant == Change::StrictFloor ? x <= next : x < next;
  return -1 <= g && g <= L + 1 && (g == -1 || below) && (g == L + 1 || above);
}

// A grid index 1 <= index <= L, the point x it is compared with, and f = grid_floor(x) as the fast path
// computes it (under `mutant`).
struct Lookup {
  smt::Term index, L, floor, x, delta;
};

Lookup lookup(smt::Context& c, Query& q, const char* index, const char* x, Change mutant) {
  Lookup k{c.int_const(index), c.int_const("L"), c.int_const("floor"), c.real_const(x), c.real_const("Delta")};
  q.hypothesis("Delta > 0", k.delta > 0);
  q.hypothesis(std::string("1 <= ") + index + " <= L", 1 <= k.index && k.index <= k.L);
  q.hypothesis(std::string("floor = grid_floor(") + x + ")", grid_floor_is(k.floor, k.x, k.delta, k.L, mutant));
  return k;
}

ChainQuery<Change> grid_in_half_plane(Change mutant) {
  return {"lemma: the grid lies in T",
          "L >= 1, Delta > 0, 1 <= j <= i <= L => alpha_i = i Delta >= beta_j = j Delta",
          [mutant](smt::Context& c, Query& q) {
            smt::Term i = c.int_const("i"), j = c.int_const("j"), L = c.int_const("L"), delta = c.real_const("Delta");
            q.hypothesis("Delta > 0", delta > 0);
            q.hypothesis("1 <= j <= i <= L", 1 <= j && j <= i && i <= L);
            smt::Term alpha = smt::to_real(mutant == Change::ThresholdsSwapped ? j : i) * delta;
            smt::Term beta = smt::to_real(mutant == Change::ThresholdsSwapped ? i : j) * delta;
            q.fact(alpha < beta);
          },
          {Change::ThresholdsSwapped}};
}

ChainQuery<Change> alpha_lookup(Change mutant) {
  return {
      "lemma: the alpha lookup",
      "floor = grid_floor(a), count = floor clamped to [0, L] => (i <= count iff alpha_i = i Delta <= a), 1 <= i <= L",
      [mutant](smt::Context& c, Query& q) {
        Lookup k = lookup(c, q, "i", "a", mutant);
        smt::Term count = smt::ite(k.floor < 1, c.int_val(0), smt::ite(k.floor >= k.L, k.L, k.floor));
        smt::Term alpha = smt::to_real(mutant == Change::GridOffset ? k.index - 1 : k.index) * k.delta;
        q.fact((k.index <= count) != (alpha <= k.x));
      },
      {Change::GridOffset, Change::StrictFloor}};
}

ChainQuery<Change> beta_lookup(Change mutant) {
  return {"lemma: the beta lookup",
          "f = grid_floor(b), the ceiling f if f Delta = b else f + 1, first = ceiling - 1 clamped to [0, L] => (j - 1 "
          ">= first iff beta_j = j Delta >= b), 1 <= j <= L",
          [mutant](smt::Context& c, Query& q) {
            Lookup k = lookup(c, q, "j", "b", Change::None);
            smt::Term f = k.floor;
            smt::Term exact =
                mutant == Change::ExactPointDropped ? c.bool_val(false) : f >= 0 && smt::to_real(f) * k.delta == k.x;
            smt::Term ceiling = smt::ite(exact, f, f + 1);
            smt::Term first = smt::ite(ceiling <= 1, c.int_val(0), smt::ite(ceiling > k.L, k.L, ceiling - 1));
            q.fact((k.index - 1 >= first) != (smt::to_real(k.index) * k.delta >= k.x));
          },
          {Change::ExactPointDropped}};
}

// The relay (i, j) of G_L as a table entry: row i (alpha index i - 1, 0-based), column j - 1.
struct TableRelay {
  smt::Term i, j, L;
};

TableRelay table_relay(smt::Context& c, Query& q) {
  TableRelay r{c.int_const("i"), c.int_const("j"), c.int_const("L")};
  q.hypothesis("1 <= j <= i <= L", 1 <= r.j && r.j <= r.i && r.i <= r.L);
  return r;
}

// The first pass's closed form at (I, J): [I = i and J <= j - 1].
smt::Term after_first_pass(const TableRelay& r, const smt::Term& I, const smt::Term& J) {
  return indicator(I == r.i && J <= r.j - 1);
}

smt::Term raw_cell(const TableRelay& r, const smt::Term& I, const smt::Term& J) {
  return indicator(I == r.i && J == r.j - 1);
}

ChainQuery<Change> first_pass_base() {
  return {"base: the first pass at column L", "column L holds no weight: cell (I, L) = [I = i and L <= j - 1] = 0",
          [](smt::Context& c, Query& q) {
            TableRelay r = table_relay(c, q);
            smt::Term I = c.int_const("I");
            q.fact(raw_cell(r, I, r.L) != after_first_pass(r, I, r.L));
          }};
}

ChainQuery<Change> first_pass_step(Change mutant) {
  return {"step: the first pass, column J+1 to J",
          "cell (I, J+1) in closed form, cell (I, J) += cell (I, J+1) => cell (I, J) in closed form",
          [mutant](smt::Context& c, Query& q) {
            TableRelay r = table_relay(c, q);
            smt::Term I = c.int_const("I"), J = c.int_const("J");
            q.hypothesis("1 <= I <= L, 0 <= J < L", 1 <= I && I <= r.L && 0 <= J && J < r.L);
            smt::Term neighbour = mutant == Change::SuffixFromLeft ? J - 1 : J + 1;
            q.fact(raw_cell(r, I, J) + after_first_pass(r, I, neighbour) != after_first_pass(r, I, J));
          },
          {Change::SuffixFromLeft}};
}

smt::Term after_second_pass(const TableRelay& r, const smt::Term& I, const smt::Term& J) {
  return indicator(r.i <= I && J <= r.j - 1);
}

ChainQuery<Change> second_pass_base() {
  return {"base: the second pass at row 0", "row 0 holds no weight (i >= 1): cell (0, J) = [i <= 0 and J <= j - 1] = 0",
          [](smt::Context& c, Query& q) {
            TableRelay r = table_relay(c, q);
            smt::Term J = c.int_const("J");
            q.fact(raw_cell(r, c.int_val(0), J) != after_second_pass(r, c.int_val(0), J));
          }};
}

ChainQuery<Change> second_pass_step() {
  return {
      "step: the second pass, row I-1 to I",
      "cell (I-1, J) after both passes and cell (I, J) after the first in closed form, cell (I, J) += cell (I-1, "
      "J) => [i <= I and J <= j - 1]",
      [](smt::Context& c, Query& q) {
        TableRelay r = table_relay(c, q);
        smt::Term I = c.int_const("I"), J = c.int_const("J");
        q.hypothesis("1 <= I <= L, 0 <= J <= L", 1 <= I && I <= r.L && 0 <= J && J <= r.L);
        q.fact(after_first_pass(r, I, J) + after_second_pass(r, I - 1, J) != after_second_pass(r, I, J));
      }};
}

// One relay (alpha >= beta) and the box lookups the lemmas above make exact: [alpha <= a and beta >= b].
struct EntryRelay {
  smt::Term alpha, beta;
  smt::Term box(const smt::Term& a, const smt::Term& b) const { return indicator(alpha <= a && beta >= b); }
  // eq:relay's step read on an entry x, or the step the mutant breaks.
  smt::Term reading(const smt::Term& x, const smt::Term& previous, Change mutant) const {
    return relay_step(alpha, beta, x, previous,
                      mutant == Change::TieOrderFlipped ? TieRule::OffFirst : TieRule::AsPrinted);
  }
};

EntryRelay entry_relay(smt::Context& c, Query& q) {
  EntryRelay r{c.real_const("alpha"), c.real_const("beta")};
  q.hypothesis("alpha >= beta", r.alpha >= r.beta);
  return r;
}

ChainQuery<Change> entry_base(Change mutant) {
  return {"base: memory entry 0 from the sentinel",
          "initial state 0: entry 0 a maximum, G_0 = 0 + [alpha <= E_0]; initial state 1: a minimum, G_0 = 1 - ([beta "
          ">= E_0] - [alpha <= E_0, beta >= E_0]) => G_0 = R_0",
          [mutant](smt::Context& c, Query& q) {
            EntryRelay r = entry_relay(c, q);
            smt::Term on = c.bool_const("initial_on"), e = c.real_const("E_0");
            smt::Term gained = indicator(r.alpha <= e), lost = indicator(r.beta >= e) - r.box(e, e);
            smt::Term g0 = smt::ite(on, 1 - lost, gained);
            smt::Term start = mutant == Change::OtherInitialState ? !on : on;
            q.fact(g0 != indicator(r.reading(e, start, mutant)));
          },
          {Change::TieOrderFlipped, Change::OtherInitialState}};
}

// Entry k and its predecessor: R_k = step of R_{k-1} on E_k, G_k = R_k; the entry before E_k is the sentinel
// (read as the state before u_0) or E_{k-1}, of the kind E_{k+1} will be, and read from some state R_{k-2}.
struct EntryStep {
  smt::Term p, u, before, g, r_before, r;
};

EntryStep entry_step(smt::Context& c, Query& q, const EntryRelay& relay, bool rising, Change mutant) {
  EntryStep s{c.real_const("E_k"), c.real_const("E_k+1"), c.real_const("E_k-1"),
              c.real_const("G_k"), c.bool_const("R_k-1"), c.bool_const("R_k")};
  smt::Term sentinel = c.bool_const("k_is_0"), r_earlier = c.bool_const("R_k-2");
  q.hypothesis(rising ? "E_k < E_k+1" : "E_k > E_k+1", rising ? s.p < s.u : s.p > s.u);
  smt::Term nested = rising ? s.u < s.before : s.u > s.before;
  if (mutant == Change::NestingDropped) nested = c.bool_val(true);
  // Entry 0 is a minimum when the relays start on, a maximum when they start off.
  q.hypothesis("the entry before: the sentinel, or E_k-1 nesting E_k+1 and read from R_k-2",
               smt::ite(sentinel, s.r_before == c.bool_val(rising),
                        nested && s.r_before == relay.reading(s.before, r_earlier, mutant)));
  q.hypothesis("R_k read from E_k", s.r == relay.reading(s.p, s.r_before, mutant));
  q.hypothesis("invariant at k: G_k = R_k", s.g == indicator(s.r));
  return s;
}

ChainQuery<Change> entry_rising(Change mutant) {
  return {"step: a maximum after a minimum",
          "G_k = R_k, E_k < E_k+1 < E_k-1 => G_k + [alpha <= E_k+1, beta >= E_k] - [alpha <= E_k, beta >= E_k] = R_k+1",
          [mutant](smt::Context& c, Query& q) {
            EntryRelay r = entry_relay(c, q);
            EntryStep s = entry_step(c, q, r, true, mutant);
            smt::Term gained = mutant == Change::GainUnrestricted
                                   ? indicator(r.alpha <= s.u) - indicator(r.alpha <= s.p)
                                   : r.box(s.u, s.p) - r.box(s.p, s.p);
            q.fact(s.g + gained != indicator(r.reading(s.u, s.r, mutant)));
          },
          {Change::TieOrderFlipped, Change::GainUnrestricted, Change::NestingDropped}};
}

ChainQuery<Change> entry_falling(Change mutant) {
  return {"step: a minimum after a maximum",
          "G_k = R_k, E_k-1 < E_k+1 < E_k => G_k - ([alpha <= E_k, beta >= E_k+1] - [alpha <= E_k+1, beta >= E_k+1]) = "
          "R_k+1",
          [mutant](smt::Context& c, Query& q) {
            EntryRelay r = entry_relay(c, q);
            EntryStep s = entry_step(c, q, r, false, mutant);
            smt::Term lost = r.box(s.p, s.u) - r.box(s.u, s.u);
            q.fact(s.g - lost != indicator(r.reading(s.u, s.r, mutant)));
          },
          {Change::TieOrderFlipped, Change::NestingDropped}};
}

const std::vector<Mutant<Change>> kMutants{
    {Change::ThresholdsSwapped, "thresholds swapped",
     "the grid point (i, j) read as (alpha, beta) = (j Delta, i Delta)", ModelDefinition::Grid},
    {Change::GridOffset, "grid offset", "alpha_i = (i - 1) Delta where the lookup reads i Delta",
     ModelDefinition::Grid},
    tie_order_flipped(Change::TieOrderFlipped),
    {Change::OtherInitialState, "other initial state", "the relay starts in the other state than the fast path's start",
     ModelDefinition::InitialState},
    {Change::StrictFloor, "strict floor", "the fast path's grid_floor takes the last grid point strictly below x"},
    {Change::ExactPointDropped, "exact point dropped",
     "the fast path's beta lookup rounds up past a grid point b hits exactly"},
    {Change::SuffixFromLeft, "suffix from the left",
     "the fast path's first pass sums each row from the left (beta index <= J)"},
    {Change::GainUnrestricted, "gain unrestricted",
     "the fast path's rising entry gains every relay with alpha in (E_k, E_k+1], whatever its beta"},
    {Change::NestingDropped, "nesting dropped", "a new extremum need not stay inside the one two entries down"},
};

InductionProof prove_grid_fast_path(const RunConfig& config, Change mutant) {
  return run_chain(config, kText,
                   std::vector<ChainQuery<Change>>{grid_in_half_plane(mutant), alpha_lookup(mutant),
                                                   beta_lookup(mutant), first_pass_base(), first_pass_step(mutant),
                                                   second_pass_base(), second_pass_step(), entry_base(mutant),
                                                   entry_rising(mutant), entry_falling(mutant)},
                   mutant);
}

std::vector<CheckResult> check_grid_fast_path(const RunConfig& config) {
  InductionClaim claim{
      "for every L >= 1, Delta > 0, grid weights, both initial states and every sequence length: every point of G_L "
      "lies in T, and MemoryPal's grid fast path (lookups, prefix table, one output per memory entry) equals the sum "
      "of relay states of eq:pal at every n",
      {reading(StackReading{}), every(ReadingKey::InitialState, "0 and 1, symbolic")},
      {{"delta", "positive"}},
      {"L >= 1", "Delta > 0", "1 <= j <= i <= L"}};
  CheckResult r = chain_report(prove_grid_fast_path(config, Change::None), claim, "induction");
  pin(r, {ModelDefinition::Grid, ModelDefinition::RelayStep, ModelDefinition::InitialState},
      [&] { return chain_mutants(config, kMutants, prove_grid_fast_path); });
  return {r};
}

}  // namespace

void register_grid_fast_path_checkers(Registry& r) {
  add_checkers(r, "induction", {{"def:pal:grid", check_grid_fast_path}});
}

}  // namespace palcheck::proofs
