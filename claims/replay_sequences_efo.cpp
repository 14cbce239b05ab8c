// app:efo_proof and app:sparse judges (see replay_sequences.h): both sides of lem:ext_indicator,
// lem:threshold, lem:extAgg's relay/stack claim, lem:exists_ext, eq:relay_efo and prop:sparse.
#include "claims/replay_sequences_judges.h"

#include "reference/pal_definition.h"

#include <algorithm>

namespace palcheck::sequences {

namespace {

bool contains(const std::vector<std::size_t>& v, std::size_t x) { return std::find(v.begin(), v.end(), x) != v.end(); }

RelayState relay_at(const Thresholds& t, const std::vector<Q>& u, std::size_t n, InitialState init) {
  std::vector<Q> prefix(u.begin(), u.begin() + static_cast<std::ptrdiff_t>(n + 1));
  return run_relay(t, prefix, init).back();
}

// phi(i) is one atom: kind 0 top, 1 bottom, 2 u_i >= c, 3 u_i <= c.
bool atom(const Q& kind, const Q& c, const Q& x) {
  if (kind == 0) return true;
  if (kind == 1) return false;
  if (kind == 2) return x >= c;
  return x <= c;
}

}  // namespace

// eq:ext_indicator: 1[i in E] = relay(u_i+eps, u_i-eps)[u](i) - relay(u_i+eps, u_i-eps)[u](i-1);
// at i = 0 the second term is the initial state.
ReplayOutcome ext_indicator(const Instance& in) {
  const auto& u = list(in, "u");
  std::size_t i = index(in, "i", kMaxPosition);
  Q eps = scalar(in, "eps");
  InitialState init = initial_state(in);
  const std::string predicted = "1[i in E] = relay(i) - relay(i-1)";
  if (!(eps > 0) || i >= u.size()) return holds(predicted, "hypothesis not met");
  int lhs = contains(extremal_positions(u, endpoints(in)), i) ? 1 : 0;
  Thresholds t{u[i] + eps, u[i] - eps};
  int now = relay_at(t, u, i, init);
  int before = i == 0 ? static_cast<int>(init) : relay_at(t, u, i - 1, init);
  std::string computed = "1[i in E] = " + std::to_string(lhs) + ", relay" + show(t) + ": " + std::to_string(now) +
                         " - " + std::to_string(before);
  return lhs == now - before ? holds(predicted, computed) : violated(predicted, computed);
}

ReplayOutcome threshold(const Instance& in) {
  const auto& u = list(in, "u");
  std::size_t i = index(in, "i", kMaxPosition);
  Q eps = scalar(in, "eps"), c = scalar(in, "c");
  InitialState init = initial_state(in);
  const std::string predicted = "1[u_i >= c] = relay(c+eps, c-eps)[u](i) at extremal i";
  if (!(eps > 0) || i >= u.size() || !contains(extremal_positions(u, endpoints(in)), i))
    return holds(predicted, "hypothesis not met");
  int lhs = u[i] >= c ? 1 : 0;
  int rhs = relay_at({c + eps, c - eps}, u, i, init);
  std::string computed = "1[u_i >= c] = " + std::to_string(lhs) + ", relay = " + std::to_string(rhs);
  return lhs == rhs ? holds(predicted, computed) : violated(predicted, computed);
}

// lem:extAgg's proof: relay(alpha, beta)[u](n) = 1 iff the stack holds (M, m) with |M - alpha| < eps
// and |m - beta| < eps.
ReplayOutcome ext_agg(const Instance& in) {
  const auto& u = list(in, "u");
  Q alpha = scalar(in, "alpha_r"), beta = scalar(in, "beta_r"), eps = scalar(in, "eps");
  InitialState init = initial_state(in);
  const std::string predicted = "relay on iff a stack pair lies within eps of (alpha, beta)";
  if (u.empty() || !(eps > 0) || alpha < beta) return holds(predicted, "hypothesis not met");
  int relay = run_relay({alpha, beta}, u, init).back();
  bool near = false;
  for (const StackPair& p : stack_pairs(u, stack_reading(in), init))
    near = near || (abs(p.M - alpha) < eps && abs(p.m - beta) < eps);
  std::string computed = "relay = " + std::to_string(relay) + ", pair within eps: " + (near ? "yes" : "no");
  return (relay == 1) == near ? holds(predicted, computed) : violated(predicted, computed);
}

ReplayOutcome exists_ext(const Instance& in) {
  const auto& u = list(in, "u");
  Q kind = scalar(in, "phi"), c = scalar(in, "c");
  const std::string predicted = "exists^ext i phi(i) iff ReLU(ExtAgg_i[1, phi(i)]) > 0";
  if (kind < 0 || kind > 3 || floor_q(kind) != kind) return holds(predicted, "hypothesis not met");
  auto E = extremal_positions(u, endpoints(in));
  bool exists = std::any_of(E.begin(), E.end(), [&](std::size_t i) { return atom(kind, c, u[i]); });
  Q agg = 0;
  for (std::size_t i : E)
    if (atom(kind, c, u[i])) agg += 1;
  bool rhs = std::max(agg, Q(0)) > 0;
  std::string computed = std::string("exists: ") + (exists ? "yes" : "no") + ", ExtAgg = " + palcheck::to_string(agg);
  return exists == rhs ? holds(predicted, computed) : violated(predicted, computed);
}

// eq:relay_efo: relay = 1 iff some extremal t* <= n has u_t* >= alpha and every extremal t after t*
// has u_t > beta.
ReplayOutcome relay_efo(const Instance& in) {
  const auto& u = list(in, "u");
  Q alpha = scalar(in, "alpha_r"), beta = scalar(in, "beta_r");
  InitialState init = initial_state(in);
  const std::string predicted = "relay(alpha, beta)[u](n) = 1 iff the EFO formula holds";
  if (u.empty() || alpha < beta) return holds(predicted, "hypothesis not met");
  int relay = run_relay({alpha, beta}, u, init).back();
  auto E = extremal_positions(u, endpoints(in));
  bool formula = false;
  for (std::size_t a = 0; a < E.size(); ++a) {
    if (!(u[E[a]] >= alpha)) continue;
    bool later_above = true;
    for (std::size_t b = a + 1; b < E.size(); ++b) later_above = later_above && u[E[b]] > beta;
    formula = formula || later_above;
  }
  std::string computed = "relay = " + std::to_string(relay) + ", formula " + (formula ? "true" : "false") +
                         ", extremal positions " + std::to_string(E.size());
  return (relay == 1) == formula ? holds(predicted, computed) : violated(predicted, computed);
}

// prop:sparse under the nearest literal reading: alpha(x), beta(x) snap x to the nearest grid index in
// 1..L (ties to the larger index); a_i = mu at that point (0 off the half-plane), v_i = that relay at n.
ReplayOutcome sparse(const Instance& in) {
  const auto& u = list(in, "u");
  Q delta = scalar(in, "delta");
  std::size_t L = index(in, "L", kMaxGridLevels);
  const auto& gi = list(in, "grid_i");
  const auto& gj = list(in, "grid_j");
  const auto& gw = list(in, "grid_weight");
  InitialState init = initial_state(in);
  const std::string predicted = "PAL_mu = sum over extremal i of a_i v_i";
  if (u.empty() || !(delta > 0) || L < 1 || gi.size() != gj.size() || gi.size() != gw.size())
    return holds(predicted, "hypothesis not met");
  Grid grid{delta, static_cast<int>(L), {}};
  for (std::size_t k = 0; k < gi.size(); ++k) {
    if (gj[k] < 1 || gj[k] > gi[k] || gi[k] > Q(static_cast<long>(L))) return holds(predicted, "hypothesis not met");
    grid.weights.push_back({gi[k].convert_to<int>(), gj[k].convert_to<int>(), gw[k]});
  }
  auto snap = [&](const Q& x) {
    Q r = floor_q(x / delta + Q(1, 2));
    return std::clamp(r, Q(1), Q(static_cast<long>(L)));
  };
  auto weight = [&](const Q& i, const Q& j) {
    Q w = 0;
    for (const GridWeight& g : grid.weights)
      if (Q(g.i) == i && Q(g.j) == j) w += g.weight;
    return w;
  };
  Q lhs = pal_by_definition(measure_from_grid(grid), u, init).back();
  Q rhs = 0;
  for (std::size_t i : extremal_positions(u, endpoints(in))) {
    if (i == 0) continue;
    Q a = snap(u[i]), b = snap(u[i - 1]);
    if (b > a) continue;
    rhs += weight(a, b) * run_relay({a * delta, b * delta}, u, init).back();
  }
  std::string computed = "PAL = " + palcheck::to_string(lhs) + ", sum = " + palcheck::to_string(rhs);
  return lhs == rhs ? holds(predicted, computed) : violated(predicted, computed);
}

}  // namespace palcheck::sequences
