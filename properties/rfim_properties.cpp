// §8 properties: prop:hopfield_pal parts 1 (storage = exactly the local extrema) and 3 (capacity
// k <= n_ext), rem:retrieval, and prop:ising_streaming's first equality on the atoms where it is defined.
#include "properties/area_properties.h"

#include "claims/replay_sequences.h"
#include "properties/generators.h"

namespace palcheck::properties {

namespace {

rc::Gen<Instance> strengths(std::map<std::string, std::string> options, rc::Gen<Q> values) {
  return rc::gen::map(sequence(10, values), [options](std::vector<Q> u) {
    Instance in = with_options(options);
    in.values = {{"u", u}};
    return in;
  });
}

rc::Gen<Instance> retrieval_cases(std::map<std::string, std::string> options) {
  return rc::gen::apply(
      [options](std::vector<Q> u, int s, Q eps) {
        Instance in = with_options(options);
        in.values = {{"u", u}, {"s", {Q(s)}}, {"eps", {eps}}};
        return in;
      },
      sequence(10), int_in(0, 3), positive_small());
}

std::vector<std::map<std::string, std::string>> hopfield_readings() {
  std::vector<std::map<std::string, std::string>> out;
  for (const StackReading& sr : {StackReading{}, all_stack_readings()[1]})
    for (Endpoints e : {Endpoints::Excluded, Endpoints::Included})
      out.push_back({{"stack", to_string(sr)}, {"endpoints", to_string(e)}, {"initial_state", "0"}});
  return out;
}

}  // namespace

void register_rfim_properties(Registry& r) {
  r.add(property_checker("prop:hopfield_pal", [] {
    std::vector<PropertySpec> out;
    for (auto opts : hopfield_readings()) {
      auto interp = opts;
      interp["part"] = "1 (storage): the numbers the stack keeps = the strengths at local extrema of u_1..u_P";
      out.push_back({"prop:hopfield_pal", "storage", interp, interp["part"],
                     with_shrinking(strengths(opts, value()), {{"u"}, true, {}})});
    }
    for (auto opts : hopfield_readings()) {
      auto interp = opts;
      interp["part"] = "3 (capacity): k = memory entries (classical) or pairs (Algorithm 1) <= n_ext(u_1..u_P)";
      out.push_back({"prop:hopfield_pal", "capacity", interp, interp["part"],
                     with_shrinking(strengths(opts, value()), {{"u"}, true, {}})});
    }
    return out;
  }));
  r.add(property_checker("rem:retrieval", [] {
    std::vector<PropertySpec> out;
    for (std::string q : {"appended", "alone"}) {
      std::map<std::string, std::string> opts{{"query", q}, {"initial_state", "0"}, {"stack", "classical-memory"}};
      out.push_back(
          {"rem:retrieval", "query", opts,
           "the query q = M_s (" + q + ") turns relay (M_s+eps, M_s-eps) on and the other maxima's relays off",
           with_shrinking(retrieval_cases(opts), {{"u"}, false, {}})});
    }
    return out;
  }));
  r.add(property_checker("prop:ising_streaming", [] {
    std::map<std::string, std::string> opts{{"initial_state", "0"}};
    auto interp = opts;
    interp["mu*"] = "atoms J delta_(J,-J) of weight J at the distinct J_t >= 0 (relay (J,-J) is outside T for J < 0)";
    interp["part"] = "first equality only";
    auto nonnegative = rc::gen::map(value(), [](Q x) { return Q(abs(x)); });
    return std::vector<PropertySpec>{{"prop:ising_streaming", "first-equality", interp,
                                      "PAL_mu*(u_{0:n}) = sum_t J_t relay(J_t, -J_t)[u](t)",
                                      with_shrinking(strengths(opts, nonnegative), {{"u"}, true, {}})}};
  }));
}

}  // namespace palcheck::properties
