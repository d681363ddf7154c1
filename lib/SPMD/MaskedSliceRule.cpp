//===- MaskedSliceRule.cpp - insert_slice / pad as masked copies ----------===//
//
// insert_slice / pad split along a dimension where the inserted region or the
// padding differs per rank: each rank computes its block of the result with
// a linalg.generic that reads the source where the block overlaps it and the
// destination (or padding value) elsewhere. Dimensions the source covers
// exactly are split in the source too; the others read it whole.
//
//===----------------------------------------------------------------------===//

#include "Tofu/SPMD/PartitionRule.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::spmd;

namespace {

FailureOr<bool> splitMasked(Operation *op, ArrayRef<int64_t> strategy,
                            PartitionContext &ctx) {
  OpBuilder &b = ctx.builder();
  auto insert = dyn_cast<tensor::InsertSliceOp>(op);
  auto pad = dyn_cast<tensor::PadOp>(op);
  if (!insert && !pad)
    return false;
  Value source = insert ? insert.getSource() : pad.getSource();
  auto srcType = cast<RankedTensorType>(source.getType());
  auto resType = cast<RankedTensorType>(op->getResult(0).getType());
  if (srcType.getRank() != resType.getRank() || !resType.hasStaticShape())
    return false;
  // Where the source sits in the result, per dimension.
  SmallVector<int64_t> offsets;
  if (insert) {
    if (!insert.hasUnitStride())
      return false;
    for (OpFoldResult o : insert.getMixedOffsets()) {
      std::optional<int64_t> c = getConstantIntValue(o);
      if (!c)
        return false;
      offsets.push_back(*c);
    }
  } else {
    for (OpFoldResult o : pad.getMixedLowPad()) {
      std::optional<int64_t> c = getConstantIntValue(o);
      if (!c)
        return false;
      offsets.push_back(*c);
    }
  }
  Value padValue = pad ? pad.getConstantPaddingValue() : Value();
  if (pad && !padValue)
    return false;
  // Loops are the result's dimensions. A split dimension the source covers
  // exactly is split in the source too; the others read the source whole.
  int64_t rank = resType.getRank();
  SmallVector<SmallVector<unsigned>> levelsOf(rank);
  Layout natural = ctx.replicated(), srcLayout = ctx.replicated();
  for (auto [l, i] : llvm::enumerate(strategy)) {
    if (i < 0)
      continue;
    if (i >= rank)
      return false;
    levelsOf[i].push_back(l);
    natural[l] = i;
  }
  SmallVector<bool> covered(rank);
  for (int64_t d = 0; d < rank; ++d) {
    covered[d] =
        offsets[d] == 0 && srcType.getDimSize(d) == resType.getDimSize(d);
    if (covered[d])
      for (unsigned l : levelsOf[d])
        srcLayout[l] = d;
  }
  FailureOr<SmallVector<int64_t>> localResult =
      ctx.relayouts().localShape(resType.getShape(), natural, nullptr);
  if (failed(localResult) || failed(ctx.relayouts().localShape(
                                 srcType.getShape(), srcLayout, nullptr)))
    return false;

  Location loc = op->getLoc();
  FailureOr<Value> src = ctx.getLocal(source, srcLayout, op);
  if (failed(src))
    return failure();
  FailureOr<Value> init =
      insert
          ? ctx.getLocal(insert.getDest(), natural, op)
          : FailureOr<Value>(tensor::EmptyOp::create(b, loc, *localResult,
                                                     resType.getElementType())
                                 .getResult());
  if (failed(init))
    return failure();
  SmallVector<Value> blockOffsets;
  for (int64_t d = 0; d < rank; ++d)
    blockOffsets.push_back(getValueOrCreateConstantIndexOp(
        b, loc, ctx.blockOffset(loc, resType.getDimSize(d), levelsOf[d])));
  Value scalarPad = padValue ? ctx.lookupScalar(padValue) : Value();
  auto localType = cast<RankedTensorType>(init->getType());
  auto id = b.getMultiDimIdentityMap(rank);
  SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
  Value srcLocal = *src;
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{localType}, ValueRange{}, ValueRange{*init},
      ArrayRef<AffineMap>{id}, iters,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        Value inside;
        SmallVector<Value> at;
        for (int64_t d = 0; d < rank; ++d) {
          Value local = linalg::IndexOp::create(nb, nl, d);
          if (covered[d]) { // the source's block matches the result's
            at.push_back(local);
            continue;
          }
          // global index - offset, inside [0, source size)?
          Value g = arith::AddIOp::create(nb, nl, local, blockOffsets[d]);
          Value rel = arith::SubIOp::create(
              nb, nl, g, arith::ConstantIndexOp::create(nb, nl, offsets[d]));
          Value zero = arith::ConstantIndexOp::create(nb, nl, 0);
          Value size =
              arith::ConstantIndexOp::create(nb, nl, srcType.getDimSize(d));
          Value ge = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::sge,
                                           rel, zero);
          Value lt = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::slt,
                                           rel, size);
          Value in = arith::AndIOp::create(nb, nl, ge, lt);
          inside = inside
                       ? arith::AndIOp::create(nb, nl, inside, in).getResult()
                       : in;
          // Clamped, so that the read stays in bounds where it is not used.
          Value last =
              arith::ConstantIndexOp::create(nb, nl, srcType.getDimSize(d) - 1);
          Value clamped = arith::MinSIOp::create(
              nb, nl, arith::MaxSIOp::create(nb, nl, rel, zero), last);
          at.push_back(clamped);
        }
        Value v = tensor::ExtractOp::create(nb, nl, srcLocal, at);
        Value other = insert ? args[0] : scalarPad;
        Value r =
            inside
                ? arith::SelectOp::create(nb, nl, inside, v, other).getResult()
                : v;
        linalg::YieldOp::create(nb, nl, r);
      });
  if (failed(ctx.setResult(op->getResult(0), generic.getResult(0), natural,
                           tdl::Reducer::sum, op)))
    return failure();
  return true;
}

struct MaskedSliceRule : PartitionRule {
  StringRef getName() const override { return "masked-slice"; }
  bool matches(Operation *op) const override {
    return isa<tensor::InsertSliceOp, tensor::PadOp>(op);
  }
  FailureOr<bool> split(Operation *op, ArrayRef<int64_t> strategy,
                        PartitionContext &ctx) const override {
    return splitMasked(op, strategy, ctx);
  }
};

} // namespace

std::unique_ptr<PartitionRule> spmd::createMaskedSliceRule() {
  return std::make_unique<MaskedSliceRule>();
}
