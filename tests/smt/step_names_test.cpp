// The constants that name a step of an unrolling (smt/step_names.h): each is "<base>_<name>" of the sort
// asked for, and its equality with the step's value is recorded in call order.
#include "smt/step_names.h"

#include <gtest/gtest.h>

namespace palcheck::smt {
namespace {

TEST(StepNames, EachConstantIsNamedAfterTheStepAndEqualsItsValueInCallOrder) {
  Context ctx;
  std::vector<Term> facts;
  Term x = ctx.real_const("x"), k = ctx.int_const("k");
  StepNames name(ctx, "run_3", facts);
  Term size = name.integer("size", k + ctx.int_val(1));
  Term previous = name.real("prev", x);
  Term pushed = name.boolean("pushed", x > ctx.real_val(0));
  EXPECT_EQ(size.to_string(), "run_3_size");
  EXPECT_EQ(previous.to_string(), "run_3_prev");
  EXPECT_EQ(pushed.to_string(), "run_3_pushed");
  ASSERT_EQ(facts.size(), 3u);
  EXPECT_EQ(facts[0].to_string(), "(= run_3_size (+ k 1))");
  EXPECT_EQ(facts[1].to_string(), "(= run_3_prev x)");
  EXPECT_EQ(facts[2].to_string(), "(= run_3_pushed (> x 0.0))");
}

}  // namespace
}  // namespace palcheck::smt
