// repair:thm:tc: the MLP lemmas of the generic proof (tc_vocabulary.h), for the network RepairTransformer
// builds, with |Q|, |Sigma|, |Gamma| symbolic and delta uninterpreted. The interpolation table
// (interpolation_table_mlp): hidden neurons ReLU(key - j), j = 0..n-2, with output weights the changes of
// slope, give T(key) - T(0) at every integer key in [0, n) (an induction over the neurons, T any table). The
// key: its weights (1, 2|Q|, 2|Q|(|Sigma|+1), 2|Q|(|Sigma|+1)(|Gamma|+1)) are the mixed radix of (control,
// tape, reader 1, reader 2), whose digits are recovered by mod and div and whose value is below the table's
// size (two-digit lemmas, nonlinear). The finite control: with those, the linear neurons (control replaced,
// each stack signal reflected about O) and the table built from delta, the next token at rest is the rise to
// delta's target code on each stack and delta's next state (+|Q|), and in the middle the fall 2O - u - reader
// and the state.
#include "proofs/tc_vocabulary.h"

namespace palcheck::proofs::tc {

using namespace smt;

namespace {

smt::Term relu(const smt::Term& x) { return smt::ite(x >= 0, x, x.ctx().real_val(0)); }

void interpolation_queries(Recorder& rec) {
  enum class Case { Base, Step, Exit };
  constexpr Named<Case> kCases[] = {{Case::Base, "interpolation table: base", "interpolation_base"},
                                    {Case::Step, "interpolation table: step", "interpolation_step"},
                                    {Case::Exit, "interpolation table: every key", "interpolation_exit"}};
  constexpr const char* kQuestions[] = {
      "S(t, 0) = 0 => the claim at m = 0",
      "the claim at m, S(t, m+1) = S(t, m) + (slope(m) - slope(m-1)) ReLU(t - m) => the claim at m+1",
      "the claim at m = n-1, 0 <= t <= n-1 => S(t, n-1) = T(t) - T(0)"};
  for (const auto& [kase, name, slug] : kCases)
    rec.run("MLP", name, slug, kQuestions[static_cast<int>(kase)], [&, kase](Vocabulary& v, Query& q) {
      smt::Context& c = v.c;
      smt::FuncDecl T = c.function("T", c.int_sort(), c.real_sort());
      smt::FuncDecl S = c.function("S", c.int_sort(), c.int_sort(), c.real_sort());
      smt::Term t = c.int_const("t"), m = c.int_const("m"), n = c.int_const("n");
      auto slope = [&](const smt::Term& j) { return smt::ite(j < 0, c.real_val(0), T(j + 1) - T(j)); };
      // S(t, m): the first m neurons' contribution at key t; for m <= t the table up to m continued linearly.
      auto claim = [&](const smt::Term& x) {
        return S(t, x) == smt::ite(x <= t, T(x) - T(0) + slope(x - 1) * smt::to_real(t - x), T(t) - T(0));
      };
      q.hypothesis("an integer key t >= 0", t >= 0);
      switch (kase) {
        case Case::Base:
          q.fact(S(t, c.int_val(0)) == 0);
          q.fact(!claim(c.int_val(0)));
          return;
        case Case::Step:
          q.hypothesis("the claim at m", m >= 0 && claim(m));
          q.fact(S(t, m + 1) == S(t, m) + (slope(m) - slope(m - 1)) * relu(smt::to_real(t - m)));
          q.fact(!claim(m + 1));
          return;
        case Case::Exit: break;
      }
      q.hypothesis("the claim at m = n-1, t a key of the table", n >= 1 && t <= n - 1 && claim(n - 1));
      q.fact(S(t, n - 1) != T(t) - T(0));
    });
}

void key_queries(Recorder& rec) {
  rec.run("MLP", "key: weights", "key_weights",
          "c + n1 x + n1 n2 r1 + n1 n2 n3 r2 = c + n1 (x + n2 (r1 + n3 r2)) (the key weights are a mixed radix)",
          [&](Vocabulary& v, Query& q) {
            smt::Context& c = v.c;
            smt::Term n1 = c.int_const("n1"), n2 = c.int_const("n2"), n3 = c.int_const("n3");
            smt::Term d0 = c.int_const("c0"), x = c.int_const("x"), r1 = c.int_const("r1"), r2 = c.int_const("r2");
            q.fact(d0 + n1 * x + n1 * n2 * r1 + n1 * n2 * n3 * r2 != d0 + n1 * (x + n2 * (r1 + n3 * r2)));
          });
  rec.run("MLP", "key: digits", "key_digits", "0 <= c < n, y >= 0 => (c + n y) mod n = c and (c + n y) div n = y",
          [&](Vocabulary& v, Query& q) {
            smt::Context& c = v.c;
            smt::Term n = c.int_const("n"), d0 = c.int_const("c0"), y = c.int_const("y");
            q.hypothesis("a digit and a rest", 0 <= d0 && d0 < n && y >= 0);
            smt::Term t = d0 + n * y;
            q.fact(!(smt::mod(t, n) == d0 && t / n == y));
          });
  rec.run("MLP", "key: range", "key_range", "0 <= c < n, 0 <= y < p => 0 <= c + n y < n p",
          [&](Vocabulary& v, Query& q) {
            smt::Context& c = v.c;
            smt::Term n = c.int_const("n"), p = c.int_const("p"), d0 = c.int_const("c0"), y = c.int_const("y");
            q.hypothesis("a digit and a bounded rest", 0 <= d0 && d0 < n && 0 <= y && y < p);
            q.fact(!(0 <= d0 + n * y && d0 + n * y < n * p));
          });
}

// The construction's network, symbolic in the machine (see RepairTransformer): the key's mixed radix through
// uninterpreted join (c + n y), digit (mod), rest (div) and mul, under the key lemmas' instances.
struct Network {
  Vocabulary& v;
  Delta delta;
  smt::Term nq, ni;
  smt::FuncDecl join, digit, rest, mul;

