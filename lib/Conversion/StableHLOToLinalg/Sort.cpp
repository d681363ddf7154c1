//===- Sort.cpp - stablehlo.sort as rank-and-gather linalg.generics -------===//
//
// A sort along dimension d of n elements becomes two linalg.generics, each
// with one extra reduction loop over the n elements:
//
//   1. rank(i) = #{j : cmp(x_j, x_i)} + #{j < i : !cmp(x_i, x_j) and
//      !cmp(x_j, x_i)}: the comparator's strict weak order, ties broken by
//      position, so equal elements keep their input order (a stable sort,
//      which also satisfies is_stable = false);
//   2. result_k(p) = x_k(i) for the i with rank(i) == p, for every input k
//      (a select-reduction over i).
//
// The work is n^2 comparisons per sorted row: fine for the sorts of model
// code (top-k over a few logits, argsort of a batch), not for big arrays.
// Comparators may hold what reducer regions hold plus compares with
// compare_type TOTALORDER (what JAX emits for floats), lowered on the bit
// pattern: -NaN < -inf < ... < -0 < +0 < ... < +inf < NaN.
//
// chlo.top_k is the same two generics with the order fixed (greater first,
// total order for floats) and the second one producing only positions
// below k, with the indices beside the values.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "Tofu/Dialect/StableHLO/IR/CHLO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <tuple>

using namespace mlir;
using namespace mlir::stablehlo_subset;

