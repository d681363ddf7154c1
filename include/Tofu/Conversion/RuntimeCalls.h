//===- RuntimeCalls.h - Calls from lowered code into the runtime -*- C++
//-*-===//
//
// What the library-call conversions (LinalgToCPULibrary, LinalgToGPULibrary)
// share when they replace an op by a call into libtofu_runtime: the
// function's private declaration, and the names that say which op the call
// came from.
//
//===----------------------------------------------------------------------===//

#ifndef TOFU_CONVERSION_RUNTIMECALLS_H
#define TOFU_CONVERSION_RUNTIMECALLS_H

#include "Tofu/Dialect/Tofu/IR/Tofu.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
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

} // namespace mlir::tofu

#endif // TOFU_CONVERSION_RUNTIMECALLS_H
