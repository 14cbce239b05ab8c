// prop:preisach_rfim (mean-field RFIM = Preisach operator) and rem:rfim_structure (return-point memory is the
// wiping property; the extremum stack is the minimal sufficient statistic), on the exact T = 0 simulation of
// mean_field_rfim.h. Every Preisach operator has congruent minor loops (the increment along a repeated loop
// u1 -> u2 is mu{u1 <= beta, alpha <= u2}, whatever the history); the RFIM's loops are not congruent.
#include "claims/physics/physics_results.h"
#include "claims/physics/sampling.h"
#include "reference/models/mean_field_rfim.h"
#include "reference/pal_definition.h"
#include "reference/preisach_memory.h"

#include <algorithm>

namespace palcheck::physics {
namespace {

constexpr const char* kCongruency = "phys-rfim-congruency";
constexpr const char* kMinimality = "phys-rfim-minimality";

const char* name(SelfCoupling s) { return s == SelfCoupling::Included ? "included" : "excluded"; }
SelfCoupling parse_self(const std::string& s) {
  return s == "excluded" ? SelfCoupling::Excluded : SelfCoupling::Included;
}

// Spins and history lengths a replay accepts: each step runs the T = 0 dynamics over every spin.
constexpr std::size_t kMaxLength = 4096;

RfimModel random_model(std::mt19937_64& rng, SelfCoupling self) {
  std::uniform_int_distribution<int> spins(2, 6), coupling(1, 8);  // J up to 4: strong enough for avalanches
  RfimModel model{Q(coupling(rng), 2), random_sequence(rng, spins(rng), -2, 2, 4), self};
  return model;
}

RfimModel model_of(const Instance& instance) {
  return {scalar(instance, "J"), list(instance, "fields", 1, kMaxLength),
          parse_self(option(instance, "self_coupling", {"excluded", "included"}))};
}

std::vector<Q> with_loop(std::vector<Q> prefix, const Q& u1, const Q& u2) {
  for (const Q& x : {u1, u2, u1, u2}) prefix.push_back(x);
  return prefix;
}

// Increment of m along the second traversal u1 -> u2.
Q loop_increment(const RfimModel& model, const std::vector<Q>& prefix, const Q& u1, const Q& u2) {
  std::vector<Q> m = rfim_magnetisation(model, with_loop(prefix, u1, u2));
  return m.back() - m[m.size() - 2];
}

// m = 2 P - 1 for the fixed-gap reading: relay i at (-h_i + c, -h_i - c) with weight 1/N.
std::vector<Q> fixed_gap_preisach(const RfimModel& model, const Q& c, const std::vector<Q>& H) {
  Measure mu;
  const long N = static_cast<long>(model.fields.size());
  for (const Q& h : model.fields) mu.relays.push_back({{Q(-h + c), Q(-h - c)}, Q(1, N)});
  std::vector<Q> p = pal_by_definition(mu, H, InitialState::Off);
  for (Q& x : p) x = 2 * x - 1;
  return p;
}

ReplayOutcome replay_congruency(const Instance& instance) {
  RfimModel model = model_of(instance);
  const Q& u1 = scalar(instance, "u1");
  const Q& u2 = scalar(instance, "u2");
  Q a = loop_increment(model, list(instance, "prefix_a", 0, kMaxLength), u1, u2);
  Q b = loop_increment(model, list(instance, "prefix_b", 0, kMaxLength), u1, u2);
  ReplayOutcome out;
  out.violates = u1 < u2 && a != b;
  out.predicted =
      "a Preisach operator (any measure, any initial state): equal increments of m along the loop "
      "u1 -> u2 after both histories";
  out.computed = "RFIM increments " + to_string(a) + " after prefix_a and " + to_string(b) + " after prefix_b";
  out.table = {{"history", "m along prefix + (u1, u2, u1, u2)"}};
  for (const char* key : {"prefix_a", "prefix_b"})
    out.table.push_back(
        {key, list_string(rfim_magnetisation(model, with_loop(list(instance, key, 0, kMaxLength), u1, u2)))});
  return out;
}

CheckResult congruency(const RunConfig& config, SelfCoupling self) {
  auto rng = seeded(config.seed, self == SelfCoupling::Included ? 31 : 32);
  std::uniform_int_distribution<int> length(1, 5);
  // Non-congruent loops need avalanches (strong J), so the search draws 20 cases per configured test.
  for (std::uint64_t cases = 1; cases <= 20 * config.tests; ++cases) {
    RfimModel model = random_model(rng, self);
    std::vector<Q> a = random_sequence(rng, length(rng), -4, 4, 4), b = random_sequence(rng, length(rng), -4, 4, 4);
    Q u1 = random_rational(rng, -3, 3, 4), u2 = random_rational(rng, -3, 3, 4);
    if (u1 >= u2) continue;
    Q da = loop_increment(model, a, u1, u2), db = loop_increment(model, b, u1, u2);
    if (da == db) continue;
    CheckResult r = make_result(
        Verdict::Refuted, "numeric",
        "the T = 0 mean-field RFIM has minor loops that are not congruent (the increment along u1 -> u2 depends on "
        "the history), which no Preisach operator, with any measure, allows");
    r.counterexample = Instance{
        "prop:preisach_rfim",
        kCongruency,
        {{"self_coupling", name(self)}},
        {{"J", {model.J}}, {"fields", model.fields}, {"prefix_a", a}, {"prefix_b", b}, {"u1", {u1}}, {"u2", {u2}}}};
    r.cases = cases;
    r.seed = config.seed;
    r.interpretation = {{"self_coupling", name(self)},
                        {"dynamics", "T = 0 single-spin flips until stable; a spin with local field 0 stays"}};
    r.hypotheses_used = {
        "congruency: a Preisach operator's increment along a repeated loop u1 -> u2 is "
        "mu{u1 <= beta, alpha <= u2}, independent of the history"};
    std::vector<Q> H = with_loop(a, u1, u2), m = rfim_magnetisation(model, H);
    for (const Q& c : {Q(0), Q(model.J / 2), model.J}) {
      std::vector<Q> p = fixed_gap_preisach(model, c, H);
      Q worst = 0;
      for (std::size_t n = 0; n < H.size(); ++n) worst = std::max(worst, Q(abs(p[n] - m[n])));
      r.details.emplace_back("paper's operator, gap 2c with c = " + to_string(c),
                             "m = 2P - 1 with relays (-h_i + c, -h_i - c): sup |m_RFIM - m_P| = " + to_string(worst) +
                                 " on prefix_a + loop");
    }
    return r;
  }
  return make_result(Verdict::Unknown, "numeric", "no non-congruent loop found in the search");
}

// The printed thresholds at a state with m > 0 lie outside T.
CheckResult printed_thresholds(const RunConfig&) {
  RfimModel model{Q(1), {Q(-1, 2), Q(0), Q(1, 2)}, SelfCoupling::Included};
  MeanFieldRfim rfim(model);
  rfim.drive(Q(2));
  const Q m = rfim.magnetisation();
  Thresholds t{Q(-model.fields[0] - model.J * m), Q(-model.fields[0] + model.J * m)};
  std::string thrown = half_plane_violation(t);
  return make_result(
      thrown.empty() ? Verdict::Error : Verdict::IllPosed, "analysis",
      "alpha_i - beta_i = -2Jm < 0 whenever m > 0, so the printed relays leave T, while eq:rfim_measure puts its mass "
      "on alpha - beta = +2Jm; and the thresholds move with the state m, so no fixed measure is defined",
      {{"computed", "h = (-1/2, 0, 1/2), J = 1, H = 2: m = " + to_string(m) + ", spin 0 gets alpha = " +
                        to_string(t.alpha) + ", beta = " + to_string(t.beta) + "; the reference: " + thrown},
       {"point 1", "'alpha_i = -h_i - Jm, beta_i = -h_i + Jm' gives alpha_i < beta_i for m > 0 (outside T)"},
       {"point 2", "eq:rfim_measure: delta(alpha - beta - 2Jm) has the opposite sign of the gap above"},
       {"point 3", "m is the state being computed: a measure depending on the output is not a Preisach operator"},
       {"point 4", "the statement says m = P_mu[H](t), the proof m = 2P_mu[H] - 1"}});
}

// rem:rfim_structure: the RFIM state after a history equals the state after its classical memory alone.
CheckResult return_point_memory(const RunConfig& config) {
  auto rng = seeded(config.seed, 33);
  std::uniform_int_distribution<int> length(1, 12), self(0, 1);
  std::uint64_t cases = 0;
  for (; cases < config.tests; ++cases) {
    RfimModel model = random_model(rng, self(rng) ? SelfCoupling::Included : SelfCoupling::Excluded);
    std::vector<Q> H = random_sequence(rng, length(rng), -4, 4, 4);
    std::vector<Q> memory = memory_trace(H, InitialState::Off).back();
    if (rfim_final_spins(model, H) != rfim_final_spins(model, memory)) {
      return make_result(Verdict::Error, "numeric", "RFIM state differs from the state after its memory",
                         {{"H", list_string(H)}, {"fields", list_string(model.fields)}, {"J", to_string(model.J)}});
    }
  }
  CheckResult r = held_search(
      "return-point memory: the RFIM spins after any history equal the spins after its "
      "classical memory (the dominant extrema) alone",
      cases, config, {{"self_coupling", "both, alternating"}});
  r.details = {{"but",
                "the RFIM is not a Preisach operator (prop:preisach_rfim: congruency fails), so its return-point "
                "memory is not a consequence of the Preisach structure"}};
  return r;
}

ReplayOutcome replay_minimality(const Instance& instance) {
  RfimModel model = model_of(instance);
  const std::vector<Q>& a = list(instance, "H_a", 1, kMaxLength);
  const std::vector<Q>& b = list(instance, "H_b", 1, kMaxLength);
  std::vector<Q> stack_a = memory_trace(a, InitialState::Off).back(),
                 stack_b = memory_trace(b, InitialState::Off).back();
  std::vector<int> spins_a = rfim_final_spins(model, a), spins_b = rfim_final_spins(model, b);
  ReplayOutcome out;
  out.violates = stack_a != stack_b && spins_a == spins_b;
  out.predicted =
      "the extremum stack is minimal sufficient: histories with different stacks are told apart by some "
      "continuation";
  out.computed = "stacks " + list_string(stack_a) + " and " + list_string(stack_b) + "; spin configurations " +
                 (spins_a == spins_b ? "equal" : "different") +
                 " (the T = 0 dynamics is a function of the configuration and the next field, so equal "
                 "configurations agree on every continuation)";
  return out;
}

CheckResult minimality(const RunConfig& config) {
  auto rng = seeded(config.seed, 34);
  std::uniform_int_distribution<int> length(1, 4);
  for (std::uint64_t cases = 1; cases <= config.tests; ++cases) {
    RfimModel model = random_model(rng, SelfCoupling::Included);
    std::vector<Q> a = random_sequence(rng, length(rng), -4, 4, 4), b = random_sequence(rng, length(rng), -4, 4, 4);
    if (memory_trace(a, InitialState::Off).back() == memory_trace(b, InitialState::Off).back()) continue;
    if (rfim_final_spins(model, a) != rfim_final_spins(model, b)) continue;
    CheckResult r = make_result(Verdict::Refuted, "numeric",
                                "two histories with different extremum stacks leave the N-spin RFIM in the same "
                                "configuration: the stack is sufficient but not minimal");
    r.counterexample = Instance{"rem:rfim_structure",
                                kMinimality,
                                {{"self_coupling", "included"}},
                                {{"J", {model.J}}, {"fields", model.fields}, {"H_a", a}, {"H_b", b}}};
    r.cases = cases;
    r.seed = config.seed;
    r.interpretation = {{"model", "finite N as in eq:rfim"}, {"self_coupling", "included"}};
    return r;
  }
  return make_result(Verdict::Unknown, "numeric", "no two histories found");
}

}  // namespace

void register_rfim_checks(Registry& registry) {
  registry.add(Checker{"prop:preisach_rfim", "numeric", [](const RunConfig& c) {
                         return std::vector<CheckResult>{printed_thresholds(c), congruency(c, SelfCoupling::Included),
                                                         congruency(c, SelfCoupling::Excluded)};
                       }});
  registry.add(Replayer{"prop:preisach_rfim", kCongruency, replay_congruency});
  registry.add(Checker{"rem:rfim_structure", "numeric", [](const RunConfig& c) {
                         return std::vector<CheckResult>{return_point_memory(c), minimality(c)};
                       }});
  registry.add(Replayer{"rem:rfim_structure", kMinimality, replay_minimality});
}

}  // namespace palcheck::physics