namespace mlir::tofu::hlo {
namespace {

/// The splat of a constant defined outside the comparator (the inliner's
/// canonicalization hoists comparator constants to the function body).
DenseElementsAttr outerConstant(Value v) {
  auto cst = v.getDefiningOp<ConstantOp>();
  auto dense = cst ? dyn_cast<DenseElementsAttr>(cst.getValue()) : nullptr;
  return dense && dense.isSplat() ? dense : nullptr;
}

bool isTotalOrderFloatCompare(Operation &op) {
  auto cmp = dyn_cast<CompareOp>(op);
  return cmp && cmp.getCompareType() == ComparisonType::TOTALORDER &&
         isa<FloatType>(
             cast<RankedTensorType>(cmp.getLhs().getType()).getElementType());
}

LogicalResult checkComparator(SortOp sort) {
  Region &region = sort.getComparator();
  for (Operation &op : region.front()) {
    for (Value operand : op.getOperands())
      if (!region.isAncestor(operand.getParentRegion()) &&
          !outerConstant(operand))
        return sort.emitOpError("has a comparator that uses a value defined "
                                "outside it (only constants may be)");
    if (isa<ReturnOp>(op) || isTotalOrderFloatCompare(op))
      continue;
    if (auto cst = dyn_cast<ConstantOp>(op)) {
      auto dense = dyn_cast<DenseElementsAttr>(cst.getValue());
      if (!dense || !dense.isSplat())
        return sort.emitOpError("has a comparator constant that is not a "
                                "dense scalar");
      continue;
    }
    auto notScalar = [](Type t) {
      auto ranked = dyn_cast<RankedTensorType>(t);
      return !ranked || ranked.getRank() != 0;
    };
    if (op.getNumRegions() != 0 || op.getNumResults() != 1 ||
        llvm::any_of(op.getOperandTypes(), notScalar) ||
        llvm::any_of(op.getResultTypes(), notScalar)) {
      InFlightDiagnostic diag = sort.emitOpError()
                                << "has a comparator op '" << op.getName()
                                << "' that does not work on scalars";
      diag.attachNote(op.getLoc()) << "see the op here";
      return diag;
    }
    if (failed(checkScalarOp(&op)))
      return sort.emitOpError("has a comparator the conversion cannot lower");
  }
  return success();
}

/// The key whose signed integer order is the IEEE total order of `x`.
Value totalOrderKey(OpBuilder &b, Location loc, Value x) {
  unsigned width = x.getType().getIntOrFloatBitWidth();
  Type it = b.getIntegerType(width);
  Value bits = arith::BitcastOp::create(b, loc, it, x);
  Value signFill = arith::ShRSIOp::create(
      b, loc, bits,
      arith::ConstantOp::create(b, loc, it, b.getIntegerAttr(it, width - 1)));
  Value magnitudeMask = arith::ConstantOp::create(
      b, loc, it, b.getIntegerAttr(it, APInt::getSignedMaxValue(width)));
  return arith::XOrIOp::create(
      b, loc, bits, arith::AndIOp::create(b, loc, signFill, magnitudeMask));
}

/// The comparator's i1 on scalar `args` (lhs0, rhs0, lhs1, rhs1, ...).
Value emitComparator(OpBuilder &b, Location loc, SortOp sort, ValueRange args) {
  IRMapping map;
  Block &block = sort.getComparator().front();
  for (auto [arg, v] : llvm::zip(block.getArguments(), args))
    map.map(arg, v);
  for (Operation &op : block) {
    if (auto ret = dyn_cast<ReturnOp>(op)) {
      Value v = ret.getResults()[0];
      if (Value mapped = map.lookup(v))
        return mapped;
      return arith::ConstantOp::create(
          b, loc, cast<TypedAttr>(outerConstant(v).getSplatValue<Attribute>()));
    }
    if (auto cst = dyn_cast<ConstantOp>(op)) {
      auto dense = cast<DenseElementsAttr>(cst.getValue());
      map.map(cst.getResult(),
              arith::ConstantOp::create(
                  b, loc, cast<TypedAttr>(dense.getSplatValue<Attribute>())));
      continue;
    }
    SmallVector<Value> operands =
        llvm::map_to_vector(op.getOperands(), [&](Value v) -> Value {
          if (Value mapped = map.lookup(v))
            return mapped;
          return arith::ConstantOp::create(
              b, loc,
              cast<TypedAttr>(outerConstant(v).getSplatValue<Attribute>()));
        });
    if (isTotalOrderFloatCompare(op)) {
      auto cmp = cast<CompareOp>(op);
      map.map(
          cmp.getResult(),
          arith::CmpIOp::create(
              b, loc,
              integerPredicate(cmp.getComparisonDirection(), /*isSigned=*/true),
              totalOrderKey(b, loc, operands[0]),
              totalOrderKey(b, loc, operands[1])));
      continue;
    }
    Type resultElem =
        cast<RankedTensorType>(op.getResult(0).getType()).getElementType();
    map.map(op.getResult(0), emitScalarOp(b, loc, &op, operands, resultElem));
  }
  llvm_unreachable("comparator without stablehlo.return");
}

/// The loops of comparing every element with every other along `dim`:
/// over (dims of the input..., extra), `self` reads at the loop's own
/// position, `other` at the extra loop's position along `dim`; the extra
/// loop is a reduction. Sort and top_k rank elements this way.
std::tuple<AffineMap, AffineMap, SmallVector<utils::IteratorType>>
pairwiseLoops(MLIRContext *ctx, int64_t rank, int64_t dim) {
  SmallVector<AffineExpr> selfExprs, otherExprs;
  for (int64_t d = 0; d < rank; ++d) {
    selfExprs.push_back(getAffineDimExpr(d, ctx));
    otherExprs.push_back(getAffineDimExpr(d == dim ? rank : d, ctx));
  }
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  return {AffineMap::get(rank + 1, 0, selfExprs, ctx),
          AffineMap::get(rank + 1, 0, otherExprs, ctx), iterators};
}

struct SortConverter : public OpConversionPattern<SortOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SortOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkComparator(op)))
      return failure();
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    ValueRange inputs = adaptor.getInputs();
    auto type = cast<RankedTensorType>(inputs[0].getType());
    int64_t rank = type.getRank();
    auto dim = static_cast<int64_t>(op.getDimension());
    if (dim < 0)
      dim += rank;
    size_t n = inputs.size();

    auto [self, other, iterators] = pairwiseLoops(ctx, rank, dim);

    // 1. Each element's rank in the sorted order.
    Type i64 = rewriter.getI64Type();
    auto rankType = RankedTensorType::get(type.getShape(), i64);
    Value zeroRanks =
        filledTensor(rewriter, loc, rankType, zeroScalar(rewriter, loc, i64));
    SmallVector<Value> rankInputs;
    SmallVector<AffineMap> rankMaps;
    for (Value v : inputs) {
      rankInputs.push_back(v);
      rankMaps.push_back(self);
    }
    for (Value v : inputs) {
      rankInputs.push_back(v);
      rankMaps.push_back(other);
    }
    rankMaps.push_back(self);
    auto ranks = linalg::GenericOp::create(
        rewriter, loc, TypeRange{rankType}, rankInputs, ValueRange{zeroRanks},
        rankMaps, iterators, [&](OpBuilder &b, Location nloc, ValueRange args) {
          ValueRange mine = args.take_front(n);
          ValueRange theirs = args.slice(n, n);
          SmallVector<Value> jFirst, iFirst;
          for (size_t k = 0; k < n; ++k) {
            jFirst.append({theirs[k], mine[k]});
            iFirst.append({mine[k], theirs[k]});
          }
          Value jBeforeI = emitComparator(b, nloc, op, jFirst);
          Value iBeforeJ = emitComparator(b, nloc, op, iFirst);
          Value i = linalg::IndexOp::create(b, nloc, dim);
          Value j = linalg::IndexOp::create(b, nloc, rank);
          Value jEarlier =
              arith::CmpIOp::create(b, nloc, arith::CmpIPredicate::ult, j, i);
          Value trueValue =
              arith::ConstantOp::create(b, nloc, b.getBoolAttr(true));
          Value tie = arith::AndIOp::create(
              b, nloc,
              arith::XOrIOp::create(b, nloc, iBeforeJ, trueValue).getResult(),
              jEarlier);
          Value before = arith::OrIOp::create(b, nloc, jBeforeI, tie);
          Value count = arith::AddIOp::create(
              b, nloc, args.back(),
              arith::ExtUIOp::create(b, nloc, i64, before));
          linalg::YieldOp::create(b, nloc, count);
        });

    // 2. Result position p takes the element whose rank is p.
    SmallVector<Value> gatherInputs = {ranks.getResult(0)};
    SmallVector<AffineMap> gatherMaps = {other};
    SmallVector<Value> inits;
    SmallVector<Type> resultTypes;
    for (Value v : inputs) {
      gatherInputs.push_back(v);
      gatherMaps.push_back(other);
    }
    for (Value v : inputs) {
      auto t = cast<RankedTensorType>(v.getType());
      inits.push_back(filledTensor(
          rewriter, loc, t, zeroScalar(rewriter, loc, t.getElementType())));
      resultTypes.push_back(t);
      gatherMaps.push_back(self);
    }
    auto sorted = linalg::GenericOp::create(
        rewriter, loc, resultTypes, gatherInputs, inits, gatherMaps, iterators,
        [&](OpBuilder &b, Location nloc, ValueRange args) {
          Value p = arith::IndexCastOp::create(
              b, nloc, i64, linalg::IndexOp::create(b, nloc, dim));
          Value here = arith::CmpIOp::create(b, nloc, arith::CmpIPredicate::eq,
                                             args[0], p);
          SmallVector<Value> picked;
          for (size_t k = 0; k < n; ++k)
            picked.push_back(arith::SelectOp::create(b, nloc, here, args[1 + k],
                                                     args[1 + n + k]));
          linalg::YieldOp::create(b, nloc, picked);
        });
    rewriter.replaceOp(op, sorted.getResults());
    return success();
  }
};

