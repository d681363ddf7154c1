//===- GatherGradients.cpp - Gradient of gathers (embedding lookups) ------===//
//
// `tosa.gather` (values[N,K,C], indices[N,W] -> out[N,W,C]) lowers to a
// linalg.generic over the output that reads the values tensor with
// `tensor.extract` at data-dependent positions:
//
//   out[n, w, c] = values[n, index_cast(indices[n, w]), c]
//
// The values tensor is captured by the body, not an operand, so the generic
// linalg rule does not apply. This rule recognises any generic of that form
// (each extract index a `linalg.index` of a loop, a constant, or the
// `index_cast` of an integer input) and builds the adjoint without a scatter:
// one `linalg.generic` over the forward loops plus one loop per data-dependent
// or constant index (the N = 1 batch of a lowered gather reads position 0),
// writing into zeros of the values' shape,
//
//   dvalues[n, k, c] = sum_w (index_cast(indices[n, w]) == k) * dout[n, w, c]
//
// with k compared through `linalg.index`. Forward loops that do not index
// the values (w) are reductions. The integer indices get no gradient.
//
//===----------------------------------------------------------------------===//

#include "Autodiff.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::autodiff;

namespace {
/// The yielded `tensor.extract` of a gather generic, or null.
tensor::ExtractOp getGatherExtract(linalg::GenericOp op) {
  if (op->getNumResults() != 1 || op.getNumDpsInits() != 1 ||
      !op.hasPureTensorSemantics() || op.getNumReductionLoops() != 0)
    return {};
  Block &body = op.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  auto extract = yield.getOperand(0).getDefiningOp<tensor::ExtractOp>();
  if (!extract || extract->getBlock() != &body)
    return {};
  // The values tensor is captured from above the generic.
  if (op->isAncestor(extract.getTensor().getParentBlock()->getParentOp()))
    return {};
  auto type = dyn_cast<RankedTensorType>(extract.getTensor().getType());
  if (!type || !type.hasStaticShape() || !isa<FloatType>(type.getElementType()))
    return {};
  for (Value index : extract.getIndices()) {
    if (index.getDefiningOp<linalg::IndexOp>() ||
        getConstantIntValue(index).has_value())
      continue;
    auto cast = index.getDefiningOp<arith::IndexCastOp>();
    auto arg = cast ? dyn_cast<BlockArgument>(cast.getIn()) : BlockArgument();
    if (!arg || arg.getOwner() != &body ||
        arg.getArgNumber() >= op.getNumDpsInputs() ||
        !isa<IntegerType>(arg.getType()))
      return {};
  }
  return extract;
}
} // namespace

bool autodiff::isGatherGeneric(linalg::GenericOp op) {
  return static_cast<bool>(getGatherExtract(op));
}

LogicalResult autodiff::differentiateGather(ReverseSweep &sweep,
                                            linalg::GenericOp op) {
  tensor::ExtractOp extract = getGatherExtract(op);
  Value dy = sweep.getAdjoint(op->getResult(0));
  if (!dy)
    return success();
  for (OpOperand &operand : op->getOpOperands()) {
    Type elem = getElementTypeOrSelf(operand.get().getType());
    if (sweep.isActive(operand.get()) && isa<FloatType>(elem))
      return op.emitOpError("cannot differentiate: gather with a "
                            "parameter-dependent float operand #")
             << operand.getOperandNumber();
  }
  Value values = extract.getTensor();
  if (!sweep.isActive(values))
    return success();

  auto valuesType = cast<RankedTensorType>(values.getType());
  OpBuilder &b = sweep.getBuilder();
  MLIRContext *ctx = b.getContext();
  Location loc = sweep.getLoc();
  unsigned numFwdLoops = op.getNumLoops();

  // Result map: a forward loop for `linalg.index` positions, a new loop for
  // each data-dependent position.
  struct DataIndex {
    unsigned dim;                 // the new loop it is compared with
    std::optional<int64_t> value; // a constant position, or
    unsigned input = 0;           // the forward input holding the index
  };
  SmallVector<DataIndex> dataIndices;
  SmallVector<AffineExpr> resultExprs;
  llvm::SmallBitVector used(numFwdLoops);
  unsigned numLoops = numFwdLoops;
  for (Value index : extract.getIndices()) {
    if (auto idx = index.getDefiningOp<linalg::IndexOp>()) {
      unsigned d = idx.getDim();
      if (used.test(d))
        return op.emitOpError("cannot differentiate: gather reads the values "
                              "with loop ")
               << d << " at two positions";
      used.set(d);
      resultExprs.push_back(getAffineDimExpr(d, ctx));
      continue;
    }
    if (std::optional<int64_t> value = getConstantIntValue(index)) {
      dataIndices.push_back({numLoops, value});
    } else {
      auto arg = cast<BlockArgument>(
          index.getDefiningOp<arith::IndexCastOp>().getIn());
      dataIndices.push_back({numLoops, std::nullopt, arg.getArgNumber()});
    }
    resultExprs.push_back(getAffineDimExpr(numLoops++, ctx));
  }
  auto extend = [&](AffineMap map) {
    return AffineMap::get(numLoops, 0, map.getResults(), ctx);
  };
  AffineMap resultMap = AffineMap::get(numLoops, 0, resultExprs, ctx);

  SmallVector<Value> ins{dy};
  SmallVector<AffineMap> maps{extend(op.getIndexingMapsArray().back())};
  SmallVector<unsigned> inputSlot; // block argument of each data index
  llvm::SmallDenseMap<unsigned, unsigned> slotOfInput;
  for (DataIndex &di : dataIndices) {
    if (di.value) {
      inputSlot.push_back(0);
      continue;
    }
    auto [it, inserted] = slotOfInput.try_emplace(di.input, ins.size());
    if (inserted) {
      OpOperand *operand = op.getDpsInputOperand(di.input);
      ins.push_back(operand->get());
      maps.push_back(extend(op.getMatchingIndexingMap(operand)));
    }
    inputSlot.push_back(it->second);
  }
  maps.push_back(resultMap);
  SmallVector<utils::IteratorType> iterators;
  for (unsigned d = 0; d < numLoops; ++d)
    iterators.push_back(d >= numFwdLoops || used.test(d)
                            ? utils::IteratorType::parallel
                            : utils::IteratorType::reduction);

  Value zeros = sweep.createZeros(valuesType);
  auto grad = linalg::GenericOp::create(
      b, loc, TypeRange{valuesType}, ins, ValueRange{zeros}, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value cond;
        for (auto [di, slot] : llvm::zip(dataIndices, inputSlot)) {
          Value index =
              di.value ? arith::ConstantIndexOp::create(nb, nloc, *di.value)
                             .getResult()
                       : arith::IndexCastOp::create(nb, nloc, nb.getIndexType(),
                                                    args[slot])
                             .getResult();
          Value k = linalg::IndexOp::create(nb, nloc, di.dim);
          Value eq = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq,
                                           index, k);
          cond =
              cond ? arith::AndIOp::create(nb, nloc, cond, eq).getResult() : eq;
        }
        Value contribution = args[0];
        if (cond) {
          Value zero = arith::ConstantOp::create(
              nb, nloc, nb.getZeroAttr(contribution.getType()));
          contribution =
              arith::SelectOp::create(nb, nloc, cond, contribution, zero);
        }
        Value sum = arith::AddFOp::create(nb, nloc, args.back(), contribution);
        linalg::YieldOp::create(nb, nloc, sum);
      });
  sweep.addAdjoint(values, grad.getResult(0));
  return success();
}
