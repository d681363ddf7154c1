//===- Utils.h - Shared helpers of the StableHLO conversion -----*- C++ -*-===//
//
// Scalar semantics of StableHLO element-wise ops (used inside linalg bodies
// and for reducer regions), tensor builders, and the per-family populate
// functions.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_LIB_CONVERSION_STABLEHLOTOLINALG_UTILS_H
#define TOFU_LIB_CONVERSION_STABLEHLOTOLINALG_UTILS_H

#include "Tofu/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tofu::hlo {

/// Succeeds if `op` (a StableHLO op on scalars) has a scalar lowering;
/// otherwise emits a located error naming it and the reason.
LogicalResult checkScalarOp(Operation *op);

/// The scalar lowering of `op` applied to `args`, producing `resultElem`.
/// `op` must have passed `checkScalarOp`.
Value emitScalarOp(OpBuilder &b, Location loc, Operation *op, ValueRange args,
                   Type resultElem);

/// checkScalarOp / emitScalarOp for rounding, tan/cbrt/atan2, is_finite,
/// clamp, bit counts, shifts and the chlo ops (ScalarFunctions.cpp):
/// std::nullopt / a null value when `op` is not one of them.
std::optional<LogicalResult> checkFunctionScalarOp(Operation *op);
Value emitFunctionScalarOp(OpBuilder &b, Location loc, Operation *op,
                           ValueRange args, Type resultElem);

/// The arith predicate of an integer comparison in direction `d`.
arith::CmpIPredicate integerPredicate(stablehlo_subset::ComparisonDirection d,
                                      bool isSigned);

/// Converts a scalar between float/integer/i1 element types (StableHLO
/// `convert` semantics: integers are signed unless `fromUnsigned` /
/// `toUnsigned` say they were unsigned before eraseUnsignedTypes, i1 is
/// unsigned).
Value convertScalar(OpBuilder &b, Location loc, Value v, Type to,
                    bool fromUnsigned = false, bool toUnsigned = false);

/// Set by eraseUnsignedTypes on ops whose integer operands (results) were
/// unsigned; the scalar lowering reads them.
inline constexpr llvm::StringLiteral kUnsignedOperandAttr =
    "tofu.unsigned_operand";
inline constexpr llvm::StringLiteral kUnsignedResultAttr =
    "tofu.unsigned_result";

/// Rewrites every unsigned integer type of `module` to the signless type of
/// its width, marking the ops whose meaning depends on the sign
/// (Unsigned.cpp). Reports ops on unsigned values it has no form for.
LogicalResult eraseUnsignedTypes(ModuleOp module);

/// Succeeds if every op of the reducer `region` has a scalar lowering;
/// otherwise reports the first one that has none, at `owner`.
LogicalResult checkRegion(Operation *owner, Region &region);

/// Emits the scalar code of a reducer `region` (block arguments bound to
/// `args`) and returns the values it returns.
SmallVector<Value> emitRegion(OpBuilder &b, Location loc, Region &region,
                              ValueRange args);

Value emptyTensor(OpBuilder &b, Location loc, RankedTensorType type);
Value filledTensor(OpBuilder &b, Location loc, RankedTensorType type,
                   Value scalar);
Value zeroScalar(OpBuilder &b, Location loc, Type elem);
/// The element of a rank-0 tensor.
Value extractScalar(OpBuilder &b, Location loc, Value tensor);

/// StableHLO `pad` semantics: `low`/`high` may be negative (cut), `interior`
/// elements are inserted between neighbours.
Value padTensor(OpBuilder &b, Location loc, Value source, Value padScalar,
                ArrayRef<int64_t> low, ArrayRef<int64_t> high,
                ArrayRef<int64_t> interior);

/// A linalg.generic over the shape of `resultType` with all-parallel loops;
/// `inputs` are read through `maps` (one per input, plus the output map last)
/// and `body` computes the output element from the input elements.
Value buildParallelGeneric(
    OpBuilder &b, Location loc, RankedTensorType resultType, ValueRange inputs,
    ArrayRef<AffineMap> maps,
    function_ref<Value(OpBuilder &, Location, ValueRange)> body);

void populateElementwisePatterns(RewritePatternSet &patterns);
void populateDataMovementPatterns(RewritePatternSet &patterns);
void populateLinearPatterns(RewritePatternSet &patterns);
void populateReductionPatterns(RewritePatternSet &patterns);
void populateScatterPatterns(RewritePatternSet &patterns);
void populateDynamicSlicePatterns(RewritePatternSet &patterns);
void populateSortPatterns(RewritePatternSet &patterns);

/// Flattens stablehlo.case and stablehlo.while (Control.cpp) before the
/// patterns run: a case becomes its branches' code and selects, a while with
/// a static trip count is unrolled. Reports any other while.
LogicalResult flattenControlFlow(ModuleOp module);

} // namespace mlir::tofu::hlo

#endif // TOFU_LIB_CONVERSION_STABLEHLOTOLINALG_UTILS_H
