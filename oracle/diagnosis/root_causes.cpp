// Root causes (see root_causes.h): candidate convention changes, re-run on the reference, and a greedy cover.
#include "oracle/diagnosis/root_causes.h"

#include "oracle/diagnosis/diagnosis.h"

#include <algorithm>
#include <set>

namespace palcheck::oracle {

using nlohmann::json;

namespace {

// One key's alternatives to the declared value, as `key=value` options (the initial state apart).
struct KeyChange {
  std::string key, value;
};

std::vector<std::vector<KeyChange>> alternatives(const Conventions& declared, InitialState initial) {
  std::vector<std::vector<KeyChange>> keys(5);
  for (TieRule t : all_tie_rules())
    if (t != declared.tie) keys[0].push_back({"tie_rule", to_string(t)});
  for (FirstToken f : {FirstToken::Applied, FirstToken::NotApplied, FirstToken::StateBefore, FirstToken::Direction})
    if (f != declared.first_token) keys[1].push_back({"first_token", to_string(f)});
  keys[2].push_back({"initial_state", initial == InitialState::Off ? "1" : "0"});
  if (declared.before_crossing == BeforeCrossing::InitialState)
    keys[3].push_back({"before_crossing", to_string(BeforeCrossing::Undefined)});
  if (!rational_outputs(declared)) {  // a smoothed switch: the other reading of an exact tie
    Smoothing other = declared.smoothing;
    other.ties = other.ties == TieSwitch::Sharp ? TieSwitch::Smoothed : TieSwitch::Sharp;
    keys[4].push_back({"smoothing", to_string(other)});
  }
  return keys;
}

ConventionChange change_of(const Conventions& declared, InitialState initial, const std::vector<KeyChange>& keys) {
  ConventionChange c{"", json::object(), declared, initial, keys.size() > 1};
  for (const KeyChange& k : keys) {
    c.cause += (c.cause.empty() ? "" : "+") + k.key;
    if (k.key == "initial_state") {
      c.initial = k.value == "1" ? InitialState::On : InitialState::Off;
      c.conventions[k.key] = std::stoi(k.value);
    } else {
      apply_convention_option(c.changed, k.key + "=" + k.value);
      c.conventions[k.key] = k.value;
    }
  }
  return c;
}

// Which changes can matter for a case: a change of how ties read moves nothing unless an input equals a
// threshold; before_crossing=undefined explains nothing a change of the initial state does not, unless
// some output is no number.
std::vector<char> relevant_changes(const std::vector<ConventionChange>& changes, ReadingMeasures& measures,
                                   const std::vector<Q>& inputs, const std::vector<char>& undefined) {
  bool tie = false;
  std::set<Q> thresholds;
  for (const WeightedRelay& w : measures.keyed().measure().relays)
    thresholds.insert(w.thresholds.alpha), thresholds.insert(w.thresholds.beta);
  for (const Q& x : inputs) tie = tie || thresholds.count(x);
  bool no_number = std::find(undefined.begin(), undefined.end(), 1) != undefined.end();
  std::vector<char> out;
  for (const ConventionChange& c : changes) {
    bool moves_ties = c.conventions.contains("tie_rule") || c.conventions.contains("smoothing");
    out.push_back((tie || !moves_ties) && (no_number || !c.conventions.contains("before_crossing")));
  }
  return out;
}

// A pair of changes, or a change with a defect kind, may be chosen before its parts (it explains more
// cases still uncovered). When both parts are chosen too, on cases of their own, it is no cause of its own:
// each of its cases goes to the first part that explains it alone, and the rest, which only the two together
// explain, are the parts' joint cases. The causes are then ordered again by the cases they explain.
void fold_into_parts(std::vector<RootCause>& chosen, const std::vector<CaseExplanations>& cases,
                     const std::vector<ConventionChange>& changes) {
  auto single = [&](const RootCause& r) { return r.change && r.defect.empty() && !changes[*r.change].pair; };
  auto find = [&](auto is_part) { return std::find_if(chosen.begin(), chosen.end(), is_part); };
  std::vector<char> folded(chosen.size(), 0);
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    const RootCause& c = chosen[i];
    if (!c.change || (c.defect.empty() && !changes[*c.change].pair)) continue;
    std::vector<std::vector<RootCause>::iterator> parts;
    if (c.defect.empty()) {
      // A part that applies in every head covers a pair in one head.
      for (const auto& [key, value] : changes[*c.change].conventions.items())
        parts.push_back(find([&](const RootCause& r) {
          return single(r) && (!r.head || r.head == c.head) && changes[*r.change].conventions == json{{key, value}};
        }));
    } else {
      parts.push_back(find([&](const RootCause& r) { return single(r) && r.change == c.change; }));
      parts.push_back(find([&](const RootCause& r) { return !r.change && r.cause == c.defect && r.head == c.head; }));
    }
    if (std::count(parts.begin(), parts.end(), chosen.end())) continue;
    std::vector<std::size_t> joint;
    for (std::size_t k : c.cases) {
      auto alone = std::find_if(parts.begin(), parts.end(), [&](auto part) { return explains(*part, cases[k]); });
      if (alone == parts.end())
        joint.push_back(k);
      else
        (*alone)->cases.push_back(k);
    }
    if (!joint.empty()) {
      parts[0]->joint.push_back({parts[1]->cause, c.cause, joint});
      parts[1]->joint.push_back({parts[0]->cause, c.cause, joint});
    }
    folded[i] = 1;
  }
  std::vector<RootCause> kept;
  for (std::size_t i = 0; i < chosen.size(); ++i)
    if (!folded[i]) kept.push_back(std::move(chosen[i]));
  auto count = [](const RootCause& r) {
    std::size_t n = r.cases.size();
    for (const JointCases& j : r.joint) n += j.cases.size();
    return n;
  };
  for (RootCause& r : kept) std::sort(r.cases.begin(), r.cases.end());
  std::stable_sort(kept.begin(), kept.end(),
                   [&](const RootCause& a, const RootCause& b) { return count(a) > count(b); });
  chosen = std::move(kept);
}

// The parts of a cause's name: "initial_state+ratchet" -> {initial_state, ratchet}.
std::set<std::string> parts_of(const std::string& cause) {
  std::set<std::string> parts;
  for (std::size_t from = 0;;) {
    std::size_t plus = cause.find('+', from);
    parts.insert(cause.substr(from, plus - from));
    if (plus == std::string::npos) return parts;
    from = plus + 1;
  }
}

// Whether `larger` implies the stray `small`: they share a part, or the stray is one relay flipped,
// which every difference in relay states shows.
bool implies(const RootCause& larger, const RootCause& small) {
  if (larger.cause == "unexplained" || larger.cause == "error" || larger.head != small.head) return false;
  if (small.cause == "relay_flip") return true;
  std::set<std::string> a = parts_of(larger.cause), b = parts_of(small.cause);
  return std::any_of(b.begin(), b.end(), [&](const std::string& p) { return a.count(p) > 0; });
}

// Folds each stray (a cause of fewer than 1/kStrayShare of the cases) into the largest other cause that
// implies it; chosen is ordered by cases, largest first.
void fold_strays(std::vector<RootCause>& chosen, std::size_t failing) {
  auto stray = [&](const RootCause& r) {
    std::size_t n = r.cases.size();
    for (const JointCases& j : r.joint) n += j.cases.size();
    return r.joint.empty() && r.cause != "error" && n * kStrayShare < failing;
  };
  std::vector<char> folded(chosen.size(), 0);
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    if (!stray(chosen[i])) continue;
    for (std::size_t j = 0; j < chosen.size(); ++j) {
      if (j == i || folded[j] || stray(chosen[j]) || !implies(chosen[j], chosen[i])) continue;
      chosen[j].folded.push_back({chosen[i].cause, chosen[i].cases});
      folded[i] = 1;
      break;
    }
  }
  std::vector<RootCause> kept;
  for (std::size_t i = 0; i < chosen.size(); ++i)
    if (!folded[i]) kept.push_back(std::move(chosen[i]));
  chosen = std::move(kept);
}

}  // namespace

