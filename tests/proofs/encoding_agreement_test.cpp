// The Z3 encodings of def:relay, the classical memory (prop:wiping, def:stack) and Algorithm 1
// (alg:stack, every reading) must mean what the reference computes: proofs/encoding_agreement.h
// evaluates each encoding in Z3 on thousands of generated concrete inputs and compares step by step.
#include "proofs/encoding_agreement.h"

#include <gtest/gtest.h>

namespace palcheck::proofs {
namespace {

// One comparison of an encoding with the reference: its seed and how many cases it generates.
struct Agreement {
  const char* name;
  AgreementReport (*compare)(std::uint64_t seed, std::size_t cases);
  std::uint64_t seed;
  std::size_t cases;
};

class EncodingAgreement : public ::testing::TestWithParam<Agreement> {};

TEST_P(EncodingAgreement, EqualsReferenceOnEveryGeneratedCase) {
  const Agreement& a = GetParam();
  AgreementReport r = a.compare(a.seed, a.cases);
  EXPECT_EQ(r.mismatch, "");
  EXPECT_EQ(r.cases, a.cases);
}

INSTANTIATE_TEST_SUITE_P(Encodings, EncodingAgreement,
                         ::testing::Values(Agreement{"RelayStep", relay_step_agreement, 101, 3000},
                                           Agreement{"MemoryStep", memory_step_agreement, 202, 1200},
                                           // Under every reading of Algorithm 1.
                                           Agreement{"Algorithm1Step", algorithm1_step_agreement, 303, 250},
                                           // The reference run is a model of each unrolling.
                                           Agreement{"Unrollings", unrolling_agreement, 404, 150}),
                         [](const ::testing::TestParamInfo<Agreement>& info) { return info.param.name; });

}  // namespace
}  // namespace palcheck::proofs
