// The Z3 encodings of def:relay, the classical memory (prop:wiping, def:stack) and Algorithm 1
// (alg:stack, every reading) must mean what the reference computes: proofs/encoding_agreement.h
// evaluates each encoding in Z3 on thousands of generated concrete inputs and compares step by step.
#include "proofs/encoding_agreement.h"

#include <gtest/gtest.h>

namespace palcheck::proofs {
namespace {

TEST(EncodingAgreement, RelayStepEqualsReference) {
  AgreementReport r = relay_step_agreement(101, 3000);
  EXPECT_EQ(r.mismatch, "");
  EXPECT_EQ(r.cases, 3000u);
}

TEST(EncodingAgreement, MemoryStepEqualsReference) {
  AgreementReport r = memory_step_agreement(202, 1200);
  EXPECT_EQ(r.mismatch, "");
  EXPECT_EQ(r.cases, 1200u);
}

TEST(EncodingAgreement, Algorithm1StepEqualsReferenceUnderEveryReading) {
  AgreementReport r = algorithm1_step_agreement(303, 250);
  EXPECT_EQ(r.mismatch, "");
  EXPECT_EQ(r.cases, 250u);
}

TEST(EncodingAgreement, UnrollingsHaveTheReferenceRunAsModel) {
  AgreementReport r = unrolling_agreement(404, 150);
  EXPECT_EQ(r.mismatch, "");
  EXPECT_EQ(r.cases, 150u);
}

}  // namespace
}  // namespace palcheck::proofs
