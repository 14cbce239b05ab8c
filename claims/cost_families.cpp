// thm:complexity, prop:complexity, tab:complexity, abstract:cost: operation counts on witness families
// (see cost_families.h).
#include "claims/cost_families.h"

#include "reference/name_table.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace palcheck::cost {
namespace {

constexpr NameTable<Family, 2> kFamilies{
    {{Family::NestedZigzagPeak, "nested-zigzag-peak"}, {Family::RisingRun, "rising-run"}}};
constexpr NameTable<Quantity, 5> kQuantities{{
    {Quantity::WorstTokenOps, "worst-token-ops"},
    {Quantity::AmortisedOps, "amortised-ops"},
    {Quantity::TotalOps, "total-ops"},
    {Quantity::Memory, "memory"},
    {Quantity::RelayReadCost, "relay-read"},
}};
constexpr NameTable<Bound, 4> kBounds{
    {{Bound::One, "1"}, {Bound::LogK, "log k"}, {Bound::NLogN, "n log n"}, {Bound::K, "k"}}};

std::vector<Algorithm1Options> completions() {
  std::vector<Algorithm1Options> out;
  for (FirstInput f : {FirstInput::Empty, FirstInput::PushPair})
    for (UnsetLast l : {UnsetLast::PreviousInput, UnsetLast::Top, UnsetLast::Persist}) out.push_back({f, l});
  return out;
}

double log2_at_least_one(double x) { return std::max(1.0, std::log2(x + 1)); }

double measured_value(const Counts& c, Quantity q) {
  switch (q) {
    case Quantity::WorstTokenOps: return static_cast<double>(c.worst_token_ops);
    case Quantity::AmortisedOps: return static_cast<double>(c.total_ops) / static_cast<double>(c.n);
    case Quantity::TotalOps: return static_cast<double>(c.total_ops + c.n * c.read_comparisons);
    case Quantity::Memory: return static_cast<double>(c.max_stack_numbers);
    case Quantity::RelayReadCost: return static_cast<double>(c.read_comparisons);
  }
  throw std::logic_error("unknown quantity");
}

double bound_value(const Counts& c, Bound b) {
  switch (b) {
    case Bound::One: return 1.0;
    case Bound::LogK: return log2_at_least_one(static_cast<double>(c.max_depth));
    case Bound::NLogN: return static_cast<double>(c.n) * log2_at_least_one(static_cast<double>(c.n));
    case Bound::K: return std::max(1.0, static_cast<double>(c.max_depth));
  }
  throw std::logic_error("unknown bound");
}

double slope(const std::vector<double>& x, const std::vector<double>& y) {
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < x.size(); ++i) mx += x[i], my += y[i];
  mx /= static_cast<double>(x.size());
  my /= static_cast<double>(y.size());
  double sxy = 0, sxx = 0;
  for (std::size_t i = 0; i < x.size(); ++i) sxy += (x[i] - mx) * (y[i] - my), sxx += (x[i] - mx) * (x[i] - mx);
  return sxx == 0 ? 0 : sxy / sxx;
}

std::string fixed(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", v);
  return buffer;
}

}  // namespace

std::string to_string(Family f) { return name_in(kFamilies, f); }
std::optional<Family> parse_family(const std::string& text) { return value_in(kFamilies, text); }
std::string to_string(Quantity q) { return name_in(kQuantities, q); }
std::optional<Quantity> parse_quantity(const std::string& text) { return value_in(kQuantities, text); }
std::string to_string(Bound b) { return name_in(kBounds, b); }
std::optional<Bound> parse_bound(const std::string& text) { return value_in(kBounds, text); }

std::vector<Q> generate(Family f, std::size_t n) {
  std::vector<Q> u;
  if (f == Family::RisingRun) {
    for (std::size_t t = 0; t < n; ++t) u.emplace_back(static_cast<long>(t));
    return u;
  }
  // Maxima fall and minima rise, so nothing is wiped until the last token, which exceeds them all.
  for (std::size_t t = 0; t + 1 < n; ++t) {
    Q amplitude(static_cast<long>(n - t / 2));
    u.push_back(t % 2 == 0 ? amplitude : Q(-amplitude));
  }
  if (n > 0) u.emplace_back(static_cast<long>(n + 1));
  return u;
}

