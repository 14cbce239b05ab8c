// Cases per second of every property checker of properties/ (one benchmark per claim label):
// each iteration runs the label's checkers with 50 cases per reading, shrinking included.
#include "claims/areas.h"

#include <benchmark/benchmark.h>

namespace {

using palcheck::Registry;

const Registry& registry() {
  static const Registry r = [] {
    Registry out;
    palcheck::register_paper_claims(out);
    palcheck::register_property_checkers(out);
    return out;
  }();
  return r;
}

void BM_Property(benchmark::State& state, std::string label) {
  palcheck::RunConfig config;
  config.tests = 50;
  std::int64_t cases = 0;
  for (auto _ : state)
    for (const palcheck::CheckResult& r : palcheck::run_checkers(registry(), label, config))
      cases += static_cast<std::int64_t>(r.cases);
  state.counters["cases_per_second"] = benchmark::Counter(static_cast<double>(cases), benchmark::Counter::kIsRate);
}

const bool registered = [] {
  for (const palcheck::Claim& c : registry().claims())
    if (!registry().checkers_for(c.label).empty())
      benchmark::RegisterBenchmark(("BM_Property/" + c.label).c_str(), BM_Property, c.label)
          ->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace
