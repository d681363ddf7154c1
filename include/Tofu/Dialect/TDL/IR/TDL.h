//===- TDL.h - Tensor Description Language dialect --------------*- C++ -*-===//
#ifndef TOFU_DIALECT_TDL_IR_TDL_H
#define TOFU_DIALECT_TDL_IR_TDL_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "Tofu/Dialect/TDL/IR/AccessPattern.h"
#include "Tofu/Dialect/TDL/IR/TDLEnums.h"
#include "Tofu/Interfaces/TDLDescriptionInterface.h"

namespace mlir::tdl {
class DescriptionLibrary;
} // namespace mlir::tdl

#include "Tofu/Dialect/TDL/IR/TDLOpsDialect.h.inc"

#include "Tofu/Dialect/TDL/IR/TDLAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "Tofu/Dialect/TDL/IR/TDLOpsAttributes.h.inc"

#define GET_OP_CLASSES
#include "Tofu/Dialect/TDL/IR/TDLOps.h.inc"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::tdl {
/// Registers the dialect extension that attaches the library-backed model of
/// the TDL description interface to the library's ops of each dialect as it
/// loads (the library registers it itself on first use when a tool did not).
void registerLibraryDescriptionModels(DialectRegistry &registry);

/// The TDL description library of `context` (see TDLDialect::getLibrary).
FailureOr<const DescriptionLibrary *>
getDescriptionLibrary(MLIRContext *context);

/// Adds the user library at `path` to the library of `context` (see
/// TDLDialect::loadLibrary).
LogicalResult loadDescriptionLibrary(MLIRContext *context, StringRef path,
                                     Location loc);

/// Instantiates a `tdl.operator` / `tdl.opaque` description for `op` (whose
/// attributes and operands feed the description's parameter references), or
/// emits a located error at `op` and fails.
FailureOr<tofu::OpDescription> instantiate(Operation *description,
                                           Operation *op);

/// The static shape of the tensor `value` of `op`, or an error at `op` (Tofu
/// partitions static shapes only).
FailureOr<SmallVector<int64_t>> getStaticShape(Operation *op, Value value);

/// The symbolic form of a non-rank-generic `tdl.operator` or `tdl.opaque`:
/// no extents; maps may keep symbols (the params).
tofu::OpDescription describeSymbolically(Operation *description);
} // namespace mlir::tdl

#endif // TOFU_DIALECT_TDL_IR_TDL_H
