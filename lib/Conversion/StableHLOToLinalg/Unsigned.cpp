//===- Unsigned.cpp - Unsigned integers read as signless bits -------------===//
//
// StableHLO has unsigned integer types (jax.random computes in ui32 and
// ui64, float -> uint8 gives ui8); arith, linalg and everything after the
// import have only signless integers. Before the patterns run, every
// unsigned type becomes the signless type of its width (the same bits), and
// the few ops whose meaning depends on the sign keep it: convert, divide,
// remainder, maximum, minimum and clamp are marked with kUnsignedOperandAttr
// / kUnsignedResultAttr, compare gets compare_type UNSIGNED. Ops on unsigned
// values outside the set below are refused with a located error rather than
// computed as signed.
//
// The entry function's unsigned arguments and results become signless too:
// tofu-run reads and writes them as int32/int64/int8 arrays of the same bits.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::stablehlo_subset;

namespace mlir::tofu::hlo {

namespace {

bool isUnsignedElement(Type t) {
  if (auto shaped = dyn_cast<ShapedType>(t))
    t = shaped.getElementType();
  return t.isUnsignedInteger();
}

Type signlessType(Type t) {
  if (auto shaped = dyn_cast<ShapedType>(t)) {
    Type elem = shaped.getElementType();
    if (!elem.isUnsignedInteger())
      return t;
    return shaped.clone(
        IntegerType::get(t.getContext(), elem.getIntOrFloatBitWidth()));
  }
  if (t.isUnsignedInteger())
    return IntegerType::get(t.getContext(), t.getIntOrFloatBitWidth());
  return t;
}

/// Ops that compute the same bits on unsigned as on signless operands.
bool isSignAgnostic(Operation *op) {
  return isa<AddOp, SubtractOp, MulOp, NegateOp, AndOp, OrOp, XorOp, NotOp,
             ShiftLeftOp, ShiftRightLogicalOp, ShiftRightArithmeticOp, PopcntOp,
             ClzOp, SelectOp, BitcastConvertOp, ConstantOp, IotaOp,
             BroadcastInDimOp, ReshapeOp, TransposeOp, SliceOp, ConcatenateOp,
             PadOp, ReverseOp, ReduceOp, SortOp, CaseOp, WhileOp, ReturnOp>(op);
}

/// The operands that are indices (read as signed and clamped): unsigned
/// ones are refused.
SmallVector<Type> indexOperandTypes(Operation *op) {
  if (auto s = dyn_cast<DynamicSliceOp>(op))
    return llvm::to_vector(s.getStartIndices().getTypes());
  if (auto s = dyn_cast<DynamicUpdateSliceOp>(op))
    return llvm::to_vector(s.getStartIndices().getTypes());
  if (auto g = dyn_cast<GatherOp>(op))
    return {g.getStartIndices().getType()};
  if (auto s = dyn_cast<ScatterOp>(op))
    return {s.getScatterIndices().getType()};
  return {};
}

/// Marks `op` with the sign it needs; fails (reported) where the conversion
/// has no unsigned form of it.
LogicalResult markSign(Operation *op) {
  bool unsignedIn = llvm::any_of(op->getOperandTypes(), isUnsignedElement);
  bool unsignedOut = llvm::any_of(op->getResultTypes(), isUnsignedElement);
  if (!unsignedIn && !unsignedOut)
    return success();
  Builder b(op->getContext());
  if (isa<ConvertOp>(op)) {
    if (unsignedIn)
      op->setAttr(kUnsignedOperandAttr, b.getUnitAttr());
    if (unsignedOut)
      op->setAttr(kUnsignedResultAttr, b.getUnitAttr());
    return success();
  }
  if (auto cmp = dyn_cast<CompareOp>(op)) {
    if (!cmp.getCompareType())
      cmp.setCompareType(ComparisonType::UNSIGNED);
    else if (*cmp.getCompareType() != ComparisonType::UNSIGNED)
      return cmp.emitOpError("on unsigned integers with compare_type ")
             << stringifyComparisonType(*cmp.getCompareType())
             << " is not supported by the conversion (only UNSIGNED)";
    return success();
  }
  if (isa<DivOp, RemOp, MaxOp, MinOp, ClampOp>(op)) {
    op->setAttr(kUnsignedOperandAttr, b.getUnitAttr());
    return success();
  }
  if (isa<DynamicSliceOp, DynamicUpdateSliceOp, GatherOp, ScatterOp>(op)) {
    if (llvm::any_of(indexOperandTypes(op), isUnsignedElement))
      return op->emitOpError(
          "with unsigned indices is not supported by the conversion");
    return success();
  }
  StringRef ns = op->getName().getDialectNamespace();
  if (isSignAgnostic(op) || (ns != "stablehlo" && ns != "chlo"))
    return success();
  return op->emitOpError(
      "on unsigned integers is not supported by the conversion");
}

LogicalResult retypeConstant(ConstantOp cst) {
  if (!isUnsignedElement(cst.getType()))
    return success();
  auto dense = dyn_cast<DenseElementsAttr>(cst.getValue());
  if (!dense)
    return cst.emitOpError(
        "has an unsigned constant that is not dense; the conversion reads "
        "unsigned constants only from dense<...>");
  auto elem = cast<ShapedType>(signlessType(dense.getType())).getElementType();
  cst->setAttr("value", dense.bitcast(elem));
  return success();
}

} // namespace

LogicalResult eraseUnsignedTypes(ModuleOp module) {
  bool ok = true;
  module.walk([&](Operation *op) {
    if (failed(markSign(op)))
      ok = false;
    if (auto cst = dyn_cast<ConstantOp>(op))
      if (failed(retypeConstant(cst)))
        ok = false;
  });
  if (!ok)
    return failure();
  module.walk([&](Operation *op) {
    for (Value r : op->getResults())
      r.setType(signlessType(r.getType()));
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          arg.setType(signlessType(arg.getType()));
    if (auto fn = dyn_cast<func::FuncOp>(op)) {
      FunctionType type = fn.getFunctionType();
      auto convert = [](TypeRange types) {
        return llvm::map_to_vector(types, signlessType);
      };
      fn.setFunctionType(FunctionType::get(fn.getContext(),
                                           convert(type.getInputs()),
                                           convert(type.getResults())));
    }
  });
  return success();
}

} // namespace mlir::tofu::hlo
