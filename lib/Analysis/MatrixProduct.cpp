//===- MatrixProduct.cpp - Structured ops that are BLAS products ----------===//

#include "Tofu/Analysis/MatrixProduct.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::tofu;

namespace {

// f32 memref of the given rank whose rows are contiguous (last stride 1, or
// unknown until run time if `dynamicStride`).
bool libraryOperand(Value v, int64_t rank, bool dynamicStride) {
  auto type = dyn_cast<MemRefType>(v.getType());
  if (!type || type.getRank() != rank || !type.getElementType().isF32())
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  return strides.back() == 1 ||
         (dynamicStride && ShapedType::isDynamic(strides.back()));
}

// Whether `map` yields exactly the loop dimensions `dims`, in order.
bool yieldsDims(AffineMap map, ArrayRef<unsigned> dims) {
  if (map.getNumResults() != dims.size())
    return false;
  for (auto [expr, d] : llvm::zip(map.getResults(), dims)) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim || dim.getPosition() != d)
      return false;
  }
  return true;
}

} // namespace

std::optional<std::pair<unsigned, unsigned>>
mlir::tofu::matchMultiplyAccumulate(linalg::LinalgOp op) {
  Block &body = op->getRegion(0).front();
  if (body.getOperations().size() != 3)
    return std::nullopt;
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  if (!yield || yield.getNumOperands() != 1)
    return std::nullopt;
  auto add = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add)
    return std::nullopt;
  BlockArgument out = body.getArgument(body.getNumArguments() - 1);
  Value other;
  if (add.getLhs() == out)
    other = add.getRhs();
  else if (add.getRhs() == out)
    other = add.getLhs();
  else
    return std::nullopt;
  auto mul = other.getDefiningOp<arith::MulFOp>();
  if (!mul)
    return std::nullopt;
  auto a = dyn_cast<BlockArgument>(mul.getLhs());
  auto b = dyn_cast<BlockArgument>(mul.getRhs());
  if (!a || !b || a.getOwner() != &body || b.getOwner() != &body || a == b ||
      a == out || b == out)
    return std::nullopt;
  return std::make_pair(a.getArgNumber(), b.getArgNumber());
}

std::optional<MatrixProduct>
mlir::tofu::matchMatrixProduct(linalg::LinalgOp op, bool dynamicStride) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || !linalg::isaContractionOpInterface(op) ||
      !matchMultiplyAccumulate(op))
    return std::nullopt;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->batch.size() > 1 || dims->m.size() != 1 ||
      dims->n.size() != 1 || dims->k.size() != 1)
    return std::nullopt;
  MatrixProduct p;
  p.batched = dims->batch.size() == 1;
  int64_t rank = p.batched ? 3 : 2;
  if (op.getNumLoops() != (unsigned)rank + 1)
    return std::nullopt;
  SmallVector<unsigned> lead;
  if (p.batched)
    lead.push_back(dims->batch[0]);
  unsigned m = dims->m[0], n = dims->n[0], k = dims->k[0];
  auto with = [&](unsigned x, unsigned y) {
    SmallVector<unsigned> out(lead);
    out.push_back(x);
    out.push_back(y);
    return out;
  };
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  // m occurs in the first input, n in the second: C[m,n] = A * B, while
  // C[n,m] = B' * A' takes the inputs the other way round.
  unsigned r = m, c = n;
  if (yieldsDims(maps[2], with(n, m))) {
    p.swapped = true;
    std::swap(r, c);
  } else if (!yieldsDims(maps[2], with(m, n))) {
    return std::nullopt;
  }
  AffineMap a = maps[p.swapped ? 1 : 0], b = maps[p.swapped ? 0 : 1];
  if (yieldsDims(a, with(r, k)))
    p.transA = false;
  else if (yieldsDims(a, with(k, r)))
    p.transA = true;
  else
    return std::nullopt;
  if (yieldsDims(b, with(k, c)))
    p.transB = false;
  else if (yieldsDims(b, with(c, k)))
    p.transB = true;
  else
    return std::nullopt;
  for (OpOperand &operand : op->getOpOperands())
    if (!libraryOperand(operand.get(), rank, dynamicStride))
      return std::nullopt;
  return p;
}