std::vector<ConventionChange> convention_changes(const Conventions& declared, InitialState initial) {
  std::vector<std::vector<KeyChange>> keys = alternatives(declared, initial);
  std::vector<ConventionChange> out;
  for (const auto& key : keys)
    for (const KeyChange& k : key) out.push_back(change_of(declared, initial, {k}));
  for (std::size_t i = 0; i < keys.size(); ++i)
    for (std::size_t j = i + 1; j < keys.size(); ++j)
      for (const KeyChange& a : keys[i])
        for (const KeyChange& b : keys[j]) out.push_back(change_of(declared, initial, {a, b}));
  return out;
}

std::vector<std::size_t> reproducing_changes(const std::vector<ConventionChange>& changes, ReadingMeasures& measures,
                                             const std::vector<Q>& inputs, const std::vector<Q>& actual,
                                             const std::vector<char>& undefined,
                                             std::optional<std::size_t> first_failing) {
  std::vector<char> relevant = relevant_changes(changes, measures, inputs, undefined);
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < changes.size(); ++i)
    if (relevant[i] && PalSequence::reproduces(measures, inputs, actual, changes[i].initial, changes[i].changed,
                                               undefined, first_failing))
      out.push_back(i);
  return out;
}

std::vector<std::pair<std::size_t, std::string>> combined_changes(const std::vector<ConventionChange>& changes,
                                                                  ReadingMeasures& measures,
                                                                  const std::vector<Q>& inputs,
                                                                  const std::vector<Q>& actual,
                                                                  const std::vector<char>& undefined,
                                                                  std::size_t first_failing) {
  if (first_failing >= actual.size()) return {};
  std::vector<char> relevant = relevant_changes(changes, measures, inputs, undefined);
  // The first change (in convention_changes' order) whose defect kind accounts for the whole sequence,
  // else the first that leaves a defect kind on the run. A change that leaves the first failing token
  // failing counts only through a defect kind of the whole sequence (a smoothed switch held where it got
  // to, with sharp ties).
  std::vector<std::pair<std::size_t, std::string>> whole_out, run_out;
  for (std::size_t i = 0; i < changes.size() && whole_out.empty(); ++i) {
    if (changes[i].pair || !relevant[i]) continue;
    PalSequence seq(measures, inputs, actual, changes[i].initial, changes[i].changed, undefined);
    bool still_failing = seq.status()[first_failing] == TokenStatus::Differ;
    std::vector<std::pair<std::size_t, std::string>> here_whole, here_run;
    for (const DivergentRun& run : seq.runs()) {
      if (!run.failure) continue;
      json diagnosis = seq.diagnose(run);
      for (const DefectKind& kind : defect_kinds(diagnosis)) {
        if (kind.kind == "relay_flip") continue;
        bool whole = std::any_of(diagnosis["causes"].begin(), diagnosis["causes"].end(), [&](const json& c) {
          return c.value("cause", "") == kind.kind && c.value("explains", "") == "whole_sequence";
        });
        if (whole) here_whole.emplace_back(i, kind.kind);
        if (!still_failing) here_run.emplace_back(i, kind.kind);
      }
      break;
    }
    if (!here_whole.empty()) whole_out = here_whole;
    if (run_out.empty()) run_out = here_run;
  }
  return whole_out.empty() ? run_out : whole_out;
}

