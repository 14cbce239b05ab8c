// Selecting, running and reporting claims (see claim_verify.h).
#include "tools/cli/claim_verify.h"

#include "claims/headline.h"
#include "claims/reading_verdict.h"

#include <algorithm>
#include <charconv>
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

nlohmann::ordered_json result_json(const CheckResult& r) {
  json details = json::array();
  for (const auto& [k, v] : r.details) details.push_back({{"key", k}, {"value", v}});
  json interpretation = json::object();
  for (const auto& [k, v] : r.interpretation) interpretation[k] = v;
  return {
      {"verdict", to_string(r.verdict)},
      {"method", r.method},
      {"summary", r.summary},
      {"details", details},
      {"interpretation", interpretation},
      {"hypotheses_used", r.hypotheses_used},
      {"bound", r.bound.empty() ? json(nullptr) : json(r.bound)},
      {"second_solver", r.second_solver ? json{{"solver", r.second_solver->solver}, {"answer", r.second_solver->answer}}
                                        : json(nullptr)},
      {"cases", r.cases},
      {"seed", r.seed ? json(*r.seed) : json(nullptr)},
      {"counterexample", r.counterexample ? instance_to_json(*r.counterexample) : json(nullptr)}};
}

namespace {

// The readings a claim's results depend on: one value if they agree, else every value in order.
nlohmann::ordered_json merged_interpretation(const std::vector<CheckResult>& results) {
  std::map<std::string, std::vector<std::string>> seen;
  for (const CheckResult& r : results)
    for (const auto& [k, v] : r.interpretation) {
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
      results.push_back(result_json(r));
      if (r.verdict != Verdict::Refuted) continue;
      results.back()["refutes"] = to_string(r.refutes);
      results.back()["headline"] = &r == head;
      if (r.counterexample) results.back()["size"] = instance_size(*r.counterexample);
    }
    const CheckResult* decisive = deciding_result(c);
    std::string summary = decisive ? decisive->summary : std::string("no checker registered");
    if (!c.readings.line.empty()) summary = c.readings.line;
    json evidence = {{"summary", summary}, {"results", results}};
    claims.push_back({{"label", c.claim.label},
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

namespace {

// A positive decimal integer with nothing around it.
std::optional<std::size_t> parse_positive(const std::string& text) {
  std::size_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty() || value == 0) return std::nullopt;
  return value;
}

}  // namespace

std::optional<Shard> parse_shard(const std::string& text, std::string& error) {
  std::size_t slash = text.find('/');
  auto index = slash == std::string::npos ? std::nullopt : parse_positive(text.substr(0, slash));
  auto count = slash == std::string::npos ? std::nullopt : parse_positive(text.substr(slash + 1));
  if (!index || !count) {
    error = "shard must be i/N with whole numbers 1 <= i <= N, got '" + text + "'";
    return std::nullopt;
  }
  if (*index > *count) {
    error = "shard index " + std::to_string(*index) + " exceeds the shard count " + std::to_string(*count);
    return std::nullopt;
  }
  return Shard{*index, *count};
}

std::vector<std::string> shard_labels(const std::vector<std::string>& selection, const Shard& shard) {
  std::vector<std::string> labels;
  for (std::size_t k = 0; k < selection.size(); ++k)
    if (k % shard.count == shard.index - 1) labels.push_back(selection[k]);
  return labels;
}

nlohmann::ordered_json shard_json(const VerifyReport& report, const std::vector<std::string>& selection,
                                  const Shard& shard) {
  json out = verify_json(report);
  out["tests"] = report.config.tests;
  out["rlimit"] = report.config.rlimit;
  out["shard"] = {{"index", shard.index}, {"count", shard.count}};
  out["selection"] = selection;
  return out;
}

std::optional<nlohmann::ordered_json> merge_shards(const std::vector<nlohmann::ordered_json>& shards,
                                                   std::string& error) {
  if (shards.empty()) {
    error = "no shard files given";
    return std::nullopt;
  }
  const char* keys[] = {"seed", "tests", "rlimit", "shard", "selection", "claims"};
  for (std::size_t n = 0; n < shards.size(); ++n)
    for (const char* key : keys)
      if (!shards[n].is_object() || !shards[n].contains(key)) {
        error = "file " + std::to_string(n + 1) + " is not a shard of palcheck verify --shard (no \"" + key + "\")";
        return std::nullopt;
      }
  const json& first = shards.front();
  for (const char* key : {"seed", "tests", "rlimit", "selection"})
    for (const json& s : shards)
      if (s[key] != first[key]) {
        error = std::string("shards differ in \"") + key + "\": " + first[key].dump() + " vs " + s[key].dump();
        return std::nullopt;
      }
  std::vector<std::string> selection;
  std::size_t count = 0;
  std::map<std::size_t, const json*> by_index;
  try {
    selection = first["selection"].get<std::vector<std::string>>();
    count = first["shard"]["count"].get<std::size_t>();
    for (const json& s : shards) {
      std::size_t index = s["shard"]["index"].get<std::size_t>();
      if (s["shard"]["count"].get<std::size_t>() != count) {
        error = "shards differ in their count: " + std::to_string(count) + " vs " + s["shard"]["count"].dump();
        return std::nullopt;
      }
      if (index < 1 || index > count) {
        error = "shard index " + std::to_string(index) + " outside 1.." + std::to_string(count);
        return std::nullopt;
      }
      if (!by_index.emplace(index, &s).second) {
        error = "shard " + std::to_string(index) + "/" + std::to_string(count) + " given twice";
        return std::nullopt;
      }
    }
  } catch (const json::exception& e) {
    error = std::string("malformed shard: ") + e.what();
    return std::nullopt;
  }
  for (std::size_t i = 1; i <= count; ++i)
    if (!by_index.count(i)) {
      error = "shard " + std::to_string(i) + "/" + std::to_string(count) + " is missing";
      return std::nullopt;
    }
  std::map<std::string, const json*> claims;
  for (const auto& [index, s] : by_index) {
    std::vector<std::string> owned = shard_labels(selection, Shard{index, count}), found;
    for (const json& c : (*s)["claims"]) {
      found.push_back(c.value("label", std::string()));
      claims[found.back()] = &c;
    }
    if (found != owned) {
      error = "shard " + std::to_string(index) + "/" + std::to_string(count) +
              " does not hold exactly the claims its index owns in the selection";
      return std::nullopt;
    }
  }
  json merged_claims = json::array();
  for (const std::string& label : selection) merged_claims.push_back(*claims.at(label));
  return json{{"seed", first["seed"]}, {"claims", merged_claims}};
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
