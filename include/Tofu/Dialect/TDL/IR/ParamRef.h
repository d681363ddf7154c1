//===- ParamRef.h - TDL parameter references --------------------*- C++ -*-===//
//
// A parameter reference names an integer read from the described operation
// when a library description is instantiated:
//
//   attr.NAME | attr.NAME[IDX]          an integer or integer-array attribute
//   operand.N | operand.N[IDX]          a constant operand (e.g.
//   tosa.const_shape) in.N.shape[IDX] | out.shape[IDX]    a static extent
//
// IDX is an integer or an affine expression `K*i+C` of the dimension
// position `i` (rank-generic descriptions only).
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_DIALECT_TDL_IR_PARAMREF_H
#define TOFU_DIALECT_TDL_IR_PARAMREF_H

#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include <optional>
#include <string>

namespace mlir::tdl {

struct ParamRef {
  enum class Source { Attr, Operand, InputShape, OutputShape };
  Source source = Source::Attr;
  std::string name;   // attribute name (Attr)
  unsigned index = 0; // operand / input number
  bool hasIndex = false;
  int64_t indexScale = 0;  // coefficient of i
  int64_t indexOffset = 0; // constant

  static FailureOr<ParamRef> parse(StringRef text, std::string &error);

  /// True if the index mentions the dimension position `i`.
  bool usesPosition() const { return hasIndex && indexScale != 0; }

  /// Reads the value from `op` for dimension position `position`. On failure
  /// `error` says why.
  FailureOr<int64_t> evaluate(Operation *op, int64_t position,
                              std::string &error) const;

  /// Reads the whole integer list the reference points into (ignoring the
  /// index), e.g. all of `attr.perms`.
  FailureOr<SmallVector<int64_t>> evaluateList(Operation *op,
                                               std::string &error) const;
};

/// Parses and evaluates the parameter reference `text` on `op` at dimension
/// position `position`; on failure emits "cannot instantiate the description
/// of 'description': parameter ..." at `op`.
FailureOr<int64_t> evaluateParam(Operation *op, StringRef text,
                                 int64_t position, StringRef description);

/// True if `text` reads an entry of a mixed static/dynamic list attribute
/// (e.g. tensor.insert_slice's static_offsets) that an SSA value gives and
/// no constant fixes: a data-dependent offset, which no description can
/// compute with.
bool isNonConstantParam(Operation *op, StringRef text);

/// The mixed static/dynamic bound lists of a slice (offsets, sizes, strides)
/// or a tensor.pad (low, high), each under the name of its static attribute
/// (`static_offsets`, ..., `static_low`), with the SSA values in place of
/// its kDynamic entries; empty for other ops.
SmallVector<std::pair<StringRef, SmallVector<OpFoldResult>>>
mixedBoundLists(Operation *op);

/// True if a slice or pad takes an offset, size, stride or padding from a
/// value that no constant fixes (known only at run time).
bool hasRunTimeBounds(Operation *op);

} // namespace mlir::tdl

#endif // TOFU_DIALECT_TDL_IR_PARAMREF_H
