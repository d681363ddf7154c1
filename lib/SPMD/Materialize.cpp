//===- Materialize.cpp - Plans into SPMD programs -------------------------===//
//
// Every value of the function has, per rank, a *local* tensor and a
// *layout*: per recursion level, the dimension split at that level, -1 for
// replicated, or "partial" (each member of the level's group holds a partial
// result of a reduction). Rank (c_0, ..., c_{L-1}) holds, of a dimension split
// at several levels, block c_0 of the whole, then block c_1 of that, and so on
// (row-major, level 0 most significant; docs/runtime.md).
//
// Each planned op is computed on the box of its iteration space its strategy
// gives the rank: every operand is first brought to the layout the op needs
// (relayout: all-reduce / reduce-scatter of partials, all-gather, all-to-all,
// local slicing), windows with halos are cut from operands whose split
// dimensions the op reads through an affine expression, the op is rebuilt on
// the local tensors, and its result is brought from its natural layout to the
// layout the plan chose for it. Communication happens right before the op
// that needs it, in the original op order.
//
//===----------------------------------------------------------------------===//

#include "Tofu/SPMD/Materialize.h"
#include "Tofu/Analysis/Linearity.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/SPMD/PartitionRule.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

#include "llvm/Support/Debug.h"

#include <map>

#define DEBUG_TYPE "tofu-materialize"

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::spmd;

namespace {

constexpr StringLiteral kGridName = "tofu_grid";

/// The layout attribute of a value of `global` shape laid out as `codes`:
/// a split the level's ways do not divide is written padded<N>.
LayoutAttr layoutAttrFor(MLIRContext *ctx, ArrayRef<int64_t> global,
                         ArrayRef<int64_t> codes, ArrayRef<int64_t> sizes,
                         bool &padded) {
  SmallVector<int64_t> shape(global);
  SmallVector<LevelLayout> levels;
  padded = false;
  for (auto [l, d] : llvm::enumerate(codes)) {
    if (d < 0) {
      levels.push_back(LevelLayout::fromCode(d));
      continue;
    }
    bool uneven = shape[d] % sizes[l] != 0;
    padded |= uneven;
    levels.push_back(uneven ? LevelLayout::paddedSplit(d)
                            : LevelLayout::split(d));
    shape[d] = paddedBlock(shape[d], sizes[l]);
  }
  return LayoutAttr::get(ctx, levels);
}

/// Writes an argument's or result's tofu.layout, and, where a split is
/// padded, its tofu.global_shape (the shards no longer multiply to it).
void setBoundaryLayout(func::FuncOp func, unsigned i, bool result,
                       ArrayRef<int64_t> global, ArrayRef<int64_t> codes) {
  MLIRContext *ctx = func.getContext();
  auto plan = func->getParentOfType<ModuleOp>()->getAttrOfType<PlanAttr>(
      kPartitionAttrName);
  bool padded = false;
  LayoutAttr attr = layoutAttrFor(ctx, global, codes, plan.getLevels(), padded);
  auto set = [&](StringRef name, Attribute value) {
    if (result)
      func.setResultAttr(i, name, value);
    else
      func.setArgAttr(i, name, value);
  };
  set(kLayoutAttrName, attr);
  if (padded)
    set(kGlobalShapeAttrName, DenseI64ArrayAttr::get(ctx, global));
}

/// A value on this rank: its local tensor and how it is laid out.
struct Dist {
  Value local;
  Layout layout;
};

/// The driver: walks the function in order, asks the partition rules to
/// compute each planned op on its shards (computing it whole where none
/// can), and keeps every value's local tensor and layout.
class Materializer : public PartitionContext {
public:
  Materializer(ModuleOp module, func::FuncOp func, MaterializeStats &stats,
               ArrayRef<int64_t> levelSizes)
      : module(module), oldFunc(func), stats(stats), sizes(levelSizes),
        b(func.getContext()) {}

  LogicalResult run();

