// The finite-image lemma (see finite_image.h). Vectors are arrays Int -> Real, a layer's relay states an
// array Int -> Bool; everything of a layer but its relays (W_I, the measure's sum, W_O, residuals, layer
// normalisation, the MLP) is an uninterpreted function, so the layer step holds for every choice of them.
// A relay follows eq:relay with symbolic thresholds. Every query is quantifier-free: a premise about
// every relay, pigeon or prefix is asserted at the ones the argument looks at, which only weakens it.
#include "proofs/finite_image.h"

#include "proofs/encode_relay.h"

namespace palcheck::proofs {

using namespace smt;

namespace {

constexpr InductionText kText{
    "finite_image",
    "layers: two runs that agree on the token at n and on every relay state at n-1 agree, at n, on the "
    "output z^(l)_n of every layer l and on every relay state of layers 1..l; pigeonhole: no injection of "
    "m + 1 pigeons into m holes, for every m >= 0",
    "layer l -> l+1: a relay of layer l+1 (any one) steps by eq:relay on its signal, a function of z^(l)_n, so "
    "its states at n agree; the layer's output is a function of z^(l)_n and of its MPAL output, a function of "
    "its relay states at n. Pigeonhole m -> m+1: from an injection h of m+2 pigeons into m+1 holes, g = h with "
    "the pigeon in hole m moved to h(m+1) is an injection of m+1 pigeons into m holes. Premises quantified over "
    "every pigeon or prefix are asserted at the ones the argument looks at (their instances)",
    "def:pal_transformer has finitely many relays B (a grid G_L per head, finitely many heads and layers), so "
    "the relay states at n-1 are numbered 0..2^B - 1; a PAL head's output is a function of its relays' "
    "states (eq:pal, eq:mpal); p reaches the network at the query position n only (as q_n = PE(p) in "
    "prop:copy's proof)"};

using Change = FiniteImageChange;

// Layer 0: z^(0)_n = x_n + PE(n) depends on the token at n and on n only.
ChainQuery<Change> layer_base() {
  return {"base: layer 0", "x_n = x'_n => z^(0)_n = z'^(0)_n (z^(0)_n = x_n + PE(n))", [](smt::Context& c, Query& q) {
            smt::Sort vec = c.array_sort(c.int_sort(), c.real_sort());
            smt::FuncDecl embed = c.function("embed", vec, c.int_sort(), vec);
            smt::Term x = c.constant("x_n", vec), x2 = c.constant("x_n_other", vec), n = c.int_const("n");
            q.hypothesis("same token at n", x == x2);
            q.fact(embed(x, n) != embed(x2, n));
          }};
}

// One relay of layer l+1 (any of them: r is free), at n, in both runs.
ChainQuery<Change> relay_step(Change mutant) {
  return {
      "step: a relay of layer l+1 at n",
      "z^(l)_n = z'^(l)_n and the relay's states at n-1 equal => its states at n equal (eq:relay on its signal, any "
      "function of z^(l)_n)",
      [mutant](smt::Context& c, Query& q) {
        smt::Sort vec = c.array_sort(c.int_sort(), c.real_sort());
        smt::FuncDecl signal = c.function("signal", c.int_sort(), vec, c.real_sort());
        smt::Term r = c.int_const("r"), alpha = c.real_const("alpha"), beta = c.real_const("beta");
        struct Run {
          smt::Term z, before, prev, next;
        };
        auto run = [&](const std::string& s) {
          return Run{c.constant(("z" + s).c_str(), vec), c.constant(("z_before" + s).c_str(), vec),
                     c.bool_const(("prev" + s).c_str()), c.bool_const(("next" + s).c_str())};
        };
        Run a = run(""), b = run("_other");
        for (const Run& x : {a, b}) {
          smt::Term u = signal(r, x.z), on = u >= alpha;
          // A rate-dependent relay would switch on only when its signal rises across alpha.
          if (mutant == Change::RateDependentRelay) on = on && signal(r, x.before) < alpha;
          q.fact(x.next == smt::ite(on, c.bool_val(true), smt::ite(u <= beta, c.bool_val(false), x.prev)));
        }
        q.hypothesis("alpha >= beta", alpha >= beta);
        q.hypothesis("same layer input at n", a.z == b.z);
        if (mutant != Change::StatesMayDiffer) q.hypothesis("same relay states at n-1", a.prev == b.prev);
        q.fact(a.next != b.next);
      },
      {Change::RateDependentRelay, Change::StatesMayDiffer}};
}

// Layer l+1's output at n from its input and its relays' states at n (every relay equal, by relay_step).
ChainQuery<Change> layer_step(Change mutant) {
  return {"step: layer l to l+1",
          "z^(l)_n = z'^(l)_n and every relay state of layer l+1 at n equal => z^(l+1)_n = z'^(l+1)_n (LN, MLP, "
          "residuals, W_O and the measure any functions)",
          [mutant](smt::Context& c, Query& q) {
            smt::Sort vec = c.array_sort(c.int_sort(), c.real_sort()), bits = c.array_sort(c.int_sort(), c.bool_sort());
            smt::FuncDecl mpal = c.function("mpal", bits, vec);
            smt::Term z = c.constant("z", vec), z2 = c.constant("z_other", vec);
            smt::Term s = c.constant("states", bits), s2 = c.constant("states_other", bits);
            q.hypothesis("same layer input at n", z == z2);
            q.hypothesis("same relay states at n (relay step)", s == s2);
            if (mutant == Change::ReadsAnotherPosition) {
              smt::FuncDecl layer = c.function("layer", vec, vec, vec, vec);
              smt::Term w = c.constant("z_elsewhere", vec), w2 = c.constant("z_elsewhere_other", vec);
              q.fact(layer(z, mpal(s), w) != layer(z2, mpal(s2), w2));
            } else {
              smt::FuncDecl layer = c.function("layer", vec, vec, vec);
              q.fact(layer(z, mpal(s)) != layer(z2, mpal(s2)));
            }
          },
          {Change::ReadsAnotherPosition}};
}

// m + 1 pigeons 0..m, `holes(m)` holes.
smt::Term holes(Change mutant, const smt::Term& m) { return mutant == Change::AsManyHolesAsPigeons ? m + 1 : m; }

ChainQuery<Change> pigeonhole_base(Change mutant) {
  return {"base: pigeonhole m = 0",
          "no map of one pigeon into 0 holes",
          [mutant](smt::Context& c, Query& q) {
            smt::FuncDecl h = c.function("h", c.int_sort(), c.int_sort());
            smt::Term zero = c.int_val(0);
            q.fact(0 <= h(zero) && h(zero) < holes(mutant, zero));
          },
          {Change::AsManyHolesAsPigeons}};
}

// The premises are asserted at the pigeons the argument looks at (a, b and the last one): instances of
// "for every pigeon", so the query stays quantifier-free and a mutant's model is found at once.
ChainQuery<Change> pigeonhole_step(Change mutant) {
  return {"step: pigeonhole m to m+1",
          "h injective from pigeons 0..m+1 into holes 0..m => g (h with the pigeon in hole m moved to h(m+1)) "
          "injective from pigeons 0..m into holes 0..m-1 (premises at the pigeons a, b, m+1)",
          [mutant](smt::Context& c, Query& q) {
            smt::FuncDecl h = c.function("h", c.int_sort(), c.int_sort());
            smt::Term m = c.int_const("m"), a = c.int_const("a"), b = c.int_const("b"), last = m + 1;
            q.hypothesis("m >= 0", m >= 0);
            q.fact(0 <= a && a <= m && 0 <= b && b <= m);
            for (const smt::Term& i : {a, b, last})
              q.hypothesis("h maps pigeons 0..m+1 into holes 0..m", 0 <= h(i) && h(i) < holes(mutant, last));
            if (mutant != Change::InjectivityDropped)
              for (auto [i, j] : {std::pair{a, b}, std::pair{a, last}, std::pair{b, last}})
                q.hypothesis("h is injective", smt::implies(i != j, h(i) != h(j)));
            auto g = [&](const smt::Term& x) {
              return mutant == Change::NoRelabel ? h(x) : smt::ite(h(x) == m, h(last), h(x));
            };
            q.fact((a != b && g(a) == g(b)) || !(0 <= g(a) && g(a) < holes(mutant, m)));
          },
          {Change::AsManyHolesAsPigeons, Change::NoRelabel, Change::InjectivityDropped}};
}

// Real tokens: x_p = v (all else fixed); pigeons v = a, b among 0..M; the output at n is F(states at n-1).
ChainQuery<Change> conclusion_real(FiniteImageTarget target, Change mutant) {
  bool copy = target == FiniteImageTarget::CopyRealTokens;
  return {copy ? "conclusion: copy over R" : "conclusion: range over R",
          std::string(copy ? "x_n fixed, x_p = v: " : "n = 1, x_1 = 0, x_0 = v: ") +
              "the output at n is F(st(v)), st(v) the number in 0..M-1 of the relay states at n-1, and it is " +
              (copy ? "v" : "f_range(v, 0) = |v|") +
              " => st is injective from the M + 1 pigeons v = 0..M into the M holes 0..M-1, which the pigeonhole "
              "forbids (premises at the pigeons a, b)",
          [copy, mutant](smt::Context& c, Query& q) {
            smt::Term M = c.int_const("M"), a = c.int_const("a"), b = c.int_const("b");
            smt::FuncDecl st = c.function("st", c.real_sort(), c.int_sort());
            smt::FuncDecl F = c.function("F", c.int_sort(), c.real_sort());
            smt::FuncDecl F_reading = c.function("F_reads_x", c.real_sort(), c.int_sort(), c.real_sort());
            q.hypothesis("M >= 1 numbered relay-state vectors", M >= 1);
            q.fact(0 <= a && a <= M && 0 <= b && b <= M);
            for (const smt::Term& pigeon : {a, b}) {
              smt::Term v = smt::to_real(pigeon);
              smt::Term target = copy ? v : smt::ite(v >= 0, v, -v);
              if (mutant == Change::FiniteValuedTarget) target = smt::indicator(v > 0);
              smt::Term out = mutant == Change::OutputReadsTarget ? F_reading(v, st(v)) : F(st(v));
              if (mutant != Change::UnboundedStates)
                q.hypothesis("the states at n-1 are numbered 0..M-1", 0 <= st(v) && st(v) < M);
              q.hypothesis(copy ? "the output at n is x_p" : "the output at 1 is f_range(x_0, 0)", out == target);
            }
            smt::Term va = smt::to_real(a), vb = smt::to_real(b);
            q.fact((a != b && st(va) == st(vb)) || !(0 <= st(va) && st(va) < M));
          },
          {Change::OutputReadsTarget, Change::UnboundedStates, Change::FiniteValuedTarget}};
}

// An alphabet of >= 2 symbols: K >= M + 1 prefixes x_{0:n-1}, pigeons a, b among 0..M; the query token at
// n carries p; d = differ_at(a, b) a position where the two prefixes differ.
ChainQuery<Change> conclusion_finite(Change mutant) {
  return {"conclusion: copy over a finite alphabet",
          "K >= M + 1 prefixes of length n, two distinct ones differing at a position d < n; the output at n for "
          "query p is F(p, st), st the number in 0..M-1 of the relay states at n-1, and it is x_p => st is injective "
          "from the M + 1 pigeons (prefixes 0..M) into the M holes 0..M-1, which the pigeonhole forbids (premises "
          "at the pigeons a, b and at d)",
          [mutant](smt::Context& c, Query& q) {
            smt::Term M = c.int_const("M"), K = c.int_const("K"), n = c.int_const("n");
            smt::Term a = c.int_const("a"), b = c.int_const("b"), zero = c.int_val(0);
            smt::FuncDecl token = c.function("token", c.int_sort(), c.int_sort(), c.int_sort());
            smt::FuncDecl F = c.function("F", c.int_sort(), c.int_sort(), c.int_sort());
            smt::FuncDecl st_prefix = c.function("st", c.int_sort(), c.int_sort());
            smt::FuncDecl st_query = c.function("st_p", c.int_sort(), c.int_sort(), c.int_sort());
            auto st = [&](const smt::Term& prefix, const smt::Term& query) {
              return mutant == Change::QueryBeforePrefix ? st_query(prefix, query) : st_prefix(prefix);
            };
            smt::Term d = c.function("differ_at", c.int_sort(), c.int_sort(), c.int_sort())(a, b);
            q.hypothesis("M >= 1 numbered relay-state vectors", M >= 1);
            q.hypothesis("K >= M + 1 prefixes (2^n >= 2^B + 1 binary prefixes once n > B)", K >= M + 1);
            q.fact(0 <= a && a <= M && 0 <= b && b <= M);
            if (mutant != Change::PrefixesNotDistinct)
              q.hypothesis("distinct prefixes differ at some position < n",
                           smt::implies(a != b, 0 <= d && d < n && token(a, d) != token(b, d)));
            for (const smt::Term& k : {a, b}) {
              if (mutant != Change::UnboundedStates)
                for (const smt::Term& p : {zero, d})
                  q.hypothesis("the states at n-1 are numbered 0..M-1", 0 <= st(k, p) && st(k, p) < M);
              q.hypothesis("the output at n for query p is x_p",
                           smt::implies(0 <= d && d < n && k < K, F(d, st(k, d)) == token(k, d)));
            }
            q.fact((a != b && st(a, zero) == st(b, zero)) || !(0 <= st(a, zero) && st(a, zero) < M));
          },
          {Change::QueryBeforePrefix, Change::UnboundedStates, Change::PrefixesNotDistinct}};
}

const std::vector<Mutant<Change>> kMutants{
    rate_dependent_relay(Change::RateDependentRelay, "n-1"),
    {Change::StatesMayDiffer, "states at n-1 may differ",
     "the layer step's premise 'same relay states at n-1' is dropped"},
    {Change::ReadsAnotherPosition, "layer reads another position",
     "the layer's output also reads its input at another position", ModelDefinition::AttentionReadOut},
    {Change::AsManyHolesAsPigeons, "as many holes as pigeons", "the pigeonhole counts m + 1 holes for m + 1 pigeons"},
    {Change::NoRelabel, "no relabelling", "the pigeonhole step keeps g = h (the pigeon in the last hole stays)"},
    {Change::InjectivityDropped, "injectivity dropped", "the pigeonhole step drops 'h is injective'"},
    {Change::OutputReadsTarget, "output reads x_p", "the output at n reads x_p besides the relay states",
     ModelDefinition::AttentionReadOut},
    {Change::UnboundedStates, "unbounded states", "the relay states are not confined to 0..M-1"},
    {Change::FiniteValuedTarget, "finite-valued target", "the target is [v > 0] (two values) in place of the function"},
    {Change::QueryBeforePrefix, "query before the prefix", "the states at n-1 may depend on the query p"},
    {Change::PrefixesNotDistinct, "prefixes not distinct", "the prefixes need not differ at some position"},
};

}  // namespace

std::vector<Mutant<FiniteImageChange>> finite_image_mutants(FiniteImageTarget target) {
  std::vector<Change> changes{Change::RateDependentRelay,   Change::StatesMayDiffer, Change::ReadsAnotherPosition,
                              Change::AsManyHolesAsPigeons, Change::NoRelabel,       Change::InjectivityDropped,
                              Change::UnboundedStates};
  if (target == FiniteImageTarget::CopyFiniteAlphabet)
    changes.insert(changes.end(), {Change::QueryBeforePrefix, Change::PrefixesNotDistinct});
  else
    changes.insert(changes.end(), {Change::OutputReadsTarget, Change::FiniteValuedTarget});
  return select_mutants(kMutants, changes);
}

InductionProof prove_finite_image(const RunConfig& config, FiniteImageTarget target, FiniteImageChange mutant) {
  std::vector<ChainQuery<Change>> queries{layer_base(), relay_step(mutant), layer_step(mutant), pigeonhole_base(mutant),
                                          pigeonhole_step(mutant)};
  queries.push_back(target == FiniteImageTarget::CopyFiniteAlphabet ? conclusion_finite(mutant)
                                                                    : conclusion_real(target, mutant));
  return run_chain(config, kText, queries, mutant);
}

InductionClaim finite_image_claim(FiniteImageTarget target) {
  const std::vector<std::string> common{"def:pal_transformer (any depth, any number of heads, any W_I, W_O, LN, MLP)",
                                        "relays of eq:relay on a finite grid per head"};
  switch (target) {
    case FiniteImageTarget::CopyRealTokens:
      return {
          "over real tokens: for every PAL-Transformer (any depth and heads), every n >= 1, p < n and x_n, the "
          "output at n takes at most 2^B values (B its relays) as x_p ranges over R, so none outputs x_p for "
          "every real x_p",
          {reading(Tokens::Real)},
          {{"query", "p given at the query position n"}},
          {common[0], common[1], "0 <= p < n"}};
    case FiniteImageTarget::CopyFiniteAlphabet:
      return {
          "over any alphabet of two symbols or more, with p given at the query position n: for every "
          "PAL-Transformer with B relays, once n > B two prefixes of length n leave the same relay states at "
          "n-1, so for a p where they differ the outputs at n agree: none outputs x_p for every sequence and "
          "every p < n",
          {reading(Tokens::FiniteAlphabet)},
          {{"query", "p given at the query position n"}},
          {common[0], common[1], "|Sigma| >= 2", "0 <= p < n"}};
    case FiniteImageTarget::RangeRealTokens:
      return {
          "for every PAL-Transformer (any depth and heads) the output at n = 1 with x_1 = 0 takes at most 2^B "
          "values as x_0 ranges over R, while f_range(x_0, 0) = |x_0| takes infinitely many: no PAL-Transformer "
          "computes f_range",
          {reading(Tokens::Real)},
          {},
          {common[0], common[1]}};
  }
  return {};
}

}  // namespace palcheck::proofs
