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

#include <map>

using namespace mlir;
using namespace mlir::tofu;

namespace {

constexpr int64_t kRep = -1;
constexpr int64_t kPartial = -2;
constexpr StringLiteral kGridName = "tofu_grid";

using Layout = SmallVector<int64_t>;

/// A value on this rank: its local tensor and how it is laid out.
struct Dist {
  Value local;
  Layout layout;
};

shard::ReductionKind toShard(tdl::Reducer r) {
  switch (r) {
  case tdl::Reducer::sum:
    return shard::ReductionKind::Sum;
  case tdl::Reducer::max:
    return shard::ReductionKind::Max;
  case tdl::Reducer::min:
    return shard::ReductionKind::Min;
  case tdl::Reducer::prod:
    return shard::ReductionKind::Product;
  }
  llvm_unreachable("reducer");
}

/// `sum_k coeffs[k] * d_k + constant`, or nothing for other expressions.
struct LinearExpr {
  SmallVector<int64_t> coeffs;
  int64_t constant = 0;
};

std::optional<LinearExpr> decompose(AffineExpr e, unsigned numDims) {
  LinearExpr out;
  out.coeffs.assign(numDims, 0);
  if (auto d = dyn_cast<AffineDimExpr>(e)) {
    out.coeffs[d.getPosition()] = 1;
    return out;
  }
  if (auto c = dyn_cast<AffineConstantExpr>(e)) {
    out.constant = c.getValue();
    return out;
  }
  auto bin = dyn_cast<AffineBinaryOpExpr>(e);
  if (!bin)
    return std::nullopt;
  if (e.getKind() == AffineExprKind::Add) {
    auto l = decompose(bin.getLHS(), numDims);
    auto r = decompose(bin.getRHS(), numDims);
    if (!l || !r)
      return std::nullopt;
    for (unsigned k = 0; k < numDims; ++k)
      l->coeffs[k] += r->coeffs[k];
    l->constant += r->constant;
    return l;
  }
  if (e.getKind() == AffineExprKind::Mul) {
    auto c = dyn_cast<AffineConstantExpr>(bin.getRHS());
    auto l = decompose(bin.getLHS(), numDims);
    if (!c || !l)
      return std::nullopt;
    for (int64_t &k : l->coeffs)
      k *= c.getValue();
    l->constant *= c.getValue();
    return l;
  }
  return std::nullopt;
}

/// The dimension `loop` alone, with coefficient 1.
bool isPureDim(const LinearExpr &e, unsigned loop) {
  if (e.constant != 0)
    return false;
  for (auto [k, c] : llvm::enumerate(e.coeffs))
    if (c != (k == loop ? 1 : 0))
      return false;
  return true;
}

/// How one tensor operand of a split op is fetched.
struct OperandPlan {
  unsigned operandNumber;
  Layout layout;
  /// Per dimension: the window cut after the relayout (whole dimension when
  /// `sliced` is false).
  SmallVector<bool> sliced;
  SmallVector<LinearExpr> exprs;
  SmallVector<int64_t> windowSizes;
  bool isInit = false;
};

class Materializer {
public:
  Materializer(ModuleOp module, func::FuncOp func, MaterializeStats &stats,
               ArrayRef<int64_t> levelSizes)
      : module(module), oldFunc(func), stats(stats), sizes(levelSizes),
        b(func.getContext()) {}

  LogicalResult run();

private:
  unsigned numLevels() const { return sizes.size(); }
  Layout replicated() const { return Layout(numLevels(), kRep); }

  /// The shard shape of a `global` tensor laid out as `layout`; fails when
  /// the layout names a missing dimension or a split is uneven, with a
  /// diagnostic at `where` unless it is null (a quiet check).
  FailureOr<SmallVector<int64_t>> localShape(ArrayRef<int64_t> global,
                                             ArrayRef<int64_t> layout,
                                             Operation *where);
  Value indexConst(Location loc, int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }
  /// Offset of this rank's block of a dimension of `extent` elements that
  /// `levelsOf` lists the split levels of (in level order).
  OpFoldResult blockOffset(Location loc, int64_t extent,
                           ArrayRef<unsigned> levelsOf);
  FailureOr<Value> relayout(Value v, Layout from, ArrayRef<int64_t> to,
                            tdl::Reducer reducer, Location loc);
  FailureOr<Value> getLocal(Value old, ArrayRef<int64_t> layout,
                            Operation *user);
  Layout plannedLayout(Operation *op, unsigned result);
  LogicalResult setResult(Value old, Value local, Layout natural,
                          tdl::Reducer reducer, Operation *op);

