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

#include "StageScheduler.h"

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::stage_schedule;

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

/// Values an op reads: operands and values its regions capture.
SmallVector<Value> stage_schedule::inputsOf(Operation *op) {
  SmallVector<Value> values(op->getOperands());
  if (op->getNumRegions()) {
    llvm::SetVector<Value> captured;
    getUsedValuesDefinedAbove(op->getRegions(), captured);
    values.append(captured.begin(), captured.end());
  }
  return values;
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

LogicalResult mlir::tofu::scheduleStages(ModuleOp module, func::FuncOp func,
                                         const StageScheduleOptions &options) {
  return StageScheduler(module, func, options).run();
}