  explicit Network(Vocabulary& voc)
      : v(voc),
        delta(voc.delta()),
        nq(voc.c.int_const("nq")),
        ni(voc.c.int_const("ni")),
        join(voc.c.function("join", voc.c.int_sort(), voc.c.int_sort(), voc.c.int_sort(), voc.c.int_sort())),
        digit(voc.c.function("digit", voc.c.int_sort(), voc.c.int_sort(), voc.c.int_sort())),
        rest(voc.c.function("rest", voc.c.int_sort(), voc.c.int_sort(), voc.c.int_sort())),
        mul(voc.c.function("mul", voc.c.int_sort(), voc.c.int_sort(), voc.c.int_sort())) {}

  smt::Term nc() const { return 2 * nq; }
  smt::Term nr() const { return v.k + 1; }
  smt::Term size() const { return mul(nc(), mul(ni, mul(nr(), nr()))); }

  // The table's column o (0 control, 1 and 2 the stacks) at digits (c, x, r1, r2), as the construction fills it.
  smt::Term entry(int o, const smt::Term& c, const smt::Term& x, const smt::Term& r1, const smt::Term& r2) const {
    smt::Term zero = v.c.int_val(0);
    smt::Term rest_key = r1 < v.k && r2 < v.k;
    if (o == 0) return smt::ite(c >= nq, c - nq, smt::ite(rest_key, nq + delta.next(c, x, r1, r2), zero));
    const smt::Term& r = o == 1 ? r1 : r2;
    const smt::FuncDecl& op = o == 1 ? delta.op1 : delta.op2;
    const smt::FuncDecl& sym = o == 1 ? delta.sym1 : delta.sym2;
    smt::Term fall = v.mutation == TcMutation::FallIgnoresReader ? zero : -r;
    return smt::ite(c >= nq, fall,
                    smt::ite(rest_key, v.rise_tau(op(c, x, r1, r2), r + 1, sym(c, x, r1, r2) + 1), zero));
  }

