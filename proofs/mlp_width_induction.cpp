// The one-hot tabulation of delta (see mlp_width_induction.h). An input is a configuration x = (q, a, s1,
// s2) given one-hot (coordinate [x_k = e_k] of field k at value e_k); an entry e of the table is any tuple;
// delta is an uninterpreted function (one output component, any one). The sum over the entries is an
// induction over how many were added: S = delta(x) once x's own entry was added, else 0.
#include "proofs/mlp_width_induction.h"

namespace palcheck::proofs {

using namespace smt;

namespace {

constexpr InductionText kText{
    "mlp_width",
    "neuron: ReLU([q = e_q] + [a = e_a] + [s1 = e_s1] + [s2 = e_s2] - 3) = [x = e]; sum: after some entries, each "
    "taken once, S = delta(x) if x's entry was taken, else 0",
    "entry e added: S' = S + delta(e) ReLU(...), taken' = taken or e = x; exit: the table's entries are all of "
    "Q x Sigma x Gamma x Gamma, x among them, so S = delta(x)",
    "the output layer sums over the |Q||Sigma||Gamma|^2 entries, each once (a loop over the product of the "
    "four ranges); delta's outputs (next state, the two stack operations) are numbers, one output neuron each"};

using Change = MlpWidthChange;

struct Fields {
  std::vector<smt::Term> x, e;
};

Fields fields(smt::Context& c) {
  Fields f;
  for (const char* name : {"q", "a", "s1", "s2"}) {
    f.x.push_back(c.int_const(name));
    f.e.push_back(c.int_const((std::string("entry_") + name).c_str()));
  }
  return f;
}

// weight * (the hidden neuron of entry e on the one-hot input of x), written by cases so that the query
// stays linear (cvc5 rejects a product of two terms in a linear logic).
smt::Term weighted_neuron(const Fields& f, Change mutant, const smt::Term& weight) {
  smt::Context& c = f.x.front().ctx();
  std::size_t read = mutant == Change::FieldIgnored ? 3 : 4;
  int bias = mutant == Change::BiasOffByOne || mutant == Change::FieldIgnored ? -2 : -3;
  smt::Term sum = c.real_val(bias), scaled = weight * c.real_val(bias);
  for (std::size_t k = 0; k < read; ++k) {
    sum = sum + smt::indicator(f.x[k] == f.e[k]);
    scaled = scaled + smt::ite(f.x[k] == f.e[k], weight, c.real_val(0));
  }
  return smt::ite(sum > 0, scaled, c.real_val(0));
}

smt::Term neuron(const Fields& f, Change mutant) { return weighted_neuron(f, mutant, f.x.front().ctx().real_val(1)); }

smt::Term same_entry(const Fields& f) {
  smt::Term all = f.x[0] == f.e[0];
  for (std::size_t k = 1; k < 4; ++k) all = all && f.x[k] == f.e[k];
  return all;
}

ChainQuery<Change> indicator(Change mutant) {
  return {"lemma: indicator neuron",
          "the neuron of entry e on the one-hot input of x is 1 if e = x, else 0",
          [mutant](smt::Context& c, Query& q) {
            Fields f = fields(c);
            q.fact(neuron(f, mutant) != smt::indicator(same_entry(f)));
          },
          {Change::BiasOffByOne, Change::FieldIgnored}};
}

smt::FuncDecl delta(smt::Context& c) {
  smt::Sort i = c.int_sort();
  return c.function("delta", i, i, i, i, c.real_sort());
}

ChainQuery<Change> sum_base() {
  return {"base: no entry", "S = 0 with no entry taken satisfies the invariant", [](smt::Context& c, Query& q) {
            Fields f = fields(c);
            smt::Term S = c.real_const("S"), taken = c.bool_const("taken");
            q.fact(S == 0 && !taken);
            q.fact(S != smt::ite(taken, delta(c)(f.x[0], f.x[1], f.x[2], f.x[3]), c.real_val(0)));
          }};
}

ChainQuery<Change> sum_step(Change mutant) {
  return {"step: one more entry",
          "the invariant and an entry e not taken before => the invariant after adding e",
          [mutant](smt::Context& c, Query& q) {
            Fields f = fields(c);
            smt::FuncDecl d = delta(c);
            smt::Term S = c.real_const("S"), taken = c.bool_const("taken");
            smt::Term at_x = d(f.x[0], f.x[1], f.x[2], f.x[3]), at_e = d(f.e[0], f.e[1], f.e[2], f.e[3]);
            q.hypothesis("invariant before e", S == smt::ite(taken, at_x, c.real_val(0)));
            if (mutant != Change::EntryTwice)
              q.hypothesis("each entry taken once", smt::implies(same_entry(f), !taken));
            smt::Term S_next = S + weighted_neuron(f, mutant, at_e), taken_next = taken || same_entry(f);
            q.fact(S_next != smt::ite(taken_next, at_x, c.real_val(0)));
          },
          {Change::BiasOffByOne, Change::FieldIgnored, Change::EntryTwice}};
}

ChainQuery<Change> sum_exit() {
  return {"exit: every entry taken", "x's entry taken and the invariant => the output is delta(x)",
          [](smt::Context& c, Query& q) {
            Fields f = fields(c);
            smt::Term S = c.real_const("S"), taken = c.bool_const("taken");
            smt::Term at_x = delta(c)(f.x[0], f.x[1], f.x[2], f.x[3]);
            q.hypothesis("invariant after the last entry", S == smt::ite(taken, at_x, c.real_val(0)));
            q.hypothesis("x's entry is among the table's", taken);
            q.fact(S != at_x);
          }};
}

const std::vector<Mutant<Change>> kMutants{
    {Change::BiasOffByOne, "bias off by one", "the indicator's bias is -2, so it fires on three matching fields",
     ModelDefinition::Mlp},
    {Change::FieldIgnored, "one field ignored", "the indicator reads q, a, s1 only (bias -2)", ModelDefinition::Mlp},
    {Change::EntryTwice, "an entry taken twice", "the premise 'each entry taken once' is dropped"},
};

}  // namespace

std::vector<Mutant<MlpWidthChange>> mlp_width_mutants() { return kMutants; }

InductionProof prove_mlp_width(const RunConfig& config, MlpWidthChange mutant) {
  return run_chain(config, kText, {indicator(mutant), sum_base(), sum_step(mutant), sum_exit()}, mutant);
}

InductionClaim mlp_width_claim() {
  return {
      "with one-hot inputs, for every |Q|, |Sigma|, |Gamma| and every delta: one hidden neuron "
      "ReLU(x_q + x_a + x_s1 + x_s2 - 3) per entry (width |Q||Sigma||Gamma|^2) and output weights delta(entry) "
      "give delta exactly on every configuration",
      {reading(InputEncoding::OneHot)},
      {{"codes", "q, a, s1, s2 each one-hot, concatenated"}},
      {"one-hot inputs", "a two-layer ReLU network: hidden ReLU layer, linear output"}};
}

}  // namespace palcheck::proofs
