//===- RuntimeCalls.h - Calls from lowered code into the runtime -*- C++
//-*-===//
//
// What the library-call conversions (LinalgToCPULibrary, LinalgToGPULibrary)
// share when they replace an op by a call into libtofu_runtime: the
// function's private declaration, the names that say which op the call
// came from, and the calls of the convolution entry points both runtimes
// have.
//
//===----------------------------------------------------------------------===//

#ifndef TOFU_CONVERSION_RUNTIMECALLS_H
#define TOFU_CONVERSION_RUNTIMECALLS_H

#include "Tofu/Analysis/Convolution.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::tofu {

/// The private declaration @name : type, created if missing. Fails (with a
/// diagnostic naming `runtime`, e.g. "CPU runtime") when the module defines
/// @name otherwise.
inline FailureOr<func::FuncOp>
declareRuntimeFunction(ModuleOp module, StringRef name, FunctionType type,
                       Location loc, StringRef runtime) {
  if (Operation *existing = SymbolTable::lookupSymbolIn(module, name)) {
    auto fn = dyn_cast<func::FuncOp>(existing);
    if (!fn || fn.getFunctionType() != type)
      return existing->emitError()
             << "@" << name << " is reserved for the " << runtime
             << " and must be a function of type " << type;
    return fn;
  }
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  auto fn = func::FuncOp::create(b, loc, name, type);
  fn.setPrivate();
  return fn;
}

/// Profiles and reports name a runtime call by the op it replaced: its
/// tofu.name, and for backward ops tofu.fwd and tofu.grad_of.
inline void copyOpNames(Operation *from, Operation *to) {
  for (StringRef attr : {kNameAttrName, kFwdAttrName, kGradOfAttrName})
    if (Attribute a = from->getAttr(attr))
      to->setAttr(attr, a);
}

/// Replaces `op` by a call of @tofu_rt_<device>_<c's entry point>: the
/// memrefs as unranked f32 ones, then the layout, the pooling mode (poolings
/// only) and the parameters as constants; the call returns the runtime's
/// i32 status.
inline LogicalResult replaceByDnnCall(ModuleOp module, Operation *op,
                                      const DnnCall &c, StringRef device,
                                      StringRef runtime) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  Type f32 = b.getF32Type(), i32 = b.getI32Type(), i64 = b.getI64Type();
  SmallVector<Value> args;
  for (Value v : c.operands) {
    auto type = cast<MemRefType>(v.getType());
    auto unranked = UnrankedMemRefType::get(f32, type.getMemorySpace());
    args.push_back(memref::CastOp::create(b, loc, unranked, v));
  }
  args.push_back(arith::ConstantIntOp::create(b, loc, i32, c.layout));
  if (c.isPooling())
    args.push_back(arith::ConstantIntOp::create(b, loc, i32, c.mode));
  for (int64_t x : c.params)
    args.push_back(arith::ConstantIntOp::create(b, loc, i64, x));
  auto type =
      FunctionType::get(b.getContext(), ValueRange(args).getTypes(), {i32});
  std::string name = ("tofu_rt_" + device + "_" + c.entryPointSuffix()).str();
  FailureOr<func::FuncOp> fn =
      declareRuntimeFunction(module, name, type, loc, runtime);
  if (failed(fn))
    return failure();
  auto call = func::CallOp::create(b, loc, *fn, args);
  copyOpNames(op, call);
  op->erase();
  return success();
}

} // namespace mlir::tofu

#endif // TOFU_CONVERSION_RUNTIMECALLS_H
