//===- IterationSpaceRule.cpp - Ops split by their iteration space --------===//
//
// The rule for ops with a TDL description whose local form is the same op on
// local tensors: linalg ops, and extract_slice / insert_slice / pad / concat.
// The strategy gives the rank a box of the iteration space; every operand is
// fetched in the layout that splits the dimensions it reads through a split
// loop directly, windows (with halos) are cut from dimensions it reads
// through an affine expression of split loops, the op is rebuilt on the
// local tensors, and its results, laid out as the split loops land in them
// (partial where a reduction loop is split), go to the driver.
//
// A loop the level's ways do not divide is split into padded blocks of the
// rounded-up size (linalg ops only). The padded iterations must not change
// anything: the local op is generalized and its body yields the output's
// current value where any padded loop's index is past the rank's real
// extent. So a reduction over a padded loop adds nothing there (as if the
// padding held the reducer's identity), and a padded parallel position keeps
// its init; the padding of operands (unspecified values) is read but never
// used.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Analysis/AffineLinear.h"
#include "Tofu/Dialect/TDL/IR/ParamRef.h"
#include "Tofu/SPMD/PartitionRule.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::spmd;

namespace {

/// How one tensor operand of a split op is fetched.
struct OperandPlan {
  unsigned operandNumber;
  Layout layout;
  /// Per dimension: the window cut after the relayout (whole dimension when
  /// `sliced` is false).
  SmallVector<bool> sliced;
  SmallVector<AffineLinear> exprs;
  SmallVector<int64_t> windowSizes;
  bool isInit = false;
};

/// The value a reduction starts from: true when `init` is filled with the
/// reducer's identity, so that every member may start from it.
bool isIdentityFill(Value init, tdl::Reducer r) {
  auto fill = init.getDefiningOp<linalg::FillOp>();
  if (!fill)
    return false;
  Attribute value;
  if (!matchPattern(fill.getInputs()[0], m_Constant(&value)))
    return false;
  return value == reducerIdentity(r, cast<TypedAttr>(value).getType());
}

/// One op split by its iteration space: the plan for its operands and
/// results, then the local op.
class IterationSpaceSplit {
public:
  IterationSpaceSplit(Operation *op, const OpDescription &desc,
                      ArrayRef<int64_t> strategy, PartitionContext &ctx)
      : op(op), desc(desc), strategy(strategy), ctx(ctx), b(ctx.builder()),
        linalgOp(dyn_cast<linalg::LinalgOp>(op)), numLoops(desc.getNumLoops()) {
  }

  /// False, having built nothing, where the op cannot be split this way.
  FailureOr<bool> run();

private:
  /// The rank's box of the iteration space.
  bool planBox();
  /// The tensor operands and the maps that read them.
  bool collectReads();
  bool planOperands();
  /// Where each split loop lands in each result.
  bool planResults();
  FailureOr<Value> fetchOperand(const OperandPlan &plan, Value old);
  Value cutWindow(Value local, const OperandPlan &plan);
  /// An init of a reduction split over `partialLevels`: only the members
  /// with coordinate 0 on those levels start from it.
  FailureOr<Value> maskInit(Value local);
  FailureOr<SmallVector<Type>> localResultTypes();
  FailureOr<Operation *> rebuild(ArrayRef<Type> resultTypes,
                                 ArrayRef<Value> localOperands,
                                 IRMapping &mapping);
  /// linalg.index gives local loop indices: shift them back to global ones.
  void shiftIndices(Operation *local);
  /// The rank's number of real iterations of padded loop `i`.
  Value realExtent(unsigned i);
  /// Makes the padded iterations of `local` leave its outputs unchanged;
  /// returns the op that replaces it (a linalg.generic).
  FailureOr<Operation *> maskPadding(Operation *local);

  Operation *op;
  const OpDescription &desc;
  ArrayRef<int64_t> strategy;
  PartitionContext &ctx;
  OpBuilder &b;
  linalg::LinalgOp linalgOp;
  unsigned numLoops;
  ArrayRef<int64_t> sizes;

