// Selecting, running and reporting claims (see claim_verify.h).
#include "tools/cli/claim_verify.h"

#include "claims/headline.h"
#include "claims/reading_verdict.h"

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>

namespace palcheck::cli {

using json = nlohmann::ordered_json;

std::vector<std::string> select_claims(const Registry& registry, const std::vector<std::string>& arguments,
                                       std::vector<std::string>& unknown) {
  std::vector<std::string> labels;
  for (const Claim& c : registry.claims()) {
    bool wanted = arguments.empty() || std::any_of(arguments.begin(), arguments.end(), [&](const std::string& a) {
                    return a == c.label || a == c.section;
                  });
    if (wanted) labels.push_back(c.label);
  }
  for (const std::string& a : arguments) {
    bool known = std::any_of(registry.claims().begin(), registry.claims().end(),
                             [&](const Claim& c) { return a == c.label || a == c.section; });
    if (!known) unknown.push_back(a);
  }
  return labels;
}

bool VerifyReport::any_error() const {
  return std::any_of(claims.begin(), claims.end(), [](const ClaimReport& c) {
    return std::any_of(c.results.begin(), c.results.end(),
                       [](const CheckResult& r) { return r.verdict == Verdict::Error; });
  });
}

VerifyReport run_verify(const Registry& registry, const std::vector<std::string>& labels, const RunConfig& config,
                        std::ostream* progress) {
  VerifyReport report{config, {}};
  std::size_t index = 0;
  for (const std::string& label : labels) {
    const Claim* claim = registry.find(label);
    if (!claim) continue;
    ++index;
    std::ostringstream tag;
    tag << "[" << std::setw(3) << index << "/" << labels.size() << "] " << label;
    if (progress) *progress << tag.str() << " ...\n" << std::flush;
    auto start = std::chrono::steady_clock::now();
    ClaimReport c{*claim, Verdict::NotCheckable, {}, {}, {}};
    for (const Checker* checker : registry.checkers_for(label)) c.methods.push_back(checker->method);
    c.results = run_checkers(registry, label, config);
    c.readings = combine_readings(c.claim, c.results);
    c.verdict = c.readings.verdict;
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (progress)
      *progress << tag.str() << " " << to_string(c.verdict) << " (" << std::fixed << std::setprecision(2) << seconds
                << " s)\n"
                << std::flush;
    report.claims.push_back(std::move(c));
  }
  return report;
}

const CheckResult* deciding_result(const ClaimReport& report) {
  if (report.verdict == Verdict::Refuted)
    if (const CheckResult* h = headline_for(report.claim, report.results)) return h;
  for (const CheckResult& r : report.results) {
    if (r.verdict != report.verdict) continue;
    if (r.verdict == Verdict::Refuted && !r.counterexample) continue;
    return &r;
  }
  for (const CheckResult& r : report.results)
    if (r.verdict == Verdict::Refuted) return &r;
  return nullptr;
}

std::string replay_command(const std::string& label, const RunConfig& config) {
  return "palcheck verify " + label + " --seed " + std::to_string(config.seed) + " --tests " +
         std::to_string(config.tests);
}

namespace {

// The number the paper prints for a claim, null for a label of ours.
nlohmann::ordered_json number_json(const Claim& claim) {
  return claim.number.empty() ? json(nullptr) : json(claim.number);
}

// The readings a claim's results depend on: one value if they agree, else every value in order.
nlohmann::ordered_json merged_interpretation(const std::vector<CheckResult>& results) {
  std::map<std::string, std::vector<std::string>> seen;
  for (const CheckResult& r : results)
    for (const auto& [k, v] : interpretation_text(r)) {
      auto& values = seen[k];
      if (std::find(values.begin(), values.end(), v) == values.end()) values.push_back(v);
    }
  json out = json::object();
  for (const auto& [k, values] : seen) out[k] = values.size() == 1 ? json(values.front()) : json(values);
  return out;
}

}  // namespace

nlohmann::ordered_json verify_json(const VerifyReport& report) {
  json claims = json::array();
  for (const ClaimReport& c : report.claims) {
    json results = json::array();
    const CheckResult* head = c.verdict == Verdict::Refuted ? headline_for(c.claim, c.results) : nullptr;
    for (const CheckResult& r : c.results) {
      results.push_back(result_to_json(r));
      if (r.verdict != Verdict::Refuted) continue;
      results.back()["headline"] = &r == head;
      if (r.counterexample) results.back()["size"] = instance_size(*r.counterexample);
    }
    const CheckResult* decisive = deciding_result(c);
    std::string summary = decisive ? decisive->summary : std::string("no checker registered");
    if (!c.readings.line.empty()) summary = c.readings.line;
    summary += sub_claim_line(c.verdict, c.results);
    json evidence = {{"summary", summary}, {"results", results}};
    claims.push_back({{"label", c.claim.label},
                      {"number", number_json(c.claim)},
                      {"verdict", to_string(c.verdict)},
                      {"methods", c.methods},
                      {"evidence", evidence},
                      {"interpretation", merged_interpretation(c.results)}});
    if (!c.readings.by_reading.empty()) {
      json by_reading = json::object();
      for (const auto& [reading, verdict] : c.readings.by_reading) by_reading[reading] = to_string(verdict);
      claims.back()["by_reading"] = by_reading;
    }
  }
  return {{"seed", report.config.seed}, {"claims", claims}};
}

std::vector<ReplayFile> replay_files(const Registry& registry, const VerifyReport& report) {
  std::vector<ReplayFile> files;
  for (const ClaimReport& c : report.claims) {
    // A claim refuted under some readings only keeps its headline too (it refutes those readings).
    if (c.verdict != Verdict::Refuted && c.readings.line.empty()) continue;
    const CheckResult* r = c.verdict == Verdict::Refuted ? deciding_result(c) : headline_for(c.claim, c.results);
    if (!r || !r->counterexample) continue;
    ReplayReport replay = replay_instance(registry, *r->counterexample);
    files.push_back(ReplayFile{*r->counterexample, r->seed, r->method, replay.outcome.predicted,
                               replay.outcome.computed, replay_command(c.claim.label, report.config)});
  }
  return files;
}

std::string replay_file_name(const std::string& label) {
  std::string name = label;
  std::replace_if(
      name.begin(), name.end(), [](char ch) { return ch == ':' || ch == '/' || ch == '\\'; }, '_');
  return name + ".json";
}

nlohmann::ordered_json list_json(const Registry& registry) {
  json claims = json::array();
  for (const Claim& c : registry.claims()) {
    json checkers = json::array();
    for (const Checker* k : registry.checkers_for(c.label)) checkers.push_back(k->method);
    claims.push_back({{"label", c.label},
                      {"number", number_json(c)},
                      {"section", c.section},
                      {"kind", c.kind},
                      {"ours", c.ours},
                      {"statement", c.statement},
                      {"hypotheses", c.hypotheses},
                      {"interpretations", c.interpretations},
                      {"checkers", checkers}});
  }
  return {{"claims", claims}};
}

ReplayReport replay_instance(const Registry& registry, const Instance& instance) {
  ReplayReport report;
  const Replayer* replayer = registry.replayer_for(instance);
  if (!replayer) return report;
  report.replayer_found = true;
  report.outcome = replayer->replay(instance);
  return report;
}

}  // namespace palcheck::cli
