//===- ScheduleOrder.cpp - The pipeline schedules' orders -----------------===//
//
// Each rank's order of (direction, chunk, microbatch) under GPipe, 1F1B and
// Megatron-LM's interleaved 1F1B, and the check that a program's orders
// complete (Tofu/SPMD/Pipeline.h).
//
//===----------------------------------------------------------------------===//

#include "Tofu/SPMD/Pipeline.h"

#include <vector>

using namespace mlir;
using namespace mlir::tofu;

SmallVector<ScheduleStep> mlir::tofu::rankSchedule(StringRef schedule,
                                                   int64_t stages,
                                                   int64_t virtualStages,
                                                   int64_t microbatches,
                                                   int64_t rank) {
  SmallVector<ScheduleStep> order;
  if (schedule == "gpipe") {
    for (int64_t m = 0; m < microbatches; ++m)
      order.push_back({true, rank, m});
    for (int64_t m = 0; m < microbatches; ++m)
      order.push_back({false, rank, m});
    return order;
  }
  if (schedule != "interleaved") {
    // 1F1B (PipeDream-Flush, Megatron-LM's non-interleaved schedule).
    int64_t warmup = std::min(stages - rank - 1, microbatches);
    for (int64_t m = 0; m < warmup; ++m)
      order.push_back({true, rank, m});
    for (int64_t i = 0; i < microbatches - warmup; ++i) {
      order.push_back({true, rank, warmup + i});
      order.push_back({false, rank, i});
    }
    for (int64_t i = microbatches - warmup; i < microbatches; ++i)
      order.push_back({false, rank, i});
    return order;
  }
  // Megatron-LM's interleaved 1F1B: the k-th forward (backward) of the
  // rank's v * M runs in groups of p microbatches per chunk.
  int64_t p = stages, v = virtualStages, total = v * microbatches;
  auto step = [&](int64_t k, bool forward) {
    int64_t local = (k % (p * v)) / p;
    if (!forward)
      local = v - local - 1;
    return ScheduleStep{forward, local * p + rank, (k / (p * v)) * p + k % p};
  };
  int64_t warmup = std::min(2 * (p - rank - 1) + (v - 1) * p, total);
  for (int64_t k = 0; k < warmup; ++k)
    order.push_back(step(k, true));
  for (int64_t k = 0; k < total - warmup; ++k) {
    order.push_back(step(warmup + k, true));
    order.push_back(step(k, false));
  }
  for (int64_t k = total - warmup; k < total; ++k)
    order.push_back(step(k, false));
  return order;
}

bool mlir::tofu::schedulesComplete(ArrayRef<SmallVector<ScheduleStep>> ranks,
                                   int64_t stages, int64_t virtualStages,
                                   int64_t microbatches) {
  int64_t chunks = stages * virtualStages;
  // done[direction][chunk * M + m]
  std::vector<std::vector<bool>> done(
      2, std::vector<bool>(chunks * microbatches, false));
  auto isDone = [&](bool forward, int64_t chunk, int64_t m) {
    return done[forward][chunk * microbatches + m];
  };
  std::vector<size_t> next(ranks.size(), 0);
  bool progress = true;
  while (progress) {
    progress = false;
    for (auto [r, order] : llvm::enumerate(ranks)) {
      while (next[r] < order.size()) {
        const ScheduleStep &s = order[next[r]];
        if (s.chunk < 0 || s.chunk >= chunks || s.microbatch < 0 ||
            s.microbatch >= microbatches ||
            isDone(s.forward, s.chunk, s.microbatch))
          return false;
        bool ready = s.forward ? (s.chunk == 0 ||
                                  isDone(true, s.chunk - 1, s.microbatch))
                               : (isDone(true, s.chunk, s.microbatch) &&
                                  (s.chunk == chunks - 1 ||
                                   isDone(false, s.chunk + 1, s.microbatch)));
        if (!ready)
          break;
        done[s.forward][s.chunk * microbatches + s.microbatch] = true;
        ++next[r];
        progress = true;
      }
    }
  }
  for (const std::vector<bool> &d : done)
    if (llvm::count(d, false))
      return false;
  return true;
}