  SmallVector<SmallVector<unsigned>> levelsOf;
  SmallVector<int64_t> localExtent;
  SmallVector<unsigned> partialLevels;
  /// Per loop: whether some level splits it unevenly (padded blocks).
  SmallVector<bool> padded;
  SmallVector<std::pair<unsigned, AffineMap>> reads;
  SmallVector<bool> isInit, guarded;
  std::vector<OperandPlan> plans;
  SmallVector<Layout> naturals;
  SmallVector<OpFoldResult> loopOffset;
};

bool IterationSpaceSplit::planBox() {
  sizes = ctx.relayouts().levelSizes();
  levelsOf.resize(numLoops);
  padded.assign(numLoops, false);
  localExtent.assign(desc.extents.begin(), desc.extents.end());
  for (auto [l, i] : llvm::enumerate(strategy)) {
    if (i < 0)
      continue;
    if (i >= numLoops)
      return false;
    if (localExtent[i] % sizes[l] != 0) {
      // Only linalg ops can mask their padded iterations.
      if (!linalgOp)
        return false;
      padded[i] = true;
    }
    levelsOf[i].push_back(l);
    localExtent[i] = paddedBlock(localExtent[i], sizes[l]);
    if (desc.isReduction[i]) {
      if (!linalgOp || !desc.reducer)
        return false;
      partialLevels.push_back(l);
    }
  }
  return true;
}

bool IterationSpaceSplit::collectReads() {
  if (linalgOp) {
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isa<RankedTensorType>(operand.get().getType()))
        continue;
      reads.push_back({operand.getOperandNumber(),
                       linalgOp.getMatchingIndexingMap(&operand)});
      isInit.push_back(linalgOp.isDpsInit(&operand));
      guarded.push_back(false);
    }
    return true;
  }
  for (const InputAccess &in : desc.inputs) {
    reads.push_back({in.operandNumber, in.map});
    isInit.push_back(false);
    guarded.push_back(in.guarded);
  }
  for (OpOperand &operand : op->getOpOperands())
    if (isa<RankedTensorType>(operand.get().getType()) &&
        !llvm::any_of(reads, [&](auto &r) {
          return r.first == operand.getOperandNumber();
        }))
      return false;
  return true;
}

bool IterationSpaceSplit::planOperands() {
  for (auto [k, read] : llvm::enumerate(reads)) {
    auto [number, map] = read;
    auto type = cast<RankedTensorType>(op->getOperand(number).getType());
    if (map.getNumSymbols() || map.getNumResults() != type.getRank() ||
        map.getNumDims() != numLoops)
      return false;
    OperandPlan plan;
    plan.operandNumber = number;
    plan.isInit = isInit[k];
    plan.layout = ctx.replicated();
    for (AffineExpr e : map.getResults()) {
      std::optional<AffineLinear> lin = getAffineLinear(e, numLoops);
      if (!lin)
        return false;
      plan.exprs.push_back(*lin);
    }
    auto pureDimFor = [&](unsigned loop) -> int64_t {
      for (auto [j, lin] : llvm::enumerate(plan.exprs))
        if (lin.isPureDim(loop) && type.getDimSize(j) == desc.extents[loop])
          return j;
      return -1;
    };
    for (auto [l, i] : llvm::enumerate(strategy))
      if (i >= 0)
        plan.layout[l] = pureDimFor(i);
    for (auto [j, lin] : llvm::enumerate(plan.exprs)) {
      bool split = llvm::is_contained(plan.layout, static_cast<int64_t>(j));
      bool readsSplitLoop = false;
      for (auto [loop, c] : llvm::enumerate(lin.coeffs))
        if (c != 0 && !levelsOf[loop].empty())
          readsSplitLoop = true;
      bool slice = readsSplitLoop && !split;
      // A window of a padded loop would reach past the dimension.
      if (slice && llvm::any_of(llvm::enumerate(lin.coeffs), [&](auto lc) {
            return lc.value() != 0 && padded[lc.index()];
          }))
        return false;
      if (slice) {
        // A window [sum c_k off_k, ...) of the whole dimension; the local op
        // reads it with the same map on local loop indices. Not of an init
        // (out[h + kh] += ..., a pooling's adjoint): the local op would
        // yield that window, where its result must be the whole (partial)
        // tensor.
        if (plan.isInit || guarded[k] || lin.constant < 0 ||
            llvm::any_of(lin.coeffs, [](int64_t c) { return c < 0; }))
          return false;
      }
      int64_t window = lin.constant + 1;
      for (auto [loop, c] : llvm::enumerate(lin.coeffs))
        window += c * (localExtent[loop] - 1);
      plan.sliced.push_back(slice);
      plan.windowSizes.push_back(window);
    }
    plans.push_back(std::move(plan));
  }
  return true;
}

