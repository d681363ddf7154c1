//===- ScheduleStages.cpp - Pipelined programs from staged plans ----------===//
//
// Input: the SPMD program of one microbatch (grid axis 0 = the microbatch
// level when there are several microbatches, the other axes = the tensor
// partition of a stage), whose ops carry their pipeline stage. Every op
// lands in one *block*: (stage, forward | backward | post). Forward and
// backward ops run once per microbatch; post ops (the all-reduce over the
// microbatch axis, which becomes an accumulation, and what depends on it:
// the loss, the parameter updates) run once per step. Ops that depend on
// nothing per microbatch (constants, empty tensors, fills, functions of
// the parameters only) are *cloneable*: recomputed wherever they are used
// instead of sent.
//
// Output: per stage a private function that runs the stage's schedule: for
// each (direction, microbatch), receive, the block's ops for that microbatch
// (inline, so early dealloc frees its buffers after their last use), send,
// accumulate; then the post ops once. The entry switches on the stage
// coordinate, calls its stage's function, and broadcasts each result from
// the stage that owns it. With interleaved 1F1B the ops' stages are model
// chunks and each stage rank's function runs the blocks of its chunks
// (chunk k on rank k mod stages) in Megatron-LM's order. Sends do not
// block (docs/runtime.md), receives do, and a rank takes each sender's
// messages in the order that sender sent them (a value needed now takes
// the earlier ones with it), so a schedule whose ranks' orders complete
// (schedulesComplete, checked for every program) cannot deadlock.
//
//===----------------------------------------------------------------------===//

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

