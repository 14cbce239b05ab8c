// `palcheck compare` (see oracle_compare.h).
#include "tools/oracle/oracle_compare.h"

#include "tools/oracle/eval_document.h"
#include "tools/oracle/json_input.h"
#include "tools/oracle/oracle_eval.h"
#include "tools/oracle/oracle_files.h"
#include "reference/keyed_pal.h"
#include "tools/oracle/oracle_readings.h"
#include "reference/preisach_memory.h"

#include <algorithm>
#include <memory>

namespace palcheck::oracle {

using nlohmann::json;

namespace {

constexpr std::size_t kListedRelays = 20;

std::string size_text(std::size_t n) { return std::to_string(n); }

void expect_length(const ActualOutputs& a, std::size_t s, std::size_t got, std::size_t want, const char* what) {
  if (got != want)
    throw InputError(a.source + ": sequence " + size_text(s) + " has " + size_text(got) + " " + what + ", the inputs have " +
                     size_text(want));
}

bool within(const Q& actual, const Q& expected, const Tolerance& tol) {
  return abs(Q(actual - expected)) <= tol.atol + tol.rtol * abs(expected);
}

json relay_json(const Measure& mu, std::size_t r) {
  const WeightedRelay& w = mu.relays[r];
  return {{"index", r},
          {"alpha", to_string(w.thresholds.alpha)},
          {"beta", to_string(w.thresholds.beta)},
          {"weight", to_string(w.weight)}};
}

// Why relay r may be read differently by another implementation at token n: the last token k <= n
// whose input sits on one of its thresholds (a tie), or none ever left its dead band (initial state).
std::string fragility(const KeyedMeasure& keyed, std::size_t r, const std::vector<int>& keys, std::size_t n) {
  int a = keyed.alpha_keys()[r], b = keyed.beta_keys()[r];
  for (std::size_t k = n + 1; k-- > 0;) {
    if (keys[k] == a || keys[k] == b)
      return "tie: u_" + size_text(k) + " equals its " + std::string(keys[k] == a ? "alpha" : "beta");
    if (keys[k] > a || keys[k] < b) return "";
  }
  return "initial state: u_0..u_" + size_text(n) + " never left its dead band";
}

// Relay states over the keys under a reading, with the output after every token.
struct ReadingRun {
  std::vector<int> states;   // at the token asked for
  std::vector<Q> outputs;    // every token
};

ReadingRun run_reading(const KeyedMeasure& keyed, const std::vector<int>& keys, const RelayReading& reading,
                       std::size_t stop_at) {
  const Measure& mu = keyed.measure();
  std::size_t R = mu.relays.size();
  std::vector<int> state(R, static_cast<int>(reading.initial));
  Q out = 0;
  for (std::size_t r = 0; r < R; ++r)
    if (state[r]) out += mu.relays[r].weight;
  ReadingRun run;
  for (std::size_t n = 0; n < keys.size(); ++n) {
    for (std::size_t r = 0; r < R; ++r) {
      int next = step_keyed(reading.tie, keyed.alpha_keys()[r], keyed.beta_keys()[r], keys[n], state[r]);
      if (next != state[r]) {
        out += next ? mu.relays[r].weight : Q(-mu.relays[r].weight);
        state[r] = next;
      }
    }
    run.outputs.push_back(out);
    if (n == stop_at) run.states = state;
  }
  return run;
}

json explain_pal(const OracleProblem& p, const KeyedMeasure& keyed, const std::vector<Q>& actual, std::size_t s,
                 std::size_t n, const Tolerance& tol) {
  const std::vector<Q>& u = p.sequences[s];
  std::vector<int> keys = keyed.keys(u);
  ReadingRun paper = run_reading(keyed, keys, {TieRule::AsPrinted, p.initial}, n);
  json readings = json::array();
  for (const RelayReading& reading : alternative_readings(p.initial)) {
    ReadingRun other = run_reading(keyed, keys, reading, n);
    bool up_to_n = true, whole = true;
    for (std::size_t t = 0; t < u.size(); ++t) {
      bool ok = within(actual[t], other.outputs[t], tol);
      if (t <= n) up_to_n = up_to_n && ok;
      whole = whole && ok;
    }
    if (!up_to_n) continue;
    json relays = json::array();
    std::size_t count = 0;
    for (std::size_t r = 0; r < other.states.size(); ++r) {
      if (other.states[r] == paper.states[r]) continue;
      if (++count > kListedRelays) continue;
      json j = relay_json(keyed.measure(), r);
      j["reference_state"] = paper.states[r];
      j["other_state"] = other.states[r];
      j["why"] = fragility(keyed, r, keys, n);
      relays.push_back(j);
    }
    readings.push_back({{"reading", reading_name(reading)},
                        {"matches_whole_sequence", whole},
                        {"relay_count", count},
                        {"relays", relays}});
  }
  // Readings that reproduce the whole sequence first; among equals, the paper's initial state first.
  std::stable_sort(readings.begin(), readings.end(), [](const json& a, const json& b) {
    return a.at("matches_whole_sequence").get<bool>() > b.at("matches_whole_sequence").get<bool>();
  });
  json diagnosis{{"readings_that_explain", readings}};
  // Single relays whose flip at token n accounts for the difference.
  Q difference = actual[n] - paper.outputs[n];
  json singles = json::array();
  for (std::size_t r = 0; r < paper.states.size() && singles.size() < kListedRelays; ++r) {
    const Q& w = keyed.measure().relays[r].weight;
    Q flip = paper.states[r] ? Q(-w) : w;
    if (!within(paper.outputs[n] + flip, actual[n], tol) || flip == 0) continue;
    json j = relay_json(keyed.measure(), r);
    j["reference_state"] = paper.states[r];
    j["why"] = fragility(keyed, r, keys, n);
    singles.push_back(j);
  }
  diagnosis["single_relay_flips"] = singles;
  return diagnosis;
}

}  // namespace

ActualOutputs load_actual(const std::string& path, const OracleProblem& p) {
  ActualOutputs a;
  a.source = path;
  if (!p.is_mpal()) {
    NumberRows rows = load_rows(path, "outputs");
    if (rows.rows.size() != p.size())
      throw InputError(path + ": " + size_text(rows.rows.size()) + " sequence(s), the inputs have " + size_text(p.size()));
    for (std::size_t s = 0; s < p.size(); ++s) expect_length(a, s, rows.rows[s].size(), p.length(s), "outputs");
    a.values = std::move(rows.rows);
    return a;
  }
  std::size_t d = p.width();
  std::vector<std::vector<std::vector<Q>>> sequences;  // sequence -> token -> component
  if (format_of(path) == FileFormat::Json) {
    json doc = parse_json_text(read_source(path), path);
    if (doc.is_object()) {
      if (!doc.contains("outputs")) throw InputError(path + ": missing key \"outputs\"");
      doc = doc.at("outputs");
    }
    bool batch = doc.is_array() && !doc.empty() && doc[0].is_array() && !doc[0].empty() && doc[0][0].is_array();
    if (batch) {
      for (std::size_t s = 0; s < doc.size(); ++s) {
        NumberRows r = rows_from_json(doc[s], path + ": outputs[" + size_text(s) + "]");
        sequences.push_back(r.one_dimensional && r.rows[0].empty() ? std::vector<std::vector<Q>>{} : r.rows);
      }
    } else {
      sequences.push_back(rows_from_json(doc, path + ": outputs").rows);
    }
  } else {
    sequences.push_back(load_rows(path, "outputs").rows);
  }
  if (sequences.size() != p.size())
    throw InputError(path + ": " + size_text(sequences.size()) + " sequence(s), the inputs have " + size_text(p.size()));
  for (std::size_t s = 0; s < p.size(); ++s) {
    expect_length(a, s, sequences[s].size(), p.length(s), "tokens");
    std::vector<Q> flat;
    for (std::size_t n = 0; n < sequences[s].size(); ++n) {
      if (sequences[s][n].size() != d)
        throw InputError(path + ": sequence " + size_text(s) + ", token " + size_text(n) + " has " +
                         size_text(sequences[s][n].size()) + " values, the model dimension d is " + size_text(d));
      flat.insert(flat.end(), sequences[s][n].begin(), sequences[s][n].end());
    }
    a.values.push_back(std::move(flat));
  }
  return a;
}

json compare_outputs(const OracleProblem& p, const ActualOutputs& actual, const Tolerance& tol, std::size_t max_explained) {
  BatchOutputs expected = evaluate_problem(p, ValueKind::Exact);
  std::unique_ptr<KeyedMeasure> keyed;
  if (!p.is_mpal()) keyed = std::make_unique<KeyedMeasure>(p.measure);
  std::size_t w = expected.width, differing = 0, tokens = 0;
  Q max_abs = 0;
  json differences = json::array();
  for (std::size_t s = 0; s < p.size(); ++s) {
    const std::vector<Q>& e = expected.exact[s];
    const std::vector<Q>& a = actual.values[s];
    tokens += p.length(s);
    std::size_t first = e.size();
    for (std::size_t k = 0; k < e.size(); ++k) {
      Q gap = abs(Q(a[k] - e[k]));
      if (gap > max_abs) max_abs = gap;
      if (first == e.size() && !within(a[k], e[k], tol)) first = k;
    }
    if (first == e.size()) continue;
    ++differing;
    std::size_t n = first / w;
    json d{{"sequence", s},
           {"token", n},
           {"expected", to_string(e[first])},
           {"expected_double", to_double(e[first])},
           {"actual", to_string(a[first])},
           {"actual_double", to_double(a[first])},
           {"difference", to_string(Q(a[first] - e[first]))}};
    if (p.is_mpal()) {
      d["component"] = first % w;
    } else {
      d["input"] = to_string(p.sequences[s][n]);
      PreisachMemory memory(p.initial);
      for (std::size_t t = 0; t <= n; ++t) memory.step(p.sequences[s][t]);
      json m = json::array();
      for (const Q& x : memory.extrema()) m.push_back(to_string(x));
      d["memory"] = m;
      if (differing <= max_explained) d["diagnosis"] = explain_pal(p, *keyed, a, s, n, tol);
    }
    differences.push_back(d);
  }
  return {{"agree", differing == 0},
          {"atol", to_string(tol.atol)},
          {"rtol", to_string(tol.rtol)},
          {"initial_state", static_cast<int>(p.initial)},
          {"sequences", p.size()},
          {"tokens", tokens},
          {"differing_sequences", differing},
          {"max_abs_difference", to_double(max_abs)},
          {"differences", differences}};
}

std::string summarize_report(const json& report) {
  std::size_t differing = report.at("differing_sequences").get<std::size_t>();
  std::string text = "compare: " + size_text(differing) + " of " + size_text(report.at("sequences").get<std::size_t>()) +
                     " sequence(s) differ (atol " + report.at("atol").get<std::string>() + ", rtol " +
                     report.at("rtol").get<std::string>() + ")";
  if (differing == 0) return text + "\n";
  const json& d = report.at("differences").at(0);
  text += "; first: sequence " + size_text(d.at("sequence").get<std::size_t>()) + ", token " +
          size_text(d.at("token").get<std::size_t>()) + ": expected " + d.at("expected").get<std::string>() + ", got " +
          d.at("actual").get<std::string>();
  if (d.contains("diagnosis")) {
    const json& readings = d.at("diagnosis").at("readings_that_explain");
    for (std::size_t k = 0; k < readings.size() && k < 3; ++k) {
      const json& r = readings[k];
      text += "\n  explained by reading " + r.at("reading").get<std::string>() + " (" +
              (r.at("matches_whole_sequence").get<bool>() ? "whole sequence" : "up to this token") + "):";
      for (const json& relay : r.at("relays"))
        text += " relay " + size_text(relay.at("index").get<std::size_t>()) + " (alpha " +
                relay.at("alpha").get<std::string>() + ", beta " + relay.at("beta").get<std::string>() + ", " +
                relay.at("why").get<std::string>() + ")";
    }
    if (readings.empty())
      for (const json& relay : d.at("diagnosis").at("single_relay_flips"))
        text += "\n  a flip of relay " + size_text(relay.at("index").get<std::size_t>()) + " (alpha " +
                relay.at("alpha").get<std::string>() + ", beta " + relay.at("beta").get<std::string>() +
                ") accounts for it" + (relay.at("why").get<std::string>().empty() ? "" : ": " + relay.at("why").get<std::string>());
  }
  return text + "\n";
}

}  // namespace palcheck::oracle
