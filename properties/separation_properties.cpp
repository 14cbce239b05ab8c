// §5 properties: prop:range (pairs no grid PAL head tells apart although their ranges differ; the
// proof's M_1 - m_k), prop:no_copy's key step (equal stacks when x_p changes inside an ascending
// segment), and rem:prob_fix sampled (fraction of local extrema among i.i.d. triples).
#include "properties/area_properties.h"

#include "claims/replay_sequences.h"
#include "properties/generators.h"

#include <cmath>
#include <random>

namespace palcheck::properties {

namespace {

// Inputs on and between the grid points of G_L; v is u with one earlier input changed.
rc::Gen<Instance> range_cases(std::map<std::string, std::string> options) {
  return rc::gen::apply(
      [options](int L, int d, std::vector<int> steps, int at, int to) {
        Q delta(d, 2);
        std::vector<Q> u;
        for (int s : steps) u.push_back(delta * Q(s % (2 * L + 3), 2));
        std::vector<Q> v = u;
        if (u.size() > 1) v[static_cast<std::size_t>(at) % (u.size() - 1)] = delta * Q(to % (2 * L + 3), 2);
        Instance in = with_options(options);
        in.values = {{"u", u}, {"v", v}, {"delta", {delta}}, {"L", {Q(L)}}};
        return in;
      },
      int_in(1, 5), int_in(1, 3),
      rc::gen::resize(6, rc::gen::nonEmpty(rc::gen::container<std::vector<int>>(int_in(0, 12)))), int_in(0, 6),
      int_in(0, 12));
}

rc::Gen<Instance> formula_cases(std::map<std::string, std::string> options) {
  return rc::gen::map(sequence(10), [options](std::vector<Q> u) {
    Instance in = with_options(options);
    in.values = {{"u", u}};
    return in;
  });
}

// x_{p-1} < min(x_p, v') < max(x_p, v') < x_{p+1}, everything else free.
rc::Gen<Instance> no_copy_cases(std::map<std::string, std::string> options) {
  return rc::gen::apply(
      [options](std::vector<Q> x, int at, int a, int b, int c) {
        while (x.size() < 3) x.push_back(x.back());
        std::size_t p = 1 + static_cast<std::size_t>(at) % (x.size() - 2);
        Q lo = x[p - 1];
        x[p] = lo + Q(a, 4);
        Q v2 = lo + Q(a + b, 4);
        x[p + 1] = lo + Q(a + b + c, 4);
        Instance in = with_options(options);
        in.values = {{"x", x}, {"p", {Q(static_cast<long>(p))}}, {"v2", {v2}}};
        return in;
      },
      sequence(8), int_in(0, 8), int_in(1, 4), int_in(1, 4), int_in(1, 4));
}

// rem:prob_fix: independent triples of i.i.d. uniform 62-bit integers (ties have probability
// < 2^-60 and are counted as "not an extremum"), so the count is Binomial(N, 2/3); the tolerance
// t = sqrt(ln(2/delta) / (2N)) with delta = 1e-9 is Hoeffding's bound.
CheckResult sampled_extremum_fraction(const RunConfig& config) {
  std::mt19937_64 rng(property_seed(config.seed, "rem:prob_fix/sampled"));
  std::uniform_int_distribution<std::uint64_t> draw(0, (std::uint64_t{1} << 62) - 1);
  const std::uint64_t n = 100 * config.tests;
  std::uint64_t extrema = 0;
  for (std::uint64_t k = 0; k < n; ++k) {
    std::uint64_t a = draw(rng), b = draw(rng), c = draw(rng);
    if ((b > a && b > c) || (b < a && b < c)) ++extrema;
  }
  double fraction = static_cast<double>(extrema) / static_cast<double>(n);
  double tolerance = std::sqrt(std::log(2.0 / 1e-9) / (2.0 * static_cast<double>(n)));
  CheckResult r;
  r.method = "property";
  r.seed = config.seed;
  r.cases = n;
  r.interpretation = {{"sample", "independent triples (u_{p-1}, u_p, u_{p+1}), i.i.d. uniform on [0, 2^62)"}};
  r.details = {{"extrema", std::to_string(extrema)},
               {"fraction", std::to_string(fraction)},
               {"tolerance", std::to_string(tolerance) + " (Hoeffding, failure probability 1e-9)"}};
  bool ok = std::fabs(fraction - 2.0 / 3.0) <= tolerance;
  r.verdict = ok ? Verdict::Held : Verdict::Unknown;
  r.summary = "interior-extremum fraction " + std::to_string(fraction) + " over " + std::to_string(n) +
              " sampled triples; |f - 2/3| " + (ok ? "<= " : "> ") + std::to_string(tolerance) +
              " (sampled only; the exact count of the 6 orderings is another checker's)";
  return r;
}

}  // namespace

void register_separation_properties(Registry& r) {
  r.add(property_checker("prop:range", [] {
    std::vector<PropertySpec> out;
    for (InitialState s : {InitialState::Off, InitialState::On}) {
      std::map<std::string, std::string> opts{{"initial_state", to_string(s)}};
      auto interp = opts;
      interp["1-layer PAL"] =
          "one head on u itself (W_I = 1) over G_L, read out by any function of (u_n, n, its relays)";
      out.push_back(
          {"prop:range", "indistinguishable", interp,
           "two sequences of equal length and last input that differ in range are told apart by some grid relay",
           with_shrinking(range_cases(opts), {{}, false, {}})});
    }
    std::vector<std::pair<StackReading, InitialState>> formula_readings{{StackReading{}, InitialState::Off},
                                                                        {StackReading{}, InitialState::On},
                                                                        {all_stack_readings()[1], InitialState::Off}};
    for (auto [sr, s] : formula_readings) {
      std::map<std::string, std::string> opts{{"stack", to_string(sr)}, {"initial_state", to_string(s)}};
      auto interp = opts;
      if (!sr.classical()) interp.erase("initial_state");
      interp["step"] = "the proof's formula f_range = M_1 - m_k";
      out.push_back({"prop:range", "proof-formula", interp, "max - min = first maximum - last minimum of the stack",
                     with_shrinking(formula_cases(opts), {{"u"}, true, {}})});
    }
    return out;
  }));
  r.add(property_checker("prop:no_copy:bare_memory", [] {
    std::vector<PropertySpec> out;
    for (auto [sr, s] : stack_initial_readings()) {
      std::map<std::string, std::string> opts{{"stack", to_string(sr)}, {"initial_state", to_string(s)}};
      auto interp = opts;
      if (!sr.classical()) interp.erase("initial_state");
      interp["step"] =
          "key step only (equal stacks); that every PAL-Transformer is rate-independent is judged elsewhere";
      out.push_back({"prop:no_copy:bare_memory", "ascending-position", interp,
                     "x and x' differing only at p inside a strictly ascending segment have equal stacks at n",
                     no_copy_cases(opts)});
    }
    return out;
  }));
  r.add(Checker{"rem:prob_fix", "property",
                [](const RunConfig& c) { return std::vector<CheckResult>{sampled_extremum_fraction(c)}; }});
}

}  // namespace palcheck::properties
