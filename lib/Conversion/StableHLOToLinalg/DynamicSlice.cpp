//===- DynamicSlice.cpp - dynamic_slice and dynamic_update_slice ----------===//
//
// dynamic_slice -> tensor.extract_slice (constant starts) or a
// linalg.generic reading the operand with tensor.extract (run-time starts),
// dynamic_update_slice -> tensor.insert_slice, at StableHLO's clamped starts:
// each start index is clamped to [0, dim - size] so the slice always lies
// inside the operand (an out-of-range index moves the window, it never reads
// or writes out of bounds). A constant start (e.g. the counter of an
// unrolled JAX loop) is clamped here and becomes a static offset.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::stablehlo_subset;

namespace mlir::tofu::hlo {
namespace {

/// The offsets of a `sizes` window of `type` starting at `starts` (converted
/// rank-0 integer tensors), clamped as StableHLO specifies.
SmallVector<OpFoldResult> clampedStarts(OpBuilder &b, Location loc,
                                        RankedTensorType type,
                                        ArrayRef<int64_t> sizes,
                                        ValueRange starts) {
  SmallVector<OpFoldResult> offsets;
  for (auto [d, start] : llvm::enumerate(starts)) {
    int64_t maxStart = type.getDimSize(d) - sizes[d];
    DenseIntElementsAttr constant;
    if (matchPattern(start, m_Constant(&constant))) {
      int64_t v = constant.getSplatValue<APInt>().getSExtValue();
      offsets.push_back(b.getIndexAttr(std::clamp<int64_t>(v, 0, maxStart)));
      continue;
    }
    Value index = arith::IndexCastOp::create(b, loc, b.getIndexType(),
                                             extractScalar(b, loc, start));
    index = arith::MaxSIOp::create(b, loc, index,
                                   arith::ConstantIndexOp::create(b, loc, 0));
    index = arith::MinSIOp::create(
        b, loc, index, arith::ConstantIndexOp::create(b, loc, maxStart));
    offsets.push_back(index);
  }
  return offsets;
}

SmallVector<OpFoldResult> indexAttrs(OpBuilder &b, ArrayRef<int64_t> values) {
  return llvm::map_to_vector(
      values, [&](int64_t v) -> OpFoldResult { return b.getIndexAttr(v); });
}

struct DynamicSliceConverter : public OpConversionPattern<DynamicSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DynamicSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getOperand().getType());
    ArrayRef<int64_t> sizes = op.getSliceSizes();
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
    SmallVector<OpFoldResult> offsets =
        clampedStarts(rewriter, loc, type, sizes, adaptor.getStartIndices());
    if (llvm::all_of(offsets,
                     [](OpFoldResult f) { return isa<Attribute>(f); })) {
      SmallVector<int64_t> ones(sizes.size(), 1);
      rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
          op, resultType, adaptor.getOperand(), offsets,
          indexAttrs(rewriter, sizes), indexAttrs(rewriter, ones));
      return success();
    }
    // A run-time start: a generic over the result reading the operand with
    // tensor.extract, as gather's lowering does, which the partitioner
    // describes (an extract_slice at an unknown offset it cannot).
    Value operand = adaptor.getOperand();
    Value result = buildParallelGeneric(
        rewriter, loc, resultType, {},
        {AffineMap::getMultiDimIdentityMap(resultType.getRank(),
                                           op.getContext())},
        [&](OpBuilder &b, Location nloc, ValueRange) -> Value {
          SmallVector<Value> coords;
          for (auto [d, offset] : llvm::enumerate(offsets)) {
            Value start =
                isa<Value>(offset)
                    ? cast<Value>(offset)
                    : arith::ConstantIndexOp::create(
                          b, nloc,
                          cast<IntegerAttr>(cast<Attribute>(offset)).getInt())
                          .getResult();
            coords.push_back(arith::AddIOp::create(
                b, nloc, start, linalg::IndexOp::create(b, nloc, d)));
          }
          return tensor::ExtractOp::create(b, nloc, operand, coords);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct DynamicUpdateSliceConverter
    : public OpConversionPattern<DynamicUpdateSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DynamicUpdateSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getOperand().getType());
    ArrayRef<int64_t> sizes =
        cast<RankedTensorType>(op.getUpdate().getType()).getShape();
    SmallVector<OpFoldResult> offsets = clampedStarts(
        rewriter, op.getLoc(), type, sizes, adaptor.getStartIndices());
    SmallVector<int64_t> ones(sizes.size(), 1);
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, adaptor.getUpdate(), adaptor.getOperand(), offsets,
        indexAttrs(rewriter, sizes), indexAttrs(rewriter, ones));
    return success();
  }
};

} // namespace

void populateDynamicSlicePatterns(RewritePatternSet &patterns) {
  patterns.add<DynamicSliceConverter, DynamicUpdateSliceConverter>(
      patterns.getContext());
}

} // namespace mlir::tofu::hlo
