//===- Relayout.cpp - Values from one layout to another -------------------===//
//
// Partials are combined first (reduce-scatter straight into the target split
// where possible), then splits the target lacks are undone deepest level
// first (an all-to-all moves a split to another dimension within a level),
// then new splits are cut locally, outermost level first. Padded (uneven)
// splits are gathered and then cut to the block they pad, and padded before
// they are split anew or reduce-scattered.
//
//===----------------------------------------------------------------------===//

#include "Tofu/SPMD/Relayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::spmd;

shard::ReductionKind spmd::toShardReduction(tdl::Reducer r) {
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

FailureOr<SmallVector<int64_t>>
RelayoutEngine::localShape(ArrayRef<int64_t> global, ArrayRef<int64_t> layout,
                           Operation *where, bool padded) const {
  SmallVector<int64_t> shape(global);
  for (auto [l, d] : llvm::enumerate(layout)) {
    if (d < 0)
      continue;
    if (d >= static_cast<int64_t>(shape.size()))
      return where ? where->emitOpError("layout splits dimension ")
                         << d << " of a rank-" << shape.size() << " tensor"
                   : failure();
    if (shape[d] % sizes[l] != 0 && !padded)
      return where ? where->emitOpError("cannot split dimension ")
                         << d << " (" << shape[d] << " elements at that level) "
                         << sizes[l] << " ways at level " << l << " evenly"
                   : failure();
    shape[d] = paddedBlock(shape[d], sizes[l]);
  }
  return shape;
}

namespace {

/// One relayout: the value as it goes, its layout per level so far.
class Relayouter {
public:
  Relayouter(OpBuilder &b, FlatSymbolRefAttr grid, ArrayRef<int64_t> sizes,
             unsigned *collectives, Value v, ArrayRef<int64_t> from,
             ArrayRef<int64_t> global)
      : b(b), grid(grid), sizes(sizes), collectives(collectives), v(v),
        cur(from), global(global) {}

  FailureOr<Value> run(ArrayRef<int64_t> requested, tdl::Reducer reducer,
                       Location loc);

private:
  /// Makes the whole value at level `l` partial there: members other than
  /// the first hold zeros.
  void keepOnFirstMember(unsigned l, Location loc);
  RankedTensorType type() const { return cast<RankedTensorType>(v.getType()); }
  RankedTensorType withDim(int64_t d, int64_t n) const {
    SmallVector<int64_t> shape(type().getShape());
    shape[d] = n;
    return RankedTensorType::get(shape, type().getElementType());
  }
  DenseI16ArrayAttr axes(unsigned l) {
    return b.getDenseI16ArrayAttr({static_cast<int16_t>(l)});
  }
  bool deeperSplits(unsigned l, int64_t d) const {
    for (unsigned l2 = l + 1; l2 < cur.size(); ++l2)
      if (cur[l2] == d)
        return true;
    return false;
  }
  void countCollective() {
    if (collectives)
      ++*collectives;
  }
  /// Whether dimension `d`, as it is before level `l` splits it, divides
  /// evenly `sizes[l]` ways. Without a global shape every split is even.
  bool evenAt(unsigned l, int64_t d) const {
    return global.empty() || parentExtent(l, d) % sizes[l] == 0;
  }
  /// The extent of dimension `d` of the block that level `l` splits: the
  /// whole, split (padded) at the levels before `l` that split `d`.
  int64_t parentExtent(unsigned l, int64_t d) const {
    int64_t n = global[d];
    for (unsigned l2 = 0; l2 < l; ++l2)
      if (cur[l2] == d)
        n = paddedBlock(n, sizes[l2]);
    return n;
  }
  /// Pads dimension `d` at its end to a multiple of `ways` (the padding is
  /// zero, though nothing reads it as data).
  void padTo(int64_t d, int64_t ways, Location loc);
  void gather(unsigned l, Location loc);
  /// Gathers, deepest first, the levels below `l` that split `d`, so that `d`
  /// is contiguous per member at level `l`.
  void gatherDeeper(unsigned l, int64_t d, Location loc) {
    for (unsigned l2 = cur.size(); l2-- > l + 1;)
      if (cur[l2] == d)
        gather(l2, loc);
  }
  void combinePartials(ArrayRef<int64_t> to, tdl::Reducer reducer,
                       Location loc);
  void undoSplits(ArrayRef<int64_t> to, Location loc);

  OpBuilder &b;
  FlatSymbolRefAttr grid;
  ArrayRef<int64_t> sizes;
  unsigned *collectives;
  Value v;
  Layout cur;
  ArrayRef<int64_t> global;
};

void Relayouter::padTo(int64_t d, int64_t ways, Location loc) {
  int64_t n = type().getDimSize(d);
  int64_t padded = paddedBlock(n, ways) * ways;
  if (padded == n)
    return;
  RankedTensorType to = withDim(d, padded);
  Value zero = arith::ConstantOp::create(
      b, loc, cast<TypedAttr>(b.getZeroAttr(to.getElementType())));
  Value empty =
      tensor::EmptyOp::create(b, loc, to.getShape(), to.getElementType());
  Value filled = linalg::FillOp::create(b, loc, zero, empty).getResult(0);
  SmallVector<OpFoldResult> offsets(to.getRank(), b.getIndexAttr(0)),
      strides(to.getRank(), b.getIndexAttr(1)), extents;
  for (int64_t s : type().getShape())
    extents.push_back(b.getIndexAttr(s));
  v = tensor::InsertSliceOp::create(b, loc, v, filled, offsets, extents,
                                    strides);
}

void Relayouter::gather(unsigned l, Location loc) {
  int64_t d = cur[l];
  bool even = evenAt(l, d);
  int64_t parent = global.empty() ? 0 : parentExtent(l, d);
  v = shard::AllGatherOp::create(b, loc,
                                 withDim(d, type().getDimSize(d) * sizes[l]),
                                 grid, axes(l), v, b.getIndexAttr(d));
  cur[l] = kRep;
  countCollective();
  if (even)
    return;
  // The members' blocks laid end to end: the block level `l` split, then
  // the padding of the last member(s).
  RankedTensorType to = withDim(d, parent);
  SmallVector<OpFoldResult> offsets(to.getRank(), b.getIndexAttr(0)),
      strides(to.getRank(), b.getIndexAttr(1)), extents;
  for (int64_t s : to.getShape())
    extents.push_back(b.getIndexAttr(s));
  v = tensor::ExtractSliceOp::create(b, loc, to, v, offsets, extents, strides);
}

void Relayouter::combinePartials(ArrayRef<int64_t> to, tdl::Reducer reducer,
                                 Location loc) {
  // Reduce-scatter straight into the target split where possible (padding
  // the partial first where the split is uneven), else all-reduce.
  for (unsigned l = 0; l < cur.size(); ++l) {
    // Partials the target keeps (a linear consumer adds them) stay.
    if (cur[l] != kPartial || to[l] == kPartial)
      continue;
    int64_t e = to[l];
    auto kind = shard::ReductionKindAttr::get(b.getContext(),
                                              toShardReduction(reducer));
    if (e >= 0 && !deeperSplits(l, e) &&
        (!global.empty() || type().getDimSize(e) % sizes[l] == 0)) {
      padTo(e, sizes[l], loc);
      v = shard::ReduceScatterOp::create(
          b, loc, withDim(e, type().getDimSize(e) / sizes[l]), grid, axes(l), v,
          kind, b.getIndexAttr(e));
      cur[l] = e;
    } else {
      v = shard::AllReduceOp::create(b, loc, type(), grid, axes(l), v, kind);
      cur[l] = kRep;
    }
    countCollective();
  }
}

void Relayouter::undoSplits(ArrayRef<int64_t> to, Location loc) {
  // Deepest level first; an all-to-all moves a split from one dimension to
  // another within a level when both are even.
  for (unsigned l = cur.size(); l-- > 0;) {
    if (cur[l] < 0 || cur[l] == to[l])
      continue;
    int64_t d = cur[l];
    gatherDeeper(l, d, loc);
    int64_t e = to[l];
    if (e >= 0 && !deeperSplits(l, e) && evenAt(l, d) &&
        type().getDimSize(e) % sizes[l] == 0) {
      SmallVector<int64_t> shape(type().getShape());
      shape[d] *= sizes[l];
      shape[e] /= sizes[l];
      v = shard::AllToAllOp::create(
          b, loc, RankedTensorType::get(shape, type().getElementType()), grid,
          axes(l), v, b.getIndexAttr(e), b.getIndexAttr(d));
      cur[l] = e;
      countCollective();
    } else {
      gather(l, loc);
    }
  }
}

void Relayouter::keepOnFirstMember(unsigned l, Location loc) {
  SmallVector<Type> indexTypes(sizes.size(), b.getIndexType());
  Value coord = shard::ProcessMultiIndexOp::create(b, loc, indexTypes, grid)
                    ->getResult(l);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value first =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, coord, zero);
  Value zeros = arith::ConstantOp::create(
      b, loc, type(),
      DenseElementsAttr::get(type(), b.getZeroAttr(type().getElementType())));
  v = arith::SelectOp::create(b, loc, first, v, zeros);
  cur[l] = kPartial;
}

FailureOr<Value> Relayouter::run(ArrayRef<int64_t> requested,
                                 tdl::Reducer reducer, Location loc) {
  // A partial made from values that are not partial at a level: whole
  // there first, then kept on the group's first member only (zeros on the
  // others), so that the members' sum is the value once.
  Layout to(requested);
  SmallVector<unsigned> madePartial;
  for (unsigned l = 0; l < cur.size(); ++l)
    if (to[l] == kPartial && cur[l] != kPartial) {
      if (reducer != tdl::Reducer::sum)
        return emitError(loc) << "cannot make partial values at level " << l
                              << " for a reduction other than a sum";
      to[l] = kRep;
      madePartial.push_back(l);
    }
  combinePartials(to, reducer, loc);
  undoSplits(to, loc);
  // New splits, outermost level first: local slicing, no communication.
  for (unsigned l = 0; l < cur.size(); ++l) {
    int64_t e = to[l];
    if (e < 0 || cur[l] == e)
      continue;
    gatherDeeper(l, e, loc);
    if (type().getDimSize(e) % sizes[l] != 0) {
      if (global.empty())
        return emitError(loc)
               << "cannot split dimension " << e << " (" << type().getDimSize(e)
               << " elements) " << sizes[l] << " ways at level " << l;
      padTo(e, sizes[l], loc);
    }
    v = shard::AllSliceOp::create(b, loc,
                                  withDim(e, type().getDimSize(e) / sizes[l]),
                                  grid, axes(l), v, b.getIndexAttr(e));
    cur[l] = e;
  }
  for (unsigned l : madePartial)
    keepOnFirstMember(l, loc);
  return v;
}

} // namespace

FailureOr<Value> RelayoutEngine::relayout(Value v, ArrayRef<int64_t> from,
                                          ArrayRef<int64_t> to,
                                          tdl::Reducer reducer, Location loc,
                                          ArrayRef<int64_t> global) {
  return Relayouter(b, grid, sizes, collectives, v, from, global)
      .run(to, reducer, loc);
}
