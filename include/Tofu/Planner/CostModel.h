//===- CostModel.h - Step-time model of devices and collectives -*- C++ -*-===//
//
// The planner's time model (formulas in docs/cost-model.md); an op's
// compute time is the machine's roofline (Machine::rooflineSeconds), and
//  - a collective over a device group is an alpha-beta model per link
//    level: the group is placed on the machine's hierarchy (members `stride`
//    apart in rank order), and an all-reduce runs as a ring at each level
//    the group spans (reduce-scatter inside, the shrunken data across,
//    all-gather back), or as one flat ring over the slowest link, whichever
//    is faster (NCCL picks between such algorithms).
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_PLANNER_COSTMODEL_H
#define TOFU_PLANNER_COSTMODEL_H

#include "Tofu/Partition/Machine.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::tofu::planner {

enum class Collective { AllReduce, AllGather, ReduceScatter, SendRecv };

/// A group of devices `stride` apart in rank order (tensor-parallel groups
/// are innermost with stride 1; data-parallel groups have the tensor degree
/// as stride; pipeline neighbours are dp * tp apart).
struct DeviceGroup {
  int64_t size = 1;
  int64_t stride = 1;
};

/// Seconds of one collective. `bytes` is the whole tensor: the all-reduce's
/// operand, the all-gather's result, the reduce-scatter's operand, or the
/// message of a send/receive. `perLevel` (optional, sized like the
/// machine's links) accumulates the seconds spent on each link level.
double collectiveSeconds(const Machine &machine, Collective kind, double bytes,
                         DeviceGroup group,
                         SmallVectorImpl<double> *perLevel = nullptr);

/// The innermost link level that connects all members of `group`.
unsigned linkLevelOf(const Machine &machine, DeviceGroup group);

} // namespace mlir::tofu::planner

#endif // TOFU_PLANNER_COSTMODEL_H
