// Reading a verify run for the report (see report_input.h).
#include "tools/report/report_input.h"

#include "oracle/formats/input_file.h"
#include "oracle/formats/json_input.h"
#include "tools/report/instance_json.h"

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

// The instance of a replay file or counterexample, read as `palcheck replay` reads it so that the report draws
// only what replays; its InputError becomes the std::invalid_argument of a malformed run, naming where it was.
Instance read_instance(const nlohmann::json& doc, const std::string& where) {
  try {
    return instance_from_json(doc);
  } catch (const InputError& e) {
    throw std::invalid_argument(where + ": " + e.what());
  }
}

}  // namespace

std::string ReportClaim::verdict() const { return string_field(doc, "verdict"); }

const nlohmann::json& ReportClaim::results() const {
  auto evidence = doc.find("evidence");
  if (evidence == doc.end() || !evidence->is_object()) return kEmptyArray;
  auto results = evidence->find("results");
  return results != evidence->end() && results->is_array() ? *results : kEmptyArray;
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
      rc.headline = read_instance(*rc.replay, "replay file of claim " + label);
      rc.headline_source = "the replay file";
    } else if (const nlohmann::json* r = headline_result(rc.results(), rc.headline_source)) {
      rc.headline = read_instance((*r)["counterexample"], "verify JSON: claim " + label + " counterexample");
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
    read_instance(doc, "replay file " + file.string());
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
