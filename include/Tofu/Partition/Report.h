//===- Report.h - Plan reports and estimates --------------------*- C++ -*-===//
#ifndef TOFU_PARTITION_REPORT_H
#define TOFU_PARTITION_REPORT_H

#include "Tofu/Partition/Machine.h"
#include "Tofu/Partition/Memory.h"
#include "Tofu/Partition/Search.h"

#include "llvm/Support/JSON.h"

namespace mlir::tofu {

struct PlanEstimates {
  /// The per-device peak from buffer liveness (estimateMemory), with its
  /// breakdown; `memory.upperBound` is the no-reuse bound.
  MemoryEstimate memory;
  /// memory.peak.
  double peakMemoryBytesPerDevice = 0;
  double computeSeconds = 0;
  SmallVector<double> commSecondsPerLevel;
  double estimatedStepSeconds = 0;
  /// One device with unlimited memory, divided by k.
  double idealStepSeconds = 0;
  /// The FLOPs one device runs, as a fraction of the whole step's (1/k when
  /// every op is split k ways; 1 when every op is replicated).
  double workPerDeviceFraction = 0;
  /// The fraction of the step's FLOPs in ops that are not split k ways
  /// (computed whole by more than one device at some level).
  double replicatedWorkFraction = 0;
  /// True when k > 1 and a device still runs over 90% of the step: the plan
  /// parallelizes (almost) nothing.
  bool noUsefulSplitting = false;
};

PlanEstimates estimatePlan(const PartitionGraph &graph, const Plan &plan,
                           const Machine &machine);

/// "split(1)" / "rep" / "partial" for tensors; "d0" / "reduce d2" /
/// "replicate" / "linear 0" (computed whole on partials of its first linear
/// operand set) for ops.
std::string tensorLayoutName(int dim);
/// Bytes in binary units as the plan table prints them ("1.50 GiB").
std::string humanBytes(double bytes);
/// Seconds as the plan tables print them ("1.234 s", "2.50 ms", "3.1 us").
std::string humanSeconds(double seconds);
std::string opStrategyName(const GraphOp &op, int loop);

llvm::json::Value planToJSON(const PartitionGraph &graph, const Plan &plan,
                             const Machine &machine,
                             const PlanEstimates &estimates);

void printPlanTable(raw_ostream &os, const PartitionGraph &graph,
                    const Plan &plan, const Machine &machine,
                    const PlanEstimates &estimates);

} // namespace mlir::tofu

#endif // TOFU_PARTITION_REPORT_H