/// The element's key in the top_k order: the total-order key of a float,
/// the (signed) integer itself.
Value topKKey(OpBuilder &b, Location loc, Value x) {
  return isa<FloatType>(x.getType()) ? totalOrderKey(b, loc, x) : x;
}

struct TopKConverter : public OpConversionPattern<chlo_subset::TopKOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(chlo_subset::TopKOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    Value x = adaptor.getOperand();
    auto type = cast<RankedTensorType>(x.getType());
    int64_t rank = type.getRank(), dim = rank - 1;
    auto [self, other, iterators] = pairwiseLoops(ctx, rank, dim);

    // 1. rank(i) = #{j : x_j after x_i} + #{j < i : x_j equal to x_i}.
    Type i64 = rewriter.getI64Type();
    auto rankType = RankedTensorType::get(type.getShape(), i64);
    Value zeroRanks =
        filledTensor(rewriter, loc, rankType, zeroScalar(rewriter, loc, i64));
    auto ranks = linalg::GenericOp::create(
        rewriter, loc, TypeRange{rankType}, ValueRange{x, x},
        ValueRange{zeroRanks}, ArrayRef<AffineMap>{self, other, self},
        iterators, [&](OpBuilder &b, Location nloc, ValueRange args) {
          Value mine = topKKey(b, nloc, args[0]);
          Value theirs = topKKey(b, nloc, args[1]);
          Value greater = arith::CmpIOp::create(
              b, nloc, arith::CmpIPredicate::sgt, theirs, mine);
          Value equal = arith::CmpIOp::create(b, nloc, arith::CmpIPredicate::eq,
                                              theirs, mine);
          Value i = linalg::IndexOp::create(b, nloc, dim);
          Value j = linalg::IndexOp::create(b, nloc, rank);
          Value jEarlier =
              arith::CmpIOp::create(b, nloc, arith::CmpIPredicate::ult, j, i);
          Value before = arith::OrIOp::create(
              b, nloc, greater,
              arith::AndIOp::create(b, nloc, equal, jEarlier).getResult());
          linalg::YieldOp::create(
              b, nloc,
              arith::AddIOp::create(
                  b, nloc, args[2],
                  arith::ExtUIOp::create(b, nloc, i64, before).getResult())
                  .getResult());
        });

    // 2. Result position p < k takes the element of rank p and its index.
    auto valuesType = cast<RankedTensorType>(op.getValues().getType());
    auto indicesType = cast<RankedTensorType>(op.getIndices().getType());
    SmallVector<Value> inits = {
        filledTensor(rewriter, loc, valuesType,
                     zeroScalar(rewriter, loc, valuesType.getElementType())),
        filledTensor(rewriter, loc, indicesType,
                     zeroScalar(rewriter, loc, indicesType.getElementType()))};
    auto picked = linalg::GenericOp::create(
        rewriter, loc, TypeRange{valuesType, indicesType},
        ValueRange{ranks.getResult(0), x}, inits,
        ArrayRef<AffineMap>{other, other, self, self}, iterators,
        [&](OpBuilder &b, Location nloc, ValueRange args) {
          Value p = arith::IndexCastOp::create(
              b, nloc, i64, linalg::IndexOp::create(b, nloc, dim));
          Value here = arith::CmpIOp::create(b, nloc, arith::CmpIPredicate::eq,
                                             args[0], p);
          Value j = arith::IndexCastOp::create(
              b, nloc, indicesType.getElementType(),
              linalg::IndexOp::create(b, nloc, rank));
          linalg::YieldOp::create(
              b, nloc,
              ValueRange{
                  arith::SelectOp::create(b, nloc, here, args[1], args[2]),
                  arith::SelectOp::create(b, nloc, here, j, args[3])});
        });
    rewriter.replaceOp(op, picked.getResults());
    return success();
  }
};

} // namespace

void populateSortPatterns(RewritePatternSet &patterns) {
  patterns.add<SortConverter, TopKConverter>(patterns.getContext());
}

} // namespace mlir::tofu::hlo
