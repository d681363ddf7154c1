//===- PartitionRule.h - Per-op rules of the materializer -------*- C++ -*-===//
//
// A partition rule computes one kind of op on the box of its iteration space
// that the plan's strategy gives a rank: it fetches the operands in the
// layouts it needs and rebuilds the op on the local tensors. The driver
// (Materialize.cpp) walks the function and asks the rules, in order, for each
// planned op; it owns the values' layouts, which the rules reach through a
// PartitionContext, and the relayout engine.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_SPMD_PARTITIONRULE_H
#define TOFU_SPMD_PARTITIONRULE_H

#include "Tofu/Analysis/Description.h"
#include "Tofu/SPMD/Relayout.h"

#include "mlir/IR/IRMapping.h"

#include <memory>

namespace mlir::tofu::spmd {

/// What a rule may ask of the driver while it rebuilds an op.
class PartitionContext {
public:
  virtual ~PartitionContext() = default;

  /// The builder, at the point where the op's local form goes.
  virtual OpBuilder &builder() = 0;
  virtual RelayoutEngine &relayouts() = 0;
  /// This rank's coordinate per level.
  virtual ArrayRef<Value> coords() = 0;
  /// The op's TDL description (looked up once per op); a located error
  /// where it has none.
  virtual FailureOr<const OpDescription *> description(Operation *op) = 0;

  /// The local tensor of `old` (a value of the original function) laid out as
  /// `layout`, relaid out if need be; scalars map to their copies.
  virtual FailureOr<Value> getLocal(Value old, ArrayRef<int64_t> layout,
                                    Operation *user) = 0;
  /// getLocal for an operand of its owner, except that a linalg init whose
  /// value the payload never reads (an element-wise op writing over an
  /// operand) is a fresh local tensor.empty: nothing of it moves, as the
  /// search assumed (it does not count such inits as inputs).
  virtual FailureOr<Value> getLocalOperand(OpOperand &operand,
                                           ArrayRef<int64_t> layout) = 0;
  /// Records `local`, laid out as `natural` (partial levels combine with
  /// `reducer`), as the value of `old`, brought to the layout the plan chose.
  virtual LogicalResult setResult(Value old, Value local,
                                  ArrayRef<int64_t> natural,
                                  tdl::Reducer reducer, Operation *op) = 0;
  /// Maps the values `op`'s regions read from outside it: scalars to their
  /// copies, tensors to whole copies.
  virtual LogicalResult mapCaptures(Operation *op, IRMapping &mapping) = 0;
  /// The copy of a scalar of the original function.
  virtual Value lookupScalar(Value old) = 0;

  Layout replicated() { return relayouts().replicated(); }
  Value indexConst(Location loc, int64_t v);
  /// Offset of this rank's block of a dimension of `extent` elements that
  /// `levelsOf` lists the split levels of (in level order); blocks of
  /// uneven splits have the rounded-up size (padded).
  OpFoldResult blockOffset(Location loc, int64_t extent,
                           ArrayRef<unsigned> levelsOf);
};

/// One kind of op the materializer can compute on its shards.
class PartitionRule {
public:
  virtual ~PartitionRule() = default;
  virtual StringRef getName() const = 0;
  /// Whether the rule may apply to `op` (a cheap check on its kind).
  virtual bool matches(Operation *op) const = 0;
  /// Computes `op` split as `strategy` (per level: the loop split, or -1)
  /// says; returns false, having built nothing, where it cannot split the
  /// op that way.
  virtual FailureOr<bool> split(Operation *op, ArrayRef<int64_t> strategy,
                                PartitionContext &ctx) const = 0;
};

/// Reshapes (expand/collapse_shape) whose split dimensions lead their group.
std::unique_ptr<PartitionRule> createReshapeRule();
/// Ops described by TDL (linalg ops; extract/insert_slice, pad, concat),
/// rebuilt on the rank's box of their iteration space.
std::unique_ptr<PartitionRule> createIterationSpaceRule();
/// insert_slice / pad split along a dimension where the inserted region or
/// the padding differs per rank: a masked copy on the local block.
std::unique_ptr<PartitionRule> createMaskedSliceRule();

/// The rules, in the order the driver tries them.
ArrayRef<std::unique_ptr<PartitionRule>> getPartitionRules();

} // namespace mlir::tofu::spmd

#endif // TOFU_SPMD_PARTITIONRULE_H