  // PartitionContext.
  OpBuilder &builder() override { return b; }
  RelayoutEngine &relayouts() override { return *engine; }
  ArrayRef<Value> coords() override { return rankCoords; }
  FailureOr<const OpDescription *> description(Operation *op) override;
  FailureOr<Value> getLocalOperand(OpOperand &operand,
                                   ArrayRef<int64_t> layout) override;
  FailureOr<Value> getLocal(Value old, ArrayRef<int64_t> layout,
                            Operation *user) override;
  /// A fresh tensor.empty of `type`'s shard under `layout`, for `user`.
  FailureOr<Value> emptyLocal(RankedTensorType type, ArrayRef<int64_t> layout,
                              Operation *user);
  LogicalResult setResult(Value old, Value local, ArrayRef<int64_t> natural,
                          tdl::Reducer reducer, Operation *op) override;
  /// Tensors read from outside (e.g. a table a linalg.generic reads with
  /// tensor.extract) come as whole copies.
  LogicalResult mapCaptures(Operation *op, IRMapping &mapping) override;
  Value lookupScalar(Value old) override {
    return scalars.lookupOrDefault(old);
  }

private:
  unsigned numLevels() const { return sizes.size(); }
  /// Values of the function may be split unevenly (padded); the plan's
  /// attributes were checked to say so (checkUnevenSplits).
  FailureOr<SmallVector<int64_t>> localShape(ArrayRef<int64_t> global,
                                             ArrayRef<int64_t> layout,
                                             Operation *where,
                                             bool padded = true) {
    return engine->localShape(global, layout, where, padded);
  }
  Layout plannedLayout(Operation *op, unsigned result);

  LogicalResult materializeOp(Operation *op);
  /// The levels where the plan computes `op` whole (strategy -1), wants its
  /// results partial, and `op` is linear in its operands that hold partials
  /// there: it adds the partials without combining them
  /// (docs/materialization.md, "Partials that flow"). Records, per such
  /// level, those operands.
  LogicalResult findLinearLevels(Operation *op, ArrayRef<int64_t> strategy);
  /// `layout` with the levels where `old` is added as partials (above) kept
  /// partial.
  Layout withPartials(Value old, ArrayRef<int64_t> layout) const;
  /// Computes `op` split as `strategy` says through the first rule that
  /// can; false (having built nothing) where none can.
  FailureOr<bool> trySplit(Operation *op, ArrayRef<int64_t> strategy);
  LogicalResult replicate(Operation *op);

