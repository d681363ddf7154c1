//===- StageScheduler.h - The stage scheduler's parts -----------*- C++ -*-===//
//
// The state of scheduleStages (Tofu/SPMD/Pipeline.h) and its helpers, shared
// by the files that implement it: ScheduleStages.cpp (what it does, the
// analysis, the driver), ScheduleZero.cpp (ZeRO's parts), ScheduleBlocks.cpp
// (the blocks, messages and accumulation), ScheduleEntry.cpp (the entry
// function) and ScheduleOrder.cpp (the schedules' orders). Private to
// lib/SPMD.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_LIB_SPMD_STAGESCHEDULER_H
#define TOFU_LIB_SPMD_STAGESCHEDULER_H

#include "Tofu/SPMD/Pipeline.h"

#include "Tofu/Dialect/Tofu/IR/Arguments.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

#include <functional>
#include <map>
#include <vector>

namespace mlir::tofu::stage_schedule {

inline constexpr StringLiteral kGridName = "tofu_grid";

enum class Phase : uint8_t { Forward, Backward, Post };

inline StringRef phaseName(Phase p) {
  return p == Phase::Forward    ? "forward"
         : p == Phase::Backward ? "backward"
                                : "post";
}

struct Place {
  int64_t stage = -1; // -1: not known yet
  Phase phase = Phase::Forward;
};

/// The ops of one (stage, direction) block, run once per microbatch.
struct BlockOps {
  SmallVector<Operation *> ops;
  /// Values from outside the block.
  SmallVector<Value> inputs;
  /// Values of the block used outside it, in program order.
  SmallVector<Value> outputs;
  /// Per output: the stages whose per-microbatch blocks read it.
  SmallVector<SmallVector<int64_t>> readers;
  /// In a backward block with recomputation: the forward ops of its stage
  /// that it runs again (listed in `ops` before their first reader).
  DenseSet<Operation *> recomputed;
};

/// Values an op reads: operands and values its regions capture.
SmallVector<Value> inputsOf(Operation *op);

/// shard.send and shard.recv take tensors of rank 1 or more: a scalar
/// travels as one element (ScheduleBlocks.cpp).
Value asRanked(OpBuilder &b, Location loc, Value v);

inline ArrayRef<int16_t> gridAxesOf(Operation *op) {
  if (op->getDialect() && isa<shard::ShardDialect>(op->getDialect()))
    if (auto axes = op->getAttrOfType<DenseI16ArrayAttr>("grid_axes"))
      return axes.asArrayRef();
  return {};
}

class StageScheduler {
public:
  StageScheduler(ModuleOp module, func::FuncOp func,
                 const StageScheduleOptions &options)
      : module(module), func(func), options(options), ctx(module.getContext()),
        body(func.getBody().front()) {}

  LogicalResult run();

private:
  // Analysis.
  LogicalResult readGrid();
  LogicalResult classifyArguments();
  LogicalResult classifyOps();
  void resolvePlaces();
  LogicalResult checkFlows();
  LogicalResult checkResults();
  void planZero();
  void planZeroOps();
  void planZeroExpand(tensor::ExpandShapeOp op);
  void planZeroEdges();
  void planZeroParameters();

  // The blocks.
  void collectBlocks();
  void addRecomputation(int64_t stage, const BlockOps &forward,
                        BlockOps &backward);
  DenseMap<Operation *, int64_t> segmentsOf(const BlockOps &forward) const;
  SmallVector<Value> emitBlock(OpBuilder &b, const BlockOps &block,
                               ArrayRef<Value> inputs, ValueRange coords,
                               Value microbatch);

  // The entry function.
  func::FuncOp buildEntry();
  void buildStageProgram(OpBuilder &b, int64_t stage, ValueRange args,
                         ValueRange coords, SmallVector<Value> &yielded);
  void runPostOps(OpBuilder &b, int64_t stage, IRMapping &map,
                  ValueRange coords, DenseMap<Operation *, Value> &acc,
                  DenseMap<std::pair<Value, int64_t>, Value> &env);

