//===- Autodiff.h - Reverse-mode differentiation internals ------*- C++ -*-===//
//
// Shared between the files of lib/Autodiff: the reverse-mode driver state
// (adjoints, activity, naming) and the gradient rules, split by op family.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_LIB_AUTODIFF_AUTODIFF_H
#define TOFU_LIB_AUTODIFF_AUTODIFF_H

#include "Tofu/Dialect/Tofu/IR/Tofu.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <string>

namespace mlir::tofu::autodiff {

/// Attribute names of the training-step contract (docs/autodiff.md), as the
/// Tofu dialect defines them.
inline constexpr llvm::StringLiteral kNameAttr = tofu::kNameAttrName;
inline constexpr llvm::StringLiteral kParamAttr = tofu::kParamAttrName;
inline constexpr llvm::StringLiteral kFwdAttr = tofu::kFwdAttrName;
inline constexpr llvm::StringLiteral kGradOfAttr = tofu::kGradOfAttrName;
inline constexpr llvm::StringLiteral kUpdateOfAttr = tofu::kUpdateOfAttrName;
inline constexpr llvm::StringLiteral kLrAttr = tofu::kLrAttrName;

/// Gives every op in `func` that lacks a `tofu.name` a deterministic one,
/// `<op name without dialect>_<N>` with N counting in walk order and skipping
/// names already taken. Terminators are left unnamed.
void nameOps(func::FuncOp func);

/// Lowers the TOSA ops of `func` to linalg/tensor/arith with the upstream
/// conversions; each op a TOSA op lowers to is named `<tosa op name>.<k>`.
/// `runPipeline` runs a nested pass pipeline on `func` (it is the calling
/// pass's `runPipeline`, which may only be used from inside a pass).
LogicalResult
lowerTosa(func::FuncOp func,
          llvm::function_ref<LogicalResult(OpPassManager &, Operation *)>
              runPipeline);

/// The state of one reverse sweep over a function body: which values are
/// active (depend on a parameter), the adjoint accumulated so far for each,
/// and the naming of values for `tofu.grad_of`.
class ReverseSweep {
public:
  ReverseSweep(func::FuncOp func, OpBuilder &builder);

  /// Marks the values that depend on the given block arguments as active.
  void computeActivity(ArrayRef<BlockArgument> params);
  bool isActive(Value v) const { return active.contains(v); }

  /// The accumulated adjoint of `v`, or null if nothing flowed back to it.
  Value getAdjoint(Value v) const { return adjoints.lookup(v); }
  /// Adds `contribution` (same type as `v`) to the adjoint of `v`. Tags the
  /// op defining `contribution` with `tofu.grad_of`; a second contribution is
  /// summed by a `linalg.add` that carries only `tofu.grad_of`.
  void addAdjoint(Value v, Value contribution);
  /// Sets the adjoint of the loss (no forward op produced it).
  void seedAdjoint(Value v, Value seed) { adjoints[v] = seed; }

  /// `<op tofu.name>#<result index>` or `arg<N>`.
  std::string valueName(Value v) const;

  OpBuilder &getBuilder() { return builder; }
  Location getLoc() const { return loc; }
  /// Where backward ops of the op being differentiated get their location.
  void setLoc(Location l) { loc = l; }

  /// Ops that sum gradient contributions; they belong to the gradient of a
  /// value, not to the backward of one forward op.
  bool isAccumulation(Operation *op) const {
    return accumulations.contains(op);
  }

  /// A zero tensor of `type` (tensor.empty + linalg.fill).
  Value createZeros(RankedTensorType type);

private:
  func::FuncOp func;
  OpBuilder &builder;
  Location loc;
  llvm::DenseSet<Value> active;
  llvm::DenseMap<Value, Value> adjoints;
  llvm::DenseSet<Operation *> accumulations;
};

/// Scalar reverse mode over the body of a linalg op. `ops` are clones of the
/// body ops (in order) already inserted at the builder's insertion point;
/// returns the adjoint of `wrt` given that `output` has adjoint `seed`, or a
/// zero constant if `output` does not depend on `wrt`. On an op without a rule
/// on the path from `wrt` to `output`, returns failure and sets `failedOp`.
FailureOr<Value> emitScalarAdjoint(OpBuilder &b, Location loc,
                                   ArrayRef<Operation *> ops, Value output,
                                   Value seed, Value wrt, Operation *&failedOp);

/// Whether `v` depends on `arg` through floating-point values inside `block`.
bool dependsOn(Value v, Value arg);

/// Gradient rules. Each propagates the adjoint of the op's results to its
/// active operands through `sweep.addAdjoint`, inserting backward ops at the
/// sweep's insertion point, or emits a located error and fails.
LogicalResult differentiateLinalgOp(ReverseSweep &sweep, linalg::LinalgOp op);

/// The gradient of input 0 of a 2-D convolution (NCHW/FCHW or NHWC/FHWC,
/// dilation 1, static shapes) in gather form, whose spatial loops are
/// parallel; null for other ops.
Value buildConvInputGradient(ReverseSweep &sweep, linalg::LinalgOp op,
                             Value dy);
LogicalResult differentiateTensorOp(ReverseSweep &sweep, Operation *op);

/// Whether `op` is a gather: a generic yielding `tensor.extract` of a
/// captured float tensor at positions that are `linalg.index` loops,
/// constants or `index_cast`s of integer inputs (what `tosa.gather` lowers
/// to).
bool isGatherGeneric(linalg::GenericOp op);
/// The gradient of the gathered tensor, as a reduction generic comparing the
/// indices with `linalg.index` (no scatter); indices get none.
LogicalResult differentiateGather(ReverseSweep &sweep, linalg::GenericOp op);

/// dx = y * (dy - sum_dim(dy * y)) as two generics.
LogicalResult differentiateSoftmax(ReverseSweep &sweep, linalg::SoftmaxOp op);

} // namespace mlir::tofu::autodiff

#endif // TOFU_LIB_AUTODIFF_AUTODIFF_H
