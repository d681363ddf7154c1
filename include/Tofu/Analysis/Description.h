//===- Description.h - TDL descriptions of concrete ops ---------*- C++ -*-===//
//
// Every analysis reads an operation through its TDL description: the
// TDLDescriptionOpInterface (include/Tofu/Interfaces), with three models —
// derived from linalg structured ops (here), backed by the TDL dialect's
// description library (the shipped TOSA/tensor descriptions plus user
// files), and native to `tdl.apply`. A description is an iteration space with
// concrete extents, one affine access per input, and an output map.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_ANALYSIS_DESCRIPTION_H
#define TOFU_ANALYSIS_DESCRIPTION_H

#include "Tofu/Dialect/TDL/IR/DescriptionLibrary.h"
#include "Tofu/Dialect/TDL/IR/TDL.h"
#include "Tofu/Interfaces/TDLDescriptionInterface.h"

#include "mlir/IR/BuiltinOps.h"
#include <optional>
#include <string>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::tofu {

/// Registers the external models of the TDL description interface: the
/// linalg model (attached to every linalg structured op when linalg loads)
/// and the library-backed model (attached by op name as dialects load).
/// getDescription registers them too when a tool did not, but registering
/// them with the tool's other extensions keeps the context's registry from
/// changing while passes run.
void registerTDLDescriptionModels(DialectRegistry &registry);

/// Returns the description of `op`, or emits a located error and fails. Asks
/// the TDL description interface; an op without a model has no description.
FailureOr<OpDescription> getDescription(Operation *op);

using tdl::describeSymbolically;
using tdl::instantiate;

/// The identity of `reducer` in the element type `type` (zero without a
/// reducer): 0, 1, -inf / +inf for floats, the signed minimum / maximum for
/// integers (i1 included: the signed max of i1 is an and, true is -1). Null
/// for types without one.
TypedAttr reducerIdentity(std::optional<tdl::Reducer> reducer, Type type);

/// True for ops that have no semantics to partition (constants, returns,
/// tensor.empty, shape constants, TDL descriptions themselves).
bool isStructuralNoOp(Operation *op);

/// Builds a concrete `tdl.operator` / `tdl.opaque` for `desc` at the
/// builder's insertion point, named after the described op, with the
/// extents as an `extents` attribute.
Operation *buildTDL(OpBuilder &builder, Location loc,
                    const OpDescription &desc);

} // namespace mlir::tofu

#endif // TOFU_ANALYSIS_DESCRIPTION_H
