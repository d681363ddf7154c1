//===- Relayout.cpp - Values from one layout to another -------------------===//
//
// Partials are combined first (reduce-scatter straight into the target split
// where possible), then splits the target lacks are undone deepest level
// first (an all-to-all moves a split to another dimension within a level),
// then new splits are cut locally, outermost level first.
//
//===----------------------------------------------------------------------===//

#include "Tofu/SPMD/Relayout.h"

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
                           Operation *where) const {
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

FailureOr<Value> RelayoutEngine::relayout(Value v, ArrayRef<int64_t> from,
                                          ArrayRef<int64_t> to,
                                          tdl::Reducer reducer, Location loc) {
  unsigned numL = numLevels();
  Layout cur(from);
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
  auto countCollective = [&] {
    if (collectives)
      ++*collectives;
  };
  auto gather = [&](unsigned l) {
    int64_t d = cur[l];
    v = shard::AllGatherOp::create(b, loc,
                                   withDim(d, type().getDimSize(d) * sizes[l]),
                                   grid, axes(l), v, b.getIndexAttr(d));
    cur[l] = kRep;
    countCollective();
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
    auto kind = shard::ReductionKindAttr::get(b.getContext(),
                                              toShardReduction(reducer));
    if (e >= 0 && !deeperSplits(l, e) && type().getDimSize(e) % sizes[l] == 0) {
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
      countCollective();
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
