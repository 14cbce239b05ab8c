// Reading a verify run for the report (see report_input.h).
#include "tools/report/report_input.h"

#include "oracle/formats/input_file.h"
#include "oracle/formats/json_input.h"

#include <algorithm>
#include <filesystem>
#include <stdexcept>

namespace palcheck::report {
namespace {

const nlohmann::json kEmptyArray = nlohmann::json::array();

std::string string_field(const nlohmann::json& doc, const char* key) {
  auto it = doc.find(key);
  return it != doc.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// The fields the report reads from a result, checked once, so that no page meets a result of the wrong shape.
void check_result(const nlohmann::json& r, const std::string& where) {
  if (!r.is_object()) throw std::invalid_argument(where + ": not an object");
  if (auto headline = r.find("headline"); headline != r.end() && !headline->is_boolean())
    throw std::invalid_argument(where + ".headline: neither true nor false");
  if (auto verdict = r.find("verdict"); verdict != r.end() && !verdict->is_string())
    throw std::invalid_argument(where + ".verdict: not a string");
  if (auto details = r.find("details"); details != r.end()) {
    if (!details->is_array()) throw std::invalid_argument(where + ".details: not a list");
    for (const nlohmann::json& d : *details) {
      if (!d.is_object()) throw std::invalid_argument(where + ".details: an entry that is not an object");
      for (const char* field : {"key", "value"})
        if (auto f = d.find(field); f != d.end() && !f->is_string())
          throw std::invalid_argument(where + ".details: a " + field + " that is not a string");
    }
  }
}

// The first REFUTED result marked headline, else the first REFUTED result with a counterexample.
const nlohmann::json* headline_result(const nlohmann::json& results, std::string& source) {
  for (const nlohmann::json& r : results)
    if (r.value("headline", false) && r.contains("counterexample") && r["counterexample"].is_object()) {
      source = "the result marked headline";
      return &r;
    }
  for (const nlohmann::json& r : results)
    if (string_field(r, "verdict") == "REFUTED" && r.contains("counterexample") && r["counterexample"].is_object()) {
      source = "the first REFUTED result";
      return &r;
    }
  return nullptr;
}

}  // namespace

std::string ReportClaim::verdict() const { return string_field(doc, "verdict"); }

const nlohmann::json& ReportClaim::results() const {
  auto evidence = doc.find("evidence");
  if (evidence == doc.end() || !evidence->is_object()) return kEmptyArray;
  auto results = evidence->find("results");
  return results != evidence->end() && results->is_array() ? *results : kEmptyArray;
}

SavedInstance instance_from_json(const nlohmann::json& doc) {
  if (!doc.is_object()) throw std::invalid_argument("instance: not an object");
  SavedInstance instance;
  instance.label = string_field(doc, "label");
  instance.scenario = string_field(doc, "scenario");
  if (auto options = doc.find("options"); options != doc.end() && options->is_object())
    for (auto& [key, value] : options->items())
      instance.options[key] = value.is_string() ? value.get<std::string>() : value.dump();
  if (auto values = doc.find("values"); values != doc.end() && values->is_object())
    for (auto& [key, list] : values->items()) {
      if (!list.is_array()) throw std::invalid_argument("instance values." + key + ": not a list");
      std::vector<Q>& out = instance.values[key];
      for (const nlohmann::json& v : list) {
        std::optional<Q> q = v.is_string() ? parse_rational(v.get<std::string>()) : std::nullopt;
        if (!q) throw std::invalid_argument("instance values." + key + ": not an exact number: " + v.dump());
        out.push_back(*q);
      }
    }
  return instance;
}

ReportRun make_run(const nlohmann::json& verify_doc, const std::map<std::string, nlohmann::json>& replays,
                   const std::vector<Claim>& table) {
  if (verify_doc.is_object() && verify_doc.contains("shard"))
    throw std::invalid_argument(
        "this is one shard of a split run (verify --shard), which holds results but no verdicts: combine the "
        "shards first with palcheck merge SHARD.json ... --json RUN.json --out DIR, then report from RUN.json");
  if (!verify_doc.is_object() || !verify_doc.contains("claims") || !verify_doc["claims"].is_array())
    throw std::invalid_argument("verify JSON: no \"claims\" array");
  ReportRun run;
  run.doc = verify_doc;
  for (const nlohmann::json& c : verify_doc["claims"]) {
    ReportClaim rc;
    rc.doc = c;
    std::string label = string_field(c, "label");
    if (label.empty()) throw std::invalid_argument("verify JSON: a claim without \"label\"");
    if (string_field(c, "verdict").empty())
      throw std::invalid_argument("verify JSON: claim " + label +
                                  " has no \"verdict\" (not a palcheck verify --json file?)");
    auto row = std::find_if(table.begin(), table.end(), [&](const Claim& t) { return t.label == label; });
    if (row != table.end())
      rc.claim = *row;
    else
      rc.claim.label = label;
    for (std::size_t i = 0; i < rc.results().size(); ++i)
      check_result(rc.results()[i], "verify JSON: claim " + label + " result " + std::to_string(i + 1));
    if (auto it = replays.find(label); it != replays.end()) rc.replay = it->second;
    // Any claim with a confirmed refutation has a headline: REFUTED, or ILL-POSED with readings that refute.
    if (rc.replay) {
      rc.headline = instance_from_json(*rc.replay);
      rc.headline_source = "the replay file";
    } else if (const nlohmann::json* r = headline_result(rc.results(), rc.headline_source)) {
      rc.headline = instance_from_json((*r)["counterexample"]);
    }
    run.claims.push_back(std::move(rc));
  }
  return run;
}

std::map<std::string, nlohmann::json> read_replay_folder(const std::string& dir) {
  std::map<std::string, nlohmann::json> replays;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.is_regular_file() && entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const std::filesystem::path& file : files) {
    nlohmann::json doc;
    try {
      doc = oracle::parse_json_text(oracle::read_source(file.string()), file.string());
    } catch (const InputError& e) {
      throw std::invalid_argument(std::string("replay file ") + e.what());
    }
    if (!doc.is_object() || !doc.contains("label") || !doc["label"].is_string())
      throw std::invalid_argument("replay file " + file.string() + ": not a replay file");
    instance_from_json(doc);
    replays[doc["label"].get<std::string>()] = doc;
  }
  return replays;
}

std::string file_stem(const std::string& label) {
  std::string stem = label;
  std::replace(stem.begin(), stem.end(), ':', '_');
  std::replace(stem.begin(), stem.end(), '/', '_');
  return stem;
}

}  // namespace palcheck::report
