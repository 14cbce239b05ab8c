// libFuzzer target: `palcheck report`'s input (tools/report/report_input.h): the bytes read as a
// verify run (`--from`) and, when they carry a "label", also as a replay file (`--replays`) of a run
// whose result holds it and of one whose result does not, each made into the report's run against the
// claim table. Bad input may only raise InputError (the file) or std::invalid_argument naming the field.
#include "claims/areas.h"
#include "oracle/formats/json_input.h"
#include "tools/report/report_input.h"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace {

void read_run(const nlohmann::json& doc, const std::map<std::string, nlohmann::json>& replays,
              const std::vector<palcheck::Claim>& table) {
  palcheck::report::ReportRun run = palcheck::report::make_run(doc, replays, table);
  for (const palcheck::report::ReportClaim& rc : run.claims) {
    (void)palcheck::to_string(rc.verdict);
    for (const palcheck::report::ReportResult& r : rc.results) (void)palcheck::to_string(r.result.scope);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace palcheck;
  static const std::vector<Claim> table = build_full_registry().claims();
  nlohmann::json doc;
  try {
    doc = oracle::parse_json_text(std::string(reinterpret_cast<const char*>(data), size), "run.json");
  } catch (const palcheck::InputError&) {
    return 0;
  }
  try {
    read_run(doc, {}, table);
  } catch (const std::invalid_argument&) {
  }
  if (doc.is_object() && doc.contains("label") && doc["label"].is_string()) {
    std::string label = doc["label"].get<std::string>();
    // A run whose one result has the replay file's instance, and another whose result has none of it.
    nlohmann::json result = {{"verdict", "REFUTED"}, {"counterexample", doc}};
    nlohmann::json run = {
        {"seed", 1},
        {"claims",
         nlohmann::json::array({{{"label", label}, {"verdict", "REFUTED"}, {"evidence", {{"results", {result}}}}}})}};
    try {
      read_run(run, {{label, doc}}, table);
    } catch (const std::invalid_argument&) {
    }
    run["claims"][0]["evidence"]["results"][0]["counterexample"] = {
        {"label", label}, {"scenario", "s"}, {"values", {}}};
    try {
      read_run(run, {{label, doc}}, table);
    } catch (const std::invalid_argument&) {
    }
  }
  return 0;
}