bool IterationSpaceSplit::planResults() {
  for (auto [r, map] : llvm::enumerate(desc.outputMaps)) {
    Layout natural = ctx.replicated();
    for (auto [l, i] : llvm::enumerate(strategy)) {
      if (i < 0)
        continue;
      if (desc.isReduction[i]) {
        natural[l] = kPartial;
        continue;
      }
      for (auto [j, e] : llvm::enumerate(map.getResults())) {
        std::optional<AffineLinear> lin = getAffineLinear(e, numLoops);
        if (lin && lin->isPureDim(i) &&
            desc.outputShapes[r][j] == desc.extents[i]) {
          natural[l] = j;
          break;
        }
      }
      if (natural[l] == kRep)
        return false;
    }
    naturals.push_back(std::move(natural));
  }
  if (naturals.size() != op->getNumResults())
    return false;
  return partialLevels.empty() || linalgOp;
}

Value IterationSpaceSplit::cutWindow(Value local, const OperandPlan &plan) {
  Location loc = op->getLoc();
  auto type = cast<RankedTensorType>(local.getType());
  SmallVector<OpFoldResult> offsets, sizesOf, strides;
  for (auto [j, lin] : llvm::enumerate(plan.exprs)) {
    strides.push_back(b.getIndexAttr(1));
    if (!plan.sliced[j]) {
      offsets.push_back(b.getIndexAttr(0));
      sizesOf.push_back(b.getIndexAttr(type.getDimSize(j)));
      continue;
    }
    Value base;
    for (auto [loop, c] : llvm::enumerate(lin.coeffs)) {
      if (c == 0 || levelsOf[loop].empty())
        continue;
      Value term = cast<Value>(loopOffset[loop]);
      if (c != 1)
        term = arith::MulIOp::create(b, loc, term, ctx.indexConst(loc, c));
      base =
          base ? arith::AddIOp::create(b, loc, base, term).getResult() : term;
    }
    offsets.push_back(base);
    sizesOf.push_back(b.getIndexAttr(plan.windowSizes[j]));
  }
  return tensor::ExtractSliceOp::create(b, loc, local, offsets, sizesOf,
                                        strides);
}

FailureOr<Value> IterationSpaceSplit::maskInit(Value local) {
  Location loc = op->getLoc();
  auto type = cast<RankedTensorType>(local.getType());
  TypedAttr identity = reducerIdentity(*desc.reducer, type.getElementType());
  if (!identity)
    return op->emitOpError("splits a reduction over an init of ")
           << type.getElementType() << ", which has no identity";
  Value scalar = arith::ConstantOp::create(b, loc, identity);
  Value empty =
      tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType());
  Value filled = linalg::FillOp::create(b, loc, scalar, empty).getResult(0);
  Value cond;
  for (unsigned l : partialLevels) {
    Value isFirst =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, ctx.coords()[l],
                              ctx.indexConst(loc, 0));
    cond = cond ? arith::AndIOp::create(b, loc, cond, isFirst).getResult()
                : isFirst;
  }
  return arith::SelectOp::create(b, loc, cond, local, filled).getResult();
}

FailureOr<Value> IterationSpaceSplit::fetchOperand(const OperandPlan &plan,
                                                   Value old) {
  FailureOr<Value> v =
      ctx.getLocalOperand(op->getOpOperand(plan.operandNumber), plan.layout);
  if (failed(v))
    return failure();
  Value local = *v;
  if (llvm::is_contained(plan.sliced, true))
    local = cutWindow(local, plan);
  if (plan.isInit && !partialLevels.empty() &&
      !isIdentityFill(old, *desc.reducer))
    return maskInit(local);
  return local;
}

FailureOr<SmallVector<Type>> IterationSpaceSplit::localResultTypes() {
  SmallVector<Type> resultTypes;
  for (auto [r, result] : llvm::enumerate(op->getResults())) {
    auto type = cast<RankedTensorType>(result.getType());
    Layout split = naturals[r];
    for (int64_t &d : split)
      if (d == kPartial)
        d = kRep;
    FailureOr<SmallVector<int64_t>> shape =
        ctx.relayouts().localShape(type.getShape(), split, op,
                                   /*padded=*/true);
    if (failed(shape))
      return failure();
    resultTypes.push_back(RankedTensorType::get(*shape, type.getElementType()));
  }
  return resultTypes;
}

