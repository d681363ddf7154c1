//===- Relayout.h - Values from one layout to another -----------*- C++ -*-===//
//
// A value of the SPMD program is, per rank, a local tensor and a *layout*:
// per recursion level, the dimension split at that level, kRep (replicated)
// or kPartial (each member of the level's group holds a partial result of a
// reduction). Rank (c_0, ..., c_{L-1}) holds, of a dimension split at
// several levels, block c_0 of the whole, then block c_1 of that, and so on
// (row-major, level 0 most significant; docs/runtime.md).
//
// The relayout engine brings a local tensor from one layout to another
// through upstream `shard` collectives on a grid whose axes are the levels:
// all_reduce / reduce_scatter for partials, all_gather and all_to_all for
// splits the target lacks, all_slice (no communication) for new splits.
//
// A split of a dimension the level's ways do not divide is *padded*: every
// member holds a block of the rounded-up size, the last block(s) padded at
// the end (docs/materialization.md). All shards of a value then have one
// shape, so the collectives apply unchanged; what the engine adds is cutting
// the padding off after a gather and padding before a new split or a
// reduce-scatter. The padding holds no data: its values are unspecified.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_SPMD_RELAYOUT_H
#define TOFU_SPMD_RELAYOUT_H

#include "Tofu/Dialect/TDL/IR/TDL.h"

#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::tofu::spmd {

/// Layout codes per level (the same as LevelLayout's materializer codes).
constexpr int64_t kRep = -1;
constexpr int64_t kPartial = -2;

using Layout = SmallVector<int64_t>;

/// The extent of a dimension of `extent` elements split `ways` ways, padded
/// where uneven: the rounded-up block.
inline int64_t paddedBlock(int64_t extent, int64_t ways) {
  return (extent + ways - 1) / ways;
}

/// The shard collective's reduction for a TDL reducer.
shard::ReductionKind toShardReduction(tdl::Reducer reducer);

/// Emits relayouts at a builder's insertion point on one grid.
class RelayoutEngine {
public:
  /// `levelSizes[l]` is the group size at level l (grid axis l).
  /// `collectives`, when given, counts the collectives emitted.
  RelayoutEngine(OpBuilder &builder, FlatSymbolRefAttr grid,
                 ArrayRef<int64_t> levelSizes, unsigned *collectives = nullptr)
      : b(builder), grid(grid), sizes(levelSizes), collectives(collectives) {}

  unsigned numLevels() const { return sizes.size(); }
  ArrayRef<int64_t> levelSizes() const { return sizes; }
  Layout replicated() const { return Layout(numLevels(), kRep); }

  /// The shard shape of a `global` tensor laid out as `layout`; fails when
  /// the layout names a missing dimension or (unless `padded`) a split is
  /// uneven, with a diagnostic at `where` unless it is null (a quiet check).
  /// With `padded`, an uneven split gives blocks of the rounded-up size.
  FailureOr<SmallVector<int64_t>> localShape(ArrayRef<int64_t> global,
                                             ArrayRef<int64_t> layout,
                                             Operation *where,
                                             bool padded = false) const;

  /// Brings `v`, the local tensor of a value laid out as `from`, to layout
  /// `to`; partial levels are combined with `reducer`. `global` is the whole
  /// value's shape: given, uneven splits are padded (as localShape with
  /// `padded`); empty, every split must be even, and the engine emits a
  /// located error at `loc` and fails where a new split is uneven.
  FailureOr<Value> relayout(Value v, ArrayRef<int64_t> from,
                            ArrayRef<int64_t> to, tdl::Reducer reducer,
                            Location loc, ArrayRef<int64_t> global = {});

private:
  OpBuilder &b;
  FlatSymbolRefAttr grid;
  SmallVector<int64_t> sizes;
  unsigned *collectives;
};

} // namespace mlir::tofu::spmd

#endif // TOFU_SPMD_RELAYOUT_H
