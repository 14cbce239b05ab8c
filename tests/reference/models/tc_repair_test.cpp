// repair:thm:tc, def:autoregressive: the repaired construction runs every library machine for 200
// steps next to the interpreter; its measures, MLP and precision are as documented.
#include "reference/models/tc_repair.h"
#include "reference/models/pda_library.h"

#include <gtest/gtest.h>

namespace palcheck {
namespace {

TEST(TcRepair, EveryLibraryMachineAgreesFor200Steps) {
  for (const LibraryMachine& lm : machine_library()) {
    std::string word = lm.sample;
    if (lm.machine.name() == "anbn") word = std::string(60, 'a') + std::string(60, 'b');
    if (lm.machine.name() == "shuttle") word = "abbaab";
    RepairReport rep = run_repair_tc(lm.machine, word, 200);
    EXPECT_FALSE(rep.run.first_difference.has_value())
        << lm.machine.name() << ": " << rep.run.rows.back().interpreter << " vs " << rep.run.rows.back().construction;
    EXPECT_EQ(rep.run.rows.size(), 201u);
    std::vector<PdaConfig> truth = pda_run(lm.machine, word, 200);
    EXPECT_EQ(rep.run.rows.back().interpreter, to_string(lm.machine, truth.back()));
    EXPECT_TRUE(rep.all_integers);
    long L = NestedEncoding{lm.machine.stack_symbol_count(), 201}.grid_size();
    EXPECT_LE(rep.max_abs, Q(L));
  }
}

TEST(TcRepair, MemoriesAloneDriveTheLoop) {
  for (const LibraryMachine& lm : machine_library()) {
    RepairReport rep = run_repair_tc(lm.machine, lm.sample, 25, 1);
    EXPECT_FALSE(rep.run.first_difference.has_value()) << lm.machine.name();
    EXPECT_EQ(rep.restart_checks, rep.tokens);
  }
}

TEST(TcRepair, HeadsAndMlpHaveTheDocumentedShape) {
  TwoStackPda m = machine_brackets();
  RepairTransformer t(m, 30);
  ASSERT_EQ(t.heads().size(), 4u);
  long L = t.encoding().grid_size();
  for (const MpalHead& h : t.heads())
    for (const WeightedRelay& r : h.mu.relays) {
      EXPECT_GE(r.thresholds.alpha, r.thresholds.beta);
      EXPECT_GE(r.thresholds.beta, 1);
      EXPECT_LE(r.thresholds.alpha, L);
      EXPECT_EQ(floor_q(r.thresholds.alpha), r.thresholds.alpha);
      EXPECT_EQ(floor_q(r.thresholds.beta), r.thresholds.beta);
    }
  int k = m.stack_symbol_count();
  std::size_t table = static_cast<std::size_t>(2 * m.state_count() * m.input_count() * (k + 1) * (k + 1));
  EXPECT_EQ(t.mlp().width(), table - 1 + 3);
}

TEST(TcRepair, ReaderHeadReadsTopAtRestOnHandBuiltStacks) {
  NestedEncoding enc{3, 6};
  Measure reader = reader_measure(enc);
  std::vector<int> stack{0, 2, 1, 1, 2};
  MemoryPal pal(reader, InitialState::Off);
  Q out;
  for (std::size_t d = 0; d < stack.size(); ++d) {
    pal.step(Q(enc.max_code(stack[d] + 1, static_cast<int>(d))));
    out = pal.step(Q(enc.min_code(stack[d] + 1, static_cast<int>(d))));
    EXPECT_EQ(out, stack[d]) << "depth " << d;
  }
  // Rising to the free slot above the top level wipes it and reads the symbol left below.
  int top = static_cast<int>(stack.size()) - 1;
  out = pal.step(Q(enc.slot(top - 1)));
  EXPECT_EQ(out, enc.k - stack[static_cast<std::size_t>(top - 1)]);
  ASSERT_TRUE(enc.decode(std::vector<Q>(pal.memory().extrema().begin(), pal.memory().extrema().end() - 1)));
  EXPECT_EQ(*enc.decode(std::vector<Q>(pal.memory().extrema().begin(), pal.memory().extrema().end() - 1)),
            std::vector<int>(stack.begin(), stack.end() - 1));
}

TEST(TcRepair, DecodeRejectsMismatchedPairs) {
  NestedEncoding enc{2, 4};
  EXPECT_FALSE(enc.decode({Q(enc.max_code(1, 0)), Q(enc.min_code(2, 0))}));
  EXPECT_TRUE(enc.decode({Q(enc.max_code(2, 0)), Q(enc.min_code(2, 0))}));
}

}  // namespace
}  // namespace palcheck
