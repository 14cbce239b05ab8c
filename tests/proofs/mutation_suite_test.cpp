// The mutation suite (smt/mutation.h): every proof of proofs/ names its semantic mutants, and each must
// be refuted (a query of the mutated proof turns sat), or the proof does not pin what it names. One test
// per claim judged in proofs/: every PROVED or BOUNDED result declares mutants, every induction at least
// three, and none survives; and for each definition the proof declares it relies on, a model mutant
// changing that definition (not a premise or the goal) is refuted. A proof that relies on no definition
// of its own says what it rests on instead.
#include "tests/proofs/proof_registry.h"

#include <gtest/gtest.h>

#include <algorithm>

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
    for (ModelDefinition d : res.relies_on)
      EXPECT_TRUE(testing::pinned(res, d))
          << "no refuted model mutant changes the " << to_string(d) << ": " << res.summary;
    for (const MutantResult& m : res.mutants) {
      if (m.kind() == MutantKind::Model) {
        EXPECT_NE(std::find(res.relies_on.begin(), res.relies_on.end(), m.definition), res.relies_on.end())
            << m.name << " changes the " << to_string(m.definition) << ", which the proof does not declare";
      }
    }
    if (res.relies_on.empty()) {
      EXPECT_TRUE(std::any_of(res.details.begin(), res.details.end(),
                              [](const auto& detail) { return detail.first == "relies on"; }))
          << "a proof without a definition of its own must say what it rests on: " << res.summary;
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
