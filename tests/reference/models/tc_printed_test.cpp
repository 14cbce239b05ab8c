// thm:tc, lem:stack_ops, def:encoding: the printed construction's divergence, derived independently.
#include "reference/models/tc_printed.h"
#include "reference/models/encoding_cantor.h"
#include "reference/models/pda_library.h"
#include "reference/preisach_memory.h"

#include <gtest/gtest.h>

namespace palcheck {
namespace {

TEST(TcPrinted, PrintedDecodeIsOffByOneOnPushedMaxima) {
  for (int k = 1; k <= 4; ++k)
    for (int d = 0; d <= 3; ++d)
      for (int i = 1; i <= k; ++i) {
        CantorEncoding enc{k, 3, Q(1, 2)};
        // (C_max - code - eps)/Delta = d(k+1) + i - eps/Delta, whose floor is d(k+1) + i - 1.
        EXPECT_EQ(enc.decode_printed(enc.code(i, d) + Q(1, 8)), i - 1);
        EXPECT_EQ(enc.decode_nearest(enc.code(i, d) + Q(1, 8)), i);
        EXPECT_EQ(enc.depth_nearest(enc.code(i, d) - Q(1, 8)), d);
      }
}

TEST(TcPrinted, DivergesAtStepZeroUnderThePrintedDecode) {
  for (const LibraryMachine& lm : machine_library()) {
    SideBySide run = run_printed_tc(lm.machine, lm.sample, 10, {});
    ASSERT_TRUE(run.first_difference.has_value());
    EXPECT_EQ(*run.first_difference, 0u) << lm.machine.name();  // Z0 = a_1 decodes to 0, not a symbol
  }
}

TEST(TcPrinted, UnderTheNearestDecodeThePushDoesNotGrowTheMemory) {
  CantorEncoding enc{2, 11, Q(1)};
  Q eps(1, 4);
  PreisachMemory memory(InitialState::Off);
  for (Q u : {enc.code(1, 0) + eps, enc.code(1, 0) - eps, enc.code(2, 1) + eps, enc.code(2, 1) - eps}) memory.step(u);
  bool push_grew = memory.extrema().size() == 4;
  PrintedTcOptions o;
  o.top = TopReading::Nearest;
  SideBySide run = run_printed_tc(machine_anbn(), "aaabbb", 10, o);
  ASSERT_TRUE(run.first_difference.has_value());
  EXPECT_EQ(*run.first_difference == 1u, !push_grew);
  EXPECT_TRUE(run.rows[0].agree);
}

}  // namespace
}  // namespace palcheck
