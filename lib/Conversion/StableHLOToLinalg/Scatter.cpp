//===- Scatter.cpp - scatter and select_and_scatter to linalg -------------===//
//
// Neither op has a parallel linalg form that writes through computed
// indices, so both are lowered "pull" style: every output element loops over
// the updates (reduction loops) and combines those that land on it.
//
// scatter (one index per update, into an inserted dimension, full windows
// elsewhere: the embedding-gradient shape JAX emits; batching dimensions,
// as the gradient of take_along_axis and top_k gives) -> linalg.generic over
// (operand dims, update scatter dims but the batching ones, which run with
// their operand dimension) with the operand as the initial value;
// an update is combined where `index == linalg.index(scatter dim)`, so
// out-of-bounds updates are dropped as the spec requires.
//
// select_and_scatter -> two linalg.generics: one picks, per
// window, the offset the `select` region chooses (the first element, then
// every element `select(current, candidate)` rejects the current for); one
// loops, per operand element, over the windows that can cover it and combines
// the source elements whose selected offset is this element. Dimensions with
// window 1 and stride 1 share one loop, so only windowed dimensions cost
// (operand size x window count).
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::stablehlo_subset;

namespace mlir::tofu::hlo {
namespace {

/// True if `region` is `{ %r = stablehlo.add %a, %b; return %r }` on its two
/// arguments: the combination can then be written as a sum (a reduction the
/// TDL derivation recognises) instead of a select between old and new.
static bool isAddRegion(Region &region) {
  Block &block = region.front();
  if (!llvm::hasNItems(block, 2))
    return false;
  auto add = dyn_cast<AddOp>(block.front());
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  if (!add || !ret || ret.getResults().size() != 1 ||
      ret.getResults()[0] != add.getResult())
    return false;
  Value a = block.getArgument(0), b = block.getArgument(1);
  return (add.getLhs() == a && add.getRhs() == b) ||
         (add.getLhs() == b && add.getRhs() == a);
}

/// Combines `update` into `acc` where `match` holds.
static Value combineWhere(OpBuilder &b, Location loc, Region &region,
                          Value match, Value acc, Value update) {
  if (isAddRegion(region)) {
    Value zero = zeroScalar(b, loc, acc.getType());
    Value term = arith::SelectOp::create(b, loc, match, update, zero);
    return emitScalarOp(b, loc, &region.front().front(), {acc, term},
                        acc.getType());
  }
  Value combined = emitRegion(b, loc, region, {acc, update})[0];
  return arith::SelectOp::create(b, loc, match, combined, acc);
}

/// The direction of a select region `{ compare DIR %current, %candidate }`
/// on floats, if it has that shape.
static std::optional<ComparisonDirection> simpleSelect(Region &region) {
  Block &block = region.front();
  if (!llvm::hasNItems(block, 2))
    return std::nullopt;
  auto cmp = dyn_cast<CompareOp>(block.front());
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  if (!cmp || !ret || ret.getResults()[0] != cmp.getResult() ||
      cmp.getLhs() != block.getArgument(0) ||
      cmp.getRhs() != block.getArgument(1) ||
      !isa<FloatType>(
          cast<RankedTensorType>(cmp.getLhs().getType()).getElementType()))
    return std::nullopt;
  ComparisonDirection d = cmp.getComparisonDirection();
  if (d == ComparisonDirection::EQ || d == ComparisonDirection::NE)
    return std::nullopt;
  return d;
}

/// input_batching_dims pairs operand dimensions with indices dimensions
/// (scatter_indices_batching_dims) of the same size; reports what the
/// conversion cannot read that way.
static LogicalResult checkBatching(ScatterOp op, RankedTensorType operand,
                                   RankedTensorType indices) {
  ScatterDimensionNumbersAttr dn = op.getScatterDimensionNumbers();
  ArrayRef<int64_t> in = dn.getInputBatchingDims();
  ArrayRef<int64_t> idx = dn.getScatterIndicesBatchingDims();
  if (in.size() != idx.size())
    return op.emitOpError()
           << "has " << in.size() << " input_batching_dims but " << idx.size()
           << " scatter_indices_batching_dims";
  for (auto [d, i] : llvm::zip(in, idx))
    if (d < 0 || d >= operand.getRank() || i < 0 || i >= indices.getRank() ||
        i == dn.getIndexVectorDim() ||
        operand.getDimSize(d) != indices.getDimSize(i))
      return op.emitOpError()
             << "pairs operand dimension " << d << " with indices dimension "
             << i
             << ", which the conversion cannot read as a batch (out of "
                "range, the index vector, or of another size)";
  return success();
}

struct ScatterConverter : public OpConversionPattern<ScatterOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getInputs().size() != 1)
      return op.emitOpError() << "with " << op.getInputs().size()
                              << " inputs is not supported by the conversion";
    ScatterDimensionNumbersAttr dn = op.getScatterDimensionNumbers();
    if (dn.getScatterDimsToOperandDims().size() != 1)
      return op.emitOpError()
             << "with " << dn.getScatterDimsToOperandDims().size()
             << " scatter_dims_to_operand_dims entries is not supported by "
                "the conversion (only one index per update)";
    int64_t scatterDim = dn.getScatterDimsToOperandDims()[0];
    if (!llvm::is_contained(dn.getInsertedWindowDims(), scatterDim))
      return op.emitOpError("is supported by the conversion only when the "
                            "indexed dimension is in inserted_window_dims");
    if (failed(checkRegion(op, op.getUpdateComputation())))
      return failure();
    auto operandType = cast<RankedTensorType>(op.getInputs()[0].getType());
    auto indicesType = cast<RankedTensorType>(op.getScatterIndices().getType());
    auto updatesType = cast<RankedTensorType>(op.getUpdates()[0].getType());
    int64_t rank = operandType.getRank();
    if (failed(checkBatching(op, operandType, indicesType)))
      return failure();
    ArrayRef<int64_t> batchDims = dn.getInputBatchingDims();
    ArrayRef<int64_t> windowDims = dn.getUpdateWindowDims();
    SmallVector<int64_t> windowOperandDims;
    for (int64_t d = 0; d < rank; ++d)
      if (!llvm::is_contained(dn.getInsertedWindowDims(), d) &&
          !llvm::is_contained(batchDims, d))
        windowOperandDims.push_back(d);
    if (windowOperandDims.size() != windowDims.size())
      return op.emitOpError("has update_window_dims that do not match the "
                            "operand's non-inserted dimensions");
    for (auto [u, d] : llvm::zip(windowDims, windowOperandDims))
      if (updatesType.getDimSize(u) != operandType.getDimSize(d))
        return op.emitOpError()
               << "is supported by the conversion only with full windows "
                  "(update dimension "
               << u << " has size " << updatesType.getDimSize(u)
               << ", operand dimension " << d << " has "
               << operandType.getDimSize(d) << ")";