  LogicalResult materializeOp(Operation *op);
  /// Computes `op` split as its strategy says; returns false (having built
  /// nothing) where the op cannot be split that way.
  FailureOr<bool> trySplit(Operation *op, const OpDescription &desc,
                           ArrayRef<int64_t> strategy);
  FailureOr<bool> tryReshape(Operation *op, ArrayRef<int64_t> strategy);
  /// insert_slice / pad split along a dimension where the inserted region
  /// or the padding differs per rank: a masked copy on the local block.
  FailureOr<bool> tryMasked(Operation *op, ArrayRef<int64_t> strategy);
  LogicalResult replicate(Operation *op);
  /// Maps the values `op`'s regions read from outside it: scalars to their
  /// copies, tensors (e.g. a table a linalg.generic reads with tensor.extract)
  /// to whole copies.
  LogicalResult mapCaptures(Operation *op, IRMapping &mapping);

  ModuleOp module;
  func::FuncOp oldFunc, newFunc;
  MaterializeStats &stats;
  SmallVector<int64_t> sizes;
  OpBuilder b;
  FlatSymbolRefAttr grid;
  SmallVector<Value> coords;
  DenseMap<Value, Dist> dist;
  IRMapping scalars;
  std::map<std::pair<const void *, Layout>, Value> cache;
};

FailureOr<SmallVector<int64_t>>
Materializer::localShape(ArrayRef<int64_t> global, ArrayRef<int64_t> layout,
                         Operation *where) {
  SmallVector<int64_t> shape(global);
  for (auto [l, d] : llvm::enumerate(layout)) {
    if (d < 0)
      continue;
    if (d >= static_cast<int64_t>(shape.size()))
      return where ? where->emitOpError("layout splits dimension ")
                         << d << " of a rank-" << shape.size() << " tensor"
                   : failure();
    if (shape[d] % sizes[l] != 0)
      return where ? where->emitOpError("cannot split dimension ")
                         << d << " (" << shape[d] << " elements at that level) "
                         << sizes[l] << " ways at level " << l << " evenly"
                   : failure();
    shape[d] /= sizes[l];
  }
  return shape;
}

OpFoldResult Materializer::blockOffset(Location loc, int64_t extent,
                                       ArrayRef<unsigned> levelsOf) {
  Value off;
  int64_t block = extent;
  for (unsigned l : levelsOf) {
    block /= sizes[l];
    Value term = coords[l];
    if (block != 1)
      term = arith::MulIOp::create(b, loc, term, indexConst(loc, block));
    off = off ? arith::AddIOp::create(b, loc, off, term).getResult() : term;
  }
  if (!off)
    return b.getIndexAttr(0);
  return off;
}

FailureOr<Value> Materializer::relayout(Value v, Layout cur,
                                        ArrayRef<int64_t> to,
                                        tdl::Reducer reducer, Location loc) {
  unsigned numL = numLevels();
  auto type = [&] { return cast<RankedTensorType>(v.getType()); };
  auto withDim = [&](int64_t d, int64_t n) {
    SmallVector<int64_t> shape(type().getShape());
    shape[d] = n;
    return RankedTensorType::get(shape, type().getElementType());
  };
  auto axes = [&](unsigned l) {
    return b.getDenseI16ArrayAttr({static_cast<int16_t>(l)});
  };
  auto deeperSplits = [&](unsigned l, int64_t d) {
    for (unsigned l2 = l + 1; l2 < numL; ++l2)
      if (cur[l2] == d)
        return true;
    return false;
  };
  auto gather = [&](unsigned l) {
    int64_t d = cur[l];
    v = shard::AllGatherOp::create(b, loc,
                                   withDim(d, type().getDimSize(d) * sizes[l]),
                                   grid, axes(l), v, b.getIndexAttr(d));
    cur[l] = kRep;
    ++stats.collectives;
  };
  // Gathers, deepest first, the levels below `l` that split `d`, so that `d`
  // is contiguous per member at level `l`.
  auto gatherDeeper = [&](unsigned l, int64_t d) {
    for (unsigned l2 = numL; l2-- > l + 1;)
      if (cur[l2] == d)
        gather(l2);
  };

  // Partial results: reduce-scatter straight into the target split where
  // possible, else all-reduce.
  for (unsigned l = 0; l < numL; ++l) {
    if (cur[l] != kPartial)
      continue;
    int64_t e = to[l];
    auto kind = shard::ReductionKindAttr::get(b.getContext(), toShard(reducer));
    if (e >= 0 && !deeperSplits(l, e) && type().getDimSize(e) % sizes[l] == 0) {
      v = shard::ReduceScatterOp::create(
          b, loc, withDim(e, type().getDimSize(e) / sizes[l]), grid, axes(l), v,
          kind, b.getIndexAttr(e));
      cur[l] = e;
    } else {
      v = shard::AllReduceOp::create(b, loc, type(), grid, axes(l), v, kind);
      cur[l] = kRep;
    }
    ++stats.collectives;
  }
  // Undo splits the target does not have, deepest level first; an all-to-all
  // moves a split from one dimension to another within a level.
  for (unsigned l = numL; l-- > 0;) {
    if (cur[l] < 0 || cur[l] == to[l])
      continue;
    int64_t d = cur[l];
    gatherDeeper(l, d);
    int64_t e = to[l];
    if (e >= 0 && !deeperSplits(l, e) && type().getDimSize(e) % sizes[l] == 0) {
      SmallVector<int64_t> shape(type().getShape());
      shape[d] *= sizes[l];
      shape[e] /= sizes[l];
      v = shard::AllToAllOp::create(
          b, loc, RankedTensorType::get(shape, type().getElementType()), grid,
          axes(l), v, b.getIndexAttr(e), b.getIndexAttr(d));
      cur[l] = e;
      ++stats.collectives;
    } else {
      gather(l);
    }
  }
  // New splits, outermost level first: local slicing, no communication.
  for (unsigned l = 0; l < numL; ++l) {
    int64_t e = to[l];
    if (e < 0 || cur[l] == e)
      continue;
    gatherDeeper(l, e);
    if (type().getDimSize(e) % sizes[l] != 0)
      return emitError(loc)
             << "cannot split dimension " << e << " (" << type().getDimSize(e)
             << " elements) " << sizes[l] << " ways at level " << l;
    v = shard::AllSliceOp::create(b, loc,
                                  withDim(e, type().getDimSize(e) / sizes[l]),
                                  grid, axes(l), v, b.getIndexAttr(e));
    cur[l] = e;
  }
  return v;
}

FailureOr<Value> Materializer::getLocal(Value old, ArrayRef<int64_t> layout,
                                        Operation *user) {
  auto type = dyn_cast<RankedTensorType>(old.getType());
  if (!type)
    return scalars.lookupOrDefault(old);
  Location loc = user->getLoc();
  if (old.getDefiningOp<tensor::EmptyOp>()) {
    FailureOr<SmallVector<int64_t>> shape =
        localShape(type.getShape(), layout, user);
    if (failed(shape))
      return failure();
    return tensor::EmptyOp::create(b, loc, *shape, type.getElementType())
        .getResult();
  }
  // A tensor filled with a scalar is made again, locally, in whatever layout
  // a use needs: no communication, and no whole tensor to slice.
  if (auto fill = old.getDefiningOp<linalg::FillOp>();
      fill && fill.getOutputs()[0].getDefiningOp<tensor::EmptyOp>() &&
      !isa<ShapedType>(fill.getInputs()[0].getType())) {
    FailureOr<SmallVector<int64_t>> shape =
        localShape(type.getShape(), layout, user);
    if (failed(shape))
      return failure();
    Value empty =
        tensor::EmptyOp::create(b, loc, *shape, type.getElementType());
    return linalg::FillOp::create(
               b, loc, scalars.lookupOrDefault(fill.getInputs()[0]), empty)
        .getResult(0);
  }
  DenseElementsAttr dense;
  if (matchPattern(old, m_Constant(&dense)) && dense.isSplat()) {
    FailureOr<SmallVector<int64_t>> shape =
        localShape(type.getShape(), layout, user);
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
  if (ArrayRef<int64_t>(it->second.layout) == layout)
    return it->second.local;
  auto key = std::make_pair(old.getAsOpaquePointer(), Layout(layout));
  if (auto c = cache.find(key); c != cache.end())
    return c->second;
  FailureOr<Value> v = relayout(it->second.local, it->second.layout, layout,
                                tdl::Reducer::sum, loc);
  if (succeeded(v))
    cache[key] = *v;
  return v;
}

Layout Materializer::plannedLayout(Operation *op, unsigned result) {
  auto layouts = op->getAttrOfType<ArrayAttr>("tofu.layouts");
  if (layouts && result < layouts.size())
    if (auto a = dyn_cast<DenseI64ArrayAttr>(layouts[result]);
        a && a.size() == numLevels())
      return Layout(a.asArrayRef());
  return replicated();
}

LogicalResult Materializer::setResult(Value old, Value local, Layout natural,
                                      tdl::Reducer reducer, Operation *op) {
  Layout planned = plannedLayout(op, cast<OpResult>(old).getResultNumber());
  FailureOr<Value> v = relayout(local, natural, planned, reducer, op->getLoc());
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
  for (Value operand : op->getOperands()) {
    FailureOr<Value> v = getLocal(operand, replicated(), op);
    if (failed(v))
      return failure();
    mapping.map(operand, *v);
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

FailureOr<bool> Materializer::tryReshape(Operation *op,
                                         ArrayRef<int64_t> strategy) {
  auto expand = dyn_cast<tensor::ExpandShapeOp>(op);
  auto collapse = dyn_cast<tensor::CollapseShapeOp>(op);
  if (!expand && !collapse)
    return false;
  auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto resType = cast<RankedTensorType>(op->getResult(0).getType());
  SmallVector<ReassociationIndices> groups =
      expand ? expand.getReassociationIndices()
             : collapse.getReassociationIndices();
  // Loops are the result's dimensions. A split of result dimension i is a
  // split of the source's dimension g when i and g lead their group (the
  // blocks are then contiguous on both sides).
  Layout srcLayout = replicated(), natural = replicated();
  for (auto [l, i] : llvm::enumerate(strategy)) {
    if (i < 0)
      continue;
    if (i >= resType.getRank())
      return false;
    int64_t g = -1;
    for (auto [gi, group] : llvm::enumerate(groups)) {
      if (expand && llvm::is_contained(group, i)) {
        if (group.front() != i)
          return false;
        g = gi;
      } else if (collapse && static_cast<int64_t>(gi) == i) {
        g = group.front();
      }
    }
    if (g < 0)
      return false;
    srcLayout[l] = g;
    natural[l] = i;
  }
  // The leading dimension must hold the whole split on both sides (checked
  // quietly: a reshape that cannot split is computed whole instead).
  if (failed(localShape(srcType.getShape(), srcLayout, nullptr)) ||
      failed(localShape(resType.getShape(), natural, nullptr)))
    return false;
  FailureOr<Value> src = getLocal(op->getOperand(0), srcLayout, op);
  if (failed(src))
    return failure();
  SmallVector<int64_t> shape = *localShape(resType.getShape(), natural, op);
  auto localType = RankedTensorType::get(shape, resType.getElementType());
  Value local = expand ? tensor::ExpandShapeOp::create(b, op->getLoc(),
                                                       localType, *src, groups)
                             .getResult()
                       : tensor::CollapseShapeOp::create(
                             b, op->getLoc(), localType, *src, groups)
                             .getResult();
  if (failed(
          setResult(op->getResult(0), local, natural, tdl::Reducer::sum, op)))
    return failure();
  return true;
}

FailureOr<bool> Materializer::tryMasked(Operation *op,
                                        ArrayRef<int64_t> strategy) {
  auto insert = dyn_cast<tensor::InsertSliceOp>(op);
  auto pad = dyn_cast<tensor::PadOp>(op);
  if (!insert && !pad)
    return false;
  Value source = insert ? insert.getSource() : pad.getSource();
  auto srcType = cast<RankedTensorType>(source.getType());
  auto resType = cast<RankedTensorType>(op->getResult(0).getType());
  if (srcType.getRank() != resType.getRank() || !resType.hasStaticShape())
    return false;
  // Where the source sits in the result, per dimension.
  SmallVector<int64_t> offsets;
  if (insert) {
    if (!insert.hasUnitStride())
      return false;
    for (OpFoldResult o : insert.getMixedOffsets()) {
      std::optional<int64_t> c = getConstantIntValue(o);
      if (!c)
        return false;
      offsets.push_back(*c);
    }
  } else {
    for (OpFoldResult o : pad.getMixedLowPad()) {
      std::optional<int64_t> c = getConstantIntValue(o);
      if (!c)
        return false;
      offsets.push_back(*c);
    }
  }
  Value padValue = pad ? pad.getConstantPaddingValue() : Value();
  if (pad && !padValue)
    return false;
  // Loops are the result's dimensions. A split dimension the source covers
  // exactly is split in the source too; the others read the source whole.
  int64_t rank = resType.getRank();
  SmallVector<SmallVector<unsigned>> levelsOf(rank);
  Layout natural = replicated(), srcLayout = replicated();
  for (auto [l, i] : llvm::enumerate(strategy)) {
    if (i < 0)
      continue;
    if (i >= rank)
      return false;
    levelsOf[i].push_back(l);
    natural[l] = i;
  }
  SmallVector<bool> covered(rank);
  for (int64_t d = 0; d < rank; ++d) {
    covered[d] =
        offsets[d] == 0 && srcType.getDimSize(d) == resType.getDimSize(d);
    if (covered[d])
      for (unsigned l : levelsOf[d])
        srcLayout[l] = d;
  }
  FailureOr<SmallVector<int64_t>> localResult =
      localShape(resType.getShape(), natural, nullptr);
  if (failed(localResult) ||
      failed(localShape(srcType.getShape(), srcLayout, nullptr)))
    return false;

  Location loc = op->getLoc();
  FailureOr<Value> src = getLocal(source, srcLayout, op);
  if (failed(src))
    return failure();
  FailureOr<Value> init =
      insert
          ? getLocal(insert.getDest(), natural, op)
          : FailureOr<Value>(tensor::EmptyOp::create(b, loc, *localResult,
                                                     resType.getElementType())
                                 .getResult());
  if (failed(init))
    return failure();
  SmallVector<Value> blockOffsets;
  for (int64_t d = 0; d < rank; ++d)
    blockOffsets.push_back(getValueOrCreateConstantIndexOp(
        b, loc, blockOffset(loc, resType.getDimSize(d), levelsOf[d])));
  Value scalarPad = padValue ? scalars.lookupOrDefault(padValue) : Value();
  auto localType = cast<RankedTensorType>(init->getType());
  auto id = b.getMultiDimIdentityMap(rank);
  SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
  Value srcLocal = *src;
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{localType}, ValueRange{}, ValueRange{*init},
      ArrayRef<AffineMap>{id}, iters,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        Value inside;
        SmallVector<Value> at;
        for (int64_t d = 0; d < rank; ++d) {
          Value local = linalg::IndexOp::create(nb, nl, d);
          if (covered[d]) { // the source's block matches the result's
            at.push_back(local);
            continue;
          }
          // global index - offset, inside [0, source size)?
          Value g = arith::AddIOp::create(nb, nl, local, blockOffsets[d]);
          Value rel = arith::SubIOp::create(
              nb, nl, g, arith::ConstantIndexOp::create(nb, nl, offsets[d]));
          Value zero = arith::ConstantIndexOp::create(nb, nl, 0);
          Value size =
              arith::ConstantIndexOp::create(nb, nl, srcType.getDimSize(d));
          Value ge = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::sge,
                                           rel, zero);
          Value lt = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::slt,
                                           rel, size);
          Value in = arith::AndIOp::create(nb, nl, ge, lt);
          inside = inside
                       ? arith::AndIOp::create(nb, nl, inside, in).getResult()
                       : in;
          // Clamped, so that the read stays in bounds where it is not used.
          Value last =
              arith::ConstantIndexOp::create(nb, nl, srcType.getDimSize(d) - 1);
          Value clamped = arith::MinSIOp::create(
              nb, nl, arith::MaxSIOp::create(nb, nl, rel, zero), last);
          at.push_back(clamped);
        }
        Value v = tensor::ExtractOp::create(nb, nl, srcLocal, at);
        Value other = insert ? args[0] : scalarPad;
        Value r =
            inside
                ? arith::SelectOp::create(nb, nl, inside, v, other).getResult()
                : v;
        linalg::YieldOp::create(nb, nl, r);
      });
  if (failed(setResult(op->getResult(0), generic.getResult(0), natural,
                       tdl::Reducer::sum, op)))
    return failure();
  return true;
}