  // Helpers.
  Value materialize(OpBuilder &b, Value v, IRMapping &map, ValueRange coords,
                    Value microbatch);
  Operation *cloneOp(OpBuilder &b, Operation *op, IRMapping &map);
  Value microbatchSlice(OpBuilder &b, Value arg, unsigned index, int64_t m,
                        ValueRange coords);
  Value send(OpBuilder &b, Location loc, Value v, int64_t to);
  Value recv(OpBuilder &b, Location loc, Type type, int64_t from);
  Value combine(OpBuilder &b, Location loc, Value acc, Value v,
                shard::ReductionKind kind);
  bool isCloneable(Value v) const;
  Place placeOfValue(Value v) const;
  SmallVector<int64_t> stagesUsing(Value v, Phase phase) const;
  SmallVector<int64_t> ranksOf(ArrayRef<int64_t> chunks) const;
  std::map<int64_t, SmallVector<std::pair<Value, int64_t>>>
  messagesTo(int64_t to) const;
  LogicalResult checkSchedule();
  /// The model chunks (stages without interleaving) and the rank that
  /// runs each.
  int64_t chunks() const { return options.stages * options.virtualStages; }
  int64_t rankOf(int64_t chunk) const { return chunk % options.stages; }
  SmallVector<int64_t> newLayout(ArrayRef<int64_t> codes) const;
  std::optional<int64_t> zeroDimOf(Type type) const;
  Type resultType(unsigned i);
  Value sliceForReplica(OpBuilder &b, Location loc, Value full, int64_t dim,
                        ValueRange coords);
  Value gatherReplicas(OpBuilder &b, Location loc, Value part, int64_t dim);

  ModuleOp module;
  func::FuncOp func;
  const StageScheduleOptions &options;
  MLIRContext *ctx;
  Block &body;

  /// 1 when grid axis 0 of the input program is the microbatch level.
  unsigned mbShift = 0;
  /// 1 when the output grid has a data axis (axis 1).
  unsigned dataAxes = 0;
  /// The axis of the output grid that axis `axis` (>= mbShift) of the
  /// input program's grid becomes.
  int64_t newAxis(int64_t axis) const { return axis - mbShift + 1 + dataAxes; }
  SmallVector<int64_t> oldGrid, newGrid;
  DenseMap<unsigned, SmallVector<int64_t>> argLayout;
  llvm::SmallDenseSet<unsigned> dataArgs;
  DenseSet<Operation *> cloneable;
  DenseMap<Operation *, Place> placeOf;
  DenseMap<Operation *, unsigned> position;
  /// All-reduces over the microbatch axis: accumulations.
  SmallVector<Operation *> accumulations;
  std::map<std::pair<int64_t, Phase>, BlockOps> blocks;

  // ZeRO 1/2 (planZero). The post ops that run on each replica's part:
  // the loop of the op that the replicas split.
  DenseMap<Operation *, unsigned> zeroLoop;
  /// Post values that exist split over the replicas: the dimension split.
  DenseMap<Value, int64_t> zeroDim;
  /// Per operand of a zeroLoop op: the dimension the replica's part cuts
  /// (-1: the op reads the whole value).
  DenseMap<OpOperand *, int64_t> zeroOperandDim;
  /// Accumulations reduce-scattered over the replicas instead of
  /// all-reduced (every reader runs on a part).
  DenseSet<Operation *> scattered;
  /// Optimizer-state arguments and results each replica holds only its
  /// part of: the dimension cut.
  DenseMap<unsigned, int64_t> zeroArgDim, zeroResultDim;
  /// In the stage program being built: the replica's part of each value
  /// that has one.
  DenseMap<Value, Value> parts;
  /// In the stage program being built: the part each argument split over
  /// the replicas arrives as (ZeRO 3's parameters, ZeRO 1-3's state).
  DenseMap<Value, Value> argParts;
};

} // namespace mlir::tofu::stage_schedule

#endif // TOFU_LIB_SPMD_STAGESCHEDULER_H
