// alg:stack: Algorithm 1 as printed, at each of its undefined points, under each named reading.
#include "reference/algorithm1.h"

#include <gtest/gtest.h>

namespace palcheck {
namespace {

TEST(Algorithm1, FirstInputEmptyLeavesTheStackEmpty) {
  Algorithm1 alg({FirstInput::Empty, UnsetLast::PreviousInput});
  auto s = alg.step(Q(3));
  EXPECT_EQ(s.branch, Algorithm1Step::Branch::First);
  EXPECT_FALSE(s.pushed);
  EXPECT_TRUE(alg.stack().empty());
}

TEST(Algorithm1, FirstInputPushPairPushesTheInputTwice) {
  Algorithm1 alg({FirstInput::PushPair, UnsetLast::PreviousInput});
  Q u0(3);
  alg.step(u0);
  ASSERT_EQ(alg.stack().size(), 1u);
  EXPECT_EQ(alg.stack().back(), (StackPair{u0, u0}));
}

TEST(Algorithm1, EqualConsecutiveInputsTakeNeitherBranch) {
  for (FirstInput f : {FirstInput::Empty, FirstInput::PushPair}) {
    Algorithm1 alg({f, UnsetLast::PreviousInput});
    alg.step(Q(1));
    alg.step(Q(4));
    auto before = alg.stack();
    auto s = alg.step(Q(4));
    EXPECT_EQ(s.branch, Algorithm1Step::Branch::Equal);
    EXPECT_FALSE(s.pushed);
    EXPECT_TRUE(s.popped.empty());
    EXPECT_EQ(alg.stack(), before);
  }
}

TEST(Algorithm1, UnsetLastReadingsDifferExactlyWhereNothingIsPopped) {
  // Rise from an empty stack: nothing is popped, so m_last comes from the reading.
  Q u0(1), u1(5);
  Algorithm1 previous({FirstInput::Empty, UnsetLast::PreviousInput});
  previous.step(u0);
  auto s = previous.step(u1);
  EXPECT_TRUE(s.last_defaulted);
  EXPECT_EQ(s.push, (StackPair{u1, u0}));

  Algorithm1 top({FirstInput::PushPair, UnsetLast::Top});
  top.step(u0);
  Q u2(0);
  top.step(u1);              // pops (u0,u0): M_top = u0 < u1, m_last assigned u0
  auto fall = top.step(u2);  // m_top = u0 > u2 pops (u1,u0); M_last assigned u1
  EXPECT_FALSE(fall.last_defaulted);
  Q u3(3);
  auto rise = top.step(u3);  // M_top = u1 >= u3: nothing popped, m_last = m_top = u2
  EXPECT_TRUE(rise.last_defaulted);
  EXPECT_EQ(rise.push, (StackPair{u3, u2}));

  Algorithm1 persist({FirstInput::Empty, UnsetLast::Persist});
  persist.step(u0);
  auto p = persist.step(u1);
  EXPECT_EQ(p.push.m, u0);  // before any assignment the variable holds u_0
}

TEST(Algorithm1, PopsWhileTheComparedComponentIsStrictlyBeyondTheInput) {
  Algorithm1 alg({FirstInput::Empty, UnsetLast::PreviousInput});
  std::vector<Q> u{Q(0), Q(4), Q(1), Q(3), Q(2), Q(5)};
  std::size_t pops = 0, pushes = 0;
  for (const Q& x : u) {
    auto s = alg.step(x);
    for (const StackPair& p : s.popped) {
      if (s.branch == Algorithm1Step::Branch::Rise)
        EXPECT_LT(p.M, x);  // pops only M_top < u
      else
        EXPECT_GT(p.m, x);  // pops only m_top > u
    }
    pops += s.popped.size();
    pushes += s.pushed;
  }
  EXPECT_LE(pops, pushes);          // nothing is popped that was not pushed
  EXPECT_EQ(pushes, u.size() - 1);  // one push per non-equal step under first=empty
}

}  // namespace
}  // namespace palcheck