std::vector<DefectKind> defect_kinds(const json& diagnosis, std::optional<std::size_t> head) {
  static const std::set<std::string> conventions{"tie_rule", "initial_state", "first_token", "smoothing"};
  std::vector<DefectKind> out;
  if (!diagnosis.is_object() || !diagnosis.contains("causes")) return out;
  for (const json& c : diagnosis["causes"]) {
    std::string name = c.value("cause", "");
    bool reading = conventions.count(name) && !first_token_defect(c);
    if (c.value("explains", "") == "consistent" || reading) continue;
    if (std::none_of(out.begin(), out.end(), [&](const DefectKind& d) { return d.kind == name; }))
      out.push_back({name, head});
  }
  return out;
}

bool explains(const RootCause& c, const CaseExplanations& e) {
  if (c.change && !c.defect.empty())
    return std::find(e.combined.begin(), e.combined.end(), std::make_pair(*c.change, c.defect)) != e.combined.end();
  if (c.change) return std::find(e.changes.begin(), e.changes.end(), *c.change) != e.changes.end();
  return std::any_of(e.defects.begin(), e.defects.end(),
                     [&](const DefectKind& d) { return d.kind == c.cause && d.head == c.head; });
}

std::vector<RootCause> group_by_root_cause(const std::vector<CaseExplanations>& cases,
                                           const std::vector<ConventionChange>& changes) {
  // The candidates in order of preference among equal counts: single changes, defect kinds (in the
  // diagnosis's order of precedence), pairs of changes.
  // A defect kind is a candidate in every head some case's diagnosis names it in (PAL: no head).
  std::vector<RootCause> candidates;
  for (std::size_t i = 0; i < changes.size(); ++i)
    if (!changes[i].pair) candidates.push_back({changes[i].cause, i, "", {}, changes[i].head});
  std::set<std::optional<std::size_t>> heads;
  for (const CaseExplanations& e : cases)
    for (const DefectKind& d : e.defects) heads.insert(d.head);
  for (const char* kind :
       {"rounding", "first_token", "ratchet", "drift", "fractional_states", "relay_flip", "before_crossing", "undefined_output", "error"})
    for (const std::optional<std::size_t>& head : heads) candidates.push_back({kind, std::nullopt, "", {}, head});
  for (std::size_t i = 0; i < changes.size(); ++i)
    if (changes[i].pair) candidates.push_back({changes[i].cause, i, "", {}, changes[i].head});
  std::set<std::pair<std::size_t, std::string>> combined;
  for (const CaseExplanations& e : cases) combined.insert(e.combined.begin(), e.combined.end());
  for (const auto& [i, kind] : combined)
    candidates.push_back({changes[i].cause + "+" + kind, i, kind, {}, changes[i].head});
  // One relay flipped, which fits a single relay at a single token, never takes a case that a convention
  // change reproduces whole: it is at most what that case is also consistent with.
  auto takes = [&](const RootCause& c, std::size_t k) {
    return explains(c, cases[k]) && !(c.cause == "relay_flip" && !cases[k].changes.empty());
  };
  std::vector<char> covered(cases.size(), 0);
  std::vector<RootCause> chosen;
  for (;;) {
    std::size_t best = candidates.size(), best_count = 0;
    for (std::size_t c = 0; c < candidates.size(); ++c) {
      std::size_t count = 0;
      for (std::size_t k = 0; k < cases.size(); ++k) count += !covered[k] && takes(candidates[c], k);
      if (count > best_count) best = c, best_count = count;
    }
    if (best == candidates.size()) break;
    RootCause r = candidates[best];
    for (std::size_t k = 0; k < cases.size(); ++k)
      if (!covered[k] && takes(r, k)) r.cases.push_back(k), covered[k] = 1;
    for (std::size_t c = 0; c < candidates.size(); ++c)
      if (c != best && std::all_of(r.cases.begin(), r.cases.end(),
                                   [&](std::size_t k) { return explains(candidates[c], cases[k]); }))
        if (std::find(r.also.begin(), r.also.end(), candidates[c].cause) == r.also.end())
          r.also.push_back(candidates[c].cause);
    chosen.push_back(std::move(r));
  }
  fold_into_parts(chosen, cases, changes);
  fold_strays(chosen, cases.size());
  RootCause unexplained{"unexplained", std::nullopt, "", {}};
  for (std::size_t k = 0; k < cases.size(); ++k)
    if (!covered[k]) unexplained.cases.push_back(k);
  if (!unexplained.cases.empty()) chosen.push_back(std::move(unexplained));
  return chosen;
}

json root_cause_json(const RootCause& c, const std::vector<ConventionChange>& changes) {
  json j{{"cause", c.cause}, {"failing_cases", c.cases.size()}};
  if (c.change) j["conventions"] = changes[*c.change].conventions;
  if (!c.defect.empty()) j["defect"] = c.defect;
  if (c.head) j["head"] = *c.head;
  for (const JointCases& k : c.joint)
    j["joint"].push_back({{"with", k.with}, {"cause", k.cause}, {"failing_cases", k.cases.size()}});
  for (const FoldedCause& f : c.folded) j["folded"].push_back({{"cause", f.cause}, {"failing_cases", f.cases.size()}});
  if (!c.also.empty()) j["also_consistent_with"] = c.also;
  return j;
}

}  // namespace palcheck::oracle
