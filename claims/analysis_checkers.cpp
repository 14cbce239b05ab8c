// Registers the ILL-POSED / NOT-CHECKABLE analyses and their checkable sub-claims (entry point
// declared in areas.h); each analysis_*.cpp file names the labels it judges.
#include "claims/analysis_registration.h"
#include "claims/areas.h"

namespace palcheck {

namespace analysis {

CheckResult analysis_result(Verdict verdict, std::string summary,
                            std::vector<std::pair<std::string, std::string>> details,
                            std::map<std::string, std::string> interpretation, Reading reading) {
  CheckResult r = make_result(verdict, "analysis", std::move(summary), std::move(details));
  r.interpretation = std::move(interpretation);
  r.reading = std::move(reading);
  return r;
}

CheckResult departs_at(CheckResult r, const std::string& what, long n, Instance witness) {
  r.verdict = Verdict::Refuted;
  r.summary = what + " at n = " + std::to_string(n);
  r.counterexample = std::move(witness);
  return r;
}

Checker analysis_checker(std::string label, Verdict verdict, std::string summary,
                         std::vector<std::pair<std::string, std::string>> details) {
  CheckResult result = analysis_result(verdict, std::move(summary), std::move(details));
  return Checker{std::move(label), "analysis", [result](const RunConfig&) { return std::vector<CheckResult>{result}; }};
}

std::function<std::vector<CheckResult>(const RunConfig&)> from_both_initial_states(
    CheckResult (*search)(const RunConfig&, InitialState)) {
  return [search](const RunConfig& config) {
    return std::vector<CheckResult>{search(config, InitialState::Off), search(config, InitialState::On)};
  };
}

std::string list_text(const std::vector<Q>& values) {
  std::string out = "[";
  for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + to_string(values[i]);
  return out + "]";
}

}  // namespace analysis

void register_analysis_checkers(Registry& registry) {
  using namespace analysis;
  for (auto register_file : {register_relay_analyses, register_pal_analyses, register_mpal_analyses,
                             register_complexity_analyses, register_tc_remark_analyses, register_transformer_analyses})
    register_file(registry);
}

}  // namespace palcheck
