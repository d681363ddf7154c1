//===- TofuAutodiff.cpp - The --tofu-autodiff pass ------------------------===//
//
// Drives reverse-mode differentiation of a forward function into an SGD
// training step: validates the signature, clones the forward function,
// lowers TOSA, sweeps the ops in reverse dispatching to the per-family
// gradient rules, tags backward ops, and appends the parameter updates.
//
//===----------------------------------------------------------------------===//

#include "Autodiff.h"
#include "Tofu/Autodiff/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUAUTODIFF
#include "Tofu/Autodiff/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::autodiff;

namespace {
/// Checks the forward function against the contract and returns its
/// parameter arguments.
FailureOr<SmallVector<unsigned>> checkForward(func::FuncOp fwd, bool lrArg) {
  if (fwd.isExternal())
    return fwd.emitOpError("cannot differentiate a function without a body");
  if (!fwd.getBody().hasOneBlock())
    return fwd.emitOpError("cannot differentiate a function with more than "
                           "one block");
  FunctionType type = fwd.getFunctionType();
  auto lossType = type.getNumResults() == 1
                      ? dyn_cast<RankedTensorType>(type.getResult(0))
                      : RankedTensorType();
  if (!lossType || lossType.getRank() != 0 ||
      !isa<FloatType>(lossType.getElementType()))
    return fwd.emitOpError("must return a single 0-d float tensor (the loss)");
  SmallVector<unsigned> params;
  for (unsigned i = 0, e = fwd.getNumArguments(); i < e; ++i) {
    if (!fwd.getArgAttr(i, kParamAttr))
      continue;
    auto paramType = dyn_cast<RankedTensorType>(fwd.getArgument(i).getType());
    if (!paramType || !paramType.hasStaticShape() ||
        !isa<FloatType>(paramType.getElementType()))
      return fwd.emitOpError("parameter argument #")
             << i << " must be a statically shaped float tensor";
    if (lrArg && !paramType.getElementType().isF32())
      return fwd.emitOpError("parameter argument #")
             << i << " must have f32 elements to use an f32 learning-rate "
             << "argument";
    params.push_back(i);
  }
  if (params.empty())
    return fwd.emitOpError("has no argument marked 'tofu.param'");
  return params;
}

/// Whether a region of `op` reads a value computed from a parameter; such
/// captures would be missed by the gradient rules.
bool capturesActiveValue(Operation *op, const ReverseSweep &sweep) {
  if (op->getNumRegions() == 0)
    return false;
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(op->getRegions(), captured);
  return llvm::any_of(captured, [&](Value v) { return sweep.isActive(v); });
}

/// `p - lr * dp` as an element-wise generic.
Value buildUpdate(OpBuilder &b, Location loc, Value param, Value grad,
                  Value lrArg, double lr) {
  auto type = cast<RankedTensorType>(param.getType());
  Value init =
      tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType());
  AffineMap id = b.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  auto update = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{param, grad}, ValueRange{init},
      SmallVector<AffineMap>(3, id), iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value rate = lrArg
                         ? lrArg
                         : arith::ConstantOp::create(
                               nb, nloc, nb.getFloatAttr(args[0].getType(), lr))
                               .getResult();
        Value step = arith::MulFOp::create(nb, nloc, rate, args[1]);
        Value next = arith::SubFOp::create(nb, nloc, args[0], step);
        linalg::YieldOp::create(nb, nloc, next);
      });
  return update.getResult(0);
}

struct TofuAutodiffPass
    : public tofu::impl::TofuAutodiffBase<TofuAutodiffPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  LogicalResult differentiate(func::FuncOp step, ArrayRef<unsigned> params);
};

void TofuAutodiffPass::runOnOperation() {
  ModuleOp module = getOperation();
  auto fwd = module.lookupSymbol<func::FuncOp>(forwardName);
  if (!fwd) {
    mlir::emitError(module.getLoc(), "no function named '")
        << forwardName << "' to differentiate";
    return signalPassFailure();
  }
  FailureOr<SmallVector<unsigned>> params = checkForward(fwd, lrArg);
  if (failed(params))
    return signalPassFailure();
  if (module.lookupSymbol(entryName)) {
    fwd.emitOpError("training-step name '")
        << entryName << "' is already taken in the module";
    return signalPassFailure();
  }

  nameOps(fwd);
  auto step = cast<func::FuncOp>(fwd->clone());
  step.setName(entryName);
  OpBuilder moduleBuilder(fwd);
  moduleBuilder.setInsertionPointAfter(fwd);
  moduleBuilder.insert(step);

  auto run = [&](OpPassManager &pm, Operation *op) {
    return runPipeline(pm, op);
  };
  if (failed(lowerTosa(step, run))) {
    step.erase();
    return signalPassFailure();
  }
  nameOps(step);
  if (failed(differentiate(step, *params))) {
    step.erase();
    return signalPassFailure();
  }
}

