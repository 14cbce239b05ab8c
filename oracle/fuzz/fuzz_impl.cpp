// The differential tester (see fuzz_impl.h): the search over generated cases, the failures it keeps
// (one witness per property and cause) and the root causes it names; the cases are fuzz_cases.h's, each
// run by fuzz_tester.h and shrunk by fuzz_shrink.h.
#include "oracle/fuzz/fuzz_impl.h"

#include "oracle/diagnosis/root_causes.h"
#include "oracle/formats/double_range.h"
#include "oracle/formats/json_input.h"
#include "oracle/fuzz/fuzz_cases.h"
#include "oracle/fuzz/fuzz_shrink.h"
#include "oracle/fuzz/fuzz_tester.h"
#include "util/errors.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <tuple>

namespace palcheck::oracle {

using nlohmann::json;
using fuzz::Clock;
using fuzz::Outcome;
using fuzz::Palette;
using fuzz::Shrunk;
using fuzz::Tester;

namespace {

// The diagnosis of a witness names relays by their index in the witness's measure: name them by
// their index in the measure under test instead.
void renumber_relays(json& j, const std::vector<std::size_t>& relay_index) {
  if (j.is_object()) {
    if (j.contains("index") && j.contains("alpha") && j["index"].is_number_unsigned())
      j["index"] = relay_index.at(j["index"].get<std::size_t>());
    for (auto& [key, value] : j.items()) renumber_relays(value, relay_index);
  } else if (j.is_array()) {
    for (json& v : j) renumber_relays(v, relay_index);
  }
}

json failure_json(const Shrunk& s, const FuzzOptions& o, const std::string& property, const std::string& family,
                  std::size_t k, std::size_t tokens_before) {
  json inputs = json::array(), inputs_double = json::array(), relays = json::array();
  for (const Q& q : s.u) inputs.push_back(to_string(q)), inputs_double.push_back(to_double(q));
  for (std::size_t original : s.relay_index) {
    const WeightedRelay& w = o.measure.relays[original];
    relays.push_back({{"index", original},
                      {"alpha", to_string(w.thresholds.alpha)},
                      {"beta", to_string(w.thresholds.beta)},
                      {"weight", to_string(w.weight)}});
  }
  json f{{"property", property},
         {"cause", s.outcome.cause},
         {"short_of_thresholds", fuzz::short_of_thresholds(s.outcome, s.mu, s.u, o.initial)},
         {"family", family},
         {"case", k},
         {"tokens_before_shrinking", tokens_before},
         {"tokens", s.u.size()},
         {"relays_before_shrinking", o.measure.relays.size()},
         {"relays_kept", s.mu.relays.size()},
         {"inputs", inputs},
         {"inputs_double", inputs_double},
         {"relays", relays},
         {"replay", o.replay ? o.replay(k) : std::string()}};
  if (!s.outcome.reply.error.empty()) {
    f["error"] = s.outcome.reply.error;
    return f;
  }
  std::size_t n = s.outcome.token;
  f["token"] = n;
  f.update(s.outcome.expected);
  if (!s.outcome.reply.undefined.empty() && s.outcome.reply.undefined[n]) {
    f["actual"] = nullptr;
  } else {
    f["actual"] = to_string(s.outcome.reply.outputs[n]);
    f["actual_double"] = to_double(s.outcome.reply.outputs[n]);
  }
  json causes = json::array();
  for (const json& c : s.outcome.diagnosis["causes"]) causes.push_back(c["cause"]);
  f["causes"] = causes;
  f["ambiguous"] = s.outcome.ambiguous;
  json diagnosis = s.outcome.diagnosis;
  renumber_relays(diagnosis, s.relay_index);
  f["diagnosis"] = diagnosis;
  return f;
}

}  // namespace

double fuzz_seconds(double seconds, const std::string& where) {
  if (!(seconds >= 0 && seconds <= kMaxFuzzSeconds)) {
    char shown[32];
    std::snprintf(shown, sizeof shown, "%g", seconds);
    throw InputError(where + ": expected a number of seconds in [0, " +
                     std::to_string(static_cast<long>(kMaxFuzzSeconds)) + "] (a year), got " + shown);
  }
  return seconds;
}

void check_domain_in_doubles(const Conventions& c, const std::string& where) {
  if (c.domain) doubles_within(c.domain->first, c.domain->second, where, fuzz::kSendsDoubles);
}

namespace {

// The failures met so far, one witness per property and cause, with their counts.
struct Failures {
  struct Slot {
    json failure;
    Shrunk witness;  // what `failure` shows, to check which root cause it shows
    std::size_t cases = 0, reshrunk = 0, ambiguous_cases = 0;
  };
  // A failing case as met, before shrinking: what explains it and how plainly it shows.
  struct Case {
    std::size_t number, tokens;
    std::string family;
    std::vector<double> inputs;
    double difference;  // |actual - expected| at its first failing token (infinite: no number or an error)
    CaseExplanations explanations;
    json diagnosis;
  };
  std::vector<Case> cases;
  std::vector<ConventionChange> changes;
  std::map<std::string, Slot> slots;  // "property|cause"
  std::vector<std::string> order;     // slots in the order met
  std::map<std::string, std::size_t> by_property, by_cause;
};

// Counts failing case k and, when it is the first of its slot or starts smaller than the witness so
// far, shrinks it into the slot's witness.
void record_failure(Tester& tester, const FuzzOptions& o, const Palette& palette, Clock::time_point deadline,
                    std::size_t k, const std::string& family, const std::vector<Q>& u, const Outcome& out,
                    Failures& failures) {
  std::string property = tester.classify(o.measure, u, out);
  std::string key = fuzz::slot_key(property, out, o.measure, u, o.initial);
  ++failures.by_property[property];
  ++failures.by_cause[out.cause];
  double difference = std::numeric_limits<double>::infinity();
  if (out.reply.error.empty() && (out.reply.undefined.empty() || !out.reply.undefined[out.token]))
    difference = std::abs(to_double(out.reply.outputs[out.token]) - out.expected.value("expected_double", 0.0));
  failures.cases.push_back({k, u.size(), family, fuzz::doubles(u), difference,
                            tester.explain(o.measure, u, out, failures.changes), out.diagnosis});
  Failures::Slot& slot = failures.slots[key];
  ++slot.cases;
  bool fresh = slot.failure.is_null();
  // A later case gets shrunk too when it starts smaller than the witness so far (twice at most).
  bool smaller = !fresh && slot.reshrunk < 2 && u.size() < slot.failure["tokens"].get<std::size_t>();
  if (!fresh && !smaller) return;
  if (fresh) failures.order.push_back(key);
  slot.reshrunk += smaller ? 1 : 0;
  Shrunk s{o.measure, {}, u, out};
  for (std::size_t r = 0; r < o.measure.relays.size(); ++r) s.relay_index.push_back(r);
  // Shrinking spends the same budget as the search: --seconds bounds the whole run, and a failure found
  // late is reported as far as it was shrunk by then.
  s = fuzz::shrink(tester, o, palette, s, property, deadline);
  json f = failure_json(s, o, property, family, k, u.size());
  bool better = fresh || std::make_pair(s.u.size(), s.mu.relays.size()) <
                             std::make_pair(slot.failure["tokens"].get<std::size_t>(),
                                            slot.failure["relays_kept"].get<std::size_t>());
  if (better) slot.failure = f, slot.witness = s;
  if (o.progress)
    o.progress("fuzz-impl: case " + std::to_string(k) + " (" + family + ") breaks " + property + " (" + out.cause +
               "); shrunk from " + std::to_string(u.size()) + " to " + std::to_string(s.u.size()) + " tokens, " +
               std::to_string(s.mu.relays.size()) + " relay(s)");
}

// A witness two conventions explain equally (a relay (0, 0) fed 0 with the first token skipped, or
// read strictly) tells nothing another failure does not when one of them is that failure's cause.
void drop_ambiguous(Failures& failures) {
  auto& slots = failures.slots;
  std::erase_if(failures.order, [&](const std::string& key) {
    const json& f = slots[key].failure;
    if (!f.value("ambiguous", false)) return false;
    for (const std::string& other : failures.order) {
      const json& g = slots[other].failure;
      if (other == key || g.value("ambiguous", false) || !g.contains("cause")) continue;
      for (const json& c : f["diagnosis"]["causes"])
        if (c["explains"] == "whole_sequence" && c["cause"] == g["cause"]) {
          slots[other].ambiguous_cases += slots[key].cases;
          return true;
        }
    }
    return false;
  });
}

// A raw failing case as JSON: its number, family, size, inputs and replay.
json case_json(const Failures::Case& c, const FuzzOptions& o) {
  json j{{"case", c.number}, {"family", c.family}, {"tokens", c.tokens}, {"inputs_double", c.inputs},
         {"replay", o.replay ? o.replay(c.number) : std::string()}};
  if (std::isfinite(c.difference)) j["difference"] = c.difference;
  return j;
}

// What each failure's shrunk witness shows, checked on the witness itself, by failure key.
using WitnessExplanations = std::vector<std::pair<std::string, CaseExplanations>>;

// Marks every failure with the root cause of the case it was shrunk from.
void mark_root_causes(const std::vector<RootCause>& roots, Failures& failures) {
  std::map<std::size_t, std::string> root_of;  // case number -> root cause
  for (const RootCause& r : roots) {
    for (std::size_t k : r.cases) root_of[failures.cases[k].number] = r.cause;
    for (const JointCases& joint : r.joint)
      for (std::size_t k : joint.cases) root_of[failures.cases[k].number] = joint.cause;
    for (const FoldedCause& stray : r.folded)
      for (std::size_t k : stray.cases) root_of[failures.cases[k].number] = r.cause;
  }
  for (const std::string& key : failures.order) {
    json& failure = failures.slots[key].failure;
    failure["root_cause"] = root_of[failure["case"].get<std::size_t>()];
  }
}

// The smallest shrunk witness `r` shows, one that another convention explains as well (ambiguous) last; null
// when it shows none.
const json* smallest_witness(const RootCause& r, const WitnessExplanations& witnesses, const Failures& failures) {
  auto size = [](const json& f) {
    return std::make_tuple(f.value("ambiguous", false), f["tokens"].get<std::size_t>(),
                           f["relays_kept"].get<std::size_t>());
  };
  const json* witness = nullptr;
  for (const auto& [key, e] : witnesses) {
    const json& f = failures.slots.at(key).failure;
    bool shown = r.cause == "unexplained" ? f["root_cause"] == "unexplained" : explains(r, e);
    if (shown && (!witness || size(f) < size(*witness))) witness = &f;
  }
  return witness;
}

// Why `r` is the cause: a convention change reproduces (or, with a defect kind, diagnoses) each case it
// explains; else the cause the diagnosis of its witness (or of its smallest case) names, and for the
// unexplained the tokens of that diagnosis's run and the relays it could not decide.
json root_cause_evidence(const RootCause& r, const json* witness, const Failures::Case& smallest,
                         const Failures& failures) {
  if (r.change && !r.defect.empty())
    return {{"diagnosed", "the defect kind " + r.defect + " in each case it explains, the reference re-run with " +
                              failures.changes[*r.change].conventions.dump()}};
  if (r.change)
    return {{"reproduces", "every output of each case it explains, the reference re-run with " +
                               failures.changes[*r.change].conventions.dump()}};
  json evidence = json::object();
  // A witness that raised an error carries no diagnosis.
  static const json kNoDiagnosis;
  const json& diagnosis = !witness                         ? smallest.diagnosis
                          : witness->contains("diagnosis") ? (*witness)["diagnosis"]
                                                           : kNoDiagnosis;
  if (diagnosis.is_object() && diagnosis.contains("causes"))
    for (const json& c : diagnosis["causes"])
      if (c["cause"] == r.cause) {
        evidence = c;
        break;
      }
  // The unexplained: where (the first failing run's tokens) and which relays a convention would decide there.
  if (r.cause == "unexplained" && diagnosis.is_object())
    evidence = {{"first_token", diagnosis.value("first_token", json())},
                {"last_token", diagnosis.value("last_token", json())},
                {"undecidable_relays", diagnosis.value("undecidable_relays", json())}};
  return evidence;
}

// One entry per root cause (root_causes.h), most failing cases first: the cause, the failing cases it
// explains (and those it explains only with another, joint), its smallest witness (a shrunk witness it
// explains, else its smallest case as met), the most telling case (the largest difference at the first
// failing token) and the evidence. Every failure is marked with the root cause of the case it was shrunk
// from.
json root_causes_json(Tester& tester, const FuzzOptions& o, Failures& failures) {
  std::vector<CaseExplanations> explained;
  for (const Failures::Case& c : failures.cases) explained.push_back(c.explanations);
  std::vector<RootCause> roots = group_by_root_cause(explained, failures.changes);
  mark_root_causes(roots, failures);
  WitnessExplanations witnesses;
  for (const std::string& key : failures.order) {
    const Shrunk& w = failures.slots[key].witness;
    witnesses.emplace_back(key, tester.explain(w.mu, w.u, w.outcome, failures.changes));
  }
  auto numbers = [&](const std::vector<std::size_t>& cases) {
    json out = json::array();
    for (std::size_t k : cases) out.push_back(failures.cases[k].number);
    return out;
  };
  json list = json::array();
  for (const RootCause& r : roots) {
    json j = root_cause_json(r, failures.changes);
    j["cases"] = numbers(r.cases);
    for (std::size_t k = 0; k < r.joint.size(); ++k) j["joint"][k]["cases"] = numbers(r.joint[k].cases);
    for (std::size_t k = 0; k < r.folded.size(); ++k) j["folded"][k]["cases"] = numbers(r.folded[k].cases);
    const json* witness = smallest_witness(r, witnesses, failures);
    const Failures::Case* smallest = &failures.cases[r.cases.front()];
    const Failures::Case* telling = smallest;
    for (std::size_t k : r.cases) {
      const Failures::Case& c = failures.cases[k];
      if (c.tokens < smallest->tokens) smallest = &c;
      if (c.difference > telling->difference) telling = &c;
    }
    if (witness) {
      j["witness"] = *witness;
      j["witness"].erase("failing_cases");
    } else {
      j["witness"] = case_json(*smallest, o);
    }
    j["witness_shrunk"] = witness != nullptr;
    j["most_telling"] = case_json(*telling, o);
    j["evidence"] = root_cause_evidence(r, witness, *smallest, failures);
    list.push_back(j);
  }
  return list;
}

// The witnesses, the cause met most often first: the headline failure.
json failures_json(Failures& failures) {
  auto& slots = failures.slots;
  std::stable_sort(failures.order.begin(), failures.order.end(),
                   [&](const std::string& a, const std::string& b) { return slots[a].cases > slots[b].cases; });
  json list = json::array();
  for (const std::string& key : failures.order) {
    json f = slots[key].failure;
    f["failing_cases"] = slots[key].cases;
    if (slots[key].ambiguous_cases) f["ambiguous_cases"] = slots[key].ambiguous_cases;
    list.push_back(f);
  }
  return list;
}

}  // namespace

json fuzz_implementation(const Implementation& impl, const FuzzOptions& o) {
  validate(o.measure);
  if (o.conventions.output.a == 0) throw std::invalid_argument("output map: a must be nonzero");
  auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  auto deadline = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.seconds));
  Palette palette = fuzz::palette_of(o);
  Tester tester(impl, o);
  Failures failures;
  failures.changes = convention_changes(o.conventions, o.initial);
  std::size_t cases = 0;
  std::vector<std::size_t> undecided_cases;  // cases no precision up to the cap compared
  std::vector<std::size_t> expected_cases;   // cases rounding accounts for, under rounding=expected
  std::string stopped = "cases";
  std::size_t first = o.only_case.value_or(0), last = o.only_case ? *o.only_case + 1 : o.max_cases;
  for (std::size_t k = first; k < last; ++k) {
    if (!o.only_case && elapsed() > o.seconds) {
      stopped = "time";
      break;
    }
    std::string family;
    std::vector<Q> u = fuzz::case_inputs(o, palette, k, family);
    ++cases;
    Outcome out = tester.run(o.measure, u);
    // Under rounding=expected a case that rounding in the dtype accounts for (its first cause, which
    // reproduces the whole case) is reported apart, not as a failure.
    if (out.fails && out.cause == "rounding" && o.conventions.rounding == RoundingCases::Expected)
      expected_cases.push_back(k);
    else if (out.fails)
      record_failure(tester, o, palette, deadline, k, family, u, out, failures);
    if (out.undecided) undecided_cases.push_back(k);
    if (o.progress && (cases % 50 == 0))
      o.progress("fuzz-impl: " + std::to_string(cases) + "/" + std::to_string(last - first) + " cases, " +
                 std::to_string(failures.cases.size()) + " failing case(s), " + std::to_string(tester.calls()) + " calls");
  }
  json roots = root_causes_json(tester, o, failures);
  drop_ambiguous(failures);
  json list = failures_json(failures);
  json per_property = json::object(), per_cause = json::object();
  for (const auto& [p, n] : failures.by_property) per_property[p] = n;
  for (const auto& [c, n] : failures.by_cause) per_cause[c] = n;
  // A run that checked no case (a time budget spent before the first) has shown nothing: not passed; nor
  // has one whose comparison of a case was undecided.
  json report{{"passed", list.empty() && cases > 0 && undecided_cases.empty()},
          {"undecided_cases", undecided_cases},
          {"seed", o.seed},
          {"cases", cases},
          {"max_cases", o.max_cases},
          {"calls", tester.calls()},
          {"stopped_by", o.only_case ? std::string("case") : stopped},
          {"failing_cases_by_property", per_property},
          {"failing_cases_by_cause", per_cause},

          {"conventions", conventions_json(o.conventions)},
          {"failures", list},
          {"replay", o.replay ? o.replay(std::nullopt) : std::string()}};
  if (o.conventions.rounding == RoundingCases::Expected)
    report["expected_cases"] = {{"cause", "rounding"}, {"count", expected_cases.size()}, {"cases", expected_cases}};
  if (!failures.cases.empty()) report["failing_cases"] = failures.cases.size(), report["root_causes"] = roots;
  return report;
}

}  // namespace palcheck::oracle