/// `localOperands[i]`: operand i's local value (null for a scalar, taken
/// from `mapping`). By operand, not by value: a value used twice (`A @ A`)
/// may need a different window in each use.
FailureOr<Operation *>
IterationSpaceSplit::rebuild(ArrayRef<Type> resultTypes,
                             ArrayRef<Value> localOperands,
                             IRMapping &mapping) {
  Location loc = op->getLoc();
  if (auto slice = dyn_cast<tensor::ExtractSliceOp>(op)) {
    auto resultType = cast<RankedTensorType>(resultTypes[0]);
    llvm::SmallBitVector dropped = slice.getDroppedDims();
    SmallVector<OpFoldResult> sizesOf;
    unsigned next = 0;
    for (unsigned j = 0; j < dropped.size(); ++j)
      sizesOf.push_back(
          b.getIndexAttr(dropped[j] ? 1 : resultType.getDimSize(next++)));
    return tensor::ExtractSliceOp::create(b, loc, resultType, localOperands[0],
                                          slice.getMixedOffsets(), sizesOf,
                                          slice.getMixedStrides())
        .getOperation();
  }
  if (auto insert = dyn_cast<tensor::InsertSliceOp>(op)) {
    auto dest = cast<RankedTensorType>(resultTypes[0]);
    auto global = insert.getDestType();
    SmallVector<OpFoldResult> sizesOf = insert.getMixedSizes();
    for (unsigned j = 0; j < sizesOf.size(); ++j)
      if (dest.getDimSize(j) != global.getDimSize(j))
        sizesOf[j] = b.getIndexAttr(dest.getDimSize(j));
    return tensor::InsertSliceOp::create(
               b, loc, localOperands[0], localOperands[1],
               insert.getMixedOffsets(), sizesOf, insert.getMixedStrides())
        .getOperation();
  }
  if (failed(ctx.mapCaptures(op, mapping)))
    return failure();
  Operation *local = b.clone(*op, mapping);
  for (auto [i, value] : llvm::enumerate(localOperands))
    if (value)
      local->setOperand(i, value);
  for (auto [result, type] : llvm::zip(local->getResults(), resultTypes))
    result.setType(type);
  return local;
}

void IterationSpaceSplit::shiftIndices(Operation *local) {
  SmallVector<linalg::IndexOp> indices;
  local->walk([&](linalg::IndexOp idx) { indices.push_back(idx); });
  for (linalg::IndexOp idx : indices) {
    OpFoldResult off = loopOffset[idx.getDim()];
    if (isa<Attribute>(off))
      continue;
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointAfter(idx);
    Value shifted = arith::AddIOp::create(b, idx.getLoc(), idx.getResult(),
                                          cast<Value>(off));
    idx.getResult().replaceAllUsesExcept(shifted, shifted.getDefiningOp());
  }
}

Value IterationSpaceSplit::realExtent(unsigned i) {
  // The real part of the block at each level: what is left of the enclosing
  // block's real part past this member's start, at most one block.
  Location loc = op->getLoc();
  int64_t block = desc.extents[i];
  Value real = ctx.indexConst(loc, block);
  Value zero = ctx.indexConst(loc, 0);
  for (unsigned l : levelsOf[i]) {
    block = paddedBlock(block, sizes[l]);
    Value start = arith::MulIOp::create(b, loc, ctx.coords()[l],
                                        ctx.indexConst(loc, block));
    Value rest = arith::SubIOp::create(b, loc, real, start);
    rest = arith::MaxSIOp::create(b, loc, rest, zero);
    real = arith::MinSIOp::create(b, loc, rest, ctx.indexConst(loc, block));
  }
  return real;
}