  ModuleOp module;
  func::FuncOp oldFunc, newFunc;
  MaterializeStats &stats;
  SmallVector<int64_t> sizes;
  OpBuilder b;
  /// On the grid, once run() has made it.
  std::optional<RelayoutEngine> engine;
  FlatSymbolRefAttr grid;
  SmallVector<Value> rankCoords;
  DenseMap<Value, Dist> dist;
  IRMapping scalars;
  std::map<std::pair<const void *, Layout>, Value> cache;
  /// The description of the op being materialized.
  std::optional<OpDescription> currentDescription;
  /// For the op being materialized, per level: whether it adds partials
  /// there, and the values it adds.
  SmallVector<bool> linearLevel;
  SmallVector<DenseSet<Value>> linearOperands;
};

Layout Materializer::withPartials(Value old, ArrayRef<int64_t> layout) const {
  Layout l(layout);
  for (auto [level, operands] : llvm::enumerate(linearOperands))
    if (operands.contains(old))
      l[level] = kPartial;
  return l;
}

LogicalResult Materializer::findLinearLevels(Operation *op,
                                             ArrayRef<int64_t> strategy) {
  linearLevel.assign(numLevels(), false);
  linearOperands.assign(numLevels(), {});
  for (unsigned l = 0; l < numLevels(); ++l) {
    // A split op leaves partials only by a split reduction: its rule's
    // natural layout says so.
    if (strategy[l] >= 0)
      continue;
    SmallVector<unsigned> set;
    DenseSet<Value> values;
    for (OpOperand &operand : op->getOpOperands()) {
      auto it = dist.find(operand.get());
      if (it == dist.end() || it->second.layout[l] != kPartial)
        continue;
      set.push_back(operand.getOperandNumber());
      values.insert(operand.get());
    }
    bool partialResult = false;
    for (unsigned r = 0, e = op->getNumResults(); r < e; ++r)
      partialResult |= isa<RankedTensorType>(op->getResult(r).getType()) &&
                       plannedLayout(op, r)[l] == kPartial;
    // A `linear` level adds them whatever the results' layouts (setResult
    // combines the partial results into them); a replicated level with
    // partial results adds them too. Otherwise the partial operands are
    // combined first, and a partial result is made from the whole one (the
    // relayout engine).
    bool linear = strategy[l] == StrategyAttr::kLinearLoop || partialResult;
    if (linear && !set.empty() && isLinearIn(op, set)) {
      linearLevel[l] = true;
      linearOperands[l] = std::move(values);
    }
  }
  return success();
}

FailureOr<Value> Materializer::getLocalOperand(OpOperand &operand,
                                               ArrayRef<int64_t> layout) {
  Operation *user = operand.getOwner();
  auto linalgOp = dyn_cast<linalg::LinalgOp>(user);
  auto type = dyn_cast<RankedTensorType>(operand.get().getType());
  // The op is cloned through a value mapping: a value that is also another
  // operand (`linalg.add ins(%a, %b) outs(%b)`) keeps its data. An init
  // already in the layout costs nothing and may be written in place (as
  // the memory estimate assumes); only one that would move is replaced.
  Layout wanted = withPartials(operand.get(), layout);
  auto placed = dist.find(operand.get());
  if (!linalgOp || !type || !linalgOp.isDpsInit(&operand) ||
      linalgOp.payloadUsesValueFromOperand(&operand) ||
      llvm::count(user->getOperands(), operand.get()) > 1 ||
      (placed != dist.end() && placed->second.layout == wanted))
    return getLocal(operand.get(), layout, user);
  return emptyLocal(type, wanted, user);
}

FailureOr<Value> Materializer::emptyLocal(RankedTensorType type,
                                          ArrayRef<int64_t> layout,
                                          Operation *user) {
  FailureOr<SmallVector<int64_t>> shape =
      localShape(type.getShape(), layout, user, /*padded=*/true);
  if (failed(shape))
    return failure();
  return tensor::EmptyOp::create(b, user->getLoc(), *shape,
                                 type.getElementType())
      .getResult();
}

FailureOr<Value> Materializer::getLocal(Value old, ArrayRef<int64_t> requested,
                                        Operation *user) {
  auto type = dyn_cast<RankedTensorType>(old.getType());
  if (!type)
    return scalars.lookupOrDefault(old);
  // A linear op reads the partials it adds as they are.
  Layout layout = withPartials(old, requested);
  Location loc = user->getLoc();
  if (old.getDefiningOp<tensor::EmptyOp>())
    return emptyLocal(type, layout, user);
  // A tensor filled with a scalar is made again, locally, in whatever layout
  // a use needs: no communication, and no whole tensor to slice.
  if (auto fill = old.getDefiningOp<linalg::FillOp>();
      fill && fill.getOutputs()[0].getDefiningOp<tensor::EmptyOp>() &&
      !isa<ShapedType>(fill.getInputs()[0].getType())) {
    FailureOr<Value> empty = emptyLocal(type, layout, user);
    if (failed(empty))
      return failure();
    return linalg::FillOp::create(
               b, loc, scalars.lookupOrDefault(fill.getInputs()[0]), *empty)
        .getResult(0);
  }
  DenseElementsAttr dense;
  if (matchPattern(old, m_Constant(&dense)) && dense.isSplat()) {
    FailureOr<SmallVector<int64_t>> shape =
        localShape(type.getShape(), layout, user, /*padded=*/true);
    if (failed(shape))
      return failure();
    auto localType = RankedTensorType::get(*shape, type.getElementType());
    return arith::ConstantOp::create(
               b, loc, localType,
               DenseElementsAttr::get(localType,
                                      dense.getSplatValue<Attribute>()))
        .getResult();
  }
  if (dense && !dist.count(old)) {
    Value whole = arith::ConstantOp::create(b, loc, type, dense);
    dist[old] = Dist{whole, replicated()};
  }
  auto it = dist.find(old);
  if (it == dist.end())
    return user->emitOpError("uses a value the materializer has not placed");
  if (it->second.layout == layout)
    return it->second.local;
  auto key = std::make_pair(old.getAsOpaquePointer(), Layout(layout));
  if (auto c = cache.find(key); c != cache.end())
    return c->second;
  FailureOr<Value> v =
      engine->relayout(it->second.local, it->second.layout, layout,
                       tdl::Reducer::sum, loc, type.getShape());
  if (succeeded(v))
    cache[key] = *v;
  return v;
}

Layout Materializer::plannedLayout(Operation *op, unsigned result) {
  // The dialect verified the layout's levels against the plan.
  if (LayoutAttr layout = getResultLayout(op, result))
    return layout.getCodes();
  return replicated();
}

LogicalResult Materializer::setResult(Value old, Value local,
                                      ArrayRef<int64_t> natural,
                                      tdl::Reducer reducer, Operation *op) {
  Layout planned = plannedLayout(op, cast<OpResult>(old).getResultNumber());
  // What a linear op computes from partials is partial.
  Layout from(natural);
  for (auto [l, linear] : llvm::enumerate(linearLevel))
    if (linear)
      from[l] = kPartial;
  FailureOr<Value> v =
      engine->relayout(local, from, planned, reducer, op->getLoc(),
                       cast<RankedTensorType>(old.getType()).getShape());
  if (failed(v))
    return failure();
  dist[old] = Dist{*v, planned};
  return success();
}

LogicalResult Materializer::mapCaptures(Operation *op, IRMapping &mapping) {
  SmallVector<Value> captured;
  op->walk([&](Operation *inner) {
    if (inner == op)
      return;
    for (Value v : inner->getOperands())
      if (!mapping.contains(v) &&
          !op->isAncestor(v.getParentRegion()->getParentOp()))
        captured.push_back(v);
  });
  for (Value v : captured) {
    if (mapping.contains(v))
      continue;
    FailureOr<Value> local = getLocal(v, replicated(), op);
    if (failed(local))
      return failure();
    mapping.map(v, *local);
  }
  return success();
}

LogicalResult Materializer::replicate(Operation *op) {
  IRMapping mapping;
  for (OpOperand &operand : op->getOpOperands()) {
    FailureOr<Value> v = getLocalOperand(operand, replicated());
    if (failed(v))
      return failure();
    mapping.map(operand.get(), *v);
  }
  if (failed(mapCaptures(op, mapping)))
    return failure();
  Operation *copy = b.clone(*op, mapping);
  for (auto [old, now] : llvm::zip(op->getResults(), copy->getResults())) {
    if (!isa<RankedTensorType>(old.getType())) {
      scalars.map(old, now);
      continue;
    }
    if (failed(setResult(old, now, replicated(), tdl::Reducer::sum, op)))
      return failure();
  }
  return success();
}

FailureOr<const OpDescription *> Materializer::description(Operation *op) {
  if (!currentDescription) {
    FailureOr<OpDescription> desc = getDescription(op);
    if (failed(desc))
      return failure();
    currentDescription = std::move(*desc);
  }
  return &*currentDescription;
}

FailureOr<bool> Materializer::trySplit(Operation *op,
                                       ArrayRef<int64_t> strategy) {
  for (const std::unique_ptr<PartitionRule> &rule : getPartitionRules()) {
    if (!rule->matches(op))
      continue;
    FailureOr<bool> done = rule->split(op, strategy, *this);
    if (failed(done))
      return failure();
    if (*done) {
      LLVM_DEBUG(llvm::dbgs()
                 << "tofu-materialize: " << rule->getName() << " rule splits "
                 << op->getName() << " at " << op->getLoc() << "\n");
      return true;
    }
  }
  return false;
}

LogicalResult Materializer::materializeOp(Operation *op) {
  // A converted operand is shared by the uses inside one op only: keeping it
  // for later ops (e.g. a gathered activation from the forward pass until its
  // use in the backward pass) would hold whole tensors alive across the
  // step. Converting again is what the plan's cost model counts.
  cache.clear();
  linearLevel.assign(numLevels(), false);
  linearOperands.assign(numLevels(), {});
  if (isa<tensor::EmptyOp>(op))
    return success(); // made locally, in the shape each use needs
  if (op->hasTrait<OpTrait::ConstantLike>()) {
    if (isa<RankedTensorType>(op->getResult(0).getType()))
      return success(); // sliced locally where used
    scalars.map(op->getResult(0), b.clone(*op, scalars)->getResult(0));
    return success();
  }
  auto strategyAttr = op->getAttrOfType<StrategyAttr>(kStrategyAttrName);
  SmallVector<int64_t> loops(numLevels(), -1);
  if (strategyAttr && strategyAttr.getLoops().size() == numLevels())
    loops.assign(strategyAttr.getLoops().begin(),
                 strategyAttr.getLoops().end());
  if (failed(findLinearLevels(op, loops)))
    return failure();
  if (!strategyAttr || strategyAttr.isReplicated())
    return replicate(op);
  ArrayRef<int64_t> strategy = strategyAttr.getLoops();
  currentDescription.reset();
  FailureOr<bool> done = trySplit(op, strategy);
  if (failed(done))
    return failure();
  if (*done) {
    ++stats.partitionedOps;
    return success();
  }
  ++stats.replicatedOps;
  LLVM_DEBUG(llvm::dbgs() << "tofu-materialize: computing whole on every rank: "
                          << op->getName() << " at " << op->getLoc() << "\n");
  return replicate(op);
}

LogicalResult Materializer::run() {
  if (!oldFunc.getBody().hasOneBlock())
    return oldFunc.emitOpError("has several blocks; the materializer handles "
                               "single-block functions");
  MLIRContext *ctx = module.getContext();
  ctx->getOrLoadDialect<shard::ShardDialect>();
  ctx->getOrLoadDialect<tensor::TensorDialect>();
  ctx->getOrLoadDialect<arith::ArithDialect>();
  ctx->getOrLoadDialect<linalg::LinalgDialect>();
  Location loc = oldFunc.getLoc();

  if (module.lookupSymbol(kGridName))
    return module.emitOpError("already has a symbol @")
           << kGridName << "; the function is materialized once";
  b.setInsertionPointToStart(module.getBody());
  shard::GridOp::create(b, loc, kGridName, sizes);
  grid = FlatSymbolRefAttr::get(ctx, kGridName);
  engine.emplace(b, grid, sizes, &stats.collectives);

  // The new function: shard types for the arguments.
  SmallVector<Type> argTypes;
  SmallVector<Layout> argLayouts;
  for (BlockArgument arg : oldFunc.getArguments()) {
    Layout layout = replicated();
    if (auto a = oldFunc.getArgAttrOfType<LayoutAttr>(arg.getArgNumber(),
                                                      kLayoutAttrName))
      layout = a.getCodes();
    Type type = arg.getType();
    if (auto t = dyn_cast<RankedTensorType>(type)) {
      FailureOr<SmallVector<int64_t>> shape =
          localShape(t.getShape(), layout, oldFunc);
      if (failed(shape))
        return failure();
      type = RankedTensorType::get(*shape, t.getElementType());
    }
    argTypes.push_back(type);
    argLayouts.push_back(layout);
  }
  b.setInsertionPoint(oldFunc);
  newFunc = func::FuncOp::create(b, loc, oldFunc.getSymName(),
                                 b.getFunctionType(argTypes, {}));
  newFunc->setAttrs(oldFunc->getAttrs());
  newFunc.setType(b.getFunctionType(argTypes, {}));
  Block *body = newFunc.addEntryBlock();
  b.setInsertionPointToStart(body);
  SmallVector<Type> indexTypes(numLevels(), b.getIndexType());
  auto multi = shard::ProcessMultiIndexOp::create(b, loc, indexTypes, grid);
  rankCoords.assign(multi.getResults().begin(), multi.getResults().end());
  for (auto [old, now, layout] :
       llvm::zip(oldFunc.getArguments(), body->getArguments(), argLayouts)) {
    if (isa<RankedTensorType>(old.getType()))
      dist[old] = Dist{now, layout};
    else
      scalars.map(old, now);
  }

  Block &oldBody = oldFunc.getBody().front();
  for (Operation &op : oldBody.without_terminator())
    if (failed(materializeOp(&op)))
      return failure();

  auto ret = dyn_cast<func::ReturnOp>(oldBody.getTerminator());
  if (!ret)
    return oldBody.getTerminator()->emitOpError(
        "ends the function; expected func.return");
  SmallVector<Value> results;
  SmallVector<Layout> resultLayouts;
  for (Value v : ret.getOperands()) {
    if (!isa<RankedTensorType>(v.getType())) {
      results.push_back(scalars.lookupOrDefault(v));
      resultLayouts.push_back(replicated());
      continue;
    }
    Layout layout = dist.count(v) ? dist[v].layout : replicated();
    // A result is whole: partials are combined before the return.
    for (int64_t &code : layout)
      if (code == kPartial)
        code = kRep;
    FailureOr<Value> local = getLocal(v, layout, ret);
    if (failed(local))
      return failure();
    results.push_back(*local);
    resultLayouts.push_back(layout);
  }
  func::ReturnOp::create(b, ret.getLoc(), results);
  newFunc.setType(b.getFunctionType(argTypes, ValueRange(results).getTypes()));
  for (auto [i, layout] : llvm::enumerate(argLayouts))
    if (isa<RankedTensorType>(argTypes[i]))
      setBoundaryLayout(
          newFunc, i, /*result=*/false,
          cast<RankedTensorType>(oldFunc.getArgument(i).getType()).getShape(),
          layout);
  for (auto [i, layout] : llvm::enumerate(resultLayouts)) {
    if (auto attrs = oldFunc.getResultAttrDict(i))
      newFunc.setResultAttrs(i, attrs);
    if (isa<RankedTensorType>(results[i].getType()))
      setBoundaryLayout(
          newFunc, i, /*result=*/true,
          cast<RankedTensorType>(ret.getOperand(i).getType()).getShape(),
          layout);
  }
  oldFunc.erase();
  // Offsets and copies no op ended up using: the function's own ops, last
  // first, so that a use erased makes its operands' ops dead in time. (Not
  // a walk: erasing a dead op with a region frees the ops nested in it.)
  for (Operation &op :
       llvm::make_early_inc_range(llvm::reverse(newFunc.getBody().front())))
    if (isOpTriviallyDead(&op))
      op.erase();
  return success();
}

} // namespace

