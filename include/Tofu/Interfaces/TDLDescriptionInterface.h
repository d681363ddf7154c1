//===- TDLDescriptionInterface.h - An op's TDL description ------*- C++ -*-===//
//
// The answer to "what does this op compute": a TDL description instantiated
// for one operation (concrete extents, one affine access per input, an output
// map), and the op interface that gives it. See TDLDescriptionInterface.td
// for the models.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_INTERFACES_TDLDESCRIPTIONINTERFACE_H
#define TOFU_INTERFACES_TDLDESCRIPTIONINTERFACE_H

#include "Tofu/Dialect/TDL/IR/TDLEnums.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/OpDefinition.h"
#include "llvm/ADT/SmallBitVector.h"
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

} // namespace mlir::tofu

#include "Tofu/Interfaces/TDLDescriptionInterface.h.inc"

#endif // TOFU_INTERFACES_TDLDESCRIPTIONINTERFACE_H