  // The next token's slots 0..2 for token z = (control, stack 1, stack 2, tape | h1, r1, r2, h4): z + MLP(z).
  std::vector<smt::Term> next(Query& q, const smt::Term& control, const smt::Term (&u)[2], const smt::Term& h1,
                              const smt::Term& r1, const smt::Term& r2, const smt::Term& h4) const {
    smt::Context& c = v.c;
    smt::Term y2 = join(nr(), r1, r2), y1 = join(ni, h4, y2), key = join(nc(), h1, y1);
    smt::Term lemmas = c.bool_val(true);
    for (auto [n, d, y] : {std::tuple{nr(), r1, r2}, std::tuple{ni, h4, y2}, std::tuple{nc(), h1, y1}})
      lemmas = lemmas && smt::implies(0 <= d && d < n && y >= 0, digit(n, join(n, d, y)) == d &&
                                                                     rest(n, join(n, d, y)) == y && join(n, d, y) >= 0);
    lemmas = lemmas && smt::implies(0 <= r1 && r1 < nr() && 0 <= r2 && r2 < nr(), y2 < mul(nr(), nr())) &&
             smt::implies(0 <= h4 && h4 < ni && 0 <= y2 && y2 < mul(nr(), nr()), y1 < mul(ni, mul(nr(), nr()))) &&
             smt::implies(0 <= h1 && h1 < nc() && 0 <= y1 && y1 < mul(ni, mul(nr(), nr())), key < size());
    q.hypothesis(
        "the key's input is the mixed radix join(2|Q|, h1, join(|Sigma|+1, h4, join(|Gamma|+1, r1, r2))) "
        "(key weights); its digits and range (key digits, key range)",
        lemmas);
    std::vector<smt::Term> out;
    const smt::Term slots[] = {v.real(control), u[0], u[1]};
    for (int o = 0; o < 3; ++o) {
      std::string column = std::to_string(o);
      smt::FuncDecl T = c.function(("T" + column).c_str(), c.int_sort(), c.real_sort());
      smt::FuncDecl S = c.function(("S" + column).c_str(), c.int_sort(), c.real_sort());
      smt::Term c0 = digit(nc(), key), x = digit(ni, rest(nc(), key)), rr1 = digit(nr(), rest(ni, rest(nc(), key))),
                rr2 = rest(nr(), rest(ni, rest(nc(), key)));
      q.hypothesis("table column " + column + ": entry t is the construction's entry at t's digits",
                   T(key) == v.real(entry(o, c0, x, rr1, rr2)));
      q.hypothesis("hidden layer on column " + column + " (interpolation table)",
                   smt::implies(0 <= key && key <= size() - 1, S(key) == T(key) - T(c.int_val(0))));
      // b2 = T(0) (plus 2O on the stacks), the hidden layer, the linear neuron (weight -1 or -2), the residual.
      smt::Term linear = o == 0 ? -relu(slots[0]) : -2 * relu(slots[o]) + 2 * v.real(v.C());
      out.push_back(slots[o] + T(c.int_val(0)) + S(key) + linear);
    }
    return out;
  }
};

void finite_control_queries(Recorder& rec) {
  for (bool middle : {false, true})
    rec.run(
        "MLP", middle ? "finite control in the middle" : "finite control at rest",
        middle ? "control_middle" : "control_rest",
        middle ? "heads read the middle control c in [|Q|, 2|Q|), the tape, readers in [0, k], stack signals u >= 0 "
                 "=> the next token is control c - |Q| and on each stack 2O - u - reader"
               : "heads read (q, x, top1, top2) at rest (head lemmas), each stack signal m(top+1, D), delta "
                 "uninterpreted and well formed => the next token is control |Q| + delta's next state and on each "
                 "stack the target code of delta's operation (M(a,D+1), P(D-1), P(D))",
        [&, middle](Vocabulary& v, Query& q) {
          smt::Context& c = v.c;
          Network net(v);
          smt::Term control = c.int_const("control"), x = c.int_const("x");
          smt::Term r[2] = {c.int_const("r1"), c.int_const("r2")};
          smt::Term D[2] = {c.int_const("D1"), c.int_const("D2")};
          smt::Term u[2] = {c.real_const("u1"), c.real_const("u2")};
          v.assume_levels(q, {D[0] - 1, D[0], D[1] - 1, D[1]});
          q.hypothesis("|Q| >= 1, |Sigma| + 1 >= 1", net.nq >= 1 && net.ni >= 1);
          q.hypothesis("the tape head reads the tape input (head lemmas)", 0 <= x && x < net.ni);
          std::vector<smt::Term> next = net.next(q, control, u, control, r[0], r[1], x);
          if (middle) {
            q.hypothesis("the control head reads the middle control (head lemmas)",
                         net.nq <= control && control < net.nc());
            smt::Term readers = c.bool_val(true);
            for (int s = 0; s < 2; ++s) readers = readers && 0 <= r[s] && r[s] <= v.k && u[s] >= 0;
            q.hypothesis("readers in [0, k], stack signals >= 0 (grid)", readers);
            smt::Term goal = next[0] == v.real(control - net.nq);
            for (int s = 0; s < 2; ++s) goal = goal && next[1 + s] == 2 * v.real(v.C()) - u[s] - v.real(r[s]);
            q.fact(!goal);
            return;
          }
          q.hypothesis("the control head reads the state (head lemmas)", 0 <= control && control < net.nq);
          smt::Term rest = c.bool_val(true);
          for (int s = 0; s < 2; ++s)
            rest = rest && 0 <= r[s] && r[s] < v.k && 0 <= D[s] && D[s] <= v.N && u[s] == v.real(v.m(r[s] + 1, D[s]));
          q.hypothesis("readers output the tops, stack signals the encodings' last entries (reader lemma)", rest);
          q.hypothesis("delta well formed at the key", net.delta.well_formed(control, x, r[0], r[1], net.nq, v.k));
          smt::Term goal = next[0] == v.real(net.nq + net.delta.next(control, x, r[0], r[1]));
          const smt::FuncDecl* ops[] = {&net.delta.op1, &net.delta.op2};
          const smt::FuncDecl* syms[] = {&net.delta.sym1, &net.delta.sym2};
          for (int s = 0; s < 2; ++s)
            goal = goal && next[1 + s] == v.real(v.target((*ops[s])(control, x, r[0], r[1]),
                                                          (*syms[s])(control, x, r[0], r[1]) + 1, D[s]));
          q.fact(!goal);
        });
}

}  // namespace

void mlp_queries(Recorder& rec) {
  interpolation_queries(rec);
  key_queries(rec);
  finite_control_queries(rec);
}

}  // namespace palcheck::proofs::tc
