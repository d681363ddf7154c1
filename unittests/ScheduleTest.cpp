//===- ScheduleTest.cpp - The pipeline schedules' orders ------------------===//
//
// Tests that rankSchedule gives GPipe, 1F1B and Megatron-LM's interleaved
// 1F1B orders, and that schedulesComplete accepts every one of them and
// rejects an order that waits in a cycle.
//
//===----------------------------------------------------------------------===//

#include "Tofu/SPMD/Pipeline.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tofu;

namespace {

SmallVector<ScheduleStep> steps(std::initializer_list<const char *> text) {
  // "F2.1": forward of chunk 2, microbatch 1.
  SmallVector<ScheduleStep> out;
  for (const char *t : text) {
    StringRef s(t);
    bool forward = s.consume_front("F");
    if (!forward)
      s = s.drop_front();
    auto [chunk, m] = s.split('.');
    int64_t c = 0, mb = 0;
    EXPECT_FALSE(chunk.getAsInteger(10, c));
    EXPECT_FALSE(m.getAsInteger(10, mb));
    out.push_back({forward, c, mb});
  }
  return out;
}

TEST(ScheduleTest, InterleavedIsMegatronOrder) {
  // p = 2 ranks, v = 2 chunks each (rank 0: chunks 0 and 2), M = 4.
  // Rank 0 warms up with 2 (p - 1) + (v - 1) p = 4 forwards.
  EXPECT_EQ(
      rankSchedule("interleaved", 2, 2, 4, 0),
      steps({"F0.0", "F0.1", "F2.0", "F2.1", "F0.2", "B2.0", "F0.3", "B2.1",
             "F2.2", "B0.0", "F2.3", "B0.1", "B2.2", "B2.3", "B0.2", "B0.3"}));
  EXPECT_EQ(
      rankSchedule("interleaved", 2, 2, 4, 1),
      steps({"F1.0", "F1.1", "F3.0", "B3.0", "F3.1", "B3.1", "F1.2", "B1.0",
             "F1.3", "B1.1", "F3.2", "B3.2", "F3.3", "B3.3", "B1.2", "B1.3"}));
  // M = p: rank 0's warm-up is every forward.
  EXPECT_EQ(
      rankSchedule("interleaved", 2, 2, 2, 0),
      steps({"F0.0", "F0.1", "F2.0", "F2.1", "B2.0", "B2.1", "B0.0", "B0.1"}));
}

TEST(ScheduleTest, PlainSchedulesRunTheRankAsItsChunk) {
  EXPECT_EQ(
      rankSchedule("1f1b", 3, 1, 4, 1),
      steps({"F1.0", "F1.1", "B1.0", "F1.2", "B1.1", "F1.3", "B1.2", "B1.3"}));
  EXPECT_EQ(rankSchedule("gpipe", 2, 1, 2, 1),
            steps({"F1.0", "F1.1", "B1.0", "B1.1"}));
}

TEST(ScheduleTest, EveryScheduleCompletes) {
  for (int64_t p = 1; p <= 4; ++p)
    for (int64_t m = 1; m <= 8; ++m)
      for (StringRef s : {"gpipe", "1f1b"}) {
        SmallVector<SmallVector<ScheduleStep>> ranks;
        for (int64_t r = 0; r < p; ++r)
          ranks.push_back(rankSchedule(s, p, 1, m, r));
        EXPECT_TRUE(schedulesComplete(ranks, p, 1, m))
            << s.str() << " p=" << p << " M=" << m;
      }
  for (int64_t p = 2; p <= 5; ++p)
    for (int64_t v = 2; v <= 4; ++v)
      for (int64_t m = p; m <= 4 * p; m += p) {
        SmallVector<SmallVector<ScheduleStep>> ranks;
        for (int64_t r = 0; r < p; ++r) {
          ranks.push_back(rankSchedule("interleaved", p, v, m, r));
          EXPECT_EQ(ranks.back().size(), static_cast<size_t>(2 * v * m));
        }
        EXPECT_TRUE(schedulesComplete(ranks, p, v, m))
            << "p=" << p << " v=" << v << " M=" << m;
      }
}

TEST(ScheduleTest, ACycleDoesNotComplete) {
  // Rank 0 runs the backward of chunk 0 before the forward of chunk 2 that
  // it depends on (through chunk 1 on rank 1).
  SmallVector<SmallVector<ScheduleStep>> ranks{
      steps({"F0.0", "B0.0", "F2.0", "B2.0"}),
      steps({"F1.0", "F3.0", "B3.0", "B1.0"})};
  EXPECT_FALSE(schedulesComplete(ranks, 2, 2, 1));
  // A step missing, or run twice.
  ranks[0] = steps({"F0.0", "F2.0", "B2.0"});
  EXPECT_FALSE(schedulesComplete(ranks, 2, 2, 1));
  ranks[0] = steps({"F0.0", "F2.0", "F2.0", "B2.0", "B0.0"});
  EXPECT_FALSE(schedulesComplete(ranks, 2, 2, 1));
}

} // namespace
