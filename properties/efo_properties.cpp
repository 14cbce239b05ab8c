// app:efo_proof and app:sparse properties: both sides of lem:ext_indicator, lem:threshold,
// lem:extAgg's relay/stack claim, lem:exists_ext, eq:relay_efo and prop:sparse, per reading of the
// endpoints, the initial state and (lem:extAgg) the stack.
#include "properties/area_properties.h"

#include "claims/replay_sequences.h"
#include "properties/generators.h"

namespace palcheck::properties {

namespace {

// A number that is often one of u's values (ties with thresholds are where claims break).
Q pick(const std::vector<Q>& u, int at, const Q& free, int mode) {
  if (mode == 0) return u[static_cast<std::size_t>(at) % u.size()];
  if (mode == 1) return u[static_cast<std::size_t>(at) % u.size()] + Q(1, 2);
  return free;
}

rc::Gen<Instance> indicator_cases(std::map<std::string, std::string> options) {
  return rc::gen::apply(
      [options](std::vector<Q> u, int at, Q eps) {
        Instance in = with_options(options);
        in.values = {{"u", u}, {"i", {Q(static_cast<long>(static_cast<std::size_t>(at) % u.size()))}}, {"eps", {eps}}};
        return in;
      },
      sequence(8), int_in(0, 8), positive_small());
}

rc::Gen<Instance> threshold_cases(std::map<std::string, std::string> options) {
  Endpoints e = endpoints(with_options(options));
  return rc::gen::apply(
      [options, e](std::vector<Q> u, int at, int c_at, int mode, Q free, Q eps) {
        auto E = sequences::extremal_positions(u, e);
        std::size_t i = E.empty() ? 0 : E[static_cast<std::size_t>(at) % E.size()];
        Instance in = with_options(options);
        in.values = {{"u", u}, {"i", {Q(static_cast<long>(i))}}, {"c", {pick(u, c_at, free, mode)}}, {"eps", {eps}}};
        return in;
      },
      sequence(8), int_in(0, 8), int_in(0, 8), int_in(0, 2), value(), positive_small());
}

rc::Gen<Instance> relay_cases(std::map<std::string, std::string> options, bool with_eps) {
  return rc::gen::apply(
      [options, with_eps](std::vector<Q> u, int a_at, int b_at, int mode_a, int mode_b, Q fa, Q fb, Q eps) {
        Q a = pick(u, a_at, fa, mode_a), b = pick(u, b_at, fb, mode_b);
        if (a < b) std::swap(a, b);
        Instance in = with_options(options);
        in.values = {{"u", u}, {"alpha_r", {a}}, {"beta_r", {b}}};
        if (with_eps) in.values["eps"] = {eps};
        return in;
      },
      sequence(8), int_in(0, 8), int_in(0, 8), int_in(0, 2), int_in(0, 2), value(), value(), positive_small());
}

rc::Gen<Instance> exists_cases(std::map<std::string, std::string> options) {
  return rc::gen::apply(
      [options](std::vector<Q> u, int kind, int at, int mode, Q free) {
        Instance in = with_options(options);
        in.values = {{"u", u}, {"phi", {Q(kind)}}, {"c", {pick(u, at, free, mode)}}};
        return in;
      },
      sequence(8), int_in(0, 3), int_in(0, 8), int_in(0, 2), value());
}

rc::Gen<Instance> sparse_cases(std::map<std::string, std::string> options) {
  auto weight = grid_weight(4);
  return rc::gen::apply(
      [options](int L, std::vector<std::array<int, 3>> ws, std::vector<int> steps) {
        Q delta(1);
        std::vector<Q> gi, gj, gw, u;
        for (auto [i, j, w] : ws) {
          int a = std::min(std::max(i, j), L), b = std::min(std::min(i, j), a);
          gi.push_back(Q(a));
          gj.push_back(Q(b));
          gw.push_back(Q(w == 0 ? 1 : w));
        }
        for (int s : steps) u.push_back(Q(s, 2));
        Instance in = with_options(options);
        in.values = {{"delta", {delta}}, {"L", {Q(L)}}, {"grid_i", gi}, {"grid_j", gj}, {"grid_weight", gw}, {"u", u}};
        return in;
      },
      int_in(1, 4), rc::gen::resize(6, rc::gen::nonEmpty(rc::gen::container<std::vector<std::array<int, 3>>>(weight))),
      rc::gen::resize(8, rc::gen::nonEmpty(rc::gen::container<std::vector<int>>(int_in(0, 10)))));
}

std::vector<std::map<std::string, std::string>> endpoint_initial_readings() {
  std::vector<std::map<std::string, std::string>> out;
  for (Endpoints e : {Endpoints::Excluded, Endpoints::Included})
    for (InitialState s : {InitialState::Off, InitialState::On})
      out.push_back({{"endpoints", to_string(e)}, {"initial_state", to_string(s)}});
  return out;
}

const char* kPlateaus =
    "a plateau counts once, at its first index; extrema are strict against the nearest different value";

}  // namespace

void register_efo_properties(Registry& r) {
  r.add(per_reading_checker("lem:ext_indicator", endpoint_initial_readings(), [](const auto& opts) {
    return PropertySpec{"lem:ext_indicator", "indicator", with(opts, {{"plateaus", kPlateaus}}),
                        "1[i in E] = relay(u_i+eps, u_i-eps)[u](i) - relay(u_i+eps, u_i-eps)[u](i-1)",
                        with_shrinking(indicator_cases(opts), {{"u"}, false, {}})};
  }));
  // eq:threshold at one eps: the statement names eps without fixing it (threshold_every_eps.cpp).
  r.add(with_scope(per_reading_checker("lem:threshold", endpoint_initial_readings(),
                                       [](const auto& opts) {
                                         return PropertySpec{"lem:threshold", "threshold",
                                                             with(opts, {{"plateaus", kPlateaus}}),
                                                             "at extremal i, 1[u_i >= c] = relay(c+eps, c-eps)[u](i)",
                                                             with_shrinking(threshold_cases(opts), {{"u"}, false, {}})};
                                       }),
                   Scope::FixedParameter));
  // The proof's "relay on iff the stack holds a pair within eps" under a pairing of ours.
  r.add(with_scope(
      per_reading_checker(
          "lem:extAgg", stack_initial_readings(),
          [](const auto& reading) {
            auto [sr, s] = reading;
            std::map<std::string, std::string> opts{{"stack", to_string(sr)}, {"initial_state", to_string(s)}};
            auto interp = with(
                opts,
                {{"part", "the proof's step: relay (alpha, beta) on iff the stack holds a pair within eps of it"}});
            if (sr.classical()) interp["pairs"] = "each memory maximum with the entry after it (itself if last)";
            return PropertySpec{
                "lem:extAgg", "pair-within-eps", interp,
                "relay(alpha, beta)[u](n) = 1 iff some stack pair (M, m) has |M-alpha| < eps, |m-beta| < eps",
                with_shrinking(relay_cases(opts, true), {{"u"}, false, {}})};
          }),
      Scope::ProofStep));
  r.add(per_reading_checker("lem:exists_ext", std::vector{Endpoints::Excluded, Endpoints::Included}, [](Endpoints e) {
    std::map<std::string, std::string> opts{{"endpoints", to_string(e)}};
    return PropertySpec{
        "lem:exists_ext", "count",
        with(opts, {{"phi", "one atom: top, bottom, u_i >= c or u_i <= c; ExtAgg evaluated by its definition"}}),
        "exists^ext i phi(i) iff ReLU(ExtAgg_i[1, phi(i)]) > 0",
        with_shrinking(exists_cases(opts), {{"u"}, false, {}})};
  }));
  r.add(per_reading_checker("eq:relay_efo", endpoint_initial_readings(), [](const auto& opts) {
    return PropertySpec{"eq:relay_efo", "relay-efo", with(opts, {{"plateaus", kPlateaus}}),
                        "relay = 1 iff an extremal t* has u_t* >= alpha and every later extremal t has u_t > beta",
                        with_shrinking(relay_cases(opts, false), {{"u"}, true, {}})};
  }));
  r.add(per_reading_checker("prop:sparse", endpoint_initial_readings(), [](const auto& opts) {
    return PropertySpec{"prop:sparse", "snap",
                        with(opts, {{"alpha(x), beta(x)",
                                     "nearest grid index in 1..L (ties upwards), a_i = 0 off the half-plane, "
                                     "v_i = relay(alpha(u_i), beta(u_{i-1}))[u](n), i = 0 has no term"}}),
                        "PAL_mu(u_{0:n}) = sum over extremal i of a_i v_i",
                        with_shrinking(sparse_cases(opts), {{"u", "grid_i", "grid_j", "grid_weight"}, false, {}})};
  }));
}

}  // namespace palcheck::properties
