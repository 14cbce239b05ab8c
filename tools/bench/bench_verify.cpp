// The whole paper (claims/, proofs/ and properties/: every checker of every claim, as
// `palcheck verify --seed 1` runs them) in CPU seconds, the cvc5 children included. A process of its own,
// apart from bench_proofs: the cvc5 answers a run remembers would otherwise make one benchmark cheaper by
// the other. The target is under 60 s in all (counter cpu_s_in_all).
#include "claims/areas.h"

#include <benchmark/benchmark.h>

#include <sys/resource.h>

namespace {

// User and system CPU seconds of this process (RUSAGE_SELF) or of its waited-for children.
double cpu_seconds(int who) {
  rusage u{};
  ::getrusage(who, &u);
  auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6; };
  return seconds(u.ru_utime) + seconds(u.ru_stime);
}

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

}  // namespace