/// Why `layout` does not fit a value of `global` shape on levels of `sizes`
/// ("" if it does): a plain split must be even, an uneven one says
/// padded<N>.
static std::string unevenSplit(LayoutAttr layout, ArrayRef<int64_t> global,
                               ArrayRef<int64_t> sizes) {
  if (!layout)
    return "";
  SmallVector<int64_t> shape(global);
  for (auto [l, level] : llvm::enumerate(layout.getLevels())) {
    int64_t d = level.getDim();
    if (d < 0 || d >= static_cast<int64_t>(shape.size()))
      continue;
    if (ShapedType::isDynamic(shape[d]))
      continue;
    if (shape[d] % sizes[l] != 0 && !level.isPadded())
      return "splits dimension " + std::to_string(d) + " (" +
             std::to_string(shape[d]) + " elements at that level) " +
             std::to_string(sizes[l]) + " ways at level " + std::to_string(l) +
             " unevenly; an uneven split is written padded<" +
             std::to_string(d) + ">";
    shape[d] = paddedBlock(shape[d], sizes[l]);
  }
  return "";
}

/// Every layout of the plan splits evenly, or says it is padded.
static LogicalResult checkUnevenSplits(func::FuncOp func,
                                       ArrayRef<int64_t> sizes) {
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
    auto type = dyn_cast<RankedTensorType>(func.getArgument(i).getType());
    std::string why =
        type
            ? unevenSplit(func.getArgAttrOfType<LayoutAttr>(i, kLayoutAttrName),
                          type.getShape(), sizes)
            : "";
    if (!why.empty())
      return func.emitOpError("argument ") << i << ": tofu.layout " << why;
  }
  WalkResult walk = func.walk([&](Operation *op) {
    for (unsigned r = 0, e = op->getNumResults(); r < e; ++r) {
      auto type = dyn_cast<RankedTensorType>(op->getResult(r).getType());
      std::string why =
          type ? unevenSplit(getResultLayout(op, r), type.getShape(), sizes)
               : "";
      if (!why.empty()) {
        op->emitOpError("result ") << r << ": tofu.layouts " << why;
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

LogicalResult mlir::tofu::materializePlan(ModuleOp module, func::FuncOp func,
                                          MaterializeStats &stats) {
  // The dialect verified the plan (levels, layouts, strategies).
  auto plan = module->getAttrOfType<PlanAttr>(kPartitionAttrName);
  if (!plan)
    return module.emitOpError("has no tofu.partition plan to materialize "
                              "(run --tofu-partition first)");
  if (failed(checkUnevenSplits(func, plan.getLevels())))
    return failure();
  Materializer m(module, func, stats, plan.getLevels());
  return m.run();
}
