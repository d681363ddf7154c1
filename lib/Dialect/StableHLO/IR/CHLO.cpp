//===- CHLO.cpp - The chlo subset dialect ---------------------------------===//
//
// Every op has a declarative syntax; top_k has a verifier, the others none
// beyond ODS's. The inliner interface lets `--inline` fold
// JAX's private helpers that hold chlo ops.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Dialect/StableHLO/IR/CHLO.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::chlo_subset;

#include "Tofu/Dialect/StableHLO/IR/CHLOOpsDialect.cpp.inc"

namespace {
// Every chlo op of the subset is pure.
struct CHLOInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void CHLODialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Tofu/Dialect/StableHLO/IR/CHLOOps.cpp.inc"
      >();
  addInterfaces<CHLOInlinerInterface>();
}

#define GET_OP_CLASSES
#include "Tofu/Dialect/StableHLO/IR/CHLOOps.cpp.inc"

LogicalResult TopKOp::verify() {
  auto in = cast<RankedTensorType>(getOperand().getType());
  if (in.getRank() == 0)
    return emitOpError("needs an operand of rank at least 1");
  int64_t n = in.getShape().back();
  // Signed: getK() reads the i64 as unsigned, so k = -1 would pass a
  // dynamic last dimension.
  int64_t k = getKAttr().getInt();
  if (k < 0 || (!ShapedType::isDynamic(n) && k > n))
    return emitOpError() << "k = " << k << " is outside [0, "
                         << (ShapedType::isDynamic(n) ? std::string("?")
                                                      : std::to_string(n))
                         << "], the last dimension";
  SmallVector<int64_t> shape(in.getShape());
  shape.back() = k;
  for (Value r : {getValues(), getIndices()})
    if (cast<RankedTensorType>(r.getType()).getShape() != ArrayRef(shape))
      return emitOpError("results must have the operand's shape with k as "
                         "the last dimension");
  if (cast<RankedTensorType>(getValues().getType()).getElementType() !=
      in.getElementType())
    return emitOpError("values must have the operand's element type");
  return success();
}
