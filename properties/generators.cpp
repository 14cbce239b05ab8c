// Generators and the Instance shrinker (see generators.h).
#include "properties/generators.h"

#include <algorithm>

namespace palcheck::properties {

namespace {

Q huge() {
  Q h = 1;
  for (int k = 0; k < 18; ++k) h *= 10;
  return h;
}

// How far a number is from the simplest: |numerator| + denominator.
Q complexity(const Q& q) { return Q(abs(numerator(q))) + Q(denominator(q)); }

std::vector<Q> simpler_numbers(const Q& x) {
  std::vector<Q> out{Q(0)};
  bool integer = denominator(x) == 1;
  if (!integer) {
    out.push_back(Q(numerator(x) / denominator(x)));  // towards zero
    out.push_back(floor_q(2 * x) / 2);
    out.push_back(-floor_q(-x));  // up: a tiny positive number becomes 1
    out.push_back(-floor_q(-2 * x) / 2);
  } else {
    if (abs(x) >= 4) out.push_back(Q(numerator(x) / 2));
    // Large values (the generator's 10^18) also step by |x|/4^k: unit steps alone would take |x| shrinks.
    if (abs(x) >= 64)
      for (Q step = floor_q(abs(x) / 4); step > 1; step = floor_q(step / 4))
        out.push_back(x > 0 ? Q(x - step) : Q(x + step));
    out.push_back(x > 0 ? Q(x - 1) : Q(x + 1));
  }
  std::vector<Q> kept;
  for (Q& q : out)
    if (q != x && complexity(q) < complexity(x) && std::find(kept.begin(), kept.end(), q) == kept.end())
      kept.push_back(q);
  return kept;
}

std::vector<Instance> instance_shrinks(const Instance& x, const ShrinkPolicy& policy) {
  std::vector<Instance> out;
  for (const std::string& key : policy.removable) {
    auto it = x.values.find(key);
    if (it == x.values.end()) continue;
    for (std::size_t i = 0; i < it->second.size(); ++i) {
      Instance y = x;
      auto& v = y.values[key];
      v.erase(v.begin() + static_cast<std::ptrdiff_t>(i));
      out.push_back(std::move(y));
    }
  }
  if (policy.order_invariant) {
    std::vector<Q> all;
    for (const auto& [key, v] : x.values)
      if (policy.ranked.empty() || std::find(policy.ranked.begin(), policy.ranked.end(), key) != policy.ranked.end())
        all.insert(all.end(), v.begin(), v.end());
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    Instance y = x;
    Q before = 0, after = 0;
    for (auto& [key, v] : y.values) {
      if (!policy.ranked.empty() && std::find(policy.ranked.begin(), policy.ranked.end(), key) == policy.ranked.end())
        continue;
      for (Q& q : v) {
        before += complexity(q);
        q = Q(static_cast<long>(std::lower_bound(all.begin(), all.end(), q) - all.begin()));
        after += complexity(q);
      }
    }
    if (after < before) out.push_back(std::move(y));
  }
  for (const auto& [key, v] : x.values)
    for (std::size_t i = 0; i < v.size(); ++i)
      for (const Q& q : simpler_numbers(v[i])) {
        Instance y = x;
        y.values[key][i] = q;
        out.push_back(std::move(y));
      }
  return out;
}

}  // namespace

// RapidCheck scales ranges by the size, and containers pass their (small) size to their elements;
// numbers here always use the whole range and rely on shrinking, not on size, to become small.
rc::Gen<int> int_in(int lo, int hi) { return rc::gen::resize(100, rc::gen::inRange(lo, hi + 1)); }

rc::Gen<std::array<int, 3>> grid_weight(int max_index) {
  return rc::gen::apply(
      [](int i, int j, int w) {
        return std::array<int, 3>{i, j, w};
      },
      int_in(1, max_index), int_in(1, max_index), small_int(3));
}

rc::Gen<int> small_int(int max_abs) {
  return rc::gen::map(int_in(0, 2 * max_abs), [](int t) { return t % 2 == 0 ? t / 2 : -(t + 1) / 2; });
}

rc::Gen<Q> value() {
  return rc::gen::resize(100,
                         rc::gen::weightedOneOf<Q>({
                             {8, rc::gen::map(small_int(6), [](int k) { return Q(k); })},
                             {3, rc::gen::map(small_int(12), [](int k) { return Q(k, 2); })},
                             {2, rc::gen::apply([](int p, int q) { return Q(p, q); }, small_int(20), int_in(1, 7))},
                             {1, rc::gen::map(small_int(5), [](int k) { return huge() * (k >= 0 ? 1 : -1) + k; })},
                             {1, rc::gen::map(small_int(5), [](int k) { return Q(k) / huge(); })},
                         }));
}

rc::Gen<Q> positive_small() {
  return rc::gen::oneOf(rc::gen::map(int_in(0, 6), [](int k) { return Q(1, 1 << k); }),
                        rc::gen::apply([](int p, int q) { return Q(p, q); }, int_in(1, 5), int_in(1, 9)));
}

namespace {

struct Segment {
  int kind;
  Q a, b;
  int count;
};

void append_segment(std::vector<Q>& out, const Segment& s) {
  switch (s.kind) {
    case 0: out.push_back(s.a); break;
    case 1: out.insert(out.end(), static_cast<std::size_t>(s.count + 2), s.a); break;
    case 2:
      for (int t = 0; t <= s.count + 1; ++t) out.push_back(s.a + (s.b - s.a) * Q(t, s.count + 1));
      break;
    default: {
      Q amplitude = s.b - s.a;
      for (int t = 0; t <= s.count + 1; ++t) {
        out.push_back(s.a + (t % 2 ? -amplitude : amplitude));
        amplitude /= 2;
      }
    }
  }
}

}  // namespace

rc::Gen<std::vector<Q>> sequence(int max_len, rc::Gen<Q> values) {
  auto segment = rc::gen::apply(
      [](int kind, Q a, Q b, int count) {
        return Segment{kind, a, b, count};
      },
      rc::gen::weightedElement<int>({{6, 0}, {1, 1}, {1, 2}, {1, 3}}), values, values, int_in(0, 3));
  auto segments =
      rc::gen::resize(6, rc::gen::nonEmpty(rc::gen::container<std::vector<Segment>>(rc::gen::resize(50, segment))));
  return rc::gen::map(segments, [max_len](const std::vector<Segment>& ss) {
    std::vector<Q> out;
    for (const Segment& s : ss) append_segment(out, s);
    if (out.size() > static_cast<std::size_t>(max_len)) out.resize(static_cast<std::size_t>(max_len));
    return out;
  });
}

rc::Gen<std::vector<Q>> sequence(int max_len) { return sequence(max_len, value()); }

rc::Gen<Measure> measure(int max_relays) {
  auto relay = rc::gen::apply(
      [](Q a, Q b, int w) {
        if (a < b) std::swap(a, b);
        return WeightedRelay{{a, b}, Q(w == 0 ? 1 : w)};
      },
      value(), value(), small_int(3));
  return rc::gen::map(
      rc::gen::resize(max_relays,
                      rc::gen::nonEmpty(rc::gen::container<std::vector<WeightedRelay>>(rc::gen::resize(50, relay)))),
      [](std::vector<WeightedRelay> rs) { return Measure{std::move(rs)}; });
}

rc::Gen<Instance> with_shrinking(rc::Gen<Instance> cases, ShrinkPolicy policy) {
  return rc::gen::shrink(std::move(cases),
                         [policy](const Instance& x) { return rc::seq::fromContainer(instance_shrinks(x, policy)); });
}

Instance with_options(std::map<std::string, std::string> options) {
  Instance instance;
  instance.options = std::move(options);
  return instance;
}

}  // namespace palcheck::properties
