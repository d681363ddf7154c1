//===- Autodiff.cpp - Reverse sweep state, naming, TOSA lowering ----------===//
//
// The parts of reverse-mode differentiation that do not depend on an op
// family: activity analysis, adjoint accumulation, naming of forward ops and
// values, and the TOSA-to-linalg lowering that runs before differentiation.
//
//===----------------------------------------------------------------------===//

#include "Autodiff.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/TosaToLinalg/TosaToLinalg.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::autodiff;

namespace {
constexpr llvm::StringLiteral kOriginPrefix = "tofu.origin:";

/// The op name without its dialect prefix: "linalg.matmul" -> "matmul".
std::string shortOpName(Operation *op) {
  StringRef full = op->getName().getStringRef();
  return full.substr(full.find('.') + 1).str();
}
} // namespace

void autodiff::nameOps(func::FuncOp func) {
  llvm::StringSet<> taken;
  for (Operation &op : func.getBody().front())
    if (auto name = op.getAttrOfType<StringAttr>(kNameAttr))
      taken.insert(name.getValue());
  unsigned counter = 0;
  for (Operation &op : func.getBody().front()) {
    if (op.hasTrait<OpTrait::IsTerminator>() || op.hasAttr(kNameAttr))
      continue;
    std::string name;
    do {
      name = shortOpName(&op) + "_" + std::to_string(counter++);
    } while (taken.contains(name));
    taken.insert(name);
    op.setAttr(kNameAttr, StringAttr::get(op.getContext(), name));
  }
}

LogicalResult autodiff::lowerTosa(
    func::FuncOp func,
    llvm::function_ref<LogicalResult(OpPassManager &, Operation *)>
        runPipeline) {
  Block &body = func.getBody().front();
  bool hasTosa = llvm::any_of(body, [](Operation &op) {
    return isa_and_nonnull<tosa::TosaDialect>(op.getDialect());
  });
  if (!hasTosa)
    return success();

  // The conversions copy the location of the op they replace, not its
  // attributes: carry the TOSA op's name through its location.
  MLIRContext *ctx = func.getContext();
  for (Operation &op : body) {
    auto name = op.getAttrOfType<StringAttr>(kNameAttr);
    if (!name || !isa_and_nonnull<tosa::TosaDialect>(op.getDialect()))
      continue;
    op.setLoc(NameLoc::get(
        StringAttr::get(ctx, kOriginPrefix + name.getValue()), op.getLoc()));
  }

  OpPassManager pm(func::FuncOp::getOperationName());
  pm.addPass(tosa::createTosaToLinalgNamed());
  pm.addPass(tosa::createTosaToLinalg());
  pm.addPass(createTosaToArithPass());
  pm.addPass(createTosaToTensorPass());
  if (failed(runPipeline(pm, func)))
    return failure();

  llvm::StringMap<unsigned> perOrigin;
  for (Operation &op : body) {
    auto nameLoc = dyn_cast<NameLoc>(op.getLoc());
    if (!nameLoc || !nameLoc.getName().getValue().starts_with(kOriginPrefix))
      continue;
    StringRef origin =
        nameLoc.getName().getValue().drop_front(kOriginPrefix.size());
    unsigned k = perOrigin[origin]++;
    op.setAttr(kNameAttr,
               StringAttr::get(ctx, origin + "." + std::to_string(k)));
    op.setLoc(nameLoc.getChildLoc());
  }
  // Ops the lowering left unused (e.g. tosa.const_shape of a reshape).
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body)))
    if (isOpTriviallyDead(&op))
      op.erase();
  for (Operation &op : body)
    if (isa_and_nonnull<tosa::TosaDialect>(op.getDialect()))
      return op.emitOpError("cannot differentiate: no lowering to linalg");
  return success();
}

ReverseSweep::ReverseSweep(func::FuncOp func, OpBuilder &builder)
    : func(func), builder(builder), loc(func.getLoc()) {}

void ReverseSweep::computeActivity(ArrayRef<BlockArgument> params) {
  for (BlockArgument arg : params)
    active.insert(arg);
  for (Operation &op : func.getBody().front()) {
    bool isActiveOp = llvm::any_of(op.getOperands(),
                                   [&](Value v) { return active.contains(v); });
    if (!isActiveOp && op.getNumRegions() != 0) {
      llvm::SetVector<Value> captured;
      getUsedValuesDefinedAbove(op.getRegions(), captured);
      isActiveOp =
          llvm::any_of(captured, [&](Value v) { return active.contains(v); });
    }
    if (isActiveOp)
      active.insert(op.getResults().begin(), op.getResults().end());
  }
}

std::string ReverseSweep::valueName(Value v) const {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return "arg" + std::to_string(arg.getArgNumber());
  auto result = cast<OpResult>(v);
  auto name = result.getOwner()->getAttrOfType<StringAttr>(kNameAttr);
  std::string base = name ? name.getValue().str() : "<unnamed>";
  return base + "#" + std::to_string(result.getResultNumber());
}

void ReverseSweep::addAdjoint(Value v, Value contribution) {
  StringAttr gradOf = builder.getStringAttr(valueName(v));
  // A contribution that is another value's adjoint passed through unchanged
  // keeps the name it has.
  if (Operation *def = contribution.getDefiningOp())
    if (!def->hasAttr(kGradOfAttr))
      def->setAttr(kGradOfAttr, gradOf);
  Value &adjoint = adjoints[v];
  if (!adjoint) {
    adjoint = contribution;
    return;
  }
  auto sum =
      linalg::AddOp::create(builder, loc, ValueRange{adjoint, contribution},
                            ValueRange{contribution});
  sum->setAttr(kGradOfAttr, gradOf);
  accumulations.insert(sum);
  adjoint = sum.getResult(0);
}

Value ReverseSweep::createZeros(RankedTensorType type) {
  Value empty = tensor::EmptyOp::create(builder, loc, type.getShape(),
                                        type.getElementType());
  Value zero = arith::ConstantOp::create(
      builder, loc, builder.getZeroAttr(type.getElementType()));
  return linalg::FillOp::create(builder, loc, zero, empty).getResult(0);
}
