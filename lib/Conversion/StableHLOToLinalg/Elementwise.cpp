//===- Elementwise.cpp - Element-wise StableHLO ops to linalg.generic -----===//
//
// Every element-wise op (arithmetic, math functions, compare, select,
// convert, bitcast_convert, clamp, shifts, bit counts, the chlo functions)
// becomes an all-parallel linalg.generic whose body is the op's scalar
// lowering. Rank-0 operands (the scalar predicate of select, clamp bounds)
// are read through a map with no results.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "Tofu/Dialect/StableHLO/IR/CHLO.h"

using namespace mlir;
using namespace mlir::stablehlo_subset;
namespace chlo = mlir::chlo_subset;

namespace mlir::tofu::hlo {
namespace {

template <typename OpTy>
struct ElementwiseToGeneric : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkScalarOp(op)))
      return failure();
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    int64_t rank = resultType.getRank();
    MLIRContext *ctx = op->getContext();
    SmallVector<AffineMap> maps;
    for (Value operand : adaptor.getOperands()) {
      bool scalar = cast<RankedTensorType>(operand.getType()).getRank() == 0;
      maps.push_back(scalar ? AffineMap::get(rank, 0, {}, ctx)
                            : AffineMap::getMultiDimIdentityMap(rank, ctx));
    }
    maps.push_back(AffineMap::getMultiDimIdentityMap(rank, ctx));
    Operation *hloOp = op.getOperation();
    Value result = buildParallelGeneric(
        rewriter, op.getLoc(), resultType, adaptor.getOperands(), maps,
        [&](OpBuilder &b, Location loc, ValueRange args) {
          return emitScalarOp(b, loc, hloOp, args, resultType.getElementType());
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateElementwisePatterns(RewritePatternSet &patterns) {
  patterns.add<ElementwiseToGeneric<NegateOp>, ElementwiseToGeneric<AbsOp>,
               ElementwiseToGeneric<SignOp>, ElementwiseToGeneric<ExpOp>,
               ElementwiseToGeneric<LogOp>, ElementwiseToGeneric<TanhOp>,
               ElementwiseToGeneric<LogisticOp>, ElementwiseToGeneric<SqrtOp>,
               ElementwiseToGeneric<RsqrtOp>, ElementwiseToGeneric<FloorOp>,
               ElementwiseToGeneric<CeilOp>, ElementwiseToGeneric<CosineOp>,
               ElementwiseToGeneric<SineOp>, ElementwiseToGeneric<Log1pOp>,
               ElementwiseToGeneric<Expm1Op>, ElementwiseToGeneric<NotOp>,
               ElementwiseToGeneric<AddOp>, ElementwiseToGeneric<SubtractOp>,
               ElementwiseToGeneric<MulOp>, ElementwiseToGeneric<DivOp>,
               ElementwiseToGeneric<RemOp>, ElementwiseToGeneric<MaxOp>,
               ElementwiseToGeneric<MinOp>, ElementwiseToGeneric<PowOp>,
               ElementwiseToGeneric<AndOp>, ElementwiseToGeneric<OrOp>,
               ElementwiseToGeneric<XorOp>, ElementwiseToGeneric<ConvertOp>,
               ElementwiseToGeneric<BitcastConvertOp>,
               ElementwiseToGeneric<CompareOp>, ElementwiseToGeneric<SelectOp>>(
      patterns.getContext());
  // Functions, bit operations and chlo (scalar code in ScalarFunctions.cpp).
  patterns.add<
      ElementwiseToGeneric<TanOp>, ElementwiseToGeneric<CbrtOp>,
      ElementwiseToGeneric<RoundNearestEvenOp>,
      ElementwiseToGeneric<RoundNearestAfzOp>, ElementwiseToGeneric<PopcntOp>,
      ElementwiseToGeneric<ClzOp>, ElementwiseToGeneric<IsFiniteOp>,
      ElementwiseToGeneric<Atan2Op>, ElementwiseToGeneric<ShiftLeftOp>,
      ElementwiseToGeneric<ShiftRightArithmeticOp>,
      ElementwiseToGeneric<ShiftRightLogicalOp>, ElementwiseToGeneric<ClampOp>,
      ElementwiseToGeneric<chlo::SquareOp>, ElementwiseToGeneric<chlo::ErfOp>,
      ElementwiseToGeneric<chlo::ErfcOp>, ElementwiseToGeneric<chlo::ErfInvOp>,
      ElementwiseToGeneric<chlo::TanOp>, ElementwiseToGeneric<chlo::SinhOp>,
      ElementwiseToGeneric<chlo::CoshOp>, ElementwiseToGeneric<chlo::AsinOp>,
      ElementwiseToGeneric<chlo::AcosOp>, ElementwiseToGeneric<chlo::AtanOp>,
      ElementwiseToGeneric<chlo::AsinhOp>, ElementwiseToGeneric<chlo::AcoshOp>,
      ElementwiseToGeneric<chlo::AtanhOp>, ElementwiseToGeneric<chlo::IsInfOp>,
      ElementwiseToGeneric<chlo::IsPosInfOp>,
      ElementwiseToGeneric<chlo::IsNegInfOp>,
      ElementwiseToGeneric<chlo::NextAfterOp>,
      ElementwiseToGeneric<chlo::LgammaOp>,
      ElementwiseToGeneric<chlo::DigammaOp>>(patterns.getContext());
}

} // namespace mlir::tofu::hlo
