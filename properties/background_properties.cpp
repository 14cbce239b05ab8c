// §2 properties: prop:rate_independence (discrete reading), repair:prop:wiping, def:stack,
// prop:sufficiency, alg:stack, prop:complexity, prop:pal_preisach (first sentence), and the reference
// properties ref:memory_equals_definition, ref:return_point_memory, ref:congruency, ref:algorithm1_steps.
#include "properties/area_properties.h"

#include "claims/replay_sequences.h"
#include "properties/generators.h"

#include "reference/memory_pal.h"

#include <algorithm>
#include <array>

namespace palcheck::properties {

namespace {

std::map<std::string, std::string> with_initial(std::map<std::string, std::string> m, InitialState s) {
  m["initial_state"] = to_string(s);
  return m;
}

const std::array<InitialState, 2> kInitialStates{InitialState::Off, InitialState::On};

// u and, per element, how often it stutters and how many monotone points follow it.
rc::Gen<Instance> reparametrisations(std::map<std::string, std::string> options) {
  return rc::gen::apply(
      [options](std::vector<Q> u, std::vector<int> shape, std::vector<int> fractions) {
        std::vector<Q> w, pos;
        std::size_t f = 0;
        auto next_fraction = [&] { return f < fractions.size() ? Q(fractions[f++], 8) : Q(1, 2); };
        for (std::size_t i = 0; i < u.size(); ++i) {
          int stutter = 2 * i < shape.size() ? shape[2 * i] : 0;
          int inserts = 2 * i + 1 < shape.size() ? shape[2 * i + 1] : 0;
          pos.push_back(Q(static_cast<long>(w.size())));
          w.insert(w.end(), static_cast<std::size_t>(stutter + 1), u[i]);
          if (i + 1 < u.size()) {
            std::vector<Q> ts;
            for (int k = 0; k < inserts; ++k) ts.push_back(next_fraction());
            std::sort(ts.begin(), ts.end());
            for (const Q& t : ts) w.push_back(u[i] + (u[i + 1] - u[i]) * t);
          }
        }
        Instance in = with_options(options);
        in.values = {{"u", u}, {"w", w}, {"pos", pos}};
        return in;
      },
      sequence(7), rc::gen::container<std::vector<int>>(16, int_in(0, 2)),
      rc::gen::container<std::vector<int>>(16, int_in(1, 7)));
}

// prefix, then M, m, M2 with m < M <= M2 (rising) or the mirror image; with delete=pair also
// last(prefix) <= m (rising).
rc::Gen<Instance> wiping_cases(std::map<std::string, std::string> options) {
  return rc::gen::apply(
      [options](std::vector<Q> prefix, bool rising, int d_m, int d_M, int d_M2) {
        Q s = rising ? Q(1) : Q(-1);
        Q m = prefix.back() + s * Q(d_m, 2);
        Q M = m + s * Q(d_M + 1, 2);
        Q M2 = M + s * Q(d_M2, 2);
        Instance in = with_options(options);
        in.options["direction"] = rising ? "rising" : "falling";
        in.values = {{"prefix", prefix}, {"M", {M}}, {"m", {m}}, {"M2", {M2}}};
        return in;
      },
      sequence(6), rc::gen::arbitrary<bool>(), int_in(0, 4), int_in(0, 4), int_in(0, 4));
}

rc::Gen<Instance> one_sequence(std::map<std::string, std::string> options, int max_len) {
  return rc::gen::map(sequence(max_len), [options](std::vector<Q> u) {
    Instance in = with_options(options);
    in.values = {{"u", std::move(u)}};
    return in;
  });
}

// Small alphabets make equal stacks common; v is independent, u minus one element, u with one
// element repeated, or the classical memory of u read as a sequence.
rc::Gen<Instance> stack_pairs_cases(std::map<std::string, std::string> options) {
  auto letters = rc::gen::map(int_in(0, 3), [](int k) { return Q(k); });
  return rc::gen::apply(
      [options](std::vector<Q> u, std::vector<Q> other, int kind, int at) {
        std::vector<Q> v = other;
        std::size_t i = static_cast<std::size_t>(at) % u.size();
        if (kind == 1 && u.size() > 1) {
          v = u;
          v.erase(v.begin() + static_cast<std::ptrdiff_t>(i));
        } else if (kind == 2) {
          v = u;
          v.insert(v.begin() + static_cast<std::ptrdiff_t>(i), u[i]);
        } else if (kind == 3) {
          v = memory_trace(u, initial_state(with_options(options))).back();
        }
        Instance in = with_options(options);
        in.values = {{"u", u}, {"v", v}};
        return in;
      },
      sequence(6, letters), sequence(6, letters), int_in(0, 3), int_in(0, 8));
}

rc::Gen<Instance> memory_cases(std::map<std::string, std::string> options) {
  return rc::gen::apply(
      [options](std::vector<Q> u, Measure mu) {
        Instance in = with_options(options);
        in.values = {{"u", u}};
        sequences::put_measure(in, mu);
        return in;
      },
      sequence(10), measure(6));
}

// prefix, a fall from h to a, and a loop within [a, h] (or the mirror image).
rc::Gen<Instance> return_point_cases(std::map<std::string, std::string> options) {
  return rc::gen::apply(
      [options](std::vector<Q> prefix, bool falling, Q a, int height, std::vector<int> loop) {
        Q s = falling ? Q(1) : Q(-1);
        Q h = a + s * Q(height + 1, 2);
        std::vector<Q> l;
        for (int t : loop) l.push_back(a + (h - a) * Q(t, 6));
        Instance in = with_options(options);
        in.options["direction"] = falling ? "falling" : "rising";
        in.values = {{"prefix", prefix}, {"h", {h}}, {"a", {a}}, {"loop", l}};
        return in;
      },
      sequence(5), rc::gen::arbitrary<bool>(), value(), int_in(0, 6),
      rc::gen::resize(6, rc::gen::container<std::vector<int>>(int_in(0, 6))));
}

rc::Gen<Instance> congruency_cases(std::map<std::string, std::string> options) {
  return rc::gen::apply(
      [options](std::vector<Q> p1, std::vector<Q> p2, Q a, int e1, int e2, std::vector<int> path) {
        Q h1 = a + Q(e1 + 1, 2), h2 = a + Q(e2 + 1, 2);
        Q top = std::min(h1, h2);
        std::vector<Q> l;
        for (int t : path) l.push_back(a + (top - a) * Q(t, 6));
        Instance in = with_options(options);
        in.values = {{"prefix1", p1}, {"prefix2", p2}, {"h1", {h1}}, {"h2", {h2}}, {"a", {a}}, {"path", l}};
        return in;
      },
      sequence(5), sequence(5), value(), int_in(0, 6), int_in(0, 6),
      rc::gen::resize(6, rc::gen::container<std::vector<int>>(int_in(0, 6))));
}

rc::Gen<Instance> grid_cases(std::map<std::string, std::string> options) {
  auto weight = grid_weight(5);
  return rc::gen::apply(
      [options](int L, int d, std::vector<std::array<int, 3>> ws, std::vector<int> steps) {
        Q delta(d, 2);
        Instance in = with_options(options);
        std::vector<Q> gi, gj, gw, u;
        for (auto [i, j, w] : ws) {
          int a = std::min(std::max(i, j), L), b = std::min(std::min(i, j), a);
          gi.push_back(Q(a));
          gj.push_back(Q(b));
          gw.push_back(Q(w));
        }
        for (int s : steps) u.push_back(delta * Q(s, 2));
        in.values = {{"delta", {delta}}, {"L", {Q(L)}}, {"grid_i", gi}, {"grid_j", gj}, {"grid_weight", gw}, {"u", u}};
        return in;
      },
      int_in(1, 5), int_in(1, 4), rc::gen::resize(8, rc::gen::container<std::vector<std::array<int, 3>>>(weight)),
      rc::gen::resize(10, rc::gen::nonEmpty(rc::gen::container<std::vector<int>>(int_in(0, 13)))));
}

std::vector<StackReading> algorithm1_readings() {
  auto all = all_stack_readings();
  return {all.begin() + 1, all.end()};
}

}  // namespace

void register_background_properties(Registry& r) {
  r.add(per_reading_checker("prop:rate_independence", kInitialStates, [](InitialState s) {
    return PropertySpec{"prop:rate_independence",
                        "reparametrise",
                        with_initial({{"discrete_reparametrisation",
                                       "stuttering and inserted monotone points (a discrete reading of phi on [0,T])"}},
                                     s),
                        "relay states of the reparametrised sequence at the images of u_i equal those of u at i",
                        reparametrisations(with_initial({}, s)),
                        {},
                        {every(ReadingKey::Reparametrisation,
                               "stuttering and inserted monotone points (a discrete reading of phi on [0,T])")}};
  }));
  r.add(property_checker("repair:prop:wiping", [] {
    std::vector<PropertySpec> out;
    for (std::string del : {"max", "pair"})
      for (InitialState s : kInitialStates) {
        auto opts = with_initial({{"delete", del}}, s);
        out.push_back({"repair:prop:wiping", "wipe", opts,
                       del == "max" ? "after prefix, M, m, M2 with m < M <= M2, every relay is as without M"
                                    : "with also last(prefix) <= m, every relay is as without M and m",
                       with_shrinking(wiping_cases(opts), {{"prefix"}, false, {}})});
      }
    return out;
  }));
  r.add(per_reading_checker("def:stack", stack_initial_readings(), [](const auto& reading) {
    auto [sr, s] = reading;
    std::map<std::string, std::string> interp{{"stack", to_string(sr)}};
    if (sr.classical()) interp["initial_state"] = to_string(s);
    return PropertySpec{"def:stack", "ordering", interp, "maxima and minima of the stack both strictly decrease",
                        with_shrinking(one_sequence(with_initial(interp, s), 10), {{"u"}, true, {}})};
  }));
  r.add(property_checker("prop:sufficiency", [] {
    std::vector<PropertySpec> out;
    for (const StackReading& sr : all_stack_readings())
      for (InitialState s : kInitialStates) {
        auto opts = with_initial({{"stack", to_string(sr)}}, s);
        out.push_back({"prop:sufficiency", "equal-stacks", opts,
                       "two sequences with equal stacks end with every relay alike (so PAL_mu equal for all mu)",
                       with_shrinking(stack_pairs_cases(opts), {{"u", "v"}, true, {}})});
      }
    return out;
  }));
  r.add(property_checker("alg:stack", [] {
    std::vector<PropertySpec> out;
    for (const StackReading& sr : algorithm1_readings())
      for (InitialState s : kInitialStates) {
        auto opts = with_initial({{"stack", to_string(sr)}}, s);
        opts["comparison"] = "the set of numbers in the stack's pairs = the set of classical memory entries";
        out.push_back({"alg:stack", "stored-numbers", opts,
                       "Algorithm 1 stores exactly the numbers of the classical memory (necessary for any pairing)",
                       with_shrinking(one_sequence(opts, 10), {{"u"}, true, {}})});
      }
    return out;
  }));
  r.add(per_reading_checker("prop:complexity", algorithm1_readings(), [](const StackReading& sr) {
    auto opts = with_initial({{"stack", to_string(sr)}}, InitialState::Off);
    return PropertySpec{"prop:complexity",
                        "push-pop-count",
                        {{"algorithm1", to_string(sr)}},
                        "one push per step at most, pops <= pushes, depth k <= n after u_0..u_n",
                        with_shrinking(one_sequence(opts, 12), {{"u"}, true, {}})};
  }));
  r.add(per_reading_checker("prop:pal_preisach", kInitialStates, [](InitialState s) {
    auto opts =
        with_initial({{"part", "first sentence only: PAL_mu = P_{mu_Delta} (the limit is not checked here)"}}, s);
    return PropertySpec{"prop:pal_preisach", "grid-vs-atomic", opts,
                        "PAL on G_L (grid sums) = Preisach operator of the atomic measure (by definition)",
                        grid_cases(opts)};
  }));
  // The reference's own Preisach properties: one per initial state, no option of the paper's.
  r.add(per_reading_checker("ref:memory_equals_definition", kInitialStates, [](InitialState s) {
    return PropertySpec{"ref:memory_equals_definition", "memory-vs-definition", with_initial({}, s),
                        "PAL from the classical memory = PAL by definition; relay states read from the memory = runs",
                        with_shrinking(memory_cases(with_initial({}, s)), {{"u"}, false, {}})};
  }));
  r.add(per_reading_checker("ref:return_point_memory", kInitialStates, [](InitialState s) {
    return PropertySpec{"ref:return_point_memory", "minor-loop", with_initial({}, s),
                        "an excursion inside [a, h] that returns to the reversal point a restores every relay",
                        return_point_cases(with_initial({}, s))};
  }));
  r.add(per_reading_checker("ref:congruency", kInitialStates, [](InitialState s) {
    return PropertySpec{"ref:congruency", "minor-loop-change", with_initial({}, s),
                        "the same path from the reversal point a changes every relay alike after any two histories",
                        congruency_cases(with_initial({}, s))};
  }));
  r.add(per_reading_checker("ref:algorithm1_steps", algorithm1_readings(), [](const StackReading& sr) {
    return PropertySpec{"ref:algorithm1_steps",
                        "step-record",
                        {{"algorithm1", to_string(sr)}},
                        "each recorded step pops exactly the top pairs the printed test removes, then pushes one",
                        one_sequence(with_initial({{"stack", to_string(sr)}}, InitialState::Off), 12)};
  }));
}

}  // namespace palcheck::properties