namespace {

constexpr StringLiteral kGridName = "tofu_grid";

enum class Phase : uint8_t { Forward, Backward, Post };

StringRef phaseName(Phase p) {
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
SmallVector<Value> inputsOf(Operation *op) {
  SmallVector<Value> values(op->getOperands());
  if (op->getNumRegions()) {
    llvm::SetVector<Value> captured;
    getUsedValuesDefinedAbove(op->getRegions(), captured);
    values.append(captured.begin(), captured.end());
  }
  return values;
}

ArrayRef<int16_t> gridAxesOf(Operation *op) {
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

//===----------------------------------------------------------------------===//
// Analysis
//===----------------------------------------------------------------------===//

LogicalResult StageScheduler::readGrid() {
  int64_t microbatches = options.microbatches * options.data;
  mbShift = microbatches > 1 ? 1 : 0;
  dataAxes = options.data > 1 ? 1 : 0;
  if (auto grid = module.lookupSymbol<shard::GridOp>(kGridName))
    oldGrid.assign(grid.getShape().begin(), grid.getShape().end());
  if (mbShift && (oldGrid.empty() || oldGrid.front() != microbatches))
    return func.emitOpError("is not the program of one microbatch: grid "
                            "axis 0 of @")
           << kGridName << " must be the " << microbatches << " microbatches";
  newGrid.push_back(options.stages);
  if (dataAxes)
    newGrid.push_back(options.data);
  newGrid.append(oldGrid.begin() + std::min<size_t>(mbShift, oldGrid.size()),
                 oldGrid.end());
  return success();
}

LogicalResult StageScheduler::classifyArguments() {
  // The stage programs keep only the layouts' codes; padded shards would
  // lose the padding's bookkeeping (tofu.global_shape), so they are refused.
  auto padded = [](LayoutAttr layout) {
    return layout && llvm::any_of(layout.getLevels(), [](const LevelLayout &l) {
             return l.isPadded();
           });
  };
  for (unsigned i = 0, e = func.getNumResults(); i < e; ++i)
    if (padded(func.getResultAttrOfType<LayoutAttr>(i, kLayoutAttrName)))
      return func.emitOpError("result ")
             << i
             << ": padded (uneven) splits cannot be pipelined; the stage "
                "programs take even splits only";
  for (BlockArgument arg : func.getArguments()) {
    unsigned i = arg.getArgNumber();
    auto layout = func.getArgAttrOfType<LayoutAttr>(i, kLayoutAttrName);
    if (padded(layout))
      return func.emitOpError("argument ")
             << i
             << ": padded (uneven) splits cannot be pipelined; the stage "
                "programs take even splits only";
    if (layout)
      argLayout[i] = layout.getCodes();
    if (!isBatchArgument(func, i))
      continue;
    // With microbatches, the data is what the microbatch level splits;
    // an input it replicates (a mask, positions) is the same for all.
    if (mbShift) {
      auto it = argLayout.find(i);
      if (it == argLayout.end() || it->second.front() < 0)
        continue;
    }
    dataArgs.insert(i);
  }
  return success();
}

bool StageScheduler::isCloneable(Value v) const {
  Operation *def = v.getDefiningOp();
  return def && cloneable.contains(def);
}

Place StageScheduler::placeOfValue(Value v) const {
  Operation *def = v.getDefiningOp();
  auto it = def ? placeOf.find(def) : placeOf.end();
  return it == placeOf.end() ? Place{} : it->second;
}

LogicalResult StageScheduler::classifyOps() {
  unsigned index = 0;
  for (Operation &op : body.without_terminator()) {
    position[&op] = index++;
    if (isa<shard::ProcessMultiIndexOp>(op))
      continue;
    bool perMicrobatch = false, post = false, readsBackward = false;
    for (Value v : inputsOf(&op)) {
      if (auto arg = dyn_cast<BlockArgument>(v)) {
        if (arg.getOwner() == &body && dataArgs.contains(arg.getArgNumber()))
          perMicrobatch = true;
        continue;
      }
      Operation *def = v.getDefiningOp();
      if (auto idx = dyn_cast<shard::ProcessMultiIndexOp>(def)) {
        if (cast<OpResult>(v).getResultNumber() < mbShift)
          perMicrobatch = true;
        continue;
      }
      if (cloneable.contains(def))
        continue;
      Phase phase = placeOf.lookup(def).phase;
      if (phase == Phase::Post)
        post = true;
      else
        perMicrobatch = true;
      readsBackward |= phase == Phase::Backward;
    }
    ArrayRef<int16_t> axes = gridAxesOf(&op);
    if (mbShift && llvm::is_contained(axes, 0)) {
      if (!isa<shard::AllReduceOp>(op) || axes.size() != 1)
        return op.emitOpError()
               << "needs the data of other microbatches (a collective over "
                  "the microbatch level of the plan): pipelining cuts the "
                  "batch into microbatches, so an op must not mix samples; "
                  "data "
                  "and tensor parallelism still work (--tofu-partition)";
      accumulations.push_back(&op);
      placeOf[&op] = Place{-1, Phase::Post};
      continue;
    }
    if (!perMicrobatch && !post) {
      cloneable.insert(&op);
      continue;
    }
    // A parameter update runs once per step, after every microbatch.
    if (op.hasAttr(kUpdateOfAttrName))
      post = true;
    // A helper the materializer added (a collective, a slice) has no tags:
    // it is in the backward when it reads a backward value (a reduce-scatter
    // of a gradient), as no forward op may.
    Place place;
    place.phase = post ? Phase::Post
                  : (readsBackward || op.hasAttr(kFwdAttrName) ||
                     op.hasAttr(kGradOfAttrName))
                      ? Phase::Backward
                      : Phase::Forward;
    if (auto strategy = op.getAttrOfType<StrategyAttr>(kStrategyAttrName))
      if (std::optional<int64_t> stage = strategy.getStage()) {
        if (*stage >= chunks())
          return op.emitOpError("is placed on stage ")
                 << *stage << " but the plan has " << chunks()
                 << (options.virtualStages > 1
                         ? " model chunks (" + std::to_string(options.stages) +
                               " stages x " +
                               std::to_string(options.virtualStages) +
                               " virtual stages)"
                         : std::string(" stages"));
        place.stage = *stage;
      }
    placeOf[&op] = place;
  }
  return success();
}

/// Ops without a stage of their own (collectives, slices and other helpers
/// the materializer adds) run where their first user runs, else where
/// their first operand was computed; an accumulation runs on the stage
/// that computes the partial values.
void StageScheduler::resolvePlaces() {
  auto resolve = [&](bool postOps) {
    for (Operation &op : llvm::reverse(body.without_terminator())) {
      auto it = placeOf.find(&op);
      if (it == placeOf.end() || it->second.stage >= 0 ||
          (it->second.phase == Phase::Post) != postOps ||
          llvm::is_contained(accumulations, &op))
        continue;
      Operation *first = nullptr;
      for (Operation *user : op.getUsers()) {
        Operation *top = body.findAncestorOpInBlock(*user);
        auto u = top ? placeOf.find(top) : placeOf.end();
        if (u == placeOf.end() || u->second.stage < 0 ||
            (u->second.phase == Phase::Post) != postOps)
          continue;
        if (!first || position[top] < position[first])
          first = top;
      }
      if (first) {
        it->second.stage = placeOf[first].stage;
        if (!postOps)
          it->second.phase = placeOf[first].phase;
        continue;
      }
      for (Value v : inputsOf(&op))
        if (Place p = placeOfValue(v); p.stage >= 0) {
          it->second.stage = p.stage;
          break;
        }
      if (it->second.stage < 0)
        it->second.stage = 0;
    }
  };
  resolve(/*postOps=*/false);
  for (Operation *acc : accumulations)
    placeOf[acc].stage =
        std::max<int64_t>(0, placeOfValue(acc->getOperand(0)).stage);
  resolve(/*postOps=*/true);
}

LogicalResult StageScheduler::checkFlows() {
  for (Operation *acc : accumulations) {
    Value v = acc->getOperand(0);
    if (isCloneable(v) || isa<BlockArgument>(v))
      return acc->emitOpError()
             << "sums over the microbatches a value that does not depend on "
                "the microbatch; it would be counted once per microbatch";
  }
  for (auto &entry : placeOf) {
    Operation *op = entry.first;
    Place to = entry.second;
    if (llvm::is_contained(accumulations, op))
      continue;
    for (Value v : inputsOf(op)) {
      if (auto arg = dyn_cast<BlockArgument>(v)) {
        if (to.phase == Phase::Post && arg.getOwner() == &body &&
            dataArgs.contains(arg.getArgNumber()))
          return op->emitOpError()
                 << "reads the batch (argument #" << arg.getArgNumber()
                 << ") and a value summed over every microbatch: it mixes "
                    "the samples of the batch (as batch normalization does) "
                    "and cannot run one microbatch at a time; data and "
                    "tensor parallelism still work (--tofu-partition)";
        continue;
      }
      Operation *def = v.getDefiningOp();
      if (to.phase == Phase::Post &&
          cast<OpResult>(v).getResultNumber() < mbShift &&
          isa<shard::ProcessMultiIndexOp>(def))
        return op->emitOpError("uses the microbatch index after the step's "
                               "microbatches are summed");
      if (isa<shard::ProcessMultiIndexOp>(def) || cloneable.contains(def))
        continue;
      Place from = placeOf.lookup(def);
      auto fail = [&](StringRef why) {
        InFlightDiagnostic d = op->emitOpError()
                               << "(" << phaseName(to.phase) << ", stage "
                               << to.stage << ") reads a value computed by the "
                               << phaseName(from.phase) << " of stage "
                               << from.stage << ": " << why;
        d.attachNote(def->getLoc()) << "the value is computed here";
        return d;
      };
      if (to.phase == Phase::Post) {
        // With one microbatch, the "sum" is the value itself.
        if (from.phase != Phase::Post && (mbShift || from.stage != to.stage))
          return fail(mbShift ? "it also reads a value summed over every "
                                "microbatch, so it mixes the samples of the "
                                "batch (as batch normalization does) and "
                                "cannot run one microbatch at a time; data "
                                "and tensor parallelism still work "
                                "(--tofu-partition)"
                              : "a gradient is used by another stage's "
                                "update");
        if (from.phase != Phase::Post)
          continue;
        if (from.stage != to.stage && !isa<RankedTensorType>(v.getType()))
          return fail("only tensors travel between stages");
        continue;
      }
      if (from.stage == to.stage) {
        if (from.phase == Phase::Backward && to.phase == Phase::Forward)
          return fail("a forward op reads a gradient");
        continue;
      }
      if (!isa<RankedTensorType>(v.getType()))
        return fail("only tensors travel between stages");
      if (from.phase == Phase::Forward && from.stage > to.stage)
        return fail("forward values must flow to later stages (the stages "
                    "are not contiguous in the forward order)");
      if (from.phase == Phase::Backward &&
          (to.phase == Phase::Forward || from.stage < to.stage))
        return fail("gradients must flow to earlier stages");
    }
  }
  return success();
}

LogicalResult StageScheduler::checkResults() {
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  for (auto [i, v] : llvm::enumerate(ret.getOperands())) {
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (dataArgs.contains(arg.getArgNumber()))
        return ret.emitOpError("returns the batch (result #")
               << i << "); a pipelined step returns parameters and reduced "
               << "values";
      continue;
    }
    if (isCloneable(v))
      continue;
    if (mbShift && placeOfValue(v).phase != Phase::Post)
      return ret.emitOpError("result #")
             << i << " is computed per microbatch; a pipelined step returns "
             << "values summed over the microbatches (the loss, updated "
             << "parameters)";
    if (!isa<RankedTensorType>(v.getType()))
      return ret.emitOpError("result #")
             << i << " is not a tensor; pipelined steps return tensors";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ZeRO 1/2
//===----------------------------------------------------------------------===//

/// The dimension a replica's 1/data part of a value of `type` cuts: the
/// first that data divides (none for scalars and for shapes it divides
/// nowhere, which stay whole on every replica).
std::optional<int64_t> StageScheduler::zeroDimOf(Type type) const {
  auto t = dyn_cast<RankedTensorType>(type);
  if (!t)
    return std::nullopt;
  for (int64_t d = 0; d < t.getRank(); ++d)
    if (!t.isDynamicDim(d) && t.getDimSize(d) % options.data == 0)
      return d;
  return std::nullopt;
}

/// The ZeRO plan of the post ops. From each accumulation (a gradient summed
/// over the microbatches) forward, in program order: a linalg op of the
/// post ops with projected-permutation maps that reads a value split over
/// the replicas runs on its part when the parts of all such operands walk
/// one parallel loop and its result walks that loop too; its other
/// operands are sliced (when they walk the loop) or read whole. Whatever
/// else reads a part gets the value all-gathered, so the plan only decides
/// where the replicas work on parts, never what is computed.
void StageScheduler::planZero() {
  if (options.zero < 1 || !dataAxes)
    return;
  planZeroOps();
  planZeroEdges();
  if (options.zero >= 3)
    planZeroParameters();
}

/// planZero's ops: which run on parts, along which loop.
void StageScheduler::planZeroOps() {
  for (Operation *a : accumulations)
    if (std::optional<int64_t> d = zeroDimOf(a->getResult(0).getType());
        d && cast<RankedTensorType>(a->getResult(0).getType()).getRank() > 0)
      zeroDim[a->getResult(0)] = *d;
  // Where `loop` appears in `map`'s results (-1: nowhere; -2: twice).
  auto positionOf = [](AffineMap map, unsigned loop) {
    int64_t at = -1;
    for (auto [i, e] : llvm::enumerate(map.getResults()))
      if (auto dim = dyn_cast<AffineDimExpr>(e);
          dim && dim.getPosition() == loop)
        at = at == -1 ? static_cast<int64_t>(i) : -2;
    return at;
  };
  // What can run on a part: a
  // post linalg op (or, `backward`, one that depends on no microbatch:
  // b1 * m is a function of the state alone) ...
  auto candidate = [&](Operation &op, bool backward) -> linalg::LinalgOp {
    auto it = placeOf.find(&op);
    bool post = it != placeOf.end() && it->second.phase == Phase::Post;
    if (!(post || (backward && cloneable.contains(&op))) ||
        llvm::is_contained(accumulations, &op) || zeroLoop.contains(&op))
      return {};
    auto linalgOp = dyn_cast<linalg::LinalgOp>(&op);
    if (!linalgOp || !linalgOp.hasPureTensorSemantics() ||
        op.getNumResults() != 1 ||
        !llvm::all_of(linalgOp.getIndexingMapsArray(),
                      [](AffineMap m) { return m.isProjectedPermutation(); }))
      return {};
    return linalgOp;
  };
  // The parallel loop that dimension `dim` of `map`'s results walks.
  auto loopAt = [](linalg::LinalgOp op, AffineMap map,
                   int64_t dim) -> std::optional<unsigned> {
    auto e = dyn_cast<AffineDimExpr>(map.getResult(dim));
    if (!e || op.getIteratorTypesArray()[e.getPosition()] !=
                  utils::IteratorType::parallel)
      return std::nullopt;
    return e.getPosition();
  };
  // Runs `op` on the parts along `loop` where every operand walks it once
  // or not at all, the result walks it, and a value read twice is read the
  // same way.
  auto split = [&](linalg::LinalgOp linalgOp, unsigned loop) {
    Operation *op = linalgOp.getOperation();
    DenseMap<Value, int64_t> need;
    SmallVector<int64_t> dims;
    for (OpOperand &operand : op->getOpOperands()) {
      int64_t at = positionOf(linalgOp.getMatchingIndexingMap(&operand), loop);
      auto [entry, inserted] = need.try_emplace(operand.get(), at);
      if (at == -2 || (!inserted && entry->second != at))
        return;
      dims.push_back(at);
    }
    int64_t resultDim = positionOf(
        linalgOp.getIndexingMapMatchingResult(op->getResult(0)), loop);
    if (resultDim < 0)
      return;
    zeroLoop[op] = loop;
    zeroDim[op->getResult(0)] = resultDim;
    for (auto [operand, d] : llvm::zip(op->getOpOperands(), dims))
      zeroOperandDim[&operand] = d;
  };
  // Forward from the gradients: the parts of all operands that have one
  // walk one loop.
  for (Operation &op : body.without_terminator()) {
    if (auto expand = dyn_cast<tensor::ExpandShapeOp>(op)) {
      planZeroExpand(expand);
      continue;
    }
    linalg::LinalgOp linalgOp = candidate(op, /*backward=*/false);
    if (!linalgOp)
      continue;
    std::optional<unsigned> loop;
    bool agree = true;
    for (OpOperand &operand : op.getOpOperands()) {
      auto d = zeroDim.find(operand.get());
      if (d == zeroDim.end())
        continue;
      std::optional<unsigned> l = loopAt(
          linalgOp, linalgOp.getMatchingIndexingMap(&operand), d->second);
      agree &= l && (!loop || *loop == *l);
      loop = l;
    }
    if (agree && loop)
      split(linalgOp, *loop);
  }
  // Backward: an op whose every reader takes its part along one dimension
  // (b1 * m before the gradient joins it) runs on that part too.
  for (Operation &op : llvm::reverse(body.without_terminator())) {
    linalg::LinalgOp linalgOp = candidate(op, /*backward=*/true);
    Value r = linalgOp ? op.getResult(0) : Value();
    if (!r || r.use_empty())
      continue;
    auto first = zeroOperandDim.find(&*r.getUses().begin());
    int64_t dim = first == zeroOperandDim.end() ? -1 : first->second;
    if (dim < 0 || !llvm::all_of(
                       r.getUses(),
                       [&](OpOperand &use) {
                         auto d = zeroOperandDim.find(&use);
                         // A cloneable op runs on each stage that reads it.
                         return d != zeroOperandDim.end() && d->second == dim &&
                                (cloneable.contains(&op) ||
                                 placeOf.lookup(use.getOwner()).stage ==
                                     placeOf.lookup(&op).stage);
                       }))
      continue;
    if (std::optional<unsigned> loop = loopAt(
            linalgOp, linalgOp.getIndexingMapMatchingResult(cast<OpResult>(r)),
            dim))
      split(linalgOp, *loop);
  }
}

/// A reshape that only adds unit dimensions around a part's dimension (JAX
/// sums a bias gradient as 4 -> 1x4 -> 4) keeps the part.
void StageScheduler::planZeroExpand(tensor::ExpandShapeOp op) {
  auto it = placeOf.find(op);
  auto d = zeroDim.find(op.getSrc());
  if (it == placeOf.end() || it->second.phase != Phase::Post ||
      d == zeroDim.end())
    return;
  RankedTensorType to = op.getResultType();
  int64_t from = 0;
  for (ReassociationIndices group : op.getReassociationIndices()) {
    if (from++ != d->second)
      continue;
    int64_t at = -1;
    for (int64_t i : group)
      if (to.getDimSize(i) != 1)
        at = at == -1 ? i : -2;
    if (at < 0)
      return;
    zeroLoop[op] = 0;
    zeroDim[op.getResult()] = at;
    zeroOperandDim[&op.getSrcMutable()] = d->second;
    return;
  }
}

/// planZero's edges: the gradients reduce-scattered, the state arguments
/// and results that stay split.
void StageScheduler::planZeroEdges() {
  // What reads only parts on the same stage needs no whole value: a
  // gradient is reduce-scattered, a state argument arrives as the part.
  auto onlyParts = [&](Value v, int64_t dim, int64_t stage) {
    return !v.use_empty() && llvm::all_of(v.getUses(), [&](OpOperand &use) {
      auto d = zeroOperandDim.find(&use);
      return d != zeroOperandDim.end() && d->second == dim &&
             placeOf.lookup(use.getOwner()).stage == stage;
    });
  };
  for (Operation *a : accumulations)
    if (auto d = zeroDim.find(a->getResult(0));
        d != zeroDim.end() &&
        onlyParts(a->getResult(0), d->second, placeOf.lookup(a).stage))
      scattered.insert(a);
  // A whole-array argument or result whose part's dimension another level
  // of its layout also cuts would not be the part the runner hands out.
  auto cutElsewhere = [&](ArrayRef<int64_t> codes, int64_t dim) {
    return llvm::is_contained(codes, dim);
  };
  for (BlockArgument arg : func.getArguments()) {
    unsigned i = arg.getArgNumber();
    if (!func.getArgAttr(i, kStateAttrName) || arg.use_empty())
      continue;
    OpOperand &first = *arg.getUses().begin();
    auto d = zeroOperandDim.find(&first);
    if (d == zeroOperandDim.end() || d->second < 0 ||
        cutElsewhere(argLayout.lookup(i), d->second) ||
        !onlyParts(arg, d->second, placeOf.lookup(first.getOwner()).stage))
      continue;
    zeroArgDim[i] = d->second;
  }
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  for (auto [i, v] : llvm::enumerate(ret.getOperands())) {
    Operation *def = v.getDefiningOp();
    auto d = zeroDim.find(v);
    if (!def || !zeroLoop.contains(def) || d == zeroDim.end())
      continue;
    // Only optimizer state stays split; parameters are gathered (ZeRO 1/2
    // keep them whole on every replica).
    auto of = def->getAttrOfType<StringAttr>(kUpdateOfAttrName);
    StringRef name = of ? of.getValue() : StringRef();
    unsigned n = 0;
    if (!name.consume_front("arg") || name.getAsInteger(10, n) ||
        n >= func.getNumArguments() || !func.getArgAttr(n, kStateAttrName))
      continue;
    SmallVector<int64_t> codes;
    if (auto l = func.getResultAttrOfType<LayoutAttr>(i, kLayoutAttrName))
      codes = l.getCodes();
    if (!cutElsewhere(codes, d->second))
      zeroResultDim[i] = d->second;
  }
}

/// ZeRO 3: a parameter whose update runs on the replicas' parts is held
/// as a part too, argument and result. Its per-microbatch readers (the
/// forward and backward blocks, and what they clone from it) get it
/// all-gathered at their first use (materialize), its post readers must
/// all take the part the update takes. A parameter that does not fit stays
/// whole, as with ZeRO 1/2.
void StageScheduler::planZeroParameters() {
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  for (auto [i, v] : llvm::enumerate(ret.getOperands())) {
    Operation *def = v.getDefiningOp();
    auto d = zeroDim.find(v);
    auto of =
        def ? def->getAttrOfType<StringAttr>(kUpdateOfAttrName) : StringAttr();
    if (!of || !zeroLoop.contains(def) || d == zeroDim.end())
      continue;
    StringRef name = of.getValue();
    unsigned n = 0;
    if (!name.consume_front("arg") || name.getAsInteger(10, n) ||
        n >= func.getNumArguments() || func.getArgAttr(n, kStateAttrName) ||
        dataArgs.contains(n) || zeroArgDim.contains(n))
      continue;
    BlockArgument arg = func.getArgument(n);
    int64_t dim = d->second, stage = placeOf.lookup(def).stage;
    SmallVector<int64_t> codes;
    if (auto l = func.getResultAttrOfType<LayoutAttr>(i, kLayoutAttrName))
      codes = l.getCodes();
    if (arg.getType() != v.getType() || llvm::is_contained(codes, dim) ||
        llvm::is_contained(argLayout.lookup(n), dim) ||
        llvm::is_contained(ret.getOperands(), Value(arg)))
      continue;
    bool fits = llvm::all_of(arg.getUses(), [&](OpOperand &use) {
      Operation *top = body.findAncestorOpInBlock(*use.getOwner());
      auto it = top ? placeOf.find(top) : placeOf.end();
      if (it == placeOf.end() || it->second.phase != Phase::Post)
        return true; // per microbatch or cloned: gathered where read
      auto od = zeroOperandDim.find(&use);
      return od != zeroOperandDim.end() && od->second == dim &&
             it->second.stage == stage;
    });
    if (!fits)
      continue;
    zeroArgDim[n] = dim;
    zeroResultDim[i] = dim;
  }
}

Type StageScheduler::resultType(unsigned i) {
  Type type = func.getFunctionType().getResult(i);
  auto it = zeroResultDim.find(i);
  if (it == zeroResultDim.end())
    return type;
  auto t = cast<RankedTensorType>(type);
  SmallVector<int64_t> shape(t.getShape());
  shape[it->second] /= options.data;
  return t.clone(shape);
}

/// This replica's 1/data of `full` along `dim`.
Value StageScheduler::sliceForReplica(OpBuilder &b, Location loc, Value full,
                                      int64_t dim, ValueRange coords) {
  auto t = cast<RankedTensorType>(full.getType());
  int64_t size = t.getDimSize(dim) / options.data;
  SmallVector<OpFoldResult> offsets(t.getRank(), b.getIndexAttr(0)), sizes,
      strides(t.getRank(), b.getIndexAttr(1));
  for (int64_t s : t.getShape())
    sizes.push_back(b.getIndexAttr(s));
  sizes[dim] = b.getIndexAttr(size);
  offsets[dim] =
      arith::MulIOp::create(b, loc, coords[1],
                            arith::ConstantIndexOp::create(b, loc, size))
          .getResult();
  return tensor::ExtractSliceOp::create(b, loc, full, offsets, sizes, strides);
}

Value StageScheduler::gatherReplicas(OpBuilder &b, Location loc, Value part,
                                     int64_t dim) {
  auto t = cast<RankedTensorType>(part.getType());
  SmallVector<int64_t> shape(t.getShape());
  shape[dim] *= options.data;
  return shard::AllGatherOp::create(
      b, loc, t.clone(shape), FlatSymbolRefAttr::get(ctx, kGridName),
      DenseI16ArrayAttr::get(ctx, {1}), part, b.getIndexAttr(dim));
}

//===----------------------------------------------------------------------===//
// Blocks
//===----------------------------------------------------------------------===//

/// The stages other than `stage` whose `phase` ops... read `v`; for
/// per-microbatch values any per-microbatch phase, for post values post.
SmallVector<int64_t> StageScheduler::stagesUsing(Value v, Phase phase) const {
  SmallVector<int64_t> stages;
  for (Operation *user : v.getUsers()) {
    Operation *top = body.findAncestorOpInBlock(*user);
    auto it = top ? placeOf.find(top) : placeOf.end();
    if (it == placeOf.end())
      continue;
    bool post = it->second.phase == Phase::Post;
    if ((phase == Phase::Post) != post)
      continue;
    if (!llvm::is_contained(stages, it->second.stage))
      stages.push_back(it->second.stage);
  }
  llvm::sort(stages);
  return stages;
}

/// The ranks that run `chunks`, each once, in order.
SmallVector<int64_t> StageScheduler::ranksOf(ArrayRef<int64_t> chunks) const {
  SmallVector<int64_t> ranks;
  for (int64_t c : chunks)
    ranks.push_back(rankOf(c));
  llvm::sort(ranks);
  ranks.erase(llvm::unique(ranks), ranks.end());
  return ranks;
}

/// Per other rank: the per-microbatch values it sends rank `to`, with their
/// microbatch, in the order it sends them (its schedule; in each block, the
/// block's outputs in program order).
std::map<int64_t, SmallVector<std::pair<Value, int64_t>>>
StageScheduler::messagesTo(int64_t to) const {
  std::map<int64_t, SmallVector<std::pair<Value, int64_t>>> streams;
  for (int64_t from = 0; from < options.stages; ++from) {
    if (from == to)
      continue;
    for (ScheduleStep step :
         rankSchedule(options.schedule, options.stages, options.virtualStages,
                      options.microbatches, from)) {
      auto it = blocks.find(
          {step.chunk, step.forward ? Phase::Forward : Phase::Backward});
      if (it == blocks.end())
        continue;
      for (auto [v, readers] :
           llvm::zip(it->second.outputs, it->second.readers))
        if (llvm::is_contained(ranksOf(readers), to))
          streams[from].push_back({v, step.microbatch});
    }
  }
  return streams;
}

void StageScheduler::collectBlocks() {
  for (Operation &op : body.without_terminator()) {
    auto it = placeOf.find(&op);
    if (it == placeOf.end() || it->second.phase == Phase::Post)
      continue;
    blocks[{it->second.stage, it->second.phase}].ops.push_back(&op);
  }
  if (options.recompute)
    for (auto &[key, block] : blocks)
      if (key.second == Phase::Backward)
        if (auto fwd = blocks.find({key.first, Phase::Forward});
            fwd != blocks.end())
          addRecomputation(key.first, fwd->second, block);
  // Per value: the blocks that read it from outside.
  DenseMap<Value, SmallVector<const BlockOps *>> readBy;
  for (auto &[key, block] : blocks) {
    DenseSet<Operation *> inBlock(block.ops.begin(), block.ops.end());
    llvm::SetVector<Value> inputs;
    DenseSet<Operation *> visited;
    // The arguments a cloned op reads are inputs too.
    std::function<void(Value)> addInput = [&](Value v) {
      Operation *def = v.getDefiningOp();
      if (def && cloneable.contains(def)) {
        if (visited.insert(def).second)
          for (Value in : inputsOf(def))
            addInput(in);
        return;
      }
      if (def &&
          (inBlock.contains(def) || isa<shard::ProcessMultiIndexOp>(def)))
        return;
      inputs.insert(v);
    };
    for (Operation *op : block.ops)
      for (Value v : inputsOf(op))
        addInput(v);
    block.inputs.assign(inputs.begin(), inputs.end());
    for (Value v : block.inputs)
      readBy[v].push_back(&block);
  }
  // A block's outputs: the values of its own ops (not those it recomputes)
  // that the return, the post ops or another block read. A saved
  // activation the backward recomputes is none of these: it dies in the
  // forward block.
  auto ret = body.getTerminator();
  for (auto &entry : blocks) {
    BlockOps &block = entry.second;
    for (Operation *op : block.ops) {
      if (block.recomputed.contains(op))
        continue;
      for (Value r : op->getResults()) {
        bool readOutside = llvm::any_of(r.getUsers(), [&](Operation *user) {
          Operation *top = body.findAncestorOpInBlock(*user);
          if (top == ret)
            return true;
          auto it = top ? placeOf.find(top) : placeOf.end();
          return it != placeOf.end() && it->second.phase == Phase::Post;
        });
        auto by = readBy.find(r);
        if (readOutside || (by != readBy.end() &&
                            llvm::any_of(by->second, [&](const BlockOps *b) {
                              return b != &block;
                            })))
          block.outputs.push_back(r);
      }
    }
    for (Value v : block.outputs)
      block.readers.push_back(stagesUsing(v, Phase::Forward));
  }
}

/// The segment of each op of a forward block: its tofu.name's, else its
/// first reader's in the block, else its first operand's; -1 when none is
/// known (or the name is in several segments).
DenseMap<Operation *, int64_t>
StageScheduler::segmentsOf(const BlockOps &forward) const {
  DenseMap<Operation *, int64_t> segment;
  DenseSet<Operation *> inBlock(forward.ops.begin(), forward.ops.end());
  for (Operation *op : forward.ops)
    if (auto name = op->getAttrOfType<StringAttr>(kNameAttrName))
      if (auto it = options.segmentOfName.find(name.getValue());
          it != options.segmentOfName.end())
        segment[op] = it->second;
  for (Operation *op : llvm::reverse(forward.ops)) {
    if (segment.contains(op))
      continue;
    Operation *first = nullptr;
    for (Operation *user : op->getUsers()) {
      Operation *top = body.findAncestorOpInBlock(*user);
      if (top && inBlock.contains(top) && segment.contains(top) &&
          (!first || position.lookup(top) < position.lookup(first)))
        first = top;
    }
    if (first)
      segment[op] = segment.lookup(first);
  }
  for (Operation *op : forward.ops) {
    if (segment.contains(op))
      continue;
    int64_t s = -1;
    for (Value v : inputsOf(op))
      if (Operation *def = v.getDefiningOp();
          def && inBlock.contains(def) && segment.contains(def)) {
        s = segment.lookup(def);
        break;
      }
    segment[op] = s;
  }
  return segment;
}

/// Recomputation: the backward block of `stage` runs again the forward ops
/// that compute the saved activations it reads, from the values the
/// forward keeps (StageScheduleOptions::recompute): those read by a forward
/// op of another segment, by another stage, by the post ops or the return,
/// and the results of ops with side effects. Each recomputed op goes right
/// before the first backward op that needs it.
void StageScheduler::addRecomputation(int64_t stage, const BlockOps &forward,
                                      BlockOps &backward) {
  DenseSet<Operation *> inForward(forward.ops.begin(), forward.ops.end());
  DenseMap<Operation *, int64_t> segment = segmentsOf(forward);
  Operation *ret = body.getTerminator();
  DenseMap<Value, bool> keptCache;
  auto kept = [&](Value v) {
    Operation *def = v.getDefiningOp();
    if (!def || !inForward.contains(def) || !isMemoryEffectFree(def))
      return true;
    auto [it, inserted] = keptCache.try_emplace(v, false);
    if (!inserted)
      return it->second;
    int64_t own = segment.lookup(def);
    it->second = llvm::any_of(v.getUsers(), [&](Operation *user) {
      Operation *top = body.findAncestorOpInBlock(*user);
      if (top == ret)
        return true;
      auto place = top ? placeOf.find(top) : placeOf.end();
      if (place == placeOf.end())
        return false;
      if (place->second.phase == Phase::Post || place->second.stage != stage)
        return true;
      if (!inForward.contains(top))
        return false;
      int64_t other = segment.lookup(top);
      return own < 0 || other < 0 || other != own;
    });
    return it->second;
  };
  SmallVector<Operation *> ops;
  std::function<void(Operation *)> recompute = [&](Operation *op) {
    if (!backward.recomputed.insert(op).second)
      return;
    for (Value v : inputsOf(op))
      if (!kept(v))
        recompute(v.getDefiningOp());
    ops.push_back(op);
  };
  for (Operation *op : backward.ops) {
    for (Value v : inputsOf(op))
      if (!kept(v))
        recompute(v.getDefiningOp());
    ops.push_back(op);
  }
  backward.ops = std::move(ops);
}

Operation *StageScheduler::cloneOp(OpBuilder &b, Operation *op,
                                   IRMapping &map) {
  Operation *copy = b.clone(*op, map);
  copy->walk([&](Operation *o) {
    ArrayRef<int16_t> axes = gridAxesOf(o);
    if (!axes.empty()) {
      SmallVector<int16_t> moved;
      for (int16_t a : axes)
        moved.push_back(newAxis(a));
      o->setAttr("grid_axes", DenseI16ArrayAttr::get(ctx, moved));
    }
    o->removeAttr(kStrategyAttrName);
    o->removeAttr(kLayoutsAttrName);
  });
  return copy;
}

/// `v` in the code being built: mapped already, or a cloneable op cloned
/// here, or a grid coordinate (the microbatch's for axis 0).
Value StageScheduler::materialize(OpBuilder &b, Value v, IRMapping &map,
                                  ValueRange coords, Value microbatch) {
  if (Value mapped = map.lookupOrNull(v))
    return mapped;
  Operation *def = v.getDefiningOp();
  if (!def) {
    // An argument held as the replicas' parts, read whole here: gathered
    // right before this first use in the block (or the post ops) being
    // built, so the whole copy lives only as long as the block uses it.
    if (Value part = argParts.lookup(v)) {
      Value all = gatherReplicas(
          b, v.getLoc(), part,
          zeroArgDim.lookup(cast<BlockArgument>(v).getArgNumber()));
      map.map(v, all);
      return all;
    }
    return v;
  }
  if (isa<shard::ProcessMultiIndexOp>(def)) {
    unsigned i = cast<OpResult>(v).getResultNumber();
    Value c = i < mbShift ? microbatch : coords[newAxis(i)];
    map.map(v, c);
    return c;
  }
  if (!cloneable.contains(def))
    return v;
  for (Value in : inputsOf(def))
    materialize(b, in, map, coords, microbatch);
  cloneOp(b, def, map);
  return map.lookup(v);
}

/// The ops of `block` for one microbatch, at `b`, reading `inputs` (one per
/// block input); returns the block's outputs. Emitted inline (not as a
/// called function) so that --tofu-early-dealloc frees each microbatch's
/// buffers after their last use instead of at the end of the step.
SmallVector<Value> StageScheduler::emitBlock(OpBuilder &b,
                                             const BlockOps &block,
                                             ArrayRef<Value> inputs,
                                             ValueRange coords,
                                             Value microbatch) {
  IRMapping map;
  for (auto [v, now] : llvm::zip(block.inputs, inputs))
    if (!argParts.contains(v)) // gathered at its first use (materialize)
      map.map(v, now);
  for (Operation *op : block.ops) {
    for (Value in : inputsOf(op))
      materialize(b, in, map, coords, microbatch);
    cloneOp(b, op, map);
  }
  SmallVector<Value> results;
  for (Value v : block.outputs)
    results.push_back(map.lookup(v));
  return results;
}

//===----------------------------------------------------------------------===//
// Messages and accumulation
//===----------------------------------------------------------------------===//

/// shard.send and shard.recv take tensors of rank 1 or more: a scalar
/// travels as one element.
Value asRanked(OpBuilder &b, Location loc, Value v) {
  auto type = cast<RankedTensorType>(v.getType());
  if (type.getRank() > 0)
    return v;
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get({1}, type.getElementType()), v,
      ArrayRef<ReassociationIndices>{});
}

Value StageScheduler::send(OpBuilder &b, Location loc, Value v, int64_t to) {
  Value t = asRanked(b, loc, v);
  return shard::SendOp::create(b, loc, t.getType(), kGridName,
                               ArrayRef<int16_t>{0}, t, ArrayRef<int64_t>{to},
                               ValueRange{});
}

Value StageScheduler::recv(OpBuilder &b, Location loc, Type type,
                           int64_t from) {
  auto t = cast<RankedTensorType>(type);
  auto carried =
      t.getRank() > 0 ? t : RankedTensorType::get({1}, t.getElementType());
  Value buffer = tensor::EmptyOp::create(b, loc, carried.getShape(),
                                         carried.getElementType());
  Value got = shard::RecvOp::create(
      b, loc, carried, kGridName, ArrayRef<int16_t>{0}, buffer,
      b.getDenseI64ArrayAttr({from}), ValueRange{});
  if (t.getRank() > 0)
    return got;
  return tensor::CollapseShapeOp::create(b, loc, t, got,
                                         ArrayRef<ReassociationIndices>{});
}

Value StageScheduler::combine(OpBuilder &b, Location loc, Value acc, Value v,
                              shard::ReductionKind kind) {
  // The sum is written into the accumulator (its `outs`): bufferized in
  // place, one buffer per accumulated value, and elementwise fusion cannot
  // merge the chain over the microbatches into one op that keeps every
  // microbatch's partial value alive until the end.
  auto type = cast<RankedTensorType>(acc.getType());
  AffineMap id = b.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  bool isFloat = isa<FloatType>(type.getElementType());
  auto op = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{v}, ValueRange{acc},
      SmallVector<AffineMap>(2, id), iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value x = args[1], y = args[0], r;
        switch (kind) {
        case shard::ReductionKind::Max:
          r = isFloat ? arith::MaximumFOp::create(nb, nloc, x, y).getResult()
                      : arith::MaxSIOp::create(nb, nloc, x, y).getResult();
          break;
        case shard::ReductionKind::Min:
          r = isFloat ? arith::MinimumFOp::create(nb, nloc, x, y).getResult()
                      : arith::MinSIOp::create(nb, nloc, x, y).getResult();
          break;
        case shard::ReductionKind::Product:
          r = isFloat ? arith::MulFOp::create(nb, nloc, x, y).getResult()
                      : arith::MulIOp::create(nb, nloc, x, y).getResult();
          break;
        default:
          r = isFloat ? arith::AddFOp::create(nb, nloc, x, y).getResult()
                      : arith::AddIOp::create(nb, nloc, x, y).getResult();
        }
        linalg::YieldOp::create(nb, nloc, r);
      });
  return op.getResult(0);
}

/// Microbatch `m` of data argument `index` on this rank: the block of the
/// whole argument that rank (m, c_1, ..., c_L) holds in the program of one
/// microbatch (dimension by dimension, block c_0 of the whole, then block
/// c_1 of that, ...). With data-parallel replicas `arg` is the replica's
/// part of the batch, microbatches r * M to r * M + M - 1 of the whole, so
/// its microbatch `m` starts at m blocks.
Value StageScheduler::microbatchSlice(OpBuilder &b, Value arg, unsigned index,
                                      int64_t m, ValueRange coords) {
  Location loc = arg.getLoc();
  auto local = cast<RankedTensorType>(func.getArgument(index).getType());
  auto global = cast<RankedTensorType>(options.globalArgTypes[index]);
  SmallVector<int64_t> codes = argLayout.lookup(index);
  SmallVector<OpFoldResult> offsets, sizes, strides;
  for (int64_t d = 0; d < global.getRank(); ++d) {
    int64_t block = global.getDimSize(d), constant = 0;
    Value dynamic;
    for (auto [level, code] : llvm::enumerate(codes)) {
      if (code != d)
        continue;
      block /= oldGrid[level];
      if (level < mbShift) {
        constant += m * block;
        continue;
      }
      Value c = coords[newAxis(level)];
      Value part = arith::MulIOp::create(
          b, loc, c, arith::ConstantIndexOp::create(b, loc, block));
      dynamic = dynamic ? arith::AddIOp::create(b, loc, dynamic, part) : part;
    }
    if (dynamic && constant)
      dynamic = arith::AddIOp::create(
          b, loc, dynamic, arith::ConstantIndexOp::create(b, loc, constant));
    offsets.push_back(dynamic ? OpFoldResult(dynamic)
                              : OpFoldResult(b.getIndexAttr(constant)));
    sizes.push_back(b.getIndexAttr(local.getDimSize(d)));
    strides.push_back(b.getIndexAttr(1));
  }
  return tensor::ExtractSliceOp::create(b, loc, local, arg, offsets, sizes,
                                        strides);
}

//===----------------------------------------------------------------------===//
// The entry function
//===----------------------------------------------------------------------===//

SmallVector<int64_t> StageScheduler::newLayout(ArrayRef<int64_t> codes) const {
  SmallVector<int64_t> layout(1 + dataAxes, LevelLayout::kReplicatedCode);
  for (unsigned level = mbShift; level < oldGrid.size(); ++level)
    layout.push_back(level < codes.size() ? codes[level]
                                          : LevelLayout::kReplicatedCode);
  return layout;
}

void StageScheduler::buildStageProgram(OpBuilder &b, int64_t stage,
                                       ValueRange args, ValueRange coords,
                                       SmallVector<Value> &yielded) {
  Location loc = func.getLoc();
  // Per microbatch: the values this stage computed or received.
  DenseMap<std::pair<Value, int64_t>, Value> env;
  DenseMap<Operation *, Value> acc;
  std::map<std::pair<unsigned, int64_t>, Value> slices;
  argParts.clear();
  for (auto [old, now] : llvm::zip(func.getArguments(), args))
    if (zeroArgDim.contains(old.getArgNumber()))
      argParts[old] = now;

  // Messages into each of this rank's (chunk, direction) slots: the values
  // of other ranks' forward (backward) blocks that the chunk reads, in
  // program order. They are received from each sender's stream (the order
  // it sent them: a receive takes the oldest message), so a value needed
  // now may take earlier messages with it; those were sent before it, so
  // taking them never waits longer than the value itself would.
  auto incoming = [&](int64_t chunk, Phase phase) {
    SmallVector<std::pair<Value, int64_t>> in;
    for (auto &[key, block] : blocks) {
      if (rankOf(key.first) == stage || key.second != phase)
        continue;
      for (auto [v, readers] : llvm::zip(block.outputs, block.readers))
        if (llvm::is_contained(readers, chunk))
          in.push_back({v, rankOf(key.first)});
    }
    llvm::sort(in, [&](auto &x, auto &y) {
      return std::make_pair(position.lookup(x.first.getDefiningOp()),
                            cast<OpResult>(x.first).getResultNumber()) <
             std::make_pair(position.lookup(y.first.getDefiningOp()),
                            cast<OpResult>(y.first).getResultNumber());
    });
    return in;
  };
  std::map<int64_t, SmallVector<std::pair<Value, int64_t>>> streams =
      messagesTo(stage);
  std::map<int64_t, unsigned> next;
  auto receiveUpTo = [&](Value v, int64_t m, int64_t from) {
    SmallVector<std::pair<Value, int64_t>> &stream = streams[from];
    while (!env.contains({v, m}) && next[from] < stream.size()) {
      auto [w, mw] = stream[next[from]++];
      env[{w, mw}] = recv(b, loc, w.getType(), from);
    }
  };

  for (ScheduleStep step :
       rankSchedule(options.schedule, options.stages, options.virtualStages,
                    options.microbatches, stage)) {
    int64_t m = step.microbatch, chunk = step.chunk;
    Phase phase = step.forward ? Phase::Forward : Phase::Backward;
    for (auto [v, from] : incoming(chunk, phase))
      receiveUpTo(v, m, from);
    auto it = blocks.find({chunk, phase});
    if (it == blocks.end())
      continue;
    BlockOps &block = it->second;
    // The microbatch's index among all d * M: r * M + m on replica r.
    Value index = arith::ConstantIndexOp::create(b, loc, m);
    if (dataAxes)
      index = arith::AddIOp::create(
          b, loc,
          arith::MulIOp::create(
              b, loc, coords[1],
              arith::ConstantIndexOp::create(b, loc, options.microbatches)),
          index);
    SmallVector<Value> operands{index};
    for (Value v : block.inputs) {
      auto arg = dyn_cast<BlockArgument>(v);
      if (arg && dataArgs.contains(arg.getArgNumber())) {
        Value &slice = slices[{arg.getArgNumber(), m}];
        if (!slice)
          slice = microbatchSlice(b, args[arg.getArgNumber()],
                                  arg.getArgNumber(), m, coords);
        operands.push_back(slice);
      } else if (arg) {
        operands.push_back(args[arg.getArgNumber()]);
      } else {
        operands.push_back(env.lookup({v, m}));
      }
    }
    SmallVector<Value> outputs =
        emitBlock(b, block, ArrayRef<Value>(operands).drop_front(), coords,
                  operands.front());
    for (auto [v, r] : llvm::zip(block.outputs, outputs))
      env[{v, m}] = r;
    for (auto [v, readers] : llvm::zip(block.outputs, block.readers))
      for (int64_t to : ranksOf(readers))
        if (to != stage)
          send(b, loc, env[{v, m}], to);
    for (Operation *a : accumulations) {
      Value v = a->getOperand(0);
      if (placeOf[a].stage != chunk || !llvm::is_contained(block.outputs, v))
        continue;
      auto kind = cast<shard::AllReduceOp>(a).getReduction();
      Value &sum = acc[a];
      sum = sum ? combine(b, loc, sum, env[{v, m}], kind) : env[{v, m}];
    }
  }

  IRMapping map;
  parts.clear();
  for (auto [old, now] : llvm::zip(func.getArguments(), args)) {
    // A state argument the replicas split arrives as this replica's part.
    if (zeroArgDim.contains(old.getArgNumber()))
      parts[old] = now;
    else
      map.map(old, now);
  }
  runPostOps(b, stage, map, coords, acc, env);
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  for (auto [i, v] : llvm::enumerate(ret.getOperands())) {
    if (isa<BlockArgument>(v) || isCloneable(v))
      continue;
    auto type = cast<RankedTensorType>(resultType(i));
    Place p = placeOfValue(v);
    if (rankOf(p.stage) != stage)
      yielded.push_back(tensor::EmptyOp::create(b, loc, type.getShape(),
                                                type.getElementType()));
    else if (zeroResultDim.contains(i))
      yielded.push_back(parts.lookup(v));
    else // A post value, or with one microbatch, that microbatch's.
      yielded.push_back(p.phase == Phase::Post ? map.lookup(v)
                                               : env.lookup({v, 0}));
  }
}

/// The ops after the sum over the microbatches, once per step, in program
/// order. A value another stage computed arrives in the order that stage
/// sent its values to this one: waiting for one takes the ones before it.
void StageScheduler::runPostOps(
    OpBuilder &b, int64_t stage, IRMapping &map, ValueRange coords,
    DenseMap<Operation *, Value> &acc,
    DenseMap<std::pair<Value, int64_t>, Value> &env) {
  Location loc = func.getLoc();
  std::map<int64_t, SmallVector<Value>> streams;
  std::map<int64_t, unsigned> next;
  for (Operation &op : body.without_terminator()) {
    auto it = placeOf.find(&op);
    if (it == placeOf.end() || it->second.phase != Phase::Post ||
        rankOf(it->second.stage) == stage)
      continue;
    for (Value r : op.getResults())
      if (llvm::is_contained(ranksOf(stagesUsing(r, Phase::Post)), stage))
        streams[rankOf(it->second.stage)].push_back(r);
  }
  auto receiveUpTo = [&](Value v, int64_t from) {
    SmallVector<Value> &stream = streams[from];
    while (!map.contains(v) && next[from] < stream.size()) {
      Value w = stream[next[from]++];
      map.map(w, recv(b, loc, w.getType(), from));
    }
  };
  // The whole value of `in`: computed, received, the only microbatch's, or
  // gathered from the replicas' parts.
  auto whole = [&](Value in) -> Value {
    if (Value mapped = map.lookupOrNull(in))
      return mapped;
    if (Value part = parts.lookup(in)) {
      auto arg = dyn_cast<BlockArgument>(in);
      Value all = gatherReplicas(b, loc, part,
                                 arg ? zeroArgDim.lookup(arg.getArgNumber())
                                     : zeroDim.lookup(in));
      map.map(in, all);
      return all;
    }
    Place p = placeOfValue(in);
    if (p.phase == Phase::Post && p.stage >= 0 && rankOf(p.stage) != stage &&
        !isCloneable(in))
      receiveUpTo(in, rankOf(p.stage));
    else if (p.stage >= 0 && p.phase != Phase::Post && !isCloneable(in))
      map.map(in, env.lookup({in, 0})); // the only microbatch's value
    else
      materialize(b, in, map, coords, Value());
    return map.lookupOrDefault(in);
  };
  std::function<void(Operation &)> runOnPart;
  // This replica's part of `in` along `dim`.
  auto part = [&](Value in, int64_t dim) -> Value {
    // A cloneable op that runs on parts runs where its part is read.
    if (Operation *def = in.getDefiningOp(); def && cloneable.contains(def) &&
                                             zeroLoop.contains(def) &&
                                             !parts.contains(in))
      runOnPart(*def);
    if (Value p = parts.lookup(in); p && zeroDim.lookup(in) == dim)
      return p;
    if (auto arg = dyn_cast<BlockArgument>(in);
        arg && zeroArgDim.lookup(arg.getArgNumber()) == dim && parts.lookup(in))
      return parts.lookup(in);
    return sliceForReplica(b, loc, whole(in), dim, coords);
  };
  // On this replica's part: the operands that walk the split loop sliced,
  // the others whole.
  runOnPart = [&](Operation &op) {
    if (auto expand = dyn_cast<tensor::ExpandShapeOp>(op)) {
      Value src = part(expand.getSrc(), zeroDim.lookup(expand.getSrc()));
      auto to = expand.getResultType();
      SmallVector<int64_t> shape(to.getShape());
      shape[zeroDim.lookup(expand.getResult())] /= options.data;
      parts[expand.getResult()] =
          tensor::ExpandShapeOp::create(b, expand.getLoc(), to.clone(shape),
                                        src, expand.getReassociationIndices());
      return;
    }
    IRMapping local;
    for (OpOperand &operand : op.getOpOperands()) {
      int64_t dim = zeroOperandDim.lookup(&operand);
      local.map(operand.get(),
                dim >= 0 ? part(operand.get(), dim) : whole(operand.get()));
    }
    for (Value in : inputsOf(&op))
      if (!local.contains(in))
        local.map(in, whole(in));
    Operation *copy = cloneOp(b, &op, local);
    copy->getResult(0).setType(
        cast<DestinationStyleOpInterface>(copy).getDpsInits()[0].getType());
    parts[op.getResult(0)] = copy->getResult(0);
  };
  for (Operation &op : body.without_terminator()) {
    auto it = placeOf.find(&op);
    if (it == placeOf.end() || it->second.phase != Phase::Post ||
        rankOf(it->second.stage) != stage)
      continue;
    if (llvm::is_contained(accumulations, &op)) {
      // The sum over this replica's microbatches; over all of them once
      // the replicas add theirs (the data-parallel gradient all-reduce,
      // or with ZeRO a reduce-scatter: each replica its part).
      Value sum = acc.lookup(&op);
      auto kind = cast<shard::AllReduceOp>(op).getReduction();
      if (scattered.contains(&op)) {
        int64_t dim = zeroDim.lookup(op.getResult(0));
        auto t = cast<RankedTensorType>(sum.getType());
        SmallVector<int64_t> shape(t.getShape());
        shape[dim] /= options.data;
        parts[op.getResult(0)] = shard::ReduceScatterOp::create(
            b, op.getLoc(), t.clone(shape), kGridName, ArrayRef<int16_t>{1},
            sum, kind, llvm::APInt(64, dim));
      } else {
        if (dataAxes)
          sum = shard::AllReduceOp::create(b, op.getLoc(), sum.getType(),
                                           kGridName, ArrayRef<int16_t>{1}, sum,
                                           kind);
        map.map(op.getResult(0), sum);
      }
    } else if (zeroLoop.contains(&op)) {
      runOnPart(op);
    } else {
      for (Value in : inputsOf(&op))
        whole(in);
      cloneOp(b, &op, map);
    }
    for (Value r : op.getResults())
      for (int64_t to : ranksOf(stagesUsing(r, Phase::Post)))
        if (to != stage)
          send(b, loc, whole(r), to);
  }
  // Results are whole but for the optimizer state the replicas keep split.
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  for (auto [i, v] : llvm::enumerate(ret.getOperands()))
    if (rankOf(placeOfValue(v).stage) == stage && parts.contains(v) &&
        !zeroResultDim.contains(i))
      whole(v);
}

func::FuncOp StageScheduler::buildEntry() {
  Location loc = func.getLoc();
  OpBuilder b(ctx);
  b.setInsertionPoint(func);
  // A data argument arrives whole on every rank of a replica: its batch
  // dimension (the one the microbatch level splits) cut over the replicas.
  SmallVector<Type> argTypes;
  DenseMap<unsigned, int64_t> batchDimOf;
  for (BlockArgument arg : func.getArguments()) {
    unsigned i = arg.getArgNumber();
    if (!dataArgs.contains(i)) {
      auto part = zeroArgDim.find(i);
      if (part == zeroArgDim.end()) {
        argTypes.push_back(arg.getType());
        continue;
      }
      auto t = cast<RankedTensorType>(arg.getType());
      SmallVector<int64_t> shape(t.getShape());
      shape[part->second] /= options.data;
      argTypes.push_back(t.clone(shape));
      continue;
    }
    auto global = cast<RankedTensorType>(options.globalArgTypes[i]);
    SmallVector<int64_t> codes = argLayout.lookup(i);
    if (!dataAxes || codes.empty() || codes.front() < 0) {
      argTypes.push_back(global);
      continue;
    }
    SmallVector<int64_t> shape(global.getShape());
    shape[codes.front()] /= options.data;
    batchDimOf[i] = codes.front();
    argTypes.push_back(global.clone(shape));
  }
  SmallVector<Type> resultTypes;
  for (unsigned i = 0; i < func.getNumResults(); ++i)
    resultTypes.push_back(resultType(i));
  auto entry = func::FuncOp::create(b, loc, func.getSymName(),
                                    b.getFunctionType(argTypes, resultTypes));
  entry->setAttrs(func->getAttrs());
  entry.setType(b.getFunctionType(argTypes, resultTypes));
  for (BlockArgument arg : func.getArguments()) {
    unsigned i = arg.getArgNumber();
    if (!isa<RankedTensorType>(arg.getType()))
      continue;
    SmallVector<int64_t> codes =
        dataArgs.contains(i)
            ? SmallVector<int64_t>(newGrid.size(), LevelLayout::kReplicatedCode)
            : newLayout(argLayout.lookup(i));
    if (auto it = batchDimOf.find(i); it != batchDimOf.end())
      codes[1] = it->second;
    if (auto it = zeroArgDim.find(i); it != zeroArgDim.end())
      codes[1] = it->second;
    entry.setArgAttr(i, kLayoutAttrName, LayoutAttr::get(ctx, codes));
  }
  for (unsigned i = 0; i < func.getNumResults(); ++i) {
    if (!isa<RankedTensorType>(func.getResultTypes()[i]))
      continue;
    SmallVector<int64_t> codes;
    if (auto l = func.getResultAttrOfType<LayoutAttr>(i, kLayoutAttrName))
      codes = l.getCodes();
    SmallVector<int64_t> layout = newLayout(codes);
    if (auto it = zeroResultDim.find(i); it != zeroResultDim.end())
      layout[1] = it->second;
    entry.setResultAttr(i, kLayoutAttrName, LayoutAttr::get(ctx, layout));
  }

  Block *block = entry.addEntryBlock();
  b.setInsertionPointToStart(block);
  auto idx = shard::ProcessMultiIndexOp::create(
      b, loc, SmallVector<Type>(newGrid.size(), b.getIndexType()),
      FlatSymbolRefAttr::get(ctx, kGridName));
  ValueRange coords = idx.getResults();

  auto ret = cast<func::ReturnOp>(body.getTerminator());
  SmallVector<Type> switched;
  for (auto [i, v] : llvm::enumerate(ret.getOperands()))
    if (!isa<BlockArgument>(v) && !isCloneable(v))
      switched.push_back(resultType(i));
  SmallVector<int64_t> cases;
  for (int64_t s = 0; s < options.stages; ++s)
    cases.push_back(s);
  auto sw = scf::IndexSwitchOp::create(b, loc, switched, coords[0], cases,
                                       cases.size());
  // Each stage's program is a function of its own: its buffers are then
  // in one straight-line block, where --tofu-early-dealloc frees them
  // after their last use.
  for (int64_t s = 0; s < options.stages; ++s) {
    OpBuilder fb(ctx);
    fb.setInsertionPoint(entry);
    auto stageFunc = func::FuncOp::create(
        fb, loc, (func.getSymName() + "_stage" + Twine(s)).str(),
        fb.getFunctionType(argTypes, switched));
    stageFunc.setPrivate();
    Block *stageBody = stageFunc.addEntryBlock();
    fb.setInsertionPointToStart(stageBody);
    auto stageIdx = shard::ProcessMultiIndexOp::create(
        fb, loc, SmallVector<Type>(newGrid.size(), fb.getIndexType()),
        FlatSymbolRefAttr::get(ctx, kGridName));
    SmallVector<Value> yielded;
    buildStageProgram(fb, s, stageBody->getArguments(), stageIdx.getResults(),
                      yielded);
    func::ReturnOp::create(fb, loc, yielded);

    OpBuilder cb(ctx);
    cb.setInsertionPointToStart(&sw.getCaseRegions()[s].emplaceBlock());
    auto call = func::CallOp::create(cb, loc, stageFunc, block->getArguments());
    scf::YieldOp::create(cb, loc, call.getResults());
  }
  // The parts belong to the stage functions; the entry reads whole values.
  argParts.clear();
  {
    OpBuilder db(ctx);
    db.setInsertionPointToStart(&sw.getDefaultRegion().emplaceBlock());
    SmallVector<Value> empties;
    for (Type t : switched) {
      auto type = cast<RankedTensorType>(t);
      empties.push_back(tensor::EmptyOp::create(db, loc, type.getShape(),
                                                type.getElementType()));
    }
    scf::YieldOp::create(db, loc, empties);
  }

  IRMapping map;
  for (auto [old, now] : llvm::zip(func.getArguments(), block->getArguments()))
    map.map(old, now);
  SmallVector<Value> results;
  unsigned next = 0;
  for (Value v : ret.getOperands()) {
    if (isa<BlockArgument>(v) || isCloneable(v)) {
      results.push_back(materialize(b, v, map, coords, Value()));
      continue;
    }
    Value r = sw.getResult(next++);
    if (options.stages > 1)
      r = shard::BroadcastOp::create(
          b, loc, r.getType(), kGridName, ArrayRef<int16_t>{0}, r,
          ArrayRef<int64_t>{rankOf(placeOfValue(v).stage)}, ValueRange{});
    results.push_back(r);
  }
  func::ReturnOp::create(b, loc, results);
  return entry;
}

/// The schedule's numbers, and that its ranks' orders complete.
LogicalResult StageScheduler::checkSchedule() {
  int64_t p = options.stages, v = options.virtualStages,
          m = options.microbatches;
  if (options.schedule != "gpipe" && options.schedule != "1f1b" &&
      options.schedule != "interleaved")
    return func.emitOpError("unknown pipeline schedule '")
           << options.schedule << "' (gpipe, 1f1b, interleaved)";
  if (options.schedule != "interleaved" && v != 1)
    return func.emitOpError("virtual stages = ")
           << v << " interleave 1F1B; schedule '" << options.schedule
           << "' runs one stage per rank";
  if (options.schedule == "interleaved") {
    if (v < 2 || p < 2)
      return func.emitOpError("interleaved 1F1B needs 2 or more virtual "
                              "stages on 2 or more stages, got ")
             << v << " virtual stages on " << p << " stages";
    // Megatron-LM's order walks the microbatches in groups of p.
    if (m % p)
      return func.emitOpError("interleaved 1F1B needs the microbatches a "
                              "multiple of the stages: ")
             << m << " microbatches over " << p << " stages";
  }
  SmallVector<SmallVector<ScheduleStep>> orders;
  for (int64_t r = 0; r < p; ++r)
    orders.push_back(rankSchedule(options.schedule, p, v, m, r));
  if (!schedulesComplete(orders, p, v, m))
    return func.emitOpError("the ")
           << options.schedule << " schedule of " << m << " microbatches on "
           << p << " stages x " << v
           << " virtual stages waits in a cycle (an internal error)";
  return success();
}

LogicalResult StageScheduler::run() {
  if (!func.getBody().hasOneBlock())
    return func.emitOpError("has several blocks; pipelining handles "
                            "single-block functions");
  if (options.globalArgTypes.size() != func.getNumArguments())
    return func.emitOpError("pipelining needs the whole-batch type of every "
                            "argument");
  if (failed(checkSchedule()) || failed(readGrid()) ||
      failed(classifyArguments()) || failed(classifyOps()))
    return failure();
  resolvePlaces();
  if (failed(checkFlows()) || failed(checkResults()))
    return failure();
  planZero();
  collectBlocks();
  func::FuncOp entry = buildEntry();

  OpBuilder b(ctx);
  if (auto grid = module.lookupSymbol<shard::GridOp>(kGridName))
    grid.erase();
  b.setInsertionPointToStart(module.getBody());
  shard::GridOp::create(b, module.getLoc(), kGridName, newGrid);
  StringAttr name = func.getSymNameAttr();
  func.erase();
  entry.setSymNameAttr(name);
  return success();
}

} // namespace

LogicalResult mlir::tofu::scheduleStages(ModuleOp module, func::FuncOp func,
                                         const StageScheduleOptions &options) {
  return StageScheduler(module, func, options).run();
}
