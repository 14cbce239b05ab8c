// Reading a verify run for the report (see report_input.h).
#include "tools/report/report_input.h"

#include "claims/result_json.h"
#include "oracle/formats/input_file.h"
#include "oracle/formats/json_input.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <set>
#include <stdexcept>

namespace palcheck::report {
namespace {

const nlohmann::json kEmptyArray = nlohmann::json::array();

std::string string_field(const nlohmann::json& doc, const char* key) {
  auto it = doc.find(key);
  return it != doc.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// A seed or a count as the run writes it: a JSON integer 0..2^64-1 (not "abc", -3, 2^64 or 1.5).
void check_unsigned(const nlohmann::json& doc, const char* key, const std::string& where) {
  auto it = doc.find(key);
  if (it == doc.end() || it->is_number_unsigned() || (it->is_number_integer() && it->get<std::int64_t>() >= 0)) return;
  throw std::invalid_argument(where + "." + key +
                              ": not an unsigned 64-bit integer (0..18446744073709551615): " + oracle::shown(*it));
}

// The fields the report reads from a result, checked once, so that no page meets a result of the wrong shape.
void check_result(const nlohmann::json& r, const std::string& where) {
  if (!r.is_object()) throw std::invalid_argument(where + ": not an object");
  if (auto headline = r.find("headline"); headline != r.end() && !headline->is_boolean())
    throw std::invalid_argument(where + ".headline: neither true nor false");
  if (auto verdict = r.find("verdict"); verdict != r.end() && !verdict->is_string())
    throw std::invalid_argument(where + ".verdict: not a string");
  if (auto seed = r.find("seed"); seed != r.end() && !seed->is_null()) check_unsigned(r, "seed", where);
  check_unsigned(r, "cases", where);
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

// A verdict or scope as claims/verdict.h spells it; `where` and `kind` name what holds the unknown spelling.
template <class T>
T parse_spelled(const std::optional<T>& parsed, const std::string& text, const std::string& where, const char* kind) {
  if (!parsed) throw std::invalid_argument(where + ": unknown " + kind + " \"" + text + "\"");
  return *parsed;
}

// A result read as claims/result_json.h reads a run of any palcheck (its verdict, scope, cost family and searched
// counterexample typed once, so that the pages and figures never read them as text), after the checks above; a
// spelling claims/verdict.h does not write is refused here, naming the claim, result and field.
ReportResult read_result(const nlohmann::json& r, const std::string& where) {
  check_result(r, where);
  if (!r.contains("verdict")) throw std::invalid_argument(where + ": no \"verdict\"");
  try {
    return ReportResult{r, result_from_json(r, ResultFields::Given)};
  } catch (const InputError& e) {
    throw std::invalid_argument(where + "." + e.what());
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(where + ": not a result as palcheck verify writes one (" + e.what() + ")");
  }
}

// The claim's results array: absent is none, anything but a list is refused.
const nlohmann::json& checked_results(const nlohmann::json& claim, const std::string& where) {
  auto evidence = claim.find("evidence");
  if (evidence == claim.end()) return kEmptyArray;
  if (!evidence->is_object()) throw std::invalid_argument(where + ".evidence: not an object");
  auto results = evidence->find("results");
  if (results == evidence->end()) return kEmptyArray;
  if (!results->is_array()) throw std::invalid_argument(where + ".evidence.results: not a list");
  return *results;
}

// The verdict of each reading, when the run gives them: every one spelled as claims/verdict.h spells it.
void check_by_reading(const nlohmann::json& claim, const std::string& where) {
  auto by_reading = claim.find("by_reading");
  if (by_reading == claim.end()) return;
  if (!by_reading->is_object()) throw std::invalid_argument(where + ".by_reading: not an object");
  for (const auto& [reading, verdict] : by_reading->items()) {
    std::string text = verdict.is_string() ? verdict.get<std::string>() : verdict.dump();
    parse_spelled(verdict.is_string() ? parse_verdict(text) : std::nullopt, text, where + ".by_reading." + reading,
                  "verdict");
  }
}

// A claim's verdict is one its results can give (claims/reading_verdict.h): the verdict of one of them, or
// ILL-POSED with a refutation under some reading, or NOT-CHECKABLE with no result; REFUTED needs a refutation.
void check_verdict_of_results(const ReportClaim& rc, const std::string& where) {
  auto any = [&](Verdict v) {
    return std::any_of(rc.results.begin(), rc.results.end(),
                       [&](const ReportResult& r) { return r.result.verdict == v; });
  };
  bool possible = any(rc.verdict) || (rc.verdict == Verdict::IllPosed && any(Verdict::Refuted)) ||
                  (rc.verdict == Verdict::NotCheckable && rc.results.empty());
  if (!possible)
    throw std::invalid_argument(where + ": verdict " + to_string(rc.verdict) + " contradicts its results (" +
                                (rc.results.empty() ? std::string("it has none") : "no result gives it") + ")");
}

// The searched counterexample of the claim's evidence: that of the REFUTED search result whose summary the
// evidence summary is.
std::optional<std::string> searched_counterexample(const nlohmann::json& claim,
                                                   const std::vector<ReportResult>& results) {
  auto evidence = claim.find("evidence");
  std::string summary = evidence != claim.end() && evidence->is_object() ? string_field(*evidence, "summary") : "";
  for (const ReportResult& r : results)
    if (r.result.searched && r.result.summary == summary) return r.result.searched;
  return std::nullopt;
}

// The first REFUTED result marked headline, else the first REFUTED result with a counterexample.
const CheckResult* headline_result(const std::vector<ReportResult>& results, std::string& source) {
  for (const ReportResult& r : results)
    if (r.doc.value("headline", false) && r.result.counterexample) {
      source = "the result marked headline";
      return &r.result;
    }
  for (const ReportResult& r : results)
    if (r.result.verdict == Verdict::Refuted && r.result.counterexample) {
      source = "the first REFUTED result";
      return &r.result;
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

// A replay file belongs to the run: its instance is the counterexample of one of the claim's REFUTED results.
void check_replay_of_run(const ReportClaim& rc, const std::string& label) {
  for (const ReportResult& r : rc.results)
    if (r.result.verdict == Verdict::Refuted && r.result.counterexample == rc.headline) return;
  throw std::invalid_argument("replay file of claim " + oracle::shown(label) +
                              ": its instance is no counterexample of the run's results for the claim (a replay "
                              "file of another run?)");
}

}  // namespace

ReportRun make_run(const nlohmann::json& verify_doc, const std::map<std::string, nlohmann::json>& replays,
                   const std::vector<Claim>& table) {
  if (verify_doc.is_object() && verify_doc.contains("shard"))
    throw std::invalid_argument(
        "this is one shard of a split run (verify --shard), which holds results but no verdicts: combine the "
        "shards first with palcheck merge SHARD.json ... --json RUN.json --out DIR, then report from RUN.json");
  if (!verify_doc.is_object() || !verify_doc.contains("claims") || !verify_doc["claims"].is_array())
    throw std::invalid_argument("verify JSON: no \"claims\" array");
  if (verify_doc["claims"].empty())
    throw std::invalid_argument("verify JSON: \"claims\" is empty: a run judges at least one claim");
  if (!verify_doc.contains("seed")) throw std::invalid_argument("verify JSON: no \"seed\"");
  check_unsigned(verify_doc, "seed", "verify JSON");
  check_unsigned(verify_doc, "tests", "verify JSON");
  ReportRun run;
  run.doc = verify_doc;
  std::set<std::string> seen;
  for (const nlohmann::json& c : verify_doc["claims"]) {
    if (!c.is_object()) throw std::invalid_argument("verify JSON: a claim that is not an object");
    ReportClaim rc;
    rc.doc = c;
    std::string label = string_field(c, "label");
    if (label.empty()) throw std::invalid_argument("verify JSON: a claim without \"label\"");
    std::string where = "verify JSON: claim " + oracle::shown(label);
    auto row = std::find_if(table.begin(), table.end(), [&](const Claim& t) { return t.label == label; });
    if (row == table.end()) throw std::invalid_argument(where + ": not a claim of this palcheck's claim table");
    if (!seen.insert(label).second) throw std::invalid_argument(where + ": listed twice");
    rc.claim = *row;
    std::string verdict = string_field(c, "verdict");
    if (verdict.empty())
      throw std::invalid_argument("verify JSON: claim " + label +
                                  " has no \"verdict\" (not a palcheck verify --json file?)");
    rc.verdict = parse_spelled(parse_verdict(verdict), verdict, "verify JSON: claim " + label + " verdict", "verdict");
    check_by_reading(c, where);
    const nlohmann::json& results = checked_results(c, where);
    for (std::size_t i = 0; i < results.size(); ++i)
      rc.results.push_back(read_result(results[i], "verify JSON: claim " + label + " result " + std::to_string(i + 1)));
    check_verdict_of_results(rc, where);
    rc.searched = searched_counterexample(c, rc.results);
    if (auto it = replays.find(label); it != replays.end()) rc.replay = it->second;
    // Any claim with a confirmed refutation has a headline: REFUTED, or ILL-POSED with readings that refute.
    if (rc.replay) {
      rc.headline = read_instance(*rc.replay, "replay file of claim " + label);
      rc.headline_source = "the replay file";
      check_replay_of_run(rc, label);
    } else if (const CheckResult* r = headline_result(rc.results, rc.headline_source)) {
      rc.headline = r->counterexample;
    }
    run.claims.push_back(std::move(rc));
  }
  for (const auto& [label, replay] : replays)
    if (!seen.count(label))
      throw std::invalid_argument("replay file of claim " + oracle::shown(label) + ": the run has no such claim");
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
