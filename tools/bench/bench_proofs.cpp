// Time per claim of the Z3 checkers of proofs/ (def:encoding, lem:monotone, lem:stack_ops, lem:pop_one,
// lem:push_no_wipe, lem:threshold, lem:ext_indicator, lem:boolean, prop:wiping, prop:sufficiency,
// prop:rate_independence, prop:range, alg:stack, def:stack, prop:complexity:counts and our repairs),
// one benchmark per label at the default RunConfig and BMC bound; and the whole paper (every checker of
// every claim, as `palcheck verify --seed 1` runs them) with the CPU of the cvc5 children counted.
#include "claims/areas.h"

#include <benchmark/benchmark.h>

#include <set>
#include <string>

#include <sys/resource.h>

namespace {

palcheck::Registry proof_registry() {
  palcheck::Registry r;
  palcheck::register_paper_claims(r);
  palcheck::register_proof_checkers(r);
  return r;
}

void BM_ProofClaim(benchmark::State& state, std::string label) {
  static const palcheck::Registry registry = proof_registry();
  palcheck::RunConfig config;
  for (auto _ : state) benchmark::DoNotOptimize(palcheck::run_checkers(registry, label, config));
}

// User and system CPU seconds of this process, or of its waited-for children.
double cpu_seconds(int who) {
  rusage u{};
  ::getrusage(who, &u);
  auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6; };
  return seconds(u.ru_utime) + seconds(u.ru_stime);
}

// The target is under 60 s of CPU in all (counter cpu_s_in_all: palcheck's threads and cvc5's processes).
void BM_WholePaper(benchmark::State& state) {
  static const palcheck::Registry registry = palcheck::build_full_registry();
  palcheck::RunConfig config;
  for (auto _ : state) {
    double self = cpu_seconds(RUSAGE_SELF), children = cpu_seconds(RUSAGE_CHILDREN);
    for (const palcheck::Claim& c : registry.claims())
      benchmark::DoNotOptimize(palcheck::run_checkers(registry, c.label, config));
    state.counters["cpu_s_palcheck"] = cpu_seconds(RUSAGE_SELF) - self;
    state.counters["cpu_s_cvc5"] = cpu_seconds(RUSAGE_CHILDREN) - children;
    state.counters["cpu_s_in_all"] = state.counters["cpu_s_palcheck"] + state.counters["cpu_s_cvc5"];
  }
}
BENCHMARK(BM_WholePaper)->Unit(benchmark::kSecond)->Iterations(1);

const bool registered = [] {
  palcheck::Registry r = proof_registry();
  std::set<std::string> labels;
  for (const palcheck::Claim& c : r.claims())
    for (const palcheck::Checker* k : r.checkers_for(c.label))
      if (k->method == "z3") labels.insert(c.label);
  for (const std::string& label : labels)
    benchmark::RegisterBenchmark(("BM_ProofClaim/" + label).c_str(), BM_ProofClaim, label)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
  return true;
}();

}  // namespace
