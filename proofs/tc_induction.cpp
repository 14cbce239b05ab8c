// The generic proof of repair:thm:tc (see tc_induction.h): the queries run in the order of tc_vocabulary.h's
// groups; the texts that say what they prove; the non-vacuity replays on the reference; and the library's
// machines checked as instances (their delta satisfies the proof's hypotheses, the reference's transformer
// is the construction the proof models).
#include "proofs/tc_induction.h"

#include "proofs/tc_vocabulary.h"
#include "reference/memory_pal.h"
#include "reference/models/pda_library.h"
#include "reference/models/tc_repair.h"

#include <algorithm>
#include <tuple>

namespace palcheck::proofs {

using namespace smt;

std::vector<TcMutant> tc_mutants() {
  return {
      {TcMutation::TieOrderFlipped,
       "tie order flipped",
       "every relay reads E[g] <= beta before E[g] >= alpha: a diagonal relay (j, j) is off at input j",
       {"diagonal_relay"},
       ModelDefinition::RelayStep},
      {TcMutation::OtherInitialState,
       "other initial state",
       "relays start on: the memory's entry 0 is a minimum, so the rising token continues a run instead of turning",
       {"rise_push"},
       ModelDefinition::InitialState},
      {TcMutation::PushDropped,
       "push dropped",
       "the MLP's table gives a push the no-op's rise (to P(D), not M(a, D+1))",
       {"control_rest"},
       ModelDefinition::Mlp},
      {TcMutation::PushDoubled,
       "push doubled",
       "the MLP's table rises one level too deep for a push (M(a, D+2))",
       {"control_rest"},
       ModelDefinition::Mlp},
      {TcMutation::ReaderThresholdOffByOne,
       "reader threshold off by one",
       "the reader's top relays are (M(k,d+1), m(i,d) + 1)",
       {"state_rest_top"},
       ModelDefinition::AttentionReadOut},
      {TcMutation::SlotRelaysEqual,
       "slot relays equal",
       "the reader's slot relays (P(d)+1, m(i,d)) lose their +1",
       {"state_slot_slot1"},
       ModelDefinition::AttentionReadOut},
      {TcMutation::FallIgnoresReader,
       "fall ignores the reader",
       "the MLP's falling token is 2O - u, without the reader's output",
       {"control_middle"},
       ModelDefinition::Mlp},
      {TcMutation::CutMayStopEarly,
       "wiping cut may stop early",
       "the memory's wiping cut need not stop at an entry u does not wipe",
       {"rise_pop"},
       ModelDefinition::MemoryUpdate},
      {TcMutation::EncodingLengthDropped,
       "encoding length dropped",
       "the invariant's encoding drops its length conjunct L = 2D + 2",
       {"rise_push"}},
      {TcMutation::Z0BottomDropped,
       "Z0 at the bottom dropped",
       "the invariant drops \"Z0 at the bottom and only there\", so a well-formed delta may pop level 0",
       {"machine_step"}},
  };
}

std::string tc_invariant_text() {
  return "Inv at the rest token of machine step t: the control token is the state q_t (0 <= q_t < |Q|); for each "
         "stack the head's memory is exactly the nested encoding of the interpreter's stack G[0..D] (length 2D+2, "
         "entry 2d = M(G[d],d), entry 2d+1 = m(G[d],d), symbols 1..k, Z0 = 1 at the bottom and only there, "
         "0 <= D <= D_max) and the stack token is the memory's last entry";
}

std::string tc_lemmas_text() {
  return "codes: B(d) = d(k+1) is 0 at 0, grows by k+1 per level and by at least k+1 between any two levels (the "
         "only facts of the product the other queries use); every code and reader threshold is an integer in "
         "[1, 2C], alpha >= beta. Reader head (memory at rest, in the middle of a push, at a slot P(b)): each relay's "
         "state from its ghost reading (the last entry outside its band decides, E[g] >= alpha read first, "
         "ref:memory_equals_definition), the sum over the symbols 1..n of a relay form by induction over n, the "
         "weighted output at depth d, and the sum over d = 0..N by induction over d. Control and tape heads: a "
         "diagonal relay (j, j) read from any memory ending in the input u is on exactly when u >= j, so the head "
         "outputs its integer input c in [0, n). Stack channel: the prompt M(1,0) on the empty memory; the rising "
         "token to the target code of push a, pop or no-op (M(a,D+1), P(D-1), P(D)) gives the middle shape; the "
         "falling token 2O - u - reader from a push or a slot gives the new encoding; each token is one step of the "
         "classical memory (equal, continue or turn by the top's kind; a symbolic wiping cut). MLP: the interpolation "
         "table gives T(key) - T(0) at every key of the table (induction over the neurons, T any table); the key's "
         "weights are the mixed radix of (control, tape, reader 1, reader 2), its digits are recovered by mod and div "
         "and it is below the table's size; the finite control at rest gives |Q| + delta's next state and each "
         "stack's target code, in the middle the state and 2O - u - reader. Symbolic: |Q|, |Sigma|, |Gamma| = k, "
         "delta (uninterpreted), the depth bound N, the depths, the stacks (arrays), the pushed symbols";
}

std::string tc_induction_text() {
  return "base: the prompt (control |Q| + q0, both stacks M(1,0)) on empty memories and the token after it give "
         "Inv at step 0 with both stacks [Z0] (the 'machine step: base' query). Step: from Inv at step t, whatever "
         "delta does at the key the heads read, the rest token, its rising token and the middle token's falling "
         "token give Inv at step t+1 for the configuration the interpreter computes (the 'machine step: step' "
         "query). Both compose the lemmas through uninterpreted heads, MLP and memories, each lemma an implication "
         "with its own premises, so the composition checks every premise (a pop only above level 0, a push within "
         "the bound, the readers' values where the MLP reads them)";
}

std::string tc_machine_text() {
  return "every two-stack PDA with Z0 at the bottom of both stacks, delta total over Q x (Sigma + blank) x Gamma x "
         "Gamma, never popping Z0 and never pushing it (pda_machine.h); its stacks within the depth bound D_max the "
         "transformer is built for";
}

namespace {

// Every query group in order.
void run_queries(tc::Recorder rec) {
  tc::level_queries(rec);
  tc::reader_queries(rec);
  tc::head_queries(rec);
  tc::channel_queries(rec);
  tc::mlp_queries(rec);
  tc::machine_step_queries(rec);
}

}  // namespace

TcInduction prove_tc_induction(const RunConfig& config) {
  TcInduction out{{}, {}, std::nullopt, true};  // proved until a query is not unsat in both solvers
  run_queries({config, TcMutation::None, out});
  tc::witness_query(config, out);
  return out;
}

TcInduction run_tc_mutant(const RunConfig& config, const TcMutant& mutant) {
  TcInduction out{{}, {}, std::nullopt, true};
  run_queries({config, mutant.mutation, out, "tc_induction_mutant_" + mutant.name, &mutant.breaks});
  return out;
}

std::string replay_tc_state(const Instance& state) {
  int k = std::stoi(state.options.at("k"));
  int d_max = state.values.at("d_max").front().convert_to<int>();
  const std::vector<Q>& stack = state.values.at("stack");
  NestedEncoding enc{k, d_max};
  MemoryPal reader(reader_measure(enc), InitialState::Off);
  Q out = 0;
  for (const Q& x : state.values.at("memory")) out = reader.step(x);
  if (reader.memory().extrema() != state.values.at("memory"))
    return "feeding the memory's entries does not reproduce them";
  std::optional<std::vector<int>> decoded = enc.decode(reader.memory().extrema());
  if (!decoded || decoded->size() != stack.size()) return "the memory does not decode to the model's stack";
  for (std::size_t d = 0; d < stack.size(); ++d)
    if (Q((*decoded)[d]) != stack[d]) return "the memory does not decode to the model's stack";
  if (out != stack.back()) return "the reader head does not output the top at rest";
  int D = static_cast<int>(stack.size()) - 1;
  Q two_o = 2 * Q(enc.offset());
  Q u1 = two_o - reader.memory().extrema().back() + (stack.back() + 1);  // pop: tau = the top, 1-based
  Q r1 = reader.step(u1);
  if (reader.memory().extrema() != state.values.at("middle_memory")) return "the reference's middle memory differs";
  if (r1 != k - stack[static_cast<std::size_t>(D) - 1]) return "the reader does not output k - g below the slot";
  reader.step(two_o - u1 - r1);
  if (reader.memory().extrema() != state.values.at("next_memory")) return "the reference's next memory differs";
  std::optional<std::vector<int>> next = enc.decode(reader.memory().extrema());
  if (!next || next->size() != stack.size() - 1) return "the next memory does not decode to the popped stack";
  for (std::size_t d = 0; d < next->size(); ++d)
    if (Q((*next)[d]) != stack[d]) return "the next memory does not decode to the popped stack";
  return "";
}

namespace {

// delta at every key satisfies Delta::well_formed; "" when it does.
std::string delta_well_formed(const TwoStackPda& m) {
  const int nq = m.state_count(), k = m.stack_symbol_count();
  for (int q = 0; q < nq; ++q)
    for (int x = 0; x < m.input_count(); ++x)
      for (int t1 = 0; t1 < k; ++t1)
        for (int t2 = 0; t2 < k; ++t2) {
          const PdaTransition& tr = m.at(q, x, t1, t2);
          std::string where = m.name() + ", delta(" + std::to_string(q) + ", " + std::to_string(x) + ", " +
                              std::to_string(t1) + ", " + std::to_string(t2) + ")";
          if (tr.next < 0 || tr.next >= nq) return where + ": the next state is out of range";
          const int tops[2] = {t1, t2};
          const StackOp* ops[2] = {&tr.op1, &tr.op2};
          for (int s = 0; s < 2; ++s) {
            if (ops[s]->kind == StackOp::Kind::Pop && tops[s] == 0) return where + ": pops Z0";
            if (ops[s]->kind == StackOp::Kind::Push && (ops[s]->symbol < 1 || ops[s]->symbol >= k))
              return where + ": pushes Z0 or an unknown symbol";
          }
        }
  return "";
}

using Atom = std::tuple<Q, Q, Q>;  // alpha, beta, weight

// The measures the proof models: the reader's relay families at depths 0..N (weights 1 and -(k-1) on the top
// family, 1 and -1 on the slot families) and the diagonal relays (j, j), j = 1..count-1, of weight 1.
std::vector<Atom> modelled_reader(const NestedEncoding& enc) {
  std::vector<Atom> atoms;
  const int k = enc.k;
  for (int d = 0; d <= enc.d_max; ++d)
    for (int i = 1; i <= k; ++i) {
      Q top_weight = i < k ? Q(1) : Q(-(k - 1));
      if (top_weight != 0) atoms.emplace_back(Q(enc.max_code(k, d + 1)), Q(enc.min_code(i, d)), top_weight);
      atoms.emplace_back(Q(enc.slot(d)), Q(enc.min_code(i, d)), Q(1));
      atoms.emplace_back(Q(enc.slot(d) + 1), Q(enc.min_code(i, d)), Q(-1));
    }
  return atoms;
}

std::vector<Atom> modelled_diagonal(int count) {
  std::vector<Atom> atoms;
  for (int j = 1; j < count; ++j) atoms.emplace_back(Q(j), Q(j), Q(1));
  return atoms;
}

std::vector<Atom> atoms_of(const Measure& mu) {
  std::vector<Atom> atoms;
  for (const WeightedRelay& r : mu.relays) atoms.emplace_back(r.thresholds.alpha, r.thresholds.beta, r.weight);
  return atoms;
}

// The table column o (0 control, 1 and 2 the stacks) at index t as the proof models it (tc_mlp_queries.cpp):
// t's mixed-radix digits (c, x, r1, r2), then the middle's fall, delta's rise at rest, 0 elsewhere.
Q modelled_entry(const TwoStackPda& m, int o, long t) {
  const long nq = m.state_count(), nc = 2 * nq, ni = m.input_count(), k = m.stack_symbol_count(), nr = k + 1;
  const long c = t % nc, x = (t / nc) % ni, r1 = (t / (nc * ni)) % nr, r2 = t / (nc * ni * nr);
  const long r = o == 1 ? r1 : r2;
  if (c >= nq) return o == 0 ? Q(c - nq) : Q(-r);
  if (r1 == k || r2 == k) return 0;
  const PdaTransition& tr = m.at(static_cast<int>(c), static_cast<int>(x), static_cast<int>(r1), static_cast<int>(r2));
  if (o == 0) return Q(nq + tr.next);
  const StackOp& op = o == 1 ? tr.op1 : tr.op2;
  const long s = r + 1, K = k + 1;
  switch (op.kind) {
    case StackOp::Kind::Push: return Q(s - K - (op.symbol + 1));
    case StackOp::Kind::Pop: return Q(s);
    case StackOp::Kind::None: break;
  }
  return Q(s - K);
}

// The reference transformer's four heads against the modelled ones: each reads its input slot, writes its
// output slot, with the modelled measure; adds the number compared to `compared`; "" when all agree.
std::string compare_heads(const RepairTransformer& t, const TwoStackPda& m, const std::string& where,
                          std::size_t& compared) {
  const NestedEncoding& enc = t.encoding();
  const long nc = 2 * m.state_count(), ni = m.input_count();
  // Heads: (input slot, output slot, measure).
  const std::vector<Atom> measures[4] = {modelled_diagonal(static_cast<int>(nc)), modelled_reader(enc),
                                         modelled_reader(enc), modelled_diagonal(static_cast<int>(ni))};
  const std::size_t in_slots[4] = {0, 1, 2, 3}, out_slots[4] = {4, 5, 6, 7};
  if (t.heads().size() != 4) return where + "not 4 heads";
  for (std::size_t h = 0; h < 4; ++h) {
    const MpalHead& head = t.heads()[h];
    for (std::size_t i = 0; i < 8; ++i) {
      if (head.w_in[i] != (i == in_slots[h] ? 1 : 0) || head.w_out[i] != (i == out_slots[h] ? 1 : 0))
        return where + "head " + std::to_string(h + 1) + " reads or writes another slot";
      compared += 2;
    }
    std::vector<Atom> have = atoms_of(head.mu), want = measures[h];
    std::sort(have.begin(), have.end());
    std::sort(want.begin(), want.end());
    if (have != want) return where + "head " + std::to_string(h + 1) + "'s measure is not the modelled one";
    compared += 3 * want.size();
  }
  return "";
}

// The reference transformer's MLP against the modelled one: the interpolation neurons over the key, the linear
// neurons of the control and stack slots, the output biases; adds the number compared to `compared`; "" when
// all agree.
std::string compare_mlp(const RepairTransformer& t, const TwoStackPda& m, const std::string& where,
                        std::size_t& compared) {
  const NestedEncoding& enc = t.encoding();
  const long nc = 2 * m.state_count(), ni = m.input_count(), nr = m.stack_symbol_count() + 1;
  // MLP: n - 1 interpolation neurons over the key, then the linear neurons of the control and stack slots.
  const long n = nc * ni * nr * nr;
  const ReluMlp& mlp = t.mlp();
  if (mlp.width() != static_cast<std::size_t>(n + 2))
    return where + "the MLP's width is not 2|Q|(|Sigma|+1)(|Gamma|+1)^2 + 2";
  QVector key(8, Q(0));
  key[4] = 1;
  key[7] = nc;
  key[5] = nc * ni;
  key[6] = nc * ni * nr;
  auto slope = [&](int o, long j) { return j < 0 ? Q(0) : modelled_entry(m, o, j + 1) - modelled_entry(m, o, j); };
  for (long j = 0; j + 1 < n; ++j) {
    const std::size_t h = static_cast<std::size_t>(j);
    if (mlp.w1[h] != key || mlp.b1[h] != -j)
      return where + "hidden neuron " + std::to_string(j) + " is not ReLU(key - j)";
    for (std::size_t o = 0; o < 8; ++o) {
      Q want = o < 3 ? slope(static_cast<int>(o), j) - slope(static_cast<int>(o), j - 1) : Q(0);
      if (mlp.w2[o][h] != want)
        return where + "an output weight of neuron " + std::to_string(j) + " is not the change of slope";
    }
    compared += 9 + 8;
  }
  const Q reflect[3] = {-1, -2, -2};
  for (std::size_t slot = 0; slot < 3; ++slot) {
    const std::size_t h = static_cast<std::size_t>(n - 1) + slot;
    QVector row(8, Q(0));
    row[slot] = 1;
    if (mlp.w1[h] != row || mlp.b1[h] != 0) return where + "a linear neuron does not read its slot";
    for (std::size_t o = 0; o < 8; ++o)
      if (mlp.w2[o][h] != (o == slot ? reflect[slot] : Q(0))) return where + "a linear neuron's output weight differs";
    compared += 9 + 8;
  }
  for (std::size_t o = 0; o < 8; ++o) {
    Q want = o < 3 ? modelled_entry(m, static_cast<int>(o), 0) : Q(0);
    if (o == 1 || o == 2) want += 2 * Q(enc.offset());
    if (mlp.b2[o] != want) return where + "an output bias is not T(0) (+ 2O on the stacks)";
    ++compared;
  }
  return "";
}

// The reference's transformer for m at `bound` against the modelled construction, parameter by parameter;
// adds the number compared to `compared`; "" when all agree.
std::string compare_parameters(const TwoStackPda& m, int bound, std::size_t& compared) {
  RepairTransformer t(m, bound);
  const std::string where = m.name() + ", bound " + std::to_string(bound) + ": ";
  std::string heads = compare_heads(t, m, where, compared);
  return heads.empty() ? compare_mlp(t, m, where, compared) : heads;
}

}  // namespace

std::string check_machine_instance(const TwoStackPda& m, int max_bound, std::size_t& compared) {
  compared = 0;
  if (std::string problem = delta_well_formed(m); !problem.empty()) return problem;
  for (int bound = 1; bound <= max_bound; ++bound)
    if (std::string problem = compare_parameters(m, bound, compared); !problem.empty()) return problem;
  return "";
}

std::string check_tc_invariant_on_run(const std::string& machine, const std::string& word, std::size_t steps) {
  TwoStackPda m = library_machine(machine);
  RepairTransformer t(m, static_cast<int>(steps) + 1);
  const NestedEncoding& enc = t.encoding();
  RepairRun run(t);
  PdaConfig config = initial_config(m);
  QVector x = t.prompt(input_at(m, word, 0));
  for (std::size_t n = 0; n <= 2 * steps + 1; ++n) {
    QVector z = run.feed(x);
    if (n % 2 == 1) {
      std::size_t step = n / 2;
      const std::vector<int>* stacks[2] = {&config.stack1, &config.stack2};
      for (std::size_t s = 0; s < 2; ++s) {
        const std::vector<int>& g = *stacks[s];
        std::vector<Q> expected;
        for (std::size_t d = 0; d < g.size(); ++d) {
          expected.push_back(Q(enc.max_code(g[d] + 1, static_cast<int>(d))));
          expected.push_back(Q(enc.min_code(g[d] + 1, static_cast<int>(d))));
        }
        std::string where = "step " + std::to_string(step) + ", stack " + std::to_string(s + 1) + ": ";
        if (run.memory(s + 1).extrema() != expected) return where + "the memory is not the encoding of the stack";
        if (x[s + 1] != expected.back()) return where + "the signal is not the memory's last entry";
        if (z[5 + s] != g.back()) return where + "the reader does not output the top";
      }
      if (z[4] != config.state) return "step " + std::to_string(step) + ": the control head does not output the state";
      if (step == steps) return "";
      config = pda_step(m, config, input_at(m, word, step));
    }
    x = t.next_token(z, input_at(m, word, n / 2));
  }
  return "";
}

}  // namespace palcheck::proofs