std::vector<Q> nested_zigzag(std::size_t m) {
  std::vector<Q> u;
  for (std::size_t t = 0; t < m; ++t) {
    Q amplitude(static_cast<long>(m - t / 2));
    u.push_back(t % 2 == 0 ? amplitude : Q(-amplitude));
  }
  return u;
}

RelayRead read_relay(const PreisachMemory& memory, const Thresholds& t) {
  const std::vector<Q>& e = memory.extrema();
  RelayRead read;
  if (e.empty()) {
    read.state = static_cast<RelayState>(memory.initial());
    return read;
  }
  // A minimum >= alpha makes every later entry >= alpha (minima rise, maxima lie above them), so the last
  // entry is >= alpha; dually for a maximum <= beta. Otherwise both sets below are prefixes.
  ++read.comparisons;
  if (e.back() >= t.alpha) return read.state = 1, read;
  ++read.comparisons;
  if (e.back() <= t.beta) return read.state = 0, read;
  std::size_t first_max = memory.is_maximum(0) ? 0 : 1, first_min = 1 - first_max;
  auto count = [&](std::size_t first) { return e.size() > first ? (e.size() - first + 1) / 2 : 0; };
  auto prefix = [&](std::size_t first, auto inside) {
    std::size_t lo = 0, hi = count(first);
    while (lo < hi) {
      std::size_t mid = (lo + hi) / 2;
      ++read.comparisons;
      if (inside(e[first + 2 * mid]))
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo;
  };
  std::size_t maxima = prefix(first_max, [&](const Q& x) { return x >= t.alpha; });
  std::size_t minima = prefix(first_min, [&](const Q& x) { return x <= t.beta; });
  if (maxima == 0 && minima == 0) return read.state = static_cast<RelayState>(memory.initial()), read;
  if (minima == 0) return read.state = 1, read;
  if (maxima == 0) return read.state = 0, read;
  read.state = first_max + 2 * (maxima - 1) > first_min + 2 * (minima - 1) ? 1 : 0;
  return read;
}

Counts measure(Family f, std::size_t n, const Algorithm1Options& options) {
  std::vector<Q> u = generate(f, n);
  Counts c;
  c.n = n;
  Algorithm1 stack(options);
  PreisachMemory memory;
  // Sampled relays, read when the memory is deepest before the last token: diagonal relays at every
  // eighth memory entry and one around each.
  auto sample_reads = [&] {
    const std::vector<Q>& e = memory.extrema();
    std::size_t stride = std::max<std::size_t>(1, e.size() / 8);
    for (std::size_t i = 0; i < e.size(); i += stride)
      for (const Q& shift : {Q(0), Q(1, 2)}) {
        Thresholds t{e[i] + shift, e[i] - shift};
        RelayRead r = read_relay(memory, t);
        if (r.state != memory.relay_state(t))
          throw std::logic_error("binary-search relay read disagrees with the memory");
        c.read_comparisons = std::max(c.read_comparisons, r.comparisons);
      }
  };
  for (std::size_t t = 0; t < u.size(); ++t) {
    if (t + 1 == u.size()) sample_reads();
    Algorithm1Step s = stack.step(u[t]);
    memory.step(u[t]);
    std::size_t ops = s.popped.size() + (s.pushed ? 1 : 0);
    c.total_ops += ops;
    c.worst_token_ops = std::max(c.worst_token_ops, ops);
    c.max_depth = std::max(c.max_depth, stack.stack().size());
    c.max_stack_numbers = std::max(c.max_stack_numbers, 2 * stack.stack().size());
    c.max_memory_entries = std::max(c.max_memory_entries, memory.extrema().size());
  }
  sample_reads();
  return c;
}

FamilyCounts measure_family(Family f, const std::vector<std::size_t>& sizes) {
  FamilyCounts out;
  for (std::size_t n : sizes) {
    out.emplace_back();
    for (const Algorithm1Options& o : completions()) out.back().push_back(measure(f, n, o));
  }
  return out;
}

FamilyRun run_family(Family f, Quantity q, Bound b, const std::vector<std::size_t>& sizes) {
  return evaluate(measure_family(f, sizes), q, b);
}

FamilyRun evaluate(const FamilyCounts& counts, Quantity q, Bound b) {
  FamilyRun run;
  for (const std::vector<Counts>& per_completion : counts) {
    std::optional<Row> worst;
    for (const Counts& c : per_completion) {
      Row row{c, measured_value(c, q), bound_value(c, b), 0};
      row.ratio = row.measured / row.bound;
      if (!worst || row.ratio > worst->ratio) worst = row;
    }
    run.rows.push_back(*worst);
  }
  std::vector<double> x, ym, yr;
  run.ratio_increasing = run.rows.size() >= 2;
  for (std::size_t i = 0; i < run.rows.size(); ++i) {
    const Row& r = run.rows[i];
    x.push_back(std::log(static_cast<double>(r.counts.n)));
    ym.push_back(std::log(std::max(r.measured, 1e-9)));
    yr.push_back(std::log(std::max(r.ratio, 1e-9)));
    if (i > 0 && !(r.ratio > run.rows[i - 1].ratio)) run.ratio_increasing = false;
  }
  run.measured_exponent = slope(x, ym);
  run.ratio_exponent = slope(x, yr);
  return run;
}

Growth growth(const FamilyRun& run) {
  if (run.ratio_increasing && run.ratio_exponent >= 0.5) return Growth::Unbounded;
  if (run.ratio_exponent <= 0.1) return Growth::Bounded;
  return Growth::Undecided;
}

std::vector<std::size_t> geometric_sizes() {
  std::vector<std::size_t> sizes;
  for (std::size_t n = 16; n <= 65536; n *= 2) sizes.push_back(n);
  return sizes;
}

Instance family_instance(const std::string& label, Family f, Quantity q, Bound b,
                         const std::vector<std::size_t>& sizes) {
  Instance x{label, "cost-family", {{"family", to_string(f)}, {"quantity", to_string(q)}, {"bound", to_string(b)}}, {}};
  for (std::size_t n : sizes) x.values["sizes"].emplace_back(static_cast<long>(n));
  return x;
}

std::vector<std::vector<std::string>> table(const FamilyRun& run, Quantity q, Bound b) {
  std::vector<std::vector<std::string>> rows{{"n", "k", "worst token ops", "total ops", "stack numbers",
                                              "memory entries", "read cmp", to_string(q), to_string(b), "ratio"}};
  for (const Row& r : run.rows) {
    const Counts& c = r.counts;
    rows.push_back({std::to_string(c.n), std::to_string(c.max_depth), std::to_string(c.worst_token_ops),
                    std::to_string(c.total_ops), std::to_string(c.max_stack_numbers),
                    std::to_string(c.max_memory_entries), std::to_string(c.read_comparisons), fixed(r.measured),
                    fixed(r.bound), fixed(r.ratio)});
  }
  return rows;
}

ReplayOutcome replay_family(const Instance& in) {
  auto option = [&](const std::string& key) {
    auto it = in.options.find(key);
    if (it == in.options.end()) throw std::invalid_argument("instance has no options[\"" + key + "\"]");
    return it->second;
  };
  auto f = parse_family(option("family"));
  auto q = parse_quantity(option("quantity"));
  auto b = parse_bound(option("bound"));
  if (!f || !q || !b) throw std::invalid_argument("unknown family, quantity or bound in a cost-family instance");
  auto it = in.values.find("sizes");
  if (it == in.values.end() || it->second.size() < 2) throw std::invalid_argument("a cost family needs >= 2 sizes");
  std::vector<std::size_t> sizes;
  for (const Q& s : it->second) {
    if (denominator(s) != 1 || s < 1 || s > 1 << 20)
      throw std::invalid_argument("family sizes are integers in 1..2^20, got " + palcheck::to_string(s));
    sizes.push_back(numerator(s).convert_to<std::size_t>());
  }
  FamilyRun run = run_family(*f, *q, *b, sizes);
  ReplayOutcome out;
  out.predicted = to_string(*q) + " = O(" + to_string(*b) + ") along " + to_string(*f);
  out.computed = "ratio " + fixed(run.rows.front().ratio) + " at n = " + std::to_string(run.rows.front().counts.n) +
                 ", " + fixed(run.rows.back().ratio) + " at n = " + std::to_string(run.rows.back().counts.n) +
                 "; fitted exponents: measured n^" + fixed(run.measured_exponent) + ", ratio n^" +
                 fixed(run.ratio_exponent);
  out.violates = growth(run) == Growth::Unbounded;
  out.table = table(run, *q, *b);
  return out;
}

}  // namespace palcheck::cost
