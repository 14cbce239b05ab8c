// def:encoding, lem:monotone, lem:stack_ops (the TOP decode), lem:push_no_wipe (its inequality) and
// lem:boolean, with every parameter a solver variable (k, d, D_max, i, i', Delta, eps).
// Where Z3's nonlinear integer arithmetic needs help, a proof is a chain of queries whose composition
// is stated in the details (e.g. the floor step, then the mod step).
#include "proofs/checkers.h"
#include "smt/judgement.h"
#include "smt/mutation.h"

#include <algorithm>

namespace palcheck::proofs {

using namespace smt;

namespace {

/// One piece of an encoding lemma changed on purpose: its semantic mutants (smt/mutation.h).
enum class CodeChange {
  None,             ///< the encoding as printed
  DepthUnscaled,    ///< the code's depth term is d, not d(k+1): levels overlap
  DeltaNonStrict,   ///< Delta >= 0 (the strict Delta > 0 made non-strict)
  SymbolsWidened,   ///< symbol indices range over 0..k+1, one past each end of 1..k
  SameDepth,        ///< the deeper code taken at depth d, not d + 1
  PushOffset,       ///< the decoded M_top is code* + eps (the PUSH offset), not the code itself
  ModulusK,         ///< the decode reduces mod k, not mod k + 1
  EpsUpToDelta,     ///< eps <= Delta, not eps < Delta/2
  FloorForCeiling,  ///< the repaired decode rounds down, as the printed one does
};

// code*(a_i, d) = C_max - [d(k+1) + i] Delta with C_max = D_max (k+1) Delta (eq:encoding), or the code
// `change` breaks.
smt::Term code(const smt::Term& k, const smt::Term& D_max, const smt::Term& Delta, const smt::Term& i,
               const smt::Term& d, CodeChange change = CodeChange::None) {
  smt::Term level = change == CodeChange::DepthUnscaled ? d : d * (k + 1);
  return smt::to_real(D_max * (k + 1)) * Delta - smt::to_real(level + i) * Delta;
}

const Mutant<CodeChange> kDepthUnscaled{CodeChange::DepthUnscaled, "depth unscaled",
                                        "code* = C_max - (d + i) Delta: the depth term loses its factor k + 1",
                                        ModelDefinition::Encoding};

const Mutant<CodeChange> kDeltaNonStrict{CodeChange::DeltaNonStrict, "Delta >= 0", "Delta > 0 made non-strict"};
const Mutant<CodeChange> kSymbolsWidened{CodeChange::SymbolsWidened, "symbols 0..k+1",
                                         "symbol indices one past each end of 1..k"};
const Mutant<CodeChange> kSameDepth{CodeChange::SameDepth, "same depth",
                                    "the deeper code taken at depth d instead of d + 1"};

struct Params {
  smt::Term k, D_max, Delta, i, d;
  CodeChange change = CodeChange::None;
  explicit Params(smt::Context& c, const std::string& suffix = "", CodeChange how = CodeChange::None)
      : k(c.int_const("k")),
        D_max(c.int_const("D_max")),
        Delta(c.real_const("Delta")),
        i(c.int_const(("i" + symbol(suffix)).c_str())),
        d(c.int_const(("d" + symbol(suffix)).c_str())),
        change(how) {}
  // SMT-LIB simple symbols have no apostrophe: i' is written i_prime in the .smt2 dumps.
  static std::string symbol(const std::string& suffix) { return suffix == "'" ? "_prime" : suffix; }
  void hypotheses(Query& q) const {
    delta_hypothesis(q);
    index_hypotheses(q);
  }
  void delta_hypothesis(Query& q) const {
    q.hypothesis("Delta > 0", change == CodeChange::DeltaNonStrict ? Delta >= 0 : Delta > 0);
  }
  // 1 <= i <= k for a symbol index (0 <= i <= k + 1 under SymbolsWidened).
  void symbol_hypotheses(Query& q, const smt::Term& index, const std::string& name) const {
    const bool wide = change == CodeChange::SymbolsWidened;
    q.hypothesis("1 <= " + name, wide ? index >= 0 : index >= 1);
    q.hypothesis(name + " <= k", wide ? index <= k + 1 : index <= k);
  }
  // 1 <= i <= k and 0 <= d <= D_max, the suffix naming which i and d.
  void index_hypotheses(Query& q, const std::string& suffix = "") const {
    symbol_hypotheses(q, i, "i" + suffix);
    q.hypothesis("0 <= d" + suffix, d >= 0);
    q.hypothesis("d" + suffix + " <= D_max", d <= D_max);
  }
};

// An instance of the encoding's parameters (plus `more`) read from a model.
Witness encoding_instance(const Params& p, std::string label, std::string scenario,
                          std::map<std::string, std::vector<smt::Term>> more = {}) {
  more.insert({{"k", {p.k}}, {"D_max", {p.D_max}}, {"Delta", {p.Delta}}, {"i", {p.i}}, {"d", {p.d}}});
  return Witness{.label = std::move(label), .scenario = std::move(scenario), .read = std::move(more)};
}

std::vector<CheckResult> check_encoding_injective(const RunConfig& config) {
  return {prove_pinned<CodeChange>(
      config, "def_encoding_separated", {ModelDefinition::Encoding}, {kDepthUnscaled, kSymbolsWidened},
      [](smt::Context& c, Query& q, CodeChange change) {
        Params a(c, "", change), b(c, "'", change);
        a.hypotheses(q);
        b.index_hypotheses(q, "'");
        smt::Term ca = code(a.k, a.D_max, a.Delta, a.i, a.d, change),
                  cb = code(b.k, b.D_max, b.Delta, b.i, b.d, change);
        q.fact(a.i != b.i || a.d != b.d);
        q.fact(ca - cb < a.Delta && cb - ca < a.Delta);
        return Judgement{.proved =
                             "codes of distinct (i, d) differ by at least Delta (so the encoding is injective), "
                             "for every k, D_max, Delta > 0, 1 <= i <= k and 0 <= d <= D_max"};
      })};
}

std::vector<CheckResult> check_encoding_on_grid(const RunConfig& config) {
  QueryOutcome deepest_negative;
  CheckResult r = prove(config, "def_encoding_grid", [&](smt::Context& c, Query& q) {
    Params p(c);
    smt::Term cd = code(p.k, p.D_max, p.Delta, p.i, p.d);
    // The deepest level is always negative: a proof over all parameters.
    Query& deepest = q.sibling("def_encoding_grid_deepest_negative");
    p.hypotheses(deepest);
    deepest.fact(p.d == p.D_max);
    deepest.fact(cd >= 0);
    deepest_negative = deepest.check();
    p.hypotheses(q);
    q.fact(cd < p.Delta);
    // The counterexample is looked for at the deepest level, where the query above shows every code is
    // negative: over all depths, Z3's nonlinear search ran past 240 s inside one check under some seeds.
    q.fact(p.d == p.D_max);
    return Judgement{
        .proved = "every code is a grid threshold >= Delta",
        .refuted = "codes at depth D_max are -i*Delta < 0 (Z3: " + to_string(deepest_negative.answer) +
                   " for code >= 0 at d = D_max), below every threshold i*Delta >= Delta of def:pal's grid",
        .witness = encoding_instance(p, "def:encoding:grid", "z3-code-below-grid")};
  });
  r.details.emplace_back("code >= 0 at d = D_max", to_string(deepest_negative.answer));
  return {r};
}

std::vector<CheckResult> check_monotone(const RunConfig& config) {
  return {prove_pinned<CodeChange>(
      config, "lem_monotone", {ModelDefinition::Encoding},
      {kDepthUnscaled, kDeltaNonStrict, kSymbolsWidened, kSameDepth}, [](smt::Context& c, Query& q, CodeChange change) {
        Params p(c, "", change);
        smt::Term i2 = c.int_const("i_prime");
        p.delta_hypothesis(q);
        p.symbol_hypotheses(q, p.i, "i");
        p.symbol_hypotheses(q, i2, "i'");
        q.hypothesis("d >= 0", p.d >= 0);
        smt::Term deeper = change == CodeChange::SameDepth ? p.d : p.d + 1;
        q.fact(code(p.k, p.D_max, p.Delta, i2, deeper, change) >= code(p.k, p.D_max, p.Delta, p.i, p.d, change));
        return Judgement{.proved = "code*(a_i', d+1) < code*(a_i, d) for all k, D_max, d, i, i', Delta"};
      })};
}

// The TOP decode applied to M = code*(a_i, d) + offset. Step 1 (real arithmetic, X an arbitrary
// integer standing for d(k+1) + i): the integer `rounding` of (C_max - M)/Delta equals X + shift.
// Step 2 (integer arithmetic): (X + shift) mod (k+1), written as q(k+1) + r with q = d - z, is r = i + shift.
// Together: Dec(M) = a_{i+shift}.
struct DecodeChain {
  QueryOutcome rounding, modulus;
};

/// The M_top a decode reads: the code plus the PUSH offset eps, or the code itself.
enum class TopOffset { PlusEps, None };
/// Which integer rounding the decode applies to (C_max - M)/Delta.
enum class Rounding { Floor, Ceiling };

DecodeChain decode_chain(const RunConfig& config, const std::string& name, TopOffset offset, Rounding rounding,
                         int shift, CodeChange change = CodeChange::None) {
  const bool with_eps = offset == TopOffset::PlusEps || change == CodeChange::PushOffset;
  if (change == CodeChange::FloorForCeiling) rounding = Rounding::Floor;
  DecodeChain chain;
  chain.rounding = ask(config, name + "_rounding", [&](smt::Context& c, Query& q) {
    smt::Term C_max = c.real_const("C_max"), Delta = c.real_const("Delta"), eps = c.real_const("eps"),
              y = c.real_const("y");
    smt::Term X = c.int_const("X"), f = c.int_const("f");
    q.hypothesis("Delta > 0", Delta > 0);
    if (with_eps) {
      q.hypothesis("eps > 0", eps > 0);
      q.hypothesis("eps < Delta/2", change == CodeChange::EpsUpToDelta ? eps <= Delta : 2 * eps < Delta);
    }
    smt::Term M = C_max - smt::to_real(X) * Delta + (with_eps ? eps : c.real_val(0));
    q.fact(y * Delta == C_max - M);
    if (rounding == Rounding::Ceiling)
      q.fact(smt::to_real(f) - 1 < y && y <= smt::to_real(f));
    else
      q.fact(smt::to_real(f) <= y && y < smt::to_real(f) + 1);
    q.fact(f != X + shift);
  });
  chain.modulus = ask(config, name + "_mod", [&](smt::Context& c, Query& q) {
    smt::Term k = c.int_const("k"), i = c.int_const("i"), d = c.int_const("d"), z = c.int_const("z"),
              r = c.int_const("r");
    q.hypothesis("1 <= i", i >= 1);
    q.hypothesis("i <= k", i <= k);
    q.hypothesis("0 <= d", d >= 0);
    smt::Term modulus = change == CodeChange::ModulusK ? k : k + 1;
    q.fact(d * (k + 1) + i + shift == (d - z) * modulus + r);
    q.fact(r >= 0 && r <= modulus - 1);
    q.fact(r != i + shift);
  });
  return chain;
}

CheckResult chain_result(const DecodeChain& chain, const Judgement& j) {
  QueryOutcome combined;
  bool both = chain.rounding.answer == SolverAnswer::Unsat && chain.modulus.answer == SolverAnswer::Unsat;
  combined.answer = both ? SolverAnswer::Unsat : SolverAnswer::Unknown;
  // A step where the solvers disagree is the answer (an ERROR); otherwise cvc5 must confirm both steps.
  for (const QueryOutcome* step : {&chain.rounding, &chain.modulus})
    if (solvers_disagree(*step)) return solver_result(*step);
  combined.second = chain.rounding.second;
  if (!(confirmed_unsat(chain.rounding) && confirmed_unsat(chain.modulus)))
    combined.second.reply = {SolverAnswer::Unknown, "step 1: " + to_string(chain.rounding.second.reply) + "; step 2: " +
                                                             to_string(chain.modulus.second.reply)};
  combined.core = chain.rounding.core;
  for (const std::string& h : chain.modulus.core)
    if (std::find(combined.core.begin(), combined.core.end(), h) == combined.core.end()) combined.core.push_back(h);
  if (!both)
    combined.reason_unknown = "chain incomplete: rounding step " + to_string(chain.rounding.answer) + " " +
                              chain.rounding.reason_unknown + ", mod step " + to_string(chain.modulus.answer) + " " +
                              chain.modulus.reason_unknown;
  CheckResult r = judge(combined, j);
  r.details.emplace_back("step 1 (rounding of (C_max - M)/Delta)",
                         to_string(chain.rounding.answer) + " (cvc5: " + to_string(chain.rounding.second.reply) + ")");
  r.details.emplace_back("step 2 (mod (k+1), quotient written d - z)",
                         to_string(chain.modulus.answer) + " (cvc5: " + to_string(chain.modulus.second.reply) + ")");
  if (!chain.rounding.smt2_path.empty()) r.details.emplace_back("smt2 step 1", chain.rounding.smt2_path);
  if (!chain.modulus.smt2_path.empty()) r.details.emplace_back("smt2 step 2", chain.modulus.smt2_path);
  return r;
}

// The mutants of a decode chain: both steps asked with each change.
std::vector<MutantResult> chain_mutants(const RunConfig& config, const std::string& name, TopOffset offset,
                                        Rounding rounding, const std::vector<Mutant<CodeChange>>& mutants) {
  return induction_mutants<CodeChange>(config, mutants, [&](const RunConfig& settings, CodeChange change) {
    DecodeChain chain = decode_chain(settings, name + mutant_tag(mutants, change), offset, rounding, 0, change);
    return std::vector<InductionQuery>{recorded("step 1 (rounding)", "", chain.rounding),
                                       recorded("step 2 (mod k + 1)", "", chain.modulus)};
  });
}

const Mutant<CodeChange> kModulusK{CodeChange::ModulusK, "mod k", "the decode reduces mod k, not mod k + 1",
                                   ModelDefinition::Encoding};

std::vector<CheckResult> check_top_decode(const RunConfig& config) {
  std::vector<CheckResult> out;
  // Reading 1: M_top = code* + eps, as PUSH emits it and lem:push_no_wipe states it.
  DecodeChain wrong =
      decode_chain(config, "lem_stack_ops_top_plus_eps_gives_i_minus_1", TopOffset::PlusEps, Rounding::Floor, -1);
  const std::map<std::string, std::string> plus_eps{{"part", "TOP"},
                                                    {"M_top", "code*(a_i,d) + eps (lem:push_no_wipe)"}};
  CheckResult off_by_one = chain_result(
      wrong, Judgement{.proved = "Dec(code*(a_i,d) + eps) = a_{i-1}, never a_i: floor((C_max - M_top)/Delta) = "
                                 "d(k+1) + i - 1",
                       .interpretation = plus_eps});
  if (off_by_one.verdict == Verdict::Proved) {
    // Z3 proved the decode is a_{i-1} for every parameter: any instance refutes TOP; take one from a model.
    CheckResult r = prove(config, "lem_stack_ops_top_instance", [&](smt::Context& c, Query& q) {
      Params p(c);
      smt::Term eps = c.real_const("eps");
      p.hypotheses(q);
      q.hypothesis("eps > 0", eps > 0);
      q.hypothesis("eps < Delta/2", 2 * eps < p.Delta);
      return Judgement{.refuted = off_by_one.summary + " (proved for all parameters; instance replayed)",
                       .witness = encoding_instance(p, "lem:stack_ops", "z3-top-decode", {{"eps", {eps}}}),
                       .interpretation = plus_eps};
    });
    r.details.insert(r.details.end(), off_by_one.details.begin(), off_by_one.details.end());
    r.details.emplace_back("hypotheses of the off-by-one proof", join(off_by_one.hypotheses_used));
    out.push_back(r);
  } else {
    out.push_back(off_by_one);
  }
  // Reading 2: M_top = code* exactly (no offset): the decode is right.
  DecodeChain exact = decode_chain(config, "lem_stack_ops_top_exact_code", TopOffset::None, Rounding::Floor, 0);
  out.push_back(chain_result(
      exact, Judgement{.proved = "Dec(code*(a_i,d)) = a_i for all k, d, D_max, Delta (decode of the exact code)",
                       .interpretation = {{"part", "TOP"}, {"M_top", "code*(a_i,d) exactly"}}}));
  pin(out.back(), {ModelDefinition::Encoding}, [&] {
    return chain_mutants(
        config, "lem_stack_ops_top_exact_code", TopOffset::None, Rounding::Floor,
        {{CodeChange::PushOffset, "push offset", "the decoded M_top is code*(a_i,d) + eps", ModelDefinition::Encoding},
         kModulusK});
  });
  return out;
}

std::vector<CheckResult> check_top_decode_repair(const RunConfig& config) {
  DecodeChain chain = decode_chain(config, "repair_lem_stack_ops_top_ceil", TopOffset::PlusEps, Rounding::Ceiling, 0);
  CheckResult r = chain_result(
      chain,
      Judgement{.proved = "Dec'(M) = ceil((C_max - M)/Delta) mod (k+1) recovers a_i from M_top = code*(a_i,d) + eps, "
                          "for every k, d >= 0, D_max, Delta > 0, 1 <= i <= k and 0 < eps < Delta/2",
                .interpretation = {{"M_top", "code*(a_i,d) + eps"}}});
  pin(r, {ModelDefinition::Encoding}, [&] {
    return chain_mutants(config, "repair_lem_stack_ops_top_ceil", TopOffset::PlusEps, Rounding::Ceiling,
                         {{CodeChange::FloorForCeiling, "floor for ceiling", "the decode rounds down, as printed",
                           ModelDefinition::Encoding},
                          {CodeChange::EpsUpToDelta, "eps up to Delta", "eps <= Delta, not eps < Delta/2"},
                          kModulusK});
  });
  return {r};
}

std::vector<CheckResult> check_push_inequality(const RunConfig& config) {
  return {prove_pinned<CodeChange>(
      config, "lem_push_no_wipe_inequality", {ModelDefinition::Encoding}, {kDepthUnscaled, kSymbolsWidened, kSameDepth},
      [](smt::Context& c, Query& q, CodeChange change) {
        Params p(c, "", change);
        smt::Term j = c.int_const("j"), eps = c.real_const("eps"), M_top = c.real_const("M_top");
        p.delta_hypothesis(q);
        q.hypothesis("eps > 0", eps > 0);
        q.hypothesis("eps < Delta/2", 2 * eps < p.Delta);
        p.symbol_hypotheses(q, p.i, "i");
        p.symbol_hypotheses(q, j, "j");
        q.hypothesis("d >= 0", p.d >= 0);
        q.hypothesis("M_top = code*(a_j,d) + eps", M_top == code(p.k, p.D_max, p.Delta, j, p.d, change) + eps);
        smt::Term deeper = change == CodeChange::SameDepth ? p.d : p.d + 1;
        q.fact(code(p.k, p.D_max, p.Delta, p.i, deeper, change) + eps >= M_top);
        return Judgement{.proved = "u_{n+1} = code*(a_i,d+1) + eps < M_top for all parameters",
                         .interpretation = {{"part", "the inequality u_{n+1} < M_top of the proof"}}};
      })};
}

/// One piece of a Boolean gadget changed on purpose (lem:boolean's semantic mutants).
enum class GateChange {
  None,           ///< the gadgets as printed
  BiasOffByOne,   ///< the gadget's constant one further from zero
  ReluDropped,    ///< ReLU read as the identity
  DomainWidened,  ///< inputs anywhere in [0, 1], not only 0 or 1
};

std::vector<CheckResult> check_boolean(const RunConfig& config) {
  const std::vector<std::string> gates{"AND", "OR", "NOT"};
  auto name = [](const std::string& op) { return "lem_boolean_" + op; };
  auto claim = [](smt::Context& c, Query& q, const std::string& op, GateChange change) {
    auto relu = [change](const smt::Term& x) {
      return change == GateChange::ReluDropped ? x : smt::ite(x > 0, x, x.ctx().real_val(0));
    };
    smt::Term r1 = c.real_const("r1"), r2 = c.real_const("r2");
    smt::Term one = c.real_val(1), zero = c.real_val(0);
    smt::Term bias = c.real_val(change == GateChange::BiasOffByOne ? 2 : 1);
    auto boolean = [&](const smt::Term& r) {
      return change == GateChange::DomainWidened ? 0 <= r && r <= 1 : r == 0 || r == 1;
    };
    q.hypothesis("r1 in {0,1}", boolean(r1));
    q.hypothesis("r2 in {0,1}", boolean(r2));
    if (op == "AND") q.fact(relu(r1 + r2 - bias) != smt::ite(r1 == one && r2 == one, one, zero));
    if (op == "OR") q.fact(relu(r1 + r2) - relu(r1 + r2 - bias) != smt::ite(r1 == one || r2 == one, one, zero));
    if (op == "NOT") q.fact(bias - r1 != smt::ite(r1 == one, zero, one));
    return Judgement{.proved = op + " is exact on {0,1}", .interpretation = {{"connective", op}}};
  };
  std::vector<CheckResult> out = prove_each<std::string>(
      config, gates, name,
      [&](smt::Context& c, Query& q, const std::string& op) { return claim(c, q, op, GateChange::None); });
  for (std::size_t g = 0; g < gates.size(); ++g) {
    std::vector<Mutant<GateChange>> mutants{
        {GateChange::BiasOffByOne, "bias off by one", "the gadget's constant 1 read as 2", ModelDefinition::Mlp},
        {GateChange::DomainWidened, "inputs in [0, 1]", "r1, r2 anywhere in [0, 1], not only 0 or 1"}};
    if (gates[g] != "NOT")
      mutants.push_back({GateChange::ReluDropped, "ReLU dropped", "ReLU read as the identity", ModelDefinition::Mlp});
    pin(out[g], {ModelDefinition::Mlp}, [&] {
      return query_mutants<GateChange>(config, name(gates[g]), mutants, [&](smt::Context& c, Query& q, GateChange ch) {
        return claim(c, q, gates[g], ch);
      });
    });
  }
  return out;
}

}  // namespace

void register_encoding_lemma_checkers(Registry& r) {
  // The inequality u_{n+1} < M_top of lem:push_no_wipe's proof, not the lemma.
  r.add(Checker{"lem:push_no_wipe", "z3", check_push_inequality, Sharding::ByClaim, Scope::ProofStep});
  add_checkers(r, "z3",
               {{"def:encoding:injective", check_encoding_injective},
                {"def:encoding:grid", check_encoding_on_grid},
                {"lem:monotone", check_monotone},
                {"lem:stack_ops", check_top_decode},
                {"repair:lem:stack_ops:top", check_top_decode_repair},
                {"lem:boolean", check_boolean}});
}

}  // namespace palcheck::proofs
