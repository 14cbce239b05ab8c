// Algorithm 1 (alg:stack) encoded for Z3 (see encode_algorithm1.h).
#include "proofs/encode_algorithm1.h"

#include "smt/step_names.h"

namespace palcheck::proofs {

using namespace smt;

SymAlgorithm1 initial_algorithm1(smt::Context& ctx, std::size_t capacity) {
  return {ctx.bool_val(false),
          ctx.real_val(0),
          ctx.int_val(0),
          std::vector<smt::Term>(capacity, ctx.real_val(0)),
          std::vector<smt::Term>(capacity, ctx.real_val(0)),
          ctx.real_val(0),
          ctx.real_val(0)};
}

namespace {

SymAlgorithm1Step select(const smt::Term& c, const SymAlgorithm1Step& a, const SymAlgorithm1Step& b) {
  const SymAlgorithm1& x = a.next;
  const SymAlgorithm1& y = b.next;
  SymAlgorithm1 r{smt::ite(c, x.has_previous, y.has_previous),
                  smt::ite(c, x.previous, y.previous),
                  smt::ite(c, x.size, y.size),
                  {},
                  {},
                  smt::ite(c, x.persisted_m_last, y.persisted_m_last),
                  smt::ite(c, x.persisted_M_last, y.persisted_M_last)};
  for (std::size_t j = 0; j < x.M.size(); ++j) {
    r.M.push_back(smt::ite(c, x.M[j], y.M[j]));
    r.m.push_back(smt::ite(c, x.m[j], y.m[j]));
  }
  return {r, smt::ite(c, a.pops, b.pops), smt::ite(c, a.pushed, b.pushed)};
}

// The rising (or falling) branch with the stack depth known to be s: pop while the top's M < u
// (m > u), then push (u, m_last) ((M_last, u)).
SymAlgorithm1Step branch_at_depth(const SymAlgorithm1& st, const smt::Term& u, std::size_t s, bool rising,
                                  const Algorithm1Options& options) {
  smt::Context& ctx = u.ctx();
  std::size_t cap = st.M.size();
  auto fallback = [&]() -> smt::Term {
    switch (options.unset_last) {
      case UnsetLast::PreviousInput: return st.previous;
      case UnsetLast::Top:
        if (s == 0) return st.previous;
        return rising ? st.m[s - 1] : st.M[s - 1];
      case UnsetLast::Persist: return rising ? st.persisted_m_last : st.persisted_M_last;
    }
    return st.previous;
  };
  auto after_pops = [&](std::size_t w) {
    // w pairs popped: the new pair lands at index s - w.
    std::size_t at = s - w;
    smt::Term last = w > 0 ? (rising ? st.m[at] : st.M[at]) : fallback();
    SymAlgorithm1 r{ctx.bool_val(true),
                    u,
                    ctx.int_val(static_cast<int>(at + 1)),
                    {},
                    {},
                    rising ? last : st.persisted_m_last,
                    rising ? st.persisted_M_last : last};
    for (std::size_t j = 0; j < cap; ++j) {
      bool keep = j < at, put = j == at;
      r.M.push_back(keep ? st.M[j] : put ? (rising ? u : last) : ctx.real_val(0));
      r.m.push_back(keep ? st.m[j] : put ? (rising ? last : u) : ctx.real_val(0));
    }
    return SymAlgorithm1Step{r, ctx.int_val(static_cast<int>(w)), ctx.bool_val(true)};
  };
  // Built from the deepest pop outwards: pair s-1-t is popped when every pair above it was and it wipes.
  SymAlgorithm1Step result = after_pops(s);
  for (std::size_t w = s; w-- > 0;) {
    std::size_t candidate = s - 1 - w;
    smt::Term pops = rising ? st.M[candidate] < u : st.m[candidate] > u;
    result = select(pops, result, after_pops(w));
  }
  return result;
}

}  // namespace

SymAlgorithm1Step algorithm1_step(const SymAlgorithm1& st, const smt::Term& u, const Algorithm1Options& options) {
  smt::Context& ctx = u.ctx();
  std::size_t cap = st.M.size();
  // First observation: it only becomes the previous one (and the first pair under first=push-pair).
  SymAlgorithm1 first{ctx.bool_val(true), u, ctx.int_val(0), st.M, st.m, u, u};
  bool push_first = options.first == FirstInput::PushPair;
  if (push_first) {
    first.size = ctx.int_val(1);
    first.M[0] = u;
    first.m[0] = u;
  }
  SymAlgorithm1Step on_first{first, ctx.int_val(0), ctx.bool_val(push_first)};
  SymAlgorithm1Step equal{st, ctx.int_val(0), ctx.bool_val(false)};
  SymAlgorithm1Step rise = equal, fall = equal;
  for (std::size_t s = 0; s < cap; ++s) {
    smt::Term here = st.size == ctx.int_val(static_cast<int>(s));
    rise = s == 0 ? branch_at_depth(st, u, 0, true, options)
                  : select(here, branch_at_depth(st, u, s, true, options), rise);
    fall = s == 0 ? branch_at_depth(st, u, 0, false, options)
                  : select(here, branch_at_depth(st, u, s, false, options), fall);
  }
  return select(!st.has_previous, on_first, select(u > st.previous, rise, select(u < st.previous, fall, equal)));
}

Algorithm1Unrolling unroll_algorithm1(smt::Context& ctx, const std::vector<smt::Term>& u,
                                      const Algorithm1Options& options, const std::string& prefix) {
  Algorithm1Unrolling r;
  std::size_t cap = u.size() + 1;
  SymAlgorithm1 current = initial_algorithm1(ctx, cap);
  for (std::size_t t = 0; t < u.size(); ++t) {
    SymAlgorithm1Step step = algorithm1_step(current, u[t], options);
    smt::StepNames name(ctx, prefix + "_" + std::to_string(t), r.facts);
    SymAlgorithm1 fresh{name.boolean("has_prev", step.next.has_previous),
                        name.real("prev", step.next.previous),
                        name.integer("size", step.next.size),
                        {},
                        {},
                        name.real("pm_last", step.next.persisted_m_last),
                        name.real("pM_last", step.next.persisted_M_last)};
    for (std::size_t j = 0; j < cap; ++j) {
      fresh.M.push_back(name.real("M" + std::to_string(j), step.next.M[j]));
      fresh.m.push_back(name.real("m" + std::to_string(j), step.next.m[j]));
    }
    smt::Term pops = name.integer("pops", step.pops);
    smt::Term pushed = name.boolean("pushed", step.pushed);
    r.states.push_back(fresh);
    r.pops.push_back(pops);
    r.pushed.push_back(pushed);
    current = fresh;
  }
  return r;
}

smt::Term stacks_equal(const SymAlgorithm1& a, const SymAlgorithm1& b) {
  smt::Term eq = a.size == b.size;
  for (std::size_t j = 0; j < a.M.size() && j < b.M.size(); ++j) eq = eq && a.M[j] == b.M[j] && a.m[j] == b.m[j];
  return eq;
}

}  // namespace palcheck::proofs
