// The mutation suite (smt/mutation.h): every proof of proofs/ names its semantic mutants, and each must
// be refuted (a query of the mutated proof turns sat), or the proof does not pin what it names. One test
// per claim judged in proofs/: every PROVED or BOUNDED result declares mutants, every induction at least
// three, and none survives.
#include "tests/proofs/proof_registry.h"

#include <gtest/gtest.h>

namespace palcheck {
namespace {

using testing::proof_registry;

std::vector<std::string> proof_labels() {
  Registry r = proof_registry();
  return r.judged_labels();
}

class MutationSuite : public ::testing::TestWithParam<std::string> {};

TEST_P(MutationSuite, EveryDeclaredMutantIsRefuted) {
  Registry r = proof_registry();
  for (const CheckResult& res : run_checkers(r, GetParam(), RunConfig{})) {
    for (const MutantResult& m : res.mutants) EXPECT_TRUE(m.refuted) << m.name << ": " << m.evidence;
    if (res.verdict != Verdict::Proved && res.verdict != Verdict::Bounded) continue;
    EXPECT_FALSE(res.mutants.empty()) << res.method << ": " << res.summary;
    if (res.method == "induction") {
      EXPECT_GE(res.mutants.size(), 3u) << res.summary;
    }
  }
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name;
  for (char c : info.param) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(ProofsOfPaper, MutationSuite, ::testing::ValuesIn(proof_labels()), test_name);

}  // namespace
}  // namespace palcheck