    MLIRContext *ctx = op.getContext();
    // Update scatter dimension j goes with the j-th indices dimension other
    // than index_vector_dim. A batching one is the loop of its operand
    // dimension (update (b, ...) lands in operand row b); the others are
    // reduction loops after the operand's.
    int64_t ivd = dn.getIndexVectorDim();
    ArrayRef<int64_t> indexBatchDims = dn.getScatterIndicesBatchingDims();
    SmallVector<AffineExpr> scatterExprs;
    int64_t numScatter = 0;
    for (int64_t i = 0; i < indicesType.getRank(); ++i) {
      if (i == ivd)
        continue;
      const int64_t *pos = llvm::find(indexBatchDims, i);
      scatterExprs.push_back(
          pos != indexBatchDims.end()
              ? getAffineDimExpr(batchDims[pos - indexBatchDims.begin()], ctx)
              : getAffineDimExpr(rank + numScatter++, ctx));
    }
    int64_t loops = rank + numScatter;
    SmallVector<AffineExpr> updExprs, idxExprs;
    for (int64_t u = 0, s = 0, w = 0; u < updatesType.getRank(); ++u) {
      if (llvm::is_contained(windowDims, u))
        updExprs.push_back(getAffineDimExpr(windowOperandDims[w++], ctx));
      else
        updExprs.push_back(scatterExprs[s++]);
    }
    for (int64_t i = 0, s = 0; i < indicesType.getRank(); ++i)
      idxExprs.push_back(i == ivd ? getAffineConstantExpr(0, ctx)
                                  : scatterExprs[s++]);
    SmallVector<AffineExpr> outExprs;
    for (int64_t d = 0; d < rank; ++d)
      outExprs.push_back(getAffineDimExpr(d, ctx));
    SmallVector<AffineMap> maps = {AffineMap::get(loops, 0, idxExprs, ctx),
                                   AffineMap::get(loops, 0, updExprs, ctx),
                                   AffineMap::get(loops, 0, outExprs, ctx)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    iterators.append(numScatter, utils::IteratorType::reduction);
    Region &body = op.getUpdateComputation();
    auto generic = linalg::GenericOp::create(
        rewriter, op.getLoc(), TypeRange{operandType},
        ValueRange{adaptor.getScatterIndices(), adaptor.getUpdates()[0]},
        ValueRange{adaptor.getInputs()[0]}, maps, iterators,
        [&](OpBuilder &b, Location loc, ValueRange args) {
          Value index =
              arith::IndexCastOp::create(b, loc, b.getIndexType(), args[0]);
          Value here = linalg::IndexOp::create(b, loc, scatterDim);
          Value match = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                              index, here);
          linalg::YieldOp::create(
              b, loc, combineWhere(b, loc, body, match, args[2], args[1]));
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// Builds the two generics of one select_and_scatter (see the file comment)
/// over the padded operand; the members are the window geometry both share.
class SelectAndScatterLowering {
public:
  SelectAndScatterLowering(SelectAndScatterOp op,
                           ConversionPatternRewriter &rewriter)
      : op(op), rewriter(rewriter), loc(op.getLoc()), ctx(op.getContext()),
        operandType(cast<RankedTensorType>(op.getOperand().getType())),
        sourceType(cast<RankedTensorType>(op.getSource().getType())),
        elem(operandType.getElementType()), i64(rewriter.getI64Type()),
        rank(operandType.getRank()), window(rank, 1), strides(rank, 1),
        weight(rank, 1), padLo(rank, 0), padHi(rank, 0) {
    if (auto w = op.getWindowDimensions())
      window.assign(w->begin(), w->end());
    if (auto s = op.getWindowStrides())
      strides.assign(s->begin(), s->end());
    // Row-major linearisation of window offsets.
    for (int64_t d = rank - 2; d >= 0; --d)
      weight[d] = weight[d + 1] * window[d + 1];
    if (auto padding = op.getPadding()) {
      SmallVector<int64_t> pads(padding->getValues<int64_t>());
      for (int64_t d = 0; d < rank; ++d) {
        padLo[d] = pads[2 * d];
        padHi[d] = pads[2 * d + 1];
      }
    }
  }

  /// Padding: work on the padded operand, never select a padding element,
  /// and cut the padding off the result.
  Value padOperand(Value operand) {
    SmallVector<int64_t> noInterior(rank, 0);
    return padTensor(rewriter, loc, operand, zeroScalar(rewriter, loc, elem),
                     padLo, padHi, noInterior);
  }

  /// 1. The selected offset of every window.
  Value selectOffsets(Value operand) {
    Value windowShape = tensor::EmptyOp::create(rewriter, loc, window, elem);
    SmallVector<AffineExpr> inExprs, winExprs, outExprs;
    for (int64_t d = 0; d < rank; ++d) {
      inExprs.push_back(getAffineDimExpr(d, ctx) * strides[d] +
                        getAffineDimExpr(rank + d, ctx));
      winExprs.push_back(getAffineDimExpr(rank + d, ctx));
      outExprs.push_back(getAffineDimExpr(d, ctx));
    }
    SelectLoops loops;
    loops.input = AffineMap::get(2 * rank, 0, inExprs, ctx);
    loops.window = AffineMap::get(2 * rank, 0, winExprs, ctx);
    loops.out = AffineMap::get(2 * rank, 0, outExprs, ctx);
    loops.iterators.assign(rank, utils::IteratorType::parallel);
    loops.iterators.append(rank, utils::IteratorType::reduction);
    if (std::optional<ComparisonDirection> dir = simpleSelect(op.getSelect()))
      return selectByComparison(*dir, operand, windowShape, loops);
    return selectByRegion(operand, windowShape, loops);
  }

  /// 2. Combine, per operand element, the sources that selected it.
  Value scatterToSelected(Value source, Value selected, Value initValue,
                          RankedTensorType paddedType) {
    // Loops: operand dims, then one window-count loop per windowed dim.
    SmallVector<int64_t> windowed;
    for (int64_t d = 0; d < rank; ++d)
      if (window[d] != 1 || strides[d] != 1)
        windowed.push_back(d);
    int64_t loops = rank + windowed.size();
    SmallVector<AffineExpr> srcExprs, resExprs;
    for (int64_t d = 0; d < rank; ++d) {
      auto *it = llvm::find(windowed, d);
      srcExprs.push_back(
          it == windowed.end()
              ? getAffineDimExpr(d, ctx)
              : getAffineDimExpr(rank + (it - windowed.begin()), ctx));
      resExprs.push_back(getAffineDimExpr(d, ctx));
    }
    AffineMap srcMap = AffineMap::get(loops, 0, srcExprs, ctx);
    SmallVector<AffineMap> scatterMaps = {
        srcMap, srcMap, AffineMap::get(loops, 0, resExprs, ctx)};
    SmallVector<utils::IteratorType> scatterIters(
        rank, utils::IteratorType::parallel);
    scatterIters.append(windowed.size(), utils::IteratorType::reduction);
    Value init = filledTensor(rewriter, loc, paddedType,
                              extractScalar(rewriter, loc, initValue));
    Region &scatterBody = op.getScatter();
    auto scatter = linalg::GenericOp::create(
        rewriter, loc, TypeRange{paddedType}, ValueRange{source, selected},
        ValueRange{init}, scatterMaps, scatterIters,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value src = args[0], sel = args[1], acc = args[2];
          Value inside;
          Value offset = sourceOffset(b, l, windowed, inside);
          Value same = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq,
                                             offset, sel);
          Value match = arith::AndIOp::create(b, l, inside, same);
          linalg::YieldOp::create(
              b, l, combineWhere(b, l, scatterBody, match, acc, src));
        });
    return scatter.getResult(0);
  }

  /// The result without the padding.
  Value unpad(Value result, RankedTensorType paddedType) {
    if (paddedType == operandType)
      return result;
    auto attrs = [&](ArrayRef<int64_t> v) {
      return llvm::map_to_vector(v, [&](int64_t x) -> OpFoldResult {
        return rewriter.getIndexAttr(x);
      });
    };
    SmallVector<int64_t> ones(rank, 1);
    return tensor::ExtractSliceOp::create(
        rewriter, loc, operandType, result, attrs(padLo),
        attrs(operandType.getShape()), attrs(ones));
  }

private:
  /// The loops of the select generics: (window, offset), input read at
  /// window * stride + offset.
  struct SelectLoops {
    AffineMap input, window, out;
    SmallVector<utils::IteratorType> iterators;
  };

  /// Whether the element a (window, offset) iteration reads is not padding.
  Value inBounds(OpBuilder &b, Location l) const {
    Value valid =
        arith::ConstantOp::create(b, l, b.getI1Type(), b.getBoolAttr(true));
    for (int64_t d = 0; d < rank; ++d) {
      if (padLo[d] == 0 && padHi[d] == 0)
        continue;
      Value o = linalg::IndexOp::create(b, l, d);
      Value w = linalg::IndexOp::create(b, l, rank + d);
      Value s = arith::ConstantIndexOp::create(b, l, strides[d]);
      Value p =
          arith::AddIOp::create(b, l, arith::MulIOp::create(b, l, o, s), w);
      Value lo = arith::ConstantIndexOp::create(b, l, padLo[d]);
      Value hi = arith::ConstantIndexOp::create(
          b, l, padLo[d] + operandType.getDimSize(d));
      Value ge = arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, p, lo);
      Value lt = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, p, hi);
      valid = arith::AndIOp::create(b, l, valid,
                                    arith::AndIOp::create(b, l, ge, lt));
    }
    return valid;
  }

  /// The linearised window offset of the current element.
  Value windowOffset(OpBuilder &b, Location l) const {
    Value offset = zeroScalar(b, l, i64);
    for (int64_t d = 0; d < rank; ++d) {
      Value k = arith::IndexCastOp::create(
          b, l, i64, linalg::IndexOp::create(b, l, rank + d));
      Value w =
          arith::ConstantOp::create(b, l, i64, b.getI64IntegerAttr(weight[d]));
      offset = arith::AddIOp::create(b, l, offset,
                                     arith::MulIOp::create(b, l, k, w));
    }
    return offset;
  }

  /// In the scatter generic: the linearised offset of this operand element
  /// in the current source element's window, and in `inside` whether it
  /// lies in that window at all.
  Value sourceOffset(OpBuilder &b, Location l, ArrayRef<int64_t> windowed,
                     Value &inside) const {
    Value offset = zeroScalar(b, l, i64);
    inside =
        arith::ConstantOp::create(b, l, b.getI1Type(), b.getBoolAttr(true));
    for (auto [j, d] : llvm::enumerate(windowed)) {
      // k = p - o * stride must lie in [0, window).
      Value p = arith::IndexCastOp::create(b, l, i64,
                                           linalg::IndexOp::create(b, l, d));
      Value o = arith::IndexCastOp::create(
          b, l, i64, linalg::IndexOp::create(b, l, rank + j));
      Value s =
          arith::ConstantOp::create(b, l, i64, b.getI64IntegerAttr(strides[d]));
      Value k =
          arith::SubIOp::create(b, l, p, arith::MulIOp::create(b, l, o, s));
      Value lo = arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, k,
                                       zeroScalar(b, l, i64));
      Value hi = arith::CmpIOp::create(
          b, l, arith::CmpIPredicate::slt, k,
          arith::ConstantOp::create(b, l, i64, b.getI64IntegerAttr(window[d])));
      inside = arith::AndIOp::create(b, l, inside,
                                     arith::AndIOp::create(b, l, lo, hi));
      Value w =
          arith::ConstantOp::create(b, l, i64, b.getI64IntegerAttr(weight[d]));
      offset = arith::AddIOp::create(b, l, offset,
                                     arith::MulIOp::create(b, l, k, w));
    }
    return offset;
  }

  /// Max (GE/GT) or min (LE/LT) pooling: the best value, then the first
  /// (GE/LE keep the current on ties) or last (GT/LT) offset holding it;
  /// both are max/min reductions the TDL derivation recognises.
  Value selectByComparison(ComparisonDirection dir, Value operand,
                           Value windowShape, const SelectLoops &loops) {
    auto idxType = RankedTensorType::get(sourceType.getShape(), i64);
    auto valType = RankedTensorType::get(sourceType.getShape(), elem);
    bool isMax =
        dir == ComparisonDirection::GE || dir == ComparisonDirection::GT;
    bool firstOnTie =
        dir == ComparisonDirection::GE || dir == ComparisonDirection::LE;
    auto floatType = cast<FloatType>(elem);
    Value worst = arith::ConstantOp::create(
        rewriter, loc, elem,
        rewriter.getFloatAttr(elem,
                              APFloat::getInf(floatType.getFloatSemantics(),
                                              /*Negative=*/isMax)));
    auto best = linalg::GenericOp::create(
        rewriter, loc, TypeRange{valType}, ValueRange{operand, windowShape},
        ValueRange{filledTensor(rewriter, loc, valType, worst)},
        {loops.input, loops.window, loops.out}, loops.iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value x =
              arith::SelectOp::create(b, l, inBounds(b, l), args[0], worst);
          Value r =
              isMax ? arith::MaximumFOp::create(b, l, args[2], x).getResult()
                    : arith::MinimumFOp::create(b, l, args[2], x).getResult();
          linalg::YieldOp::create(b, l, r);
        });
    int64_t none = firstOnTie ? std::numeric_limits<int64_t>::max() : -1;
    Value noneValue = arith::ConstantOp::create(
        rewriter, loc, i64, rewriter.getI64IntegerAttr(none));
    auto offset = linalg::GenericOp::create(
        rewriter, loc, TypeRange{idxType},
        ValueRange{operand, windowShape, best.getResult(0)},
        ValueRange{filledTensor(rewriter, loc, idxType, noneValue)},
        {loops.input, loops.window, loops.out, loops.out}, loops.iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value hit = arith::AndIOp::create(
              b, l, inBounds(b, l),
              arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, args[0],
                                    args[2]));
          Value cand = arith::SelectOp::create(
              b, l, hit, windowOffset(b, l),
              arith::ConstantOp::create(b, l, i64, b.getI64IntegerAttr(none)));
          Value r =
              firstOnTie
                  ? arith::MinSIOp::create(b, l, args[3], cand).getResult()
                  : arith::MaxSIOp::create(b, l, args[3], cand).getResult();
          linalg::YieldOp::create(b, l, r);
        });
    return offset.getResult(0);
  }

  /// Any other select region: keep (value, offset, seen) per window.
  Value selectByRegion(Value operand, Value windowShape,
                       const SelectLoops &loops) {
    auto idxType = RankedTensorType::get(sourceType.getShape(), i64);
    auto valType = RankedTensorType::get(sourceType.getShape(), elem);
    auto hasType =
        RankedTensorType::get(sourceType.getShape(), rewriter.getI1Type());
    Region &selectBody = op.getSelect();
    Value inits[] = {
        filledTensor(rewriter, loc, valType, zeroScalar(rewriter, loc, elem)),
        filledTensor(rewriter, loc, idxType, zeroScalar(rewriter, loc, i64)),
        filledTensor(rewriter, loc, hasType,
                     zeroScalar(rewriter, loc, rewriter.getI1Type()))};
    SmallVector<AffineMap> maps = {loops.input, loops.window, loops.out,
                                   loops.out, loops.out};
    auto select = linalg::GenericOp::create(
        rewriter, loc, TypeRange{valType, idxType, hasType},
        ValueRange{operand, windowShape}, ValueRange(inits), maps,
        loops.iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Value x = args[0], bestV = args[2], bestI = args[3], has = args[4];
          Value keep = emitRegion(b, l, selectBody, {bestV, x})[0];
          Value one = arith::ConstantOp::create(b, l, b.getI1Type(),
                                                b.getBoolAttr(true));
          Value reject = arith::XOrIOp::create(b, l, keep, one);
          Value first = arith::XOrIOp::create(b, l, has, one);
          Value valid = inBounds(b, l);
          Value take = arith::AndIOp::create(
              b, l, valid, arith::OrIOp::create(b, l, first, reject));
          linalg::YieldOp::create(
              b, l,
              ValueRange{arith::SelectOp::create(b, l, take, x, bestV),
                         arith::SelectOp::create(b, l, take, windowOffset(b, l),
                                                 bestI),
                         arith::OrIOp::create(b, l, has, valid)});
        });
    return select.getResult(1);
  }

  SelectAndScatterOp op;
  ConversionPatternRewriter &rewriter;
  Location loc;
  MLIRContext *ctx;
  RankedTensorType operandType, sourceType;
  Type elem, i64;
  int64_t rank;
  SmallVector<int64_t> window, strides;
  /// Row-major weight of each dimension in a linearised window offset.
  SmallVector<int64_t> weight;
  SmallVector<int64_t> padLo, padHi;
};

struct SelectAndScatterConverter
    : public OpConversionPattern<SelectAndScatterOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SelectAndScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (auto padding = op.getPadding();
        padding && llvm::any_of(padding->getValues<int64_t>(),
                                [](int64_t p) { return p < 0; }))
      return op.emitOpError("with negative padding is not supported by the "
                            "conversion");
    if (failed(checkRegion(op, op.getSelect())) ||
        failed(checkRegion(op, op.getScatter())))
      return failure();
    SelectAndScatterLowering lowering(op, rewriter);
    Value operand = lowering.padOperand(adaptor.getOperand());
    auto paddedType = cast<RankedTensorType>(operand.getType());
    Value selected = lowering.selectOffsets(operand);
    Value result = lowering.scatterToSelected(
        adaptor.getSource(), selected, adaptor.getInitValue(), paddedType);
    rewriter.replaceOp(op, lowering.unpad(result, paddedType));
    return success();
  }
};

} // namespace

void populateScatterPatterns(RewritePatternSet &patterns) {
  patterns.add<ScatterConverter, SelectAndScatterConverter>(
      patterns.getContext());
}

} // namespace mlir::tofu::hlo
