// The Z3 encodings of def:relay, the classical memory (prop:wiping, def:stack) and Algorithm 1
// (alg:stack, every reading) must mean what the reference computes: each encoding's step function is
// evaluated by Z3 on thousands of generated concrete inputs, chaining Z3's own state, and compared
// with the reference step by step.
#include "encode_algorithm1.h"
#include "encode_memory.h"
#include "encode_relay.h"
#include "preisach_memory.h"
#include "sequence_generator.h"
#include "z3_query.h"

#include <gtest/gtest.h>

namespace palcheck::proofs {
namespace {

Q value(const z3::expr& e) { return numeral_value(e.simplify()); }
bool truth(const z3::expr& e) { return e.simplify().is_true(); }
long long integer(const z3::expr& e) { return value(e).convert_to<long long>(); }

SymMemory simplified(const SymMemory& m) {
  SymMemory r{m.size.simplify(), {}, m.initial};
  for (const z3::expr& e : m.entries) r.entries.push_back(e.simplify());
  return r;
}

SymAlgorithm1 simplified(const SymAlgorithm1& s) {
  SymAlgorithm1 r{s.has_previous.simplify(), s.previous.simplify(), s.size.simplify(), {}, {},
                  s.persisted_m_last.simplify(), s.persisted_M_last.simplify()};
  for (std::size_t j = 0; j < s.M.size(); ++j) {
    r.M.push_back(s.M[j].simplify());
    r.m.push_back(s.m[j].simplify());
  }
  return r;
}

TEST(EncodingAgreement, RelayStepEqualsReference) {
  std::mt19937_64 rng(101);
  z3::context ctx;
  for (int c = 0; c < 3000; ++c) {
    Q a = testing::lattice_value(rng), b = testing::lattice_value(rng);
    if (a < b) std::swap(a, b);
    std::vector<Q> u = testing::tricky_inputs(rng, 8);
    for (InitialState init : {InitialState::Off, InitialState::On}) {
      std::vector<z3::expr> su;
      for (const Q& x : u) su.push_back(real_val(ctx, x));
      std::vector<z3::expr> states = relay_run(real_val(ctx, a), real_val(ctx, b), su, init == InitialState::On);
      std::vector<RelayState> expected = run_relay({a, b}, u, init);
      for (std::size_t t = 0; t < u.size(); ++t) ASSERT_EQ(truth(states[t]), expected[t] == 1) << "case " << c;
    }
  }
}

TEST(EncodingAgreement, MemoryStepEqualsReference) {
  std::mt19937_64 rng(202);
  z3::context ctx;
  const std::size_t max_len = 9;
  for (int c = 0; c < 1200; ++c) {
    std::vector<Q> u = testing::tricky_inputs(rng, max_len);
    InitialState init = c % 2 ? InitialState::On : InitialState::Off;
    PreisachMemory reference(init);
    SymMemory symbolic = empty_memory(ctx, max_len, init);
    for (std::size_t t = 0; t < u.size(); ++t) {
      MemoryStepEffect effect = reference.step(u[t]);
      SymMemoryStep step = memory_step(symbolic, real_val(ctx, u[t]));
      symbolic = simplified(step.next);
      const std::vector<Q>& e = reference.extrema();
      ASSERT_EQ(integer(symbolic.size), static_cast<long long>(e.size())) << "case " << c << " step " << t;
      ASSERT_EQ(integer(step.wiped), static_cast<long long>(effect.wiped)) << "case " << c << " step " << t;
      for (std::size_t j = 0; j < max_len; ++j)
        ASSERT_EQ(value(symbolic.entries[j]), j < e.size() ? e[j] : Q(0)) << "case " << c << " step " << t;
    }
  }
}

TEST(EncodingAgreement, Algorithm1StepEqualsReferenceUnderEveryReading) {
  std::mt19937_64 rng(303);
  z3::context ctx;
  const std::size_t max_len = 7;
  for (int c = 0; c < 250; ++c) {
    std::vector<Q> u = testing::tricky_inputs(rng, max_len);
    for (const Algorithm1Options& options : all_algorithm1_readings()) {
      Algorithm1 reference(options);
      SymAlgorithm1 symbolic = initial_algorithm1(ctx, max_len + 1);
      for (std::size_t t = 0; t < u.size(); ++t) {
        Algorithm1Step effect = reference.step(u[t]);
        SymAlgorithm1Step step = algorithm1_step(symbolic, real_val(ctx, u[t]), options);
        symbolic = simplified(step.next);
        const std::vector<StackPair>& stack = reference.stack();
        std::string where = "case " + std::to_string(c) + " step " + std::to_string(t) + " " + to_string(options);
        ASSERT_EQ(integer(symbolic.size), static_cast<long long>(stack.size())) << where;
        ASSERT_EQ(integer(step.pops), static_cast<long long>(effect.popped.size())) << where;
        ASSERT_EQ(truth(step.pushed), effect.pushed) << where;
        for (std::size_t j = 0; j <= max_len; ++j) {
          ASSERT_EQ(value(symbolic.M[j]), j < stack.size() ? stack[j].M : Q(0)) << where;
          ASSERT_EQ(value(symbolic.m[j]), j < stack.size() ? stack[j].m : Q(0)) << where;
        }
      }
    }
  }
}

// The unrollings the checkers use (fresh constants per step) must have the reference's run as their
// only model once the inputs are fixed.
TEST(EncodingAgreement, UnrollingsHaveTheReferenceRunAsModel) {
  std::mt19937_64 rng(404);
  RunConfig config;
  for (int c = 0; c < 150; ++c) {
    z3::context ctx;
    std::vector<Q> u = testing::tricky_inputs(rng, 6);
    std::vector<z3::expr> su;
    for (std::size_t t = 0; t < u.size(); ++t) su.push_back(ctx.real_const(("u" + std::to_string(t)).c_str()));
    Algorithm1Options options = all_algorithm1_readings()[static_cast<std::size_t>(c) % 6];
    InitialState init = c % 2 ? InitialState::On : InitialState::Off;
    MemoryUnrolling mem = unroll_memory(ctx, su, init, "mem");
    Algorithm1Unrolling alg = unroll_algorithm1(ctx, su, options, "alg");
    Query q(ctx, config, "agreement");
    for (std::size_t t = 0; t < u.size(); ++t) q.fact(su[t] == real_val(ctx, u[t]));
    for (const z3::expr& f : mem.facts) q.fact(f);
    for (const z3::expr& f : alg.facts) q.fact(f);
    QueryOutcome out = q.check();
    ASSERT_EQ(out.answer, SolverAnswer::Sat);
    std::vector<std::vector<Q>> memory = memory_trace(u, init);
    std::vector<std::vector<StackPair>> stacks = algorithm1_trace(u, options);
    for (std::size_t t = 0; t < u.size(); ++t) {
      ASSERT_EQ(model_int(*out.model, mem.states[t].size), static_cast<long long>(memory[t].size()));
      for (std::size_t j = 0; j < memory[t].size(); ++j)
        ASSERT_EQ(model_value(*out.model, mem.states[t].entries[j]), memory[t][j]);
      ASSERT_EQ(model_int(*out.model, alg.states[t].size), static_cast<long long>(stacks[t].size()));
      for (std::size_t j = 0; j < stacks[t].size(); ++j) {
        ASSERT_EQ(model_value(*out.model, alg.states[t].M[j]), stacks[t][j].M);
        ASSERT_EQ(model_value(*out.model, alg.states[t].m[j]), stacks[t][j].m);
      }
    }
  }
}

}  // namespace
}  // namespace palcheck::proofs