LogicalResult TofuAutodiffPass::differentiate(func::FuncOp step,
                                              ArrayRef<unsigned> params) {
  MLIRContext *ctx = step.getContext();
  Block &body = step.getBody().front();
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  Value loss = ret.getOperand(0);

  Value lrValue;
  if (lrArg) {
    unsigned index = step.getNumArguments();
    NamedAttribute marker(StringAttr::get(ctx, kLrAttr), UnitAttr::get(ctx));
    if (failed(step.insertArgument(index, Float32Type::get(ctx),
                                   DictionaryAttr::get(ctx, {marker}),
                                   step.getLoc())))
      return step.emitOpError("cannot add the learning-rate argument");
    lrValue = step.getArgument(index);
  }

  OpBuilder b(ret);
  ReverseSweep sweep(step, b);
  SmallVector<BlockArgument> paramArgs;
  for (unsigned i : params)
    paramArgs.push_back(step.getArgument(i));
  sweep.computeActivity(paramArgs);
  if (!sweep.isActive(loss))
    return step.emitOpError("loss does not depend on any 'tofu.param' "
                            "argument");

  sweep.setLoc(ret.getLoc());
  auto lossType = cast<RankedTensorType>(loss.getType());
  auto seed = arith::ConstantOp::create(
      b, ret.getLoc(),
      DenseElementsAttr::get(lossType,
                             b.getFloatAttr(lossType.getElementType(), 1.0)));
  seed->setAttr(kGradOfAttr, b.getStringAttr(sweep.valueName(loss)));
  sweep.seedAdjoint(loss, seed);

  SmallVector<Operation *> forwardOps;
  for (Operation &op : body.without_terminator())
    forwardOps.push_back(&op);
  for (Operation *op : llvm::reverse(forwardOps)) {
    if (llvm::none_of(op->getResults(),
                      [&](Value v) { return sweep.getAdjoint(v); }))
      continue;
    // A gather captures the tensor it reads; its rule handles that.
    auto gather = dyn_cast<linalg::GenericOp>(op);
    if (gather && !isGatherGeneric(gather))
      gather = {};
    if (!gather && capturesActiveValue(op, sweep))
      return op->emitOpError("cannot differentiate: a region uses a value "
                             "computed from a parameter");
    sweep.setLoc(op->getLoc());
    Operation *before = ret->getPrevNode();
    LogicalResult result = success();
    if (gather)
      result = differentiateGather(sweep, gather);
    else if (auto softmax = dyn_cast<linalg::SoftmaxOp>(op))
      result = differentiateSoftmax(sweep, softmax);
    else if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
      result = differentiateLinalgOp(sweep, linalgOp);
    else if (isa_and_nonnull<tensor::TensorDialect>(op->getDialect()))
      result = differentiateTensorOp(sweep, op);
    else
      result = op->emitOpError("cannot differentiate: no gradient rule");
    if (failed(result))
      return failure();

    StringAttr fwdName = op->getAttrOfType<StringAttr>(kNameAttr);
    for (Operation *created = before->getNextNode(); created != ret;
         created = created->getNextNode())
      if (!sweep.isAccumulation(created) && !created->hasAttr(kFwdAttr))
        created->setAttr(kFwdAttr, fwdName);
  }

  SmallVector<Value> updated, grads;
  for (unsigned i : params) {
    BlockArgument param = step.getArgument(i);
    Value grad = sweep.getAdjoint(param);
    auto paramType = cast<RankedTensorType>(param.getType());
    if (!grad) {
      step.emitWarning("parameter #")
          << i << " does not affect the loss; it is returned unchanged";
      updated.push_back(param);
      if (returnGradients)
        grads.push_back(sweep.createZeros(paramType));
      continue;
    }
    Value next =
        buildUpdate(b, param.getLoc(), param, grad, lrValue, learningRate);
    auto update = cast<linalg::GenericOp>(next.getDefiningOp());
    StringAttr updateOf = b.getStringAttr(sweep.valueName(param));
    update->setAttr(kUpdateOfAttr, updateOf);
    update.getDpsInits()[0].getDefiningOp()->setAttr(kUpdateOfAttr, updateOf);
    updated.push_back(next);
    grads.push_back(grad);
  }

  SmallVector<Value> results(updated);
  results.push_back(loss);
  if (returnGradients)
    results.append(grads);
  func::ReturnOp::create(b, ret.getLoc(), results);
  ret.erase();
  // The clone kept the forward's result attributes (JAX's
  // `jax.result_info`, ...), one dictionary per forward result; the step has
  // other results. The loss keeps the forward result's attributes, the
  // updated parameters and gradients get none.
  ArrayAttr forwardResultAttrs = step.getAllResultAttrs();
  step.setFunctionType(FunctionType::get(ctx, step.getArgumentTypes(),
                                         ValueRange(results).getTypes()));
  SmallVector<DictionaryAttr> resultAttrs(results.size(),
                                          DictionaryAttr::get(ctx));
  if (forwardResultAttrs && !forwardResultAttrs.empty())
    resultAttrs[updated.size()] = cast<DictionaryAttr>(forwardResultAttrs[0]);
  step.setAllResultAttrs(resultAttrs);
  return success();
}
} // namespace
