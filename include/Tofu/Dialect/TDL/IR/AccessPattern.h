//===- AccessPattern.h - Expanding rank-generic accesses --------*- C++ -*-===//
//
// What an access pattern attribute (`AccessPatternAttrInterface`) is expanded
// for: one input of one described op, with the iteration space's rank and
// extents and the shapes involved.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_DIALECT_TDL_IR_ACCESSPATTERN_H
#define TOFU_DIALECT_TDL_IR_ACCESSPATTERN_H

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"

namespace mlir::tdl {

struct PatternSite {
  /// The described op: parameter references read it, errors are located at
  /// it.
  Operation *op;
  /// The description's name, for diagnostics.
  StringRef description;
  /// Rank of the iteration space and its extents (from the first input when
  /// the description reduces, else from the result).
  unsigned numLoops;
  ArrayRef<int64_t> extents;
  ArrayRef<int64_t> inShape;
  ArrayRef<int64_t> outShape;
  /// Running offset along a concatenation axis: the extents of the inputs
  /// before this one. `#tdl.concat` reads it and advances it.
  int64_t concatOffset = 0;

  unsigned getInputRank() const { return inShape.size(); }
  /// An error at the op: "cannot instantiate the description of '...': ".
  InFlightDiagnostic emitError() const;
  /// The input's rank does not fit the iteration space.
  LogicalResult emitRankMismatch() const;
  /// Evaluates the parameter reference `text` at dimension position
  /// `position`, or emits an error and fails.
  FailureOr<int64_t> evaluateParam(StringRef text, int64_t position) const;
};

} // namespace mlir::tdl

#endif // TOFU_DIALECT_TDL_IR_ACCESSPATTERN_H
