// PAL from the memory (see memory_pal.h).
#include "memory_pal.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace palcheck {

namespace {

// Turns per-cell masses into sums over {alpha index < i, beta index >= j}.
void accumulate(std::vector<Q>& table, std::size_t n_alpha, std::size_t n_beta) {
  auto cell = [&](std::size_t i, std::size_t j) -> Q& { return table[i * (n_beta + 1) + j]; };
  for (std::size_t i = 1; i <= n_alpha; ++i)
    for (std::size_t j = n_beta; j-- > 0;) cell(i, j) += cell(i, j + 1);
  for (std::size_t i = 1; i <= n_alpha; ++i)
    for (std::size_t j = 0; j <= n_beta; ++j) cell(i, j) += cell(i - 1, j);
}

}  // namespace

MeasureSums::MeasureSums(const Measure& mu) {
  validate(mu);
  for (const WeightedRelay& r : mu.relays) {
    alphas_.push_back(r.thresholds.alpha);
    betas_.push_back(r.thresholds.beta);
  }
  for (auto* v : {&alphas_, &betas_}) {
    std::sort(v->begin(), v->end());
    v->erase(std::unique(v->begin(), v->end()), v->end());
  }
  n_alpha_ = alphas_.size();
  n_beta_ = betas_.size();
  table_.assign((n_alpha_ + 1) * (n_beta_ + 1), Q(0));
  for (const WeightedRelay& r : mu.relays) {
    std::size_t i = std::lower_bound(alphas_.begin(), alphas_.end(), r.thresholds.alpha) - alphas_.begin();
    std::size_t j = std::lower_bound(betas_.begin(), betas_.end(), r.thresholds.beta) - betas_.begin();
    table_[(i + 1) * (n_beta_ + 1) + j] += r.weight;
    total_ += r.weight;
  }
  accumulate(table_, n_alpha_, n_beta_);
}

MeasureSums::MeasureSums(const Grid& grid) : grid_delta_(grid.delta) {
  measure_from_grid(Grid{grid.delta, grid.L, {}});  // validates delta and L
  n_alpha_ = n_beta_ = static_cast<std::size_t>(grid.L);
  table_.assign((n_alpha_ + 1) * (n_beta_ + 1), Q(0));
  for (const GridWeight& w : grid.weights) {
    if (w.j < 1 || w.i > grid.L || w.j > w.i)
      throw std::invalid_argument("grid weight (" + std::to_string(w.i) + ", " + std::to_string(w.j) +
                                  ") is outside 1 <= j <= i <= L = " + std::to_string(grid.L));
    // Alpha index i-1 (0-based) counts into row i; beta index j-1.
    table_[static_cast<std::size_t>(w.i) * (n_beta_ + 1) + static_cast<std::size_t>(w.j - 1)] += w.weight;
    total_ += w.weight;
  }
  accumulate(table_, n_alpha_, n_beta_);
  for (long k = 0; k <= grid.L + 1; ++k) grid_points_.push_back(grid.delta * k);
  grid_inverse_ = 1.0 / grid.delta.convert_to<double>();
}

long MeasureSums::grid_floor(const Q& x) const {
  // A guess in doubles, corrected by exact comparisons with the grid points: no GMP division.
  long top = static_cast<long>(grid_points_.size()) - 1;
  double guess = mpq_get_d(x.backend().data()) * grid_inverse_;
  long g = !(guess >= 0) ? -1 : guess >= static_cast<double>(top) ? top : static_cast<long>(guess);
  auto point = [&](long k) { return grid_points_[static_cast<std::size_t>(k)].backend().data(); };
  const auto* xq = x.backend().data();
  while (g < top && mpq_cmp(point(g + 1), xq) <= 0) ++g;
  while (g >= 0 && mpq_cmp(point(g), xq) > 0) --g;
  return g;
}

std::size_t MeasureSums::count_alpha_le(const Q& a) const {
  if (grid_delta_) {
    long k = grid_floor(a);  // alpha_i = i*delta <= a  <=>  i <= floor(a/delta)
    if (k < 1) return 0;
    if (k >= static_cast<long>(n_alpha_)) return n_alpha_;
    return static_cast<std::size_t>(k);
  }
  return std::upper_bound(alphas_.begin(), alphas_.end(), a) - alphas_.begin();
}

std::size_t MeasureSums::first_beta_ge(const Q& b) const {
  if (grid_delta_) {
    long f = grid_floor(b);  // beta_j = j*delta >= b  <=>  j >= ceil(b/delta); index j-1
    long k = f >= 0 && grid_points_[static_cast<std::size_t>(f)] == b ? f : f + 1;  // ceil(b/delta), clamped
    if (k <= 1) return 0;
    if (k > static_cast<long>(n_beta_)) return n_beta_;
    return static_cast<std::size_t>(k) - 1;
  }
  return std::lower_bound(betas_.begin(), betas_.end(), b) - betas_.begin();
}

Q MeasureSums::at_most_alpha_at_least_beta(const std::optional<Q>& a, const std::optional<Q>& b) const {
  std::size_t i = a ? count_alpha_le(*a) : n_alpha_;
  std::size_t j = b ? first_beta_ge(*b) : 0;
  return table_[i * (n_beta_ + 1) + j];
}

MemoryPal::MemoryPal(const Measure& mu, InitialState initial)
    : sums_(std::make_shared<MeasureSums>(mu)), memory_(initial) {
  start_ = initial == InitialState::On ? sums_->total() : Q(0);
}

MemoryPal::MemoryPal(const Grid& grid, InitialState initial)
    : sums_(std::make_shared<MeasureSums>(grid)), memory_(initial) {
  start_ = initial == InitialState::On ? sums_->total() : Q(0);
}

Q MemoryPal::reached(std::size_t index) const {
  // From the previous entry p (or the sentinel) to u = entry `index`, monotonically:
  //   rising  p -> u switches on  {p < alpha <= u, beta >= p}   (the rest below u was on already);
  //   falling p -> u switches off {u < alpha <= p, beta >= u}   (alpha > u keeps alpha=beta=u on).
  const Q& u = memory_.extrema()[index];
  std::optional<Q> p;  // nullopt: the sentinel at -inf (rising) or +inf (falling)
  Q before = start_;
  if (index > 0) {
    p = memory_.extrema()[index - 1];
    before = outputs_[index - 1];
  }
  const MeasureSums& s = *sums_;
  if (memory_.is_maximum(index)) {
    Q gained = s.at_most_alpha_at_least_beta(u, p);
    if (p) gained -= s.at_most_alpha_at_least_beta(*p, p);
    return before + gained;
  }
  Q lost = s.at_most_alpha_at_least_beta(p, u) - s.at_most_alpha_at_least_beta(u, u);
  return before - lost;
}

Q MemoryPal::step(const Q& u) {
  MemoryStepEffect effect = memory_.step(u);
  outputs_.resize(outputs_.size() - effect.wiped);
  if (effect.pushed) outputs_.emplace_back();
  // A wipe or a continued run both leave the top entry with a new value: recompute it.
  if (!outputs_.empty() && (effect.pushed || effect.replaced || effect.wiped))
    outputs_.back() = reached(outputs_.size() - 1);
  return outputs_.empty() ? start_ : outputs_.back();
}

std::vector<Q> pal_by_memory(const Measure& mu, const std::vector<Q>& u, InitialState initial) {
  MemoryPal pal(mu, initial);
  std::vector<Q> out;
  out.reserve(u.size());
  for (const Q& x : u) out.push_back(pal.step(x));
  return out;
}

}  // namespace palcheck