FailureOr<Operation *> IterationSpaceSplit::maskPadding(Operation *local) {
  Location loc = op->getLoc();
  SmallVector<std::pair<unsigned, Value>> bounds;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(local);
    for (unsigned i = 0; i < numLoops; ++i)
      if (padded[i])
        bounds.push_back({i, realExtent(i)});
  }
  auto generic = dyn_cast<linalg::GenericOp>(local);
  if (!generic) {
    // The plan's attributes stay on the op that carries it out.
    DictionaryAttr attrs = local->getDiscardableAttrDictionary();
    IRRewriter rewriter(b);
    rewriter.setInsertionPoint(local);
    FailureOr<linalg::GenericOp> g =
        linalg::generalizeNamedOp(rewriter, cast<linalg::LinalgOp>(local));
    if (failed(g))
      return op->emitOpError("splits a loop unevenly, but its local form "
                             "cannot be masked (it has no linalg.generic "
                             "form)");
    generic = *g;
    generic->setDiscardableAttrs(attrs);
  }
  Block &body = generic.getRegion().front();
  Operation *yield = body.getTerminator();
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(yield);
  Value inside;
  for (auto [i, real] : bounds) {
    Value idx = linalg::IndexOp::create(b, loc, i);
    Value in =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, idx, real);
    inside =
        inside ? arith::AndIOp::create(b, loc, inside, in).getResult() : in;
  }
  unsigned numInputs = generic.getNumDpsInputs();
  for (OpOperand &y : yield->getOpOperands())
    y.set(arith::SelectOp::create(
        b, loc, inside, y.get(),
        body.getArgument(numInputs + y.getOperandNumber())));
  return generic.getOperation();
}

FailureOr<bool> IterationSpaceSplit::run() {
  if (!desc.hasConcreteExtents() || desc.opaque)
    return false;
  if (!linalgOp && !isa<tensor::ExtractSliceOp, tensor::InsertSliceOp,
                        tensor::PadOp, tensor::ConcatOp>(op))
    return false;
  // rebuild() keeps the op's own offsets, which is right on the windows the
  // description gives; a bound known only at run time has no such window
  // (its description reads the input whole), so the op stays replicated.
  if (tdl::hasRunTimeBounds(op))
    return false;
  if (!planBox() || !collectReads() || !planOperands() || !planResults())
    return false;

  // Build: fetch operands, cut windows, rebuild the op locally.
  Location loc = op->getLoc();
  for (unsigned i = 0; i < numLoops; ++i)
    loopOffset.push_back(ctx.blockOffset(loc, desc.extents[i], levelsOf[i]));
  IRMapping mapping;
  for (Value operand : op->getOperands())
    if (!isa<RankedTensorType>(operand.getType()))
      mapping.map(operand, ctx.lookupScalar(operand));
  SmallVector<Value> localOperands(op->getNumOperands());
  for (const OperandPlan &plan : plans) {
    Value old = op->getOperand(plan.operandNumber);
    FailureOr<Value> local = fetchOperand(plan, old);
    if (failed(local))
      return failure();
    localOperands[plan.operandNumber] = *local;
    mapping.map(old, *local);
  }
  FailureOr<SmallVector<Type>> resultTypes = localResultTypes();
  if (failed(resultTypes))
    return failure();
  FailureOr<Operation *> local = rebuild(*resultTypes, localOperands, mapping);
  if (failed(local))
    return failure();
  if (linalgOp)
    shiftIndices(*local);
  if (llvm::is_contained(padded, true)) {
    local = maskPadding(*local);
    if (failed(local))
      return failure();
  }
  if (failed(verify(*local)))
    return op->emitOpError("could not be rebuilt on its shards (internal "
                           "error; please report)");
  tdl::Reducer reducer = desc.reducer.value_or(tdl::Reducer::sum);
  for (auto [r, result] : llvm::enumerate(op->getResults()))
    if (failed(ctx.setResult(result, (*local)->getResult(r), naturals[r],
                             reducer, op)))
      return failure();
  return true;
}

struct IterationSpaceRule : PartitionRule {
  StringRef getName() const override { return "iteration-space"; }
  // Every op the reshape rule did not take: the description says whether
  // the op can be split (and an op with a strategy must have one).
  bool matches(Operation *) const override { return true; }
  FailureOr<bool> split(Operation *op, ArrayRef<int64_t> strategy,
                        PartitionContext &ctx) const override {
    FailureOr<const OpDescription *> desc = ctx.description(op);
    if (failed(desc))
      return failure();
    return IterationSpaceSplit(op, **desc, strategy, ctx).run();
  }
};

} // namespace

std::unique_ptr<PartitionRule> spmd::createIterationSpaceRule() {
  return std::make_unique<IterationSpaceRule>();
}