FailureOr<bool> Materializer::trySplit(Operation *op, const OpDescription &desc,
                                       ArrayRef<int64_t> strategy) {
  unsigned numLoops = desc.getNumLoops();
  if (!desc.hasConcreteExtents() || desc.opaque)
    return false;
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp && !isa<tensor::ExtractSliceOp, tensor::InsertSliceOp,
                        tensor::PadOp, tensor::ConcatOp>(op))
    return false;

  // The rank's box of the iteration space.
  SmallVector<SmallVector<unsigned>> levelsOf(numLoops);
  SmallVector<int64_t> localExtent(desc.extents);
  SmallVector<unsigned> partialLevels;
  for (auto [l, i] : llvm::enumerate(strategy)) {
    if (i < 0)
      continue;
    if (i >= numLoops || localExtent[i] % sizes[l] != 0)
      return false;
    levelsOf[i].push_back(l);
    localExtent[i] /= sizes[l];
    if (desc.isReduction[i]) {
      if (!linalgOp || !desc.reducer)
        return false;
      partialLevels.push_back(l);
    }
  }

  // Operands: the maps that read them.
  SmallVector<std::pair<unsigned, AffineMap>> reads;
  SmallVector<bool> isInit, guarded;
  if (linalgOp) {
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isa<RankedTensorType>(operand.get().getType()))
        continue;
      reads.push_back({operand.getOperandNumber(),
                       linalgOp.getMatchingIndexingMap(&operand)});
      isInit.push_back(linalgOp.isDpsInit(&operand));
      guarded.push_back(false);
    }
  } else {
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
  }

  std::vector<OperandPlan> plans;
  for (auto [k, read] : llvm::enumerate(reads)) {
    auto [number, map] = read;
    auto type = cast<RankedTensorType>(op->getOperand(number).getType());
    if (map.getNumSymbols() || map.getNumResults() != type.getRank() ||
        map.getNumDims() != numLoops)
      return false;
    OperandPlan plan;
    plan.operandNumber = number;
    plan.isInit = isInit[k];
    plan.layout = replicated();
    for (AffineExpr e : map.getResults()) {
      std::optional<LinearExpr> lin = decompose(e, numLoops);
      if (!lin)
        return false;
      plan.exprs.push_back(*lin);
    }
    auto pureDimFor = [&](unsigned loop) -> int64_t {
      for (auto [j, lin] : llvm::enumerate(plan.exprs))
        if (isPureDim(lin, loop) && type.getDimSize(j) == desc.extents[loop])
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
      if (slice) {
        // A window [sum c_k off_k, ...) of the whole dimension; the local op
        // reads it with the same map on local loop indices.
        if (guarded[k] || lin.constant < 0 ||
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

  // Results: where each split loop lands.
  SmallVector<Layout> naturals;
  for (auto [r, map] : llvm::enumerate(desc.outputMaps)) {
    Layout natural = replicated();
    for (auto [l, i] : llvm::enumerate(strategy)) {
      if (i < 0)
        continue;
      if (desc.isReduction[i]) {
        natural[l] = kPartial;
        continue;
      }
      for (auto [j, e] : llvm::enumerate(map.getResults())) {
        std::optional<LinearExpr> lin = decompose(e, numLoops);
        if (lin && isPureDim(*lin, i) &&
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
  if (!partialLevels.empty() && !linalgOp)
    return false;

  // Build: fetch operands, cut windows, rebuild the op locally.
  Location loc = op->getLoc();
  SmallVector<OpFoldResult> loopOffset;
  for (unsigned i = 0; i < numLoops; ++i)
    loopOffset.push_back(blockOffset(loc, desc.extents[i], levelsOf[i]));
  IRMapping mapping;
  for (Value operand : op->getOperands())
    if (!isa<RankedTensorType>(operand.getType()))
      mapping.map(operand, scalars.lookupOrDefault(operand));
  SmallVector<Value> localInits;
  for (OperandPlan &plan : plans) {
    Value old = op->getOperand(plan.operandNumber);
    FailureOr<Value> v = getLocal(old, plan.layout, op);
    if (failed(v))
      return failure();
    Value local = *v;
    if (llvm::is_contained(plan.sliced, true)) {
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
            term = arith::MulIOp::create(b, loc, term, indexConst(loc, c));
          base = base ? arith::AddIOp::create(b, loc, base, term).getResult()
                      : term;
        }
        offsets.push_back(base);
        sizesOf.push_back(b.getIndexAttr(plan.windowSizes[j]));
      }
      local = tensor::ExtractSliceOp::create(b, loc, local, offsets, sizesOf,
                                             strides);
    }
    if (plan.isInit && !partialLevels.empty() &&
        !isIdentityFill(old, *desc.reducer)) {
      // Only the members with coordinate 0 on the partial levels start from
      // the init; the others start from the reducer's identity.
      auto type = cast<RankedTensorType>(local.getType());
      TypedAttr identity =
          reducerIdentity(*desc.reducer, type.getElementType());
      if (!identity)
        return op->emitOpError("splits a reduction over an init of ")
               << type.getElementType() << ", which has no identity";
      Value scalar = arith::ConstantOp::create(b, loc, identity);
      Value empty = tensor::EmptyOp::create(b, loc, type.getShape(),
                                            type.getElementType());
      Value filled = linalg::FillOp::create(b, loc, scalar, empty).getResult(0);
      Value cond;
      for (unsigned l : partialLevels) {
        Value isFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                              coords[l], indexConst(loc, 0));
        cond = cond ? arith::AndIOp::create(b, loc, cond, isFirst).getResult()
                    : isFirst;
      }
      local = arith::SelectOp::create(b, loc, cond, local, filled);
    }
    mapping.map(old, local);
    if (plan.isInit)
      localInits.push_back(local);
  }

  SmallVector<Type> resultTypes;
  for (auto [r, result] : llvm::enumerate(op->getResults())) {
    auto type = cast<RankedTensorType>(result.getType());
    Layout split = naturals[r];
    for (int64_t &d : split)
      if (d == kPartial)
        d = kRep;
    FailureOr<SmallVector<int64_t>> shape =
        localShape(type.getShape(), split, op);
    if (failed(shape))
      return failure();
    resultTypes.push_back(RankedTensorType::get(*shape, type.getElementType()));
  }

  Operation *local = nullptr;
  if (auto slice = dyn_cast<tensor::ExtractSliceOp>(op)) {
    auto resultType = cast<RankedTensorType>(resultTypes[0]);
    llvm::SmallBitVector dropped = slice.getDroppedDims();
    SmallVector<OpFoldResult> sizesOf;
    unsigned next = 0;
    for (unsigned j = 0; j < dropped.size(); ++j)
      sizesOf.push_back(
          b.getIndexAttr(dropped[j] ? 1 : resultType.getDimSize(next++)));
    local = tensor::ExtractSliceOp::create(
        b, loc, resultType, mapping.lookup(slice.getSource()),
        slice.getMixedOffsets(), sizesOf, slice.getMixedStrides());
  } else if (auto insert = dyn_cast<tensor::InsertSliceOp>(op)) {
    auto dest = cast<RankedTensorType>(resultTypes[0]);
    auto global = insert.getDestType();
    SmallVector<OpFoldResult> sizesOf = insert.getMixedSizes();
    for (unsigned j = 0; j < sizesOf.size(); ++j)
      if (dest.getDimSize(j) != global.getDimSize(j))
        sizesOf[j] = b.getIndexAttr(dest.getDimSize(j));
    local = tensor::InsertSliceOp::create(
        b, loc, mapping.lookup(insert.getSource()),
        mapping.lookup(insert.getDest()), insert.getMixedOffsets(), sizesOf,
        insert.getMixedStrides());
  } else {
    if (failed(mapCaptures(op, mapping)))
      return failure();
    local = b.clone(*op, mapping);
    for (auto [result, type] : llvm::zip(local->getResults(), resultTypes))
      result.setType(type);
  }
  // linalg.index gives local loop indices: shift them back to global ones.
  if (linalgOp) {
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
  if (failed(verify(local)))
    return op->emitOpError("could not be rebuilt on its shards (internal "
                           "error; please report)");
  tdl::Reducer reducer = desc.reducer.value_or(tdl::Reducer::sum);
  for (auto [r, result] : llvm::enumerate(op->getResults()))
    if (failed(
            setResult(result, local->getResult(r), naturals[r], reducer, op)))
      return failure();
  return true;
}

LogicalResult Materializer::materializeOp(Operation *op) {
  // A converted operand is shared by the uses inside one op only: keeping it
  // for later ops (e.g. a gathered activation from the forward pass until its
  // use in the backward pass) would hold whole tensors alive across the
  // step. Converting again is what the plan's cost model counts.
  cache.clear();
  if (isa<tensor::EmptyOp>(op))
    return success(); // made locally, in the shape each use needs
  if (op->hasTrait<OpTrait::ConstantLike>()) {
    if (isa<RankedTensorType>(op->getResult(0).getType()))
      return success(); // sliced locally where used
    scalars.map(op->getResult(0), b.clone(*op, scalars)->getResult(0));
    return success();
  }
  auto strategyAttr = op->getAttrOfType<DenseI64ArrayAttr>("tofu.strategy");
  if (!strategyAttr ||
      llvm::all_of(strategyAttr.asArrayRef(), [](int64_t s) { return s < 0; }))
    return replicate(op);
  if (strategyAttr.size() != numLevels())
    return op->emitOpError("tofu.strategy has ")
           << strategyAttr.size() << " entries for a plan of " << numLevels()
           << " levels";
  ArrayRef<int64_t> strategy = strategyAttr.asArrayRef();
  FailureOr<bool> done = tryReshape(op, strategy);
  if (failed(done))
    return failure();
  if (!*done) {
    FailureOr<OpDescription> desc = getDescription(op);
    if (failed(desc))
      return failure();
    done = trySplit(op, *desc, strategy);
    if (succeeded(done) && !*done)
      done = tryMasked(op, strategy);
    if (failed(done))
      return failure();
  }
  if (*done) {
    ++stats.partitionedOps;
    return success();
  }
  ++stats.replicatedOps;
  if (std::getenv("TOFU_DEBUG_MATERIALIZE"))
    llvm::errs() << "tofu-materialize: computing whole on every rank: "
                 << op->getName() << " at " << op->getLoc() << "\n";
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

  // The new function: shard types for the arguments.
  SmallVector<Type> argTypes;
  SmallVector<Layout> argLayouts;
  for (BlockArgument arg : oldFunc.getArguments()) {
    Layout layout = replicated();
    if (auto a = oldFunc.getArgAttrOfType<DenseI64ArrayAttr>(arg.getArgNumber(),
                                                             "tofu.layout")) {
      if (a.size() != numLevels())
        return oldFunc.emitOpError("argument ")
               << arg.getArgNumber() << " has a tofu.layout of " << a.size()
               << " levels for a plan of " << numLevels();
      layout.assign(a.asArrayRef().begin(), a.asArrayRef().end());
    }
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
  coords.assign(multi.getResults().begin(), multi.getResults().end());
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
      newFunc.setArgAttr(i, "tofu.layout", b.getDenseI64ArrayAttr(layout));
  for (auto [i, layout] : llvm::enumerate(resultLayouts)) {
    if (auto attrs = oldFunc.getResultAttrDict(i))
      newFunc.setResultAttrs(i, attrs);
    if (isa<RankedTensorType>(results[i].getType()))
      newFunc.setResultAttr(i, "tofu.layout", b.getDenseI64ArrayAttr(layout));
  }
  oldFunc.erase();
  // Offsets and copies no op ended up using.
  SmallVector<Operation *> ops;
  newFunc.walk([&](Operation *op) { ops.push_back(op); });
  for (Operation *op : llvm::reverse(ops))
    if (op->getParentOp() == newFunc && isOpTriviallyDead(op))
      op->erase();
  return success();
}

} // namespace

LogicalResult mlir::tofu::materializePlan(ModuleOp module, func::FuncOp func,
                                          MaterializeStats &stats) {
  auto partition = module->getAttrOfType<DictionaryAttr>("tofu.partition");
  if (!partition)
    return module.emitOpError("has no tofu.partition plan to materialize "
                              "(run --tofu-partition first)");
  auto levels = partition.getAs<DenseI64ArrayAttr>("levels");
  if (!levels)
    return module.emitOpError("tofu.partition has no 'levels' array");
  for (int64_t k : levels.asArrayRef())
    if (k < 1)
      return module.emitOpError("tofu.partition levels must be positive");
  Materializer m(module, func, stats, levels.asArrayRef());
  return m.run();
}
