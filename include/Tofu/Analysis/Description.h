//===- Description.h - TDL descriptions of concrete ops ---------*- C++ -*-===//
//
// One interface gives every analysis the TDL description of an operation:
// derived from linalg structured ops, resolved through `tdl.apply`, or
// instantiated from the description library (the shipped TOSA/tensor
// descriptions plus user files). A description is an iteration space with
// concrete extents, one affine access per input, and an output map.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_ANALYSIS_DESCRIPTION_H
#define TOFU_ANALYSIS_DESCRIPTION_H

#include "Tofu/Dialect/TDL/IR/TDL.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/StringMap.h"
#include <optional>
#include <string>

namespace mlir::tofu {

/// How one input is read.
struct InputAccess {
  /// Iteration coordinates -> input coordinates (constants only, no symbols).
  AffineMap map;
  /// Opaque operators: input dimensions read whole (the paper's `:`).
  llvm::SmallBitVector whole;
  /// Reads outside the input yield padding instead of elements.
  bool guarded = false;
  /// The operand this input is.
  unsigned operandNumber = 0;
  SmallVector<int64_t> shape;
};

struct OpDescription {
  /// Name of the described operator (op name or description symbol).
  std::string name;
  SmallVector<std::string> loopNames;
  /// Concrete extents (empty for symbolic descriptions).
  SmallVector<int64_t> extents;
  /// Per loop: true for reduction dimensions.
  SmallVector<bool> isReduction;
  std::optional<tdl::Reducer> reducer;
  SmallVector<InputAccess> inputs;
  /// One map and shape per result.
  SmallVector<AffineMap> outputMaps;
  SmallVector<SmallVector<int64_t>> outputShapes;
  bool opaque = false;
  /// Per loop: whether a strategy may split it (opaque ops: batch loops).
  SmallVector<bool> canSplit;
  /// Why some loops may not split, for the report (empty when all may).
  std::string note;
  /// The library or user description this came from (for printing bodies).
  Operation *source = nullptr;
  /// For linalg ops: the op whose body gives the scalar computation.
  Operation *linalgOp = nullptr;

  unsigned getNumLoops() const { return loopNames.size(); }
  bool isSplittable(unsigned loop) const {
    return canSplit.empty() || canSplit[loop];
  }
  bool hasConcreteExtents() const { return !extents.empty(); }
};

/// Descriptions loaded from `.mlir` files, keyed by the symbol of each
/// `tdl.operator` / `tdl.opaque` (for library entries: the op name, e.g.
/// `tosa.conv2d`).
class DescriptionLibrary {
public:
  /// Loads the built-in library (embedded at build time), then `extraFiles`,
  /// whose entries override built-in ones. Errors go to the context's
  /// diagnostic handler.
  static FailureOr<std::unique_ptr<DescriptionLibrary>>
  load(MLIRContext *context, ArrayRef<std::string> extraFiles = {});

  Operation *lookup(StringRef opName) const { return entries.lookup(opName); }
  /// All entry names, sorted.
  SmallVector<StringRef> names() const;

private:
  LogicalResult addModule(OwningOpRef<ModuleOp> module);
  SmallVector<OwningOpRef<ModuleOp>> modules;
  llvm::StringMap<Operation *> entries;
};

/// The identity of `reducer` in the element type `type` (zero without a
/// reducer): 0, 1, -inf / +inf for floats, the signed minimum / maximum for
/// integers (i1 included: the signed max of i1 is an and, true is -1). Null
/// for types without one.
TypedAttr reducerIdentity(std::optional<tdl::Reducer> reducer, Type type);

/// True for ops that have no semantics to partition (constants, returns,
/// tensor.empty, shape constants, TDL descriptions themselves).
bool isStructuralNoOp(Operation *op);

/// Returns the description of `op`, or emits a located error and fails.
FailureOr<OpDescription> getDescription(Operation *op,
                                        const DescriptionLibrary &library);

/// Instantiates a `tdl.operator` / `tdl.opaque` description for `op` (whose
/// attributes and operands feed the description's parameter references).
FailureOr<OpDescription> instantiate(Operation *description, Operation *op);

/// The symbolic form of a non-rank-generic `tdl.operator` or `tdl.opaque`:
/// no extents; maps may keep symbols (the params).
OpDescription describeSymbolically(Operation *description);

/// Builds a concrete `tdl.operator` / `tdl.opaque` for `desc` at the
/// builder's insertion point, named after the described op, with the
/// extents as an `extents` attribute.
Operation *buildTDL(OpBuilder &builder, Location loc,
                    const OpDescription &desc);

} // namespace mlir::tofu

#endif // TOFU_ANALYSIS_DESCRIPTION_H
