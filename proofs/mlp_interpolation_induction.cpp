// The interpolation network on scalar codes (see mlp_interpolation_induction.h). The table is an
// uninterpreted y : Int -> Real (one output component, any one); F is the output after the first m hidden
// neurons at an integer key K >= 0.
#include "proofs/mlp_interpolation_induction.h"

namespace palcheck::proofs {

using namespace smt;

namespace {

constexpr InductionText kText{
    "mlp_interpolation",
    "key: q' - q = Q d with 0 <= q, q' < Q => d = 0, and 0 <= q <= Q - 1, 0 <= r <= R - 1 => 0 <= q + Q r <= "
    "QR - 1 (so the mixed-radix key numbers the entries one-to-one within 0..N-1); neurons: after m of them, F(K) = "
    "y(K) if K <= m, else y(m) + (K - m) slope(m-1), with "
    "slope(j) = y(j+1) - y(j) and slope(-1) = 0",
    "neuron m: F' = F + (slope(m) - slope(m-1)) ReLU(K - m); exit: with N - 1 neurons, F(K) = y(K) for every key "
    "0 <= K <= N - 1, and y(key(x)) = delta(x) as the table lists delta in key order",
    "interpolation_table_mlp lists delta in key order (s2, s1, a, q from the outside in) and gives hidden neuron j "
    "the weight slope(j) - slope(j-1) and bias -j; Q, Sigma, Gamma are coded 0..|Q|-1, 0..|Sigma|-1, "
    "0..|Gamma|-1"};

using Change = MlpInterpolationChange;

// a = b for terms with a product of two unknowns, written as two inequalities: Z3's degree probe reads
// inequalities only, and the dump must declare a nonlinear logic for cvc5 to accept the product.
smt::Term same(const smt::Term& a, const smt::Term& b) { return a <= b && a >= b; }

ChainQuery<Change> digit() {
  return {"lemma: one digit", "Q >= 1, 0 <= q, q' < Q, q' - q = Q d (integers) => d = 0 (so q = q')",
          [](smt::Context& c, Query& q) {
            smt::Term Q = c.int_const("Q"), d = c.int_const("q"), d2 = c.int_const("q_other"), k = c.int_const("d");
            q.hypothesis("Q >= 1", Q >= 1);
            q.hypothesis("0 <= q, q' < Q", 0 <= d && d < Q && 0 <= d2 && d2 < Q);
            q.fact(d2 - d == Q * k);
            q.fact(k != 0);
          }};
}

struct Code {
  std::vector<smt::Term> digit;  // q, a, s1, s2
};

Code code(smt::Context& c, const std::string& suffix) {
  Code k;
  for (const char* name : {"q", "a", "s1", "s2"}) k.digit.push_back(c.int_const((name + suffix).c_str()));
  return k;
}

struct Radices {
  smt::Term Q, S, G;
  std::vector<smt::Term> of() const { return {Q, S, G, G}; }
};

Radices radices(smt::Context& c, Query& q) {
  Radices r{c.int_const("Q_size"), c.int_const("Sigma_size"), c.int_const("Gamma_size")};
  q.hypothesis("|Q|, |Sigma|, |Gamma| >= 1", r.Q >= 1 && r.S >= 1 && r.G >= 1);
  return r;
}

void in_range(Query& q, const Radices& r, const Code& k) {
  std::vector<smt::Term> sizes = r.of();
  for (std::size_t i = 0; i < 4; ++i) q.hypothesis("each code in 0..size-1", 0 <= k.digit[i] && k.digit[i] < sizes[i]);
}

// The key from the innermost digit out, each level a named integer: inner = s1 + |Gamma| s2,
// rest = a + |Sigma| inner, key = q + |Q| rest. Naming the levels keeps every product a product of two
// unknowns, so that the queries are linear over those products (Z3 and cvc5 answer them at once).
struct Levels {
  smt::Term inner, rest, key;
};

Levels levels(smt::Context& c, Query& q, const Radices& r, const Code& k, const std::string& suffix, Change mutant) {
  Levels l{c.int_const(("inner" + suffix).c_str()), c.int_const(("rest" + suffix).c_str()),
           c.int_const(("key" + suffix).c_str())};
  smt::Term first = mutant == Change::RadixOffByOne ? r.Q - 1 : r.Q;
  q.fact(l.inner == k.digit[2] + r.G * k.digit[3]);
  q.fact(l.rest == k.digit[1] + r.S * l.inner);
  q.fact(l.key == k.digit[0] + first * l.rest);
  return l;
}

ChainQuery<Change> key_one_to_one(Change mutant) {
  return {"lemma: the key is one-to-one",
          "two codes in range with equal keys are equal (the digit lemma at radices |Q|, |Sigma|, |Gamma|)",
          [mutant](smt::Context& c, Query& q) {
            Radices r = radices(c, q);
            Code x = code(c, ""), y = code(c, "_other");
            in_range(q, r, x);
            in_range(q, r, y);
            Levels lx = levels(c, q, r, x, "", mutant), ly = levels(c, q, r, y, "_other", mutant);
            smt::Term first = mutant == Change::RadixOffByOne ? r.Q - 1 : r.Q;
            // The digit lemma's instances, outermost digit first (proved for every radix by the query above).
            auto lemma = [](const smt::Term& radix, const smt::Term& low_x, const smt::Term& low_y,
                            const smt::Term& high_x, const smt::Term& high_y) {
              return smt::implies(radix >= 1 && 0 <= low_x && low_x < radix && 0 <= low_y && low_y < radix &&
                                      low_y - low_x == radix * high_x - radix * high_y,
                                  high_x == high_y);
            };
            q.hypothesis("digit lemma at radix |Q|", lemma(first, x.digit[0], y.digit[0], lx.rest, ly.rest));
            q.hypothesis("digit lemma at radix |Sigma|", lemma(r.S, x.digit[1], y.digit[1], lx.inner, ly.inner));
            q.hypothesis("digit lemma at radix |Gamma|", lemma(r.G, x.digit[2], y.digit[2], x.digit[3], y.digit[3]));
            q.fact(lx.key == ly.key);
            q.fact(!(x.digit[0] == y.digit[0] && x.digit[1] == y.digit[1] && x.digit[2] == y.digit[2] &&
                     x.digit[3] == y.digit[3]));
          },
          {Change::RadixOffByOne}};
}

ChainQuery<Change> digit_range() {
  return {"lemma: one digit's range",
          "Q, R >= 1, 0 <= q <= Q - 1, 0 <= r <= R - 1 => 0 <= q + Q r <= Q R - 1 (over the reals, so for integers)",
          [](smt::Context& c, Query& q) {
            smt::Term Q = c.real_const("Q"), R = c.real_const("R"), d = c.real_const("q"), r = c.real_const("r");
            q.hypothesis("Q, R >= 1", Q >= 1 && R >= 1);
            q.hypothesis("0 <= q <= Q - 1, 0 <= r <= R - 1", 0 <= d && d <= Q - 1 && 0 <= r && r <= R - 1);
            q.fact(!(0 <= d + Q * r && d + Q * r <= Q * R - 1));
          }};
}

ChainQuery<Change> key_range() {
  return {"lemma: keys in 0..N-1",
          "a code in range has 0 <= key <= |Q||Sigma||Gamma|^2 - 1 (the digit range lemma at radices |Gamma|, "
          "|Sigma|, |Q|)",
          [](smt::Context& c, Query& q) {
            Radices r = radices(c, q);
            Code x = code(c, "");
            in_range(q, r, x);
            Levels l = levels(c, q, r, x, "", Change::None);
            smt::Term GG = c.int_const("Gamma_squared"), SGG = c.int_const("Sigma_Gamma_squared"), N = c.int_const("N");
            q.fact(GG == r.G * r.G && SGG == r.S * GG && N == r.Q * SGG);
            // The digit range lemma's instances, innermost first (proved for every radix by the query above).
            auto lemma = [](const smt::Term& radix, const smt::Term& bound, const smt::Term& low, const smt::Term& high,
                            const smt::Term& value, const smt::Term& product) {
              return smt::implies(
                  radix >= 1 && bound >= 1 && 0 <= low && low <= radix - 1 && 0 <= high && high <= bound - 1,
                  0 <= value && value <= product - 1);
            };
            q.hypothesis("digit range lemma at radix |Gamma|", lemma(r.G, r.G, x.digit[2], x.digit[3], l.inner, GG));
            q.hypothesis("digit range lemma at radix |Sigma|", lemma(r.S, GG, x.digit[1], l.inner, l.rest, SGG));
            q.hypothesis("digit range lemma at radix |Q|", lemma(r.Q, SGG, x.digit[0], l.rest, l.key, N));
            q.fact(!(0 <= l.key && l.key <= N - 1));
          }};
}

struct Table {
  smt::Context& c;
  smt::FuncDecl y;
  smt::Term slope(const smt::Term& j) const { return smt::ite(j < 0, c.real_val(0), y(j + 1) - y(j)); }
  // F after m neurons at key K, as the invariant states it.
  smt::Term expected(const smt::Term& m, const smt::Term& K) const {
    return smt::ite(K <= m, y(K), y(m) + smt::to_real(K - m) * slope(m - 1));
  }
};

Table table(smt::Context& c) { return {c, c.function("y", c.int_sort(), c.real_sort())}; }

ChainQuery<Change> neurons_base() {
  return {"base: no neuron", "F = y(0) (the output bias) satisfies the invariant at m = 0",
          [](smt::Context& c, Query& q) {
            Table t = table(c);
            smt::Term K = c.int_const("K");
            q.hypothesis("K >= 0", K >= 0);
            q.fact(!same(t.y(c.int_val(0)), t.expected(c.int_val(0), K)));
          }};
}

// One query per case of the key against the kink: K <= m, K = m + 1, K >= m + 2 (every integer K is in one).
enum class KinkCase { Before, At, After };

ChainQuery<Change> neurons_step(Change mutant, KinkCase where) {
  const char* name = where == KinkCase::Before ? "step: neuron m, K <= m"
                     : where == KinkCase::At   ? "step: neuron m, K = m + 1"
                                               : "step: neuron m, K >= m + 2";
  return {name,
          "the invariant at m => at m + 1 after adding (slope(m) - slope(m-1)) ReLU(K - m)",
          [mutant, where](smt::Context& c, Query& q) {
            Table t = table(c);
            smt::Term K = c.int_const("K"), m = c.int_const("m"), F = c.real_const("F");
            q.hypothesis("K >= 0", K >= 0);
            q.hypothesis("m >= 0", m >= 0);
            q.fact(where == KinkCase::Before ? K <= m : where == KinkCase::At ? K == m + 1 : K >= m + 2);
            q.hypothesis("invariant at m", same(F, t.expected(m, K)));
            smt::Term weight = mutant == Change::SlopeNotChange ? t.slope(m) : t.slope(m) - t.slope(m - 1);
            smt::Term kink = mutant == Change::KinkOffByOne ? m + 1 : m;
            smt::Term relu = smt::ite(K - kink > 0, smt::to_real(K - kink), c.real_val(0));
            q.fact(!same(F + weight * relu, t.expected(m + 1, K)));
          },
          {Change::SlopeNotChange, Change::KinkOffByOne}};
}

ChainQuery<Change> neurons_exit(Change mutant) {
  return {"exit: N - 1 neurons",
          "the invariant after N - 1 neurons => F(K) = y(K) for every key 0 <= K <= N - 1",
          [mutant](smt::Context& c, Query& q) {
            Table t = table(c);
            smt::Term K = c.int_const("K"), N = c.int_const("N"), F = c.real_const("F");
            smt::Term neurons = mutant == Change::NeuronFewer ? N - 2 : N - 1;
            q.hypothesis("N >= 1", N >= 1);
            q.hypothesis("0 <= K <= N - 1", 0 <= K && K <= N - 1);
            q.hypothesis("invariant after the last neuron", same(F, t.expected(neurons, K)));
            q.fact(F != t.y(K));
          },
          {Change::NeuronFewer}};
}

const std::vector<Mutant<Change>> kMutants{
    {Change::SlopeNotChange, "weight is the slope",
     "hidden neuron j's output weight is slope(j), not slope(j) - slope(j-1)", ModelDefinition::Mlp},
    {Change::KinkOffByOne, "kink off by one", "hidden neuron j is ReLU(key - j - 1)", ModelDefinition::Mlp},
    {Change::RadixOffByOne, "radix off by one", "the key's first radix is |Q| - 1", ModelDefinition::Mlp},
    {Change::NeuronFewer, "one neuron fewer", "N - 2 hidden neurons", ModelDefinition::Mlp},
};

}  // namespace

std::vector<Mutant<MlpInterpolationChange>> mlp_interpolation_mutants() { return kMutants; }

InductionProof prove_mlp_interpolation(const RunConfig& config, MlpInterpolationChange mutant) {
  return run_chain(config, kText,
                   {digit(), key_one_to_one(mutant), digit_range(), key_range(), neurons_base(),
                    neurons_step(mutant, KinkCase::Before), neurons_step(mutant, KinkCase::At),
                    neurons_step(mutant, KinkCase::After), neurons_exit(mutant)},
                   mutant);
}

InductionClaim mlp_interpolation_claim() {
  return {
      "with scalar codes, for every |Q|, |Sigma|, |Gamma| and every delta: N - 1 hidden neurons ReLU(key - j) "
      "of the mixed-radix key (N = |Q||Sigma||Gamma|^2) give delta exactly on every configuration",
      {reading(InputEncoding::ScalarCodes)},
      {{"codes", "q, a, s1, s2 as integers"}},
      {"codes 0..size-1", "a two-layer ReLU network: hidden ReLU layer, linear output"}};
}

}  // namespace palcheck::proofs
