// §4 and app:tc_aux properties: lem:monotone, lem:stack_ops (the paper's PUSH/POP signals on the
// classical memory and on Algorithm 1, decoded after every operation; the printed TOP formula),
// lem:push_no_wipe (no removal at a PUSH) and lem:pop_one (on any stack with M_top < M_{top-1}).
#include "properties/area_properties.h"

#include "claims/replay_sequences.h"
#include "properties/generators.h"

namespace palcheck::properties {

namespace {

// k in 2..5 symbols, D_max, Delta and 0 < eps < Delta/2.
struct EncodingParams {
  int k, d_max;
  Q delta, eps;
};

rc::Gen<EncodingParams> encoding_params() {
  return rc::gen::apply(
      [](int k, int d_max, int delta, int eps) {
        return EncodingParams{k, d_max, Q(delta, 2), Q(delta, 2) * Q(eps, 16)};
      },
      int_in(2, 5), int_in(1, 6), int_in(1, 6), int_in(1, 7));
}

void put(Instance& in, const EncodingParams& p) {
  in.values["k"] = {Q(p.k)};
  in.values["D_max"] = {Q(p.d_max)};
  in.values["delta"] = {p.delta};
  in.values["eps"] = {p.eps};
}

// ops: 0 = POP, i >= 1 = PUSH a_i; pushes come first more often so that POP finds depth >= 3.
rc::Gen<Instance> signal_cases(std::map<std::string, std::string> options) {
  return rc::gen::apply(
      [options](EncodingParams p, std::vector<int> ops) {
        Instance in = with_options(options);
        put(in, p);
        std::vector<Q> o;
        for (int op : ops) o.push_back(Q(op % (p.k + 1)));
        in.values["ops"] = o;
        return in;
      },
      encoding_params(), rc::gen::resize(8, rc::gen::nonEmpty(rc::gen::container<std::vector<int>>(int_in(0, 5)))));
}

rc::Gen<Instance> top_cases(std::map<std::string, std::string> options) {
  return rc::gen::apply(
      [options](EncodingParams p, int i, int d) {
        Instance in = with_options(options);
        put(in, p);
        in.values["i"] = {Q(1 + i % p.k)};
        in.values["d"] = {Q(d % (p.d_max + 1))};
        return in;
      },
      encoding_params(), int_in(0, 4), int_in(0, 6));
}

rc::Gen<Instance> monotone_cases() {
  return rc::gen::apply(
      [](EncodingParams p, int i, int i2, int d) {
        Instance in = with_options({});
        put(in, p);
        in.values["i"] = {Q(1 + i % p.k)};
        in.values["i2"] = {Q(1 + i2 % p.k)};
        in.values["d"] = {Q(d)};
        return in;
      },
      encoding_params(), int_in(0, 4), int_in(0, 4), int_in(0, 8));
}

rc::Gen<Instance> pop_cases(std::map<std::string, std::string> options) {
  return rc::gen::apply(
      [options](std::vector<Q> u, Q eps) {
        Instance in = with_options(options);
        in.values = {{"u", u}, {"eps", {eps}}};
        return in;
      },
      sequence(10), positive_small());
}

std::vector<std::pair<StackReading, InitialState>> readings() {
  std::vector<std::pair<StackReading, InitialState>> out;
  for (const StackReading& sr : all_stack_readings()) {
    out.push_back({sr, InitialState::Off});
    if (sr.classical()) out.push_back({sr, InitialState::On});
  }
  return out;
}

std::map<std::string, std::string> reading_options(const StackReading& sr, InitialState s) {
  std::map<std::string, std::string> m{{"stack", to_string(sr)}, {"initial_state", to_string(s)}};
  return m;
}

std::map<std::string, std::string> interpretation(const StackReading& sr, InitialState s) {
  std::map<std::string, std::string> m{{"stack", to_string(sr)}};
  if (sr.classical()) m["initial_state"] = to_string(s);
  return m;
}

// Draws the cases of a property under one reading's options.
using ReadingCases = rc::Gen<Instance> (*)(std::map<std::string, std::string>);

// One property under every (stack, initial state) reading: the reading's interpretation with `note`
// added, cases drawn under the reading's options, the shrinker free to drop elements of `removable`.
Checker reading_property(const std::string& label, const std::string& kind,
                         const std::pair<std::string, std::string>& note, const std::string& statement,
                         ReadingCases cases, const std::string& removable) {
  return per_reading_checker(label, readings(), [=](const auto& reading) {
    auto [sr, s] = reading;
    return PropertySpec{label, kind, with(interpretation(sr, s), {note}), statement,
                        with_shrinking(cases(reading_options(sr, s)), {{removable}, false, {}})};
  });
}

}  // namespace

void register_encoding_properties(Registry& r) {
  r.add(property_checker("lem:monotone", [] {
    return std::vector<PropertySpec>{
        {"lem:monotone", "codes", {}, "code*(a_i', d+1) < code*(a_i, d)", monotone_cases()}};
  }));
  r.add(property_checker("lem:stack_ops", [] {
    std::vector<PropertySpec> out;
    for (auto [sr, s] : readings()) {
      auto interp = interpretation(sr, s);
      interp["signals"] =
          "u_0 = C_max (bottom marker, not decoded); the k-th pushed symbol at depth k-1; POP only at "
          "depth >= 3 with M_{top-1} = code* + eps from the encoded stack";
      interp["decoding"] = "M decodes to a_i iff M = code*(a_i, d) + eps";
      auto opts = reading_options(sr, s);
      out.push_back({"lem:stack_ops", "signals", interp,
                     "after each PUSH/POP signal the stack's maxima decode to the encoded stack",
                     with_shrinking(signal_cases(opts), {{"ops"}, false, {}})});
    }
    for (std::string m : {"code+eps", "code"}) {
      std::map<std::string, std::string> opts{{"M_top", m}};
      out.push_back({"lem:stack_ops",
                     "top-decode",
                     {{"TOP", "Dec as printed applied to M_top = " + m}},
                     "floor((C_max - M_top)/Delta) mod (k+1) = i",
                     with_shrinking(top_cases(opts), {{}, false, {}})});
    }
    return out;
  }));
  r.add(reading_property("lem:push_no_wipe", "signals",
                         {"hypothesis", "M_top = code*(a_j, d) + eps on the encoded stack (the emitter's), depth >= 1"},
                         "the first signal of a PUSH removes no stack entry (no memory entry wiped / no pair popped)",
                         signal_cases, "ops"));
  // The proof's argument on any stack with M_top < M_{top-1}, without "under the Cantor-depth encoding".
  r.add(with_scope(reading_property("lem:pop_one", "any-stack",
                                    {"stack content", "any stack reached by a sequence, with M_top < M_{top-1}"},
                                    "u = M_{top-1} + 2 eps removes exactly the top pair", pop_cases, "u"),
                   Scope::ProofStep));
}

}  // namespace palcheck::properties
