// The classical memory (prop:wiping, def:stack) encoded for Z3 (see encode_memory.h).
#include "proofs/encode_memory.h"

#include "smt/step_names.h"

namespace palcheck::proofs {

using namespace smt;

bool memory_entry_is_maximum(InitialState initial, std::size_t index) {
  return (index % 2 == 0) == (initial == InitialState::Off);
}

SymMemory empty_memory(smt::Context& ctx, std::size_t capacity, InitialState initial) {
  return {ctx.int_val(0), std::vector<smt::Term>(capacity, ctx.real_val(0)), initial};
}

namespace {

// The memory after the input u was placed at index top (size top+1) and the wiping-out ran, with the
// direction known (rising: u is a maximum). Built from the deepest wipe outwards.
SymMemoryStep wipe_from(const SymMemory& m, const smt::Term& u, std::size_t top, bool rising) {
  smt::Context& ctx = u.ctx();
  std::size_t cap = m.entries.size();
  auto settled = [&](std::size_t new_top, std::size_t wiped) {
    SymMemory r{ctx.int_val(static_cast<int>(new_top + 1)), {}, m.initial};
    for (std::size_t j = 0; j < cap; ++j)
      r.entries.push_back(j < new_top ? m.entries[j] : j == new_top ? u : ctx.real_val(0));
    return SymMemoryStep{r, ctx.int_val(static_cast<int>(wiped))};
  };
  std::size_t deepest = top;
  while (deepest >= 2) deepest -= 2;
  SymMemoryStep result = settled(deepest, top - deepest);
  for (std::size_t t = deepest + 2; t <= top; t += 2) {
    // At top index t the older entry t-2 is of u's kind; wiping goes on to t-2 when u reaches it.
    const smt::Term& older = m.entries[t - 2];
    smt::Term wipes = rising ? u >= older : u <= older;
    SymMemoryStep stop = settled(t, top - t);
    SymMemory next{smt::ite(wipes, result.next.size, stop.next.size), {}, m.initial};
    for (std::size_t j = 0; j < cap; ++j)
      next.entries.push_back(smt::ite(wipes, result.next.entries[j], stop.next.entries[j]));
    result = {next, smt::ite(wipes, result.wiped, stop.wiped)};
  }
  return result;
}

SymMemoryStep select(const smt::Term& c, const SymMemoryStep& a, const SymMemoryStep& b) {
  SymMemory r{smt::ite(c, a.next.size, b.next.size), {}, a.next.initial};
  for (std::size_t j = 0; j < a.next.entries.size(); ++j)
    r.entries.push_back(smt::ite(c, a.next.entries[j], b.next.entries[j]));
  return {r, smt::ite(c, a.wiped, b.wiped)};
}

}  // namespace

SymMemoryStep memory_step(const SymMemory& m, const smt::Term& u) {
  smt::Context& ctx = u.ctx();
  std::size_t cap = m.entries.size();
  SymMemoryStep unchanged{m, ctx.int_val(0)};
  // Size 0: the first input becomes entry 0.
  SymMemoryStep result = wipe_from(m, u, 0, memory_entry_is_maximum(m.initial, 0));
  for (std::size_t s = 1; s <= cap; ++s) {
    const smt::Term& current = m.entries[s - 1];
    bool top_is_max = memory_entry_is_maximum(m.initial, s - 1);
    // Continuing the run moves the top entry; turning pushes a new entry (if there is room).
    smt::Term continues = top_is_max ? u > current : u < current;
    SymMemoryStep moved = wipe_from(m, u, s - 1, top_is_max);
    SymMemoryStep turned = s < cap ? wipe_from(m, u, s, !top_is_max) : unchanged;
    SymMemoryStep at_s = select(u == current, unchanged, select(continues, moved, turned));
    result = select(m.size == ctx.int_val(static_cast<int>(s)), at_s, result);
  }
  return result;
}

MemoryUnrolling unroll_memory(smt::Context& ctx, const std::vector<smt::Term>& u, InitialState initial,
                              const std::string& prefix) {
  MemoryUnrolling r;
  SymMemory current = empty_memory(ctx, u.size(), initial);
  for (std::size_t t = 0; t < u.size(); ++t) {
    SymMemoryStep step = memory_step(current, u[t]);
    smt::StepNames name(ctx, prefix + "_" + std::to_string(t), r.facts);
    SymMemory fresh{name.integer("size", step.next.size), {}, initial};
    for (std::size_t j = 0; j < u.size(); ++j)
      fresh.entries.push_back(name.real("e" + std::to_string(j), step.next.entries[j]));
    smt::Term wiped = name.integer("wiped", step.wiped);
    r.states.push_back(fresh);
    r.wiped.push_back(wiped);
    current = fresh;
  }
  return r;
}

smt::Term memories_equal(const SymMemory& a, const SymMemory& b) {
  smt::Term eq = a.size == b.size;
  for (std::size_t j = 0; j < a.entries.size() && j < b.entries.size(); ++j) eq = eq && a.entries[j] == b.entries[j];
  return eq;
}

}  // namespace palcheck::proofs
