// Encoding-vs-reference agreement (see encoding_agreement.h).
#include "proofs/encoding_agreement.h"

#include "claims/tricky_sequences.h"
#include "proofs/encode_algorithm1.h"
#include "proofs/encode_memory.h"
#include "proofs/encode_relay.h"
#include "reference/preisach_memory.h"
#include "smt/z3_query.h"

#include <functional>

namespace palcheck::proofs {

using namespace smt;

namespace {

Q value(const smt::Term& e) { return numeral_value(e.simplify()); }
bool truth(const smt::Term& e) { return e.simplify().is_true(); }
long long integer(const smt::Term& e) { return value(e).convert_to<long long>(); }

SymMemory simplified(const SymMemory& m) {
  SymMemory r{m.size.simplify(), {}, m.initial};
  for (const smt::Term& e : m.entries) r.entries.push_back(e.simplify());
  return r;
}

SymAlgorithm1 simplified(const SymAlgorithm1& s) {
  SymAlgorithm1 r{s.has_previous.simplify(),     s.previous.simplify(),        s.size.simplify(), {}, {},
                  s.persisted_m_last.simplify(), s.persisted_M_last.simplify()};
  for (std::size_t j = 0; j < s.M.size(); ++j) {
    r.M.push_back(s.M[j].simplify());
    r.m.push_back(s.m[j].simplify());
  }
  return r;
}

std::string where(std::size_t c, std::size_t t, const std::string& what) {
  return "case " + std::to_string(c) + " step " + std::to_string(t) + ": " + what;
}

// Runs `cases` generated cases through `mismatch(rng, ctx, case)` (the first disagreement, or "") and stops
// at the first disagreement.
AgreementReport agree(std::uint64_t seed, std::size_t cases,
                      const std::function<std::string(std::mt19937_64&, smt::Context&, std::size_t)>& mismatch) {
  std::mt19937_64 rng(seed);
  smt::Context ctx;
  AgreementReport report;
  for (std::size_t c = 0; c < cases && report.mismatch.empty(); ++c, ++report.cases)
    report.mismatch = mismatch(rng, ctx, c);
  if (!report.mismatch.empty()) --report.cases;
  return report;
}

}  // namespace

AgreementReport relay_step_agreement(std::uint64_t seed, std::size_t cases) {
  return agree(seed, cases, [](std::mt19937_64& rng, smt::Context& ctx, std::size_t c) -> std::string {
    Q a = random_rational(rng, 4, 2), b = random_rational(rng, 4, 2);
    if (a < b) std::swap(a, b);
    std::vector<Q> u = random_tricky_sequence(rng, 8, 4);
    for (InitialState init : {InitialState::Off, InitialState::On}) {
      std::vector<smt::Term> su;
      for (const Q& x : u) su.push_back(real_val(ctx, x));
      std::vector<smt::Term> states = relay_run(real_val(ctx, a), real_val(ctx, b), su, init == InitialState::On);
      std::vector<RelayState> expected = run_relay({a, b}, u, init);
      for (std::size_t t = 0; t < u.size(); ++t)
        if (truth(states[t]) != (expected[t] == 1))
          return where(c, t, "relay (" + palcheck::to_string(a) + ", " + palcheck::to_string(b) + ") state differs");
    }
    return "";
  });
}

AgreementReport memory_step_agreement(std::uint64_t seed, std::size_t cases) {
  return agree(seed, cases, [](std::mt19937_64& rng, smt::Context& ctx, std::size_t c) -> std::string {
    const std::size_t max_len = 9;
    std::vector<Q> u = random_tricky_sequence(rng, static_cast<int>(max_len), 4);
    InitialState init = c % 2 ? InitialState::On : InitialState::Off;
    PreisachMemory reference(init);
    SymMemory symbolic = empty_memory(ctx, max_len, init);
    for (std::size_t t = 0; t < u.size(); ++t) {
      MemoryStepEffect effect = reference.step(u[t]);
      SymMemoryStep step = memory_step(symbolic, real_val(ctx, u[t]));
      symbolic = simplified(step.next);
      const std::vector<Q>& e = reference.extrema();
      bool same = integer(symbolic.size) == static_cast<long long>(e.size()) &&
                  integer(step.wiped) == static_cast<long long>(effect.wiped);
      for (std::size_t j = 0; same && j < max_len; ++j)
        same = value(symbolic.entries[j]) == (j < e.size() ? e[j] : Q(0));
      if (!same) return where(c, t, "memory differs");
    }
    return "";
  });
}

AgreementReport algorithm1_step_agreement(std::uint64_t seed, std::size_t cases) {
  return agree(seed, cases, [](std::mt19937_64& rng, smt::Context& ctx, std::size_t c) -> std::string {
    const std::size_t max_len = 7;
    std::vector<Q> u = random_tricky_sequence(rng, static_cast<int>(max_len), 4);
    for (const Algorithm1Options& options : all_algorithm1_readings()) {
      Algorithm1 reference(options);
      SymAlgorithm1 symbolic = initial_algorithm1(ctx, max_len + 1);
      for (std::size_t t = 0; t < u.size(); ++t) {
        Algorithm1Step effect = reference.step(u[t]);
        SymAlgorithm1Step step = algorithm1_step(symbolic, real_val(ctx, u[t]), options);
        symbolic = simplified(step.next);
        const std::vector<StackPair>& stack = reference.stack();
        bool same = integer(symbolic.size) == static_cast<long long>(stack.size()) &&
                    integer(step.pops) == static_cast<long long>(effect.popped.size()) &&
                    truth(step.pushed) == effect.pushed;
        for (std::size_t j = 0; same && j <= max_len; ++j)
          same = value(symbolic.M[j]) == (j < stack.size() ? stack[j].M : Q(0)) &&
                 value(symbolic.m[j]) == (j < stack.size() ? stack[j].m : Q(0));
        if (!same) return where(c, t, "Algorithm 1 stack differs under " + palcheck::to_string(options));
      }
    }
    return "";
  });
}

AgreementReport unrolling_agreement(std::uint64_t seed, std::size_t cases) {
  std::mt19937_64 rng(seed);
  RunConfig config;
  AgreementReport report;
  for (std::size_t c = 0; c < cases; ++c, ++report.cases) {
    smt::Context ctx;
    std::vector<Q> u = random_tricky_sequence(rng, 6, 4);
    std::vector<smt::Term> su;
    for (std::size_t t = 0; t < u.size(); ++t) su.push_back(ctx.real_const(("u" + std::to_string(t)).c_str()));
    Algorithm1Options options = all_algorithm1_readings()[c % 6];
    InitialState init = c % 2 ? InitialState::On : InitialState::Off;
    MemoryUnrolling mem = unroll_memory(ctx, su, init, "mem");
    Algorithm1Unrolling alg = unroll_algorithm1(ctx, su, options, "alg");
    Query q(ctx, config, "agreement");
    for (std::size_t t = 0; t < u.size(); ++t) q.fact(su[t] == real_val(ctx, u[t]));
    for (const smt::Term& f : mem.facts) q.fact(f);
    for (const smt::Term& f : alg.facts) q.fact(f);
    QueryOutcome out = q.check();
    if (out.answer != SolverAnswer::Sat) {
      report.mismatch = "case " + std::to_string(c) + ": the unrolling with fixed inputs is not satisfiable";
      return report;
    }
    std::vector<std::vector<Q>> memory = memory_trace(u, init);
    std::vector<std::vector<StackPair>> stacks = algorithm1_trace(u, options);
    for (std::size_t t = 0; t < u.size(); ++t) {
      bool same = model_int(*out.model, mem.states[t].size) == static_cast<long long>(memory[t].size()) &&
                  model_int(*out.model, alg.states[t].size) == static_cast<long long>(stacks[t].size());
      for (std::size_t j = 0; same && j < memory[t].size(); ++j)
        same = model_value(*out.model, mem.states[t].entries[j]) == memory[t][j];
      for (std::size_t j = 0; same && j < stacks[t].size(); ++j)
        same = model_value(*out.model, alg.states[t].M[j]) == stacks[t][j].M &&
               model_value(*out.model, alg.states[t].m[j]) == stacks[t][j].m;
      if (!same) {
        report.mismatch = where(c, t, "the model differs from the reference run");
        return report;
      }
    }
  }
  return report;
}

}  // namespace palcheck::proofs
