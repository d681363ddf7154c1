//===- ScheduleZero.cpp - ZeRO in the stage programs ----------------------===//
//
// The stage scheduler's ZeRO 1-3 (StageScheduler.h): which post ops run on
// each replica's part, and the parameters ZeRO 3 holds as parts.
//
//===----------------------------------------------------------------------===//

#include "StageScheduler.h"

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::stage_schedule;

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
