// Time per claim of the Z3 checkers of proofs/ (def:encoding, lem:monotone, lem:stack_ops, lem:pop_one,
// lem:push_no_wipe, lem:threshold, lem:ext_indicator, lem:boolean, prop:wiping, prop:sufficiency,
// prop:rate_independence, prop:range, alg:stack, def:stack, prop:complexity:counts and our repairs),
// one benchmark per label at the default RunConfig and BMC bound.
#include "claims/areas.h"

#include <benchmark/benchmark.h>

#include <set>
#include <string>

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
