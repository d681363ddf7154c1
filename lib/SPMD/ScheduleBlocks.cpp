//===- ScheduleBlocks.cpp - Blocks, messages, accumulation ----------------===//
//
// The stage scheduler's blocks (StageScheduler.h): the ops of each
// (stage, direction) per microbatch, recomputation, and the messages and
// accumulations between the blocks.
//
//===----------------------------------------------------------------------===//

#include "StageScheduler.h"

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::stage_schedule;

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

Value stage_schedule::asRanked(OpBuilder &b, Location loc, Value v) {
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
