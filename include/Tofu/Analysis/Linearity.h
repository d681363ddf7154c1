//===- Linearity.h - Which operands an op is linear in ----------*- C++ -*-===//
//
// A partial value (every member of a device group holds a summand of the
// whole, as partition-n-reduce leaves it) may feed an op before it is
// reduced when the op commutes with the sum: f(sum_i x_i, y) = sum_i f(x_i,
// y). This holds when f's results are jointly homogeneous-linear in the
// operands the partials occupy. The analysis reads the scalar body of linalg
// ops (named and generic alike) with a small algebra of kinds: the constant
// zero, values free of the set, values linear in it, and anything else. Sums
// and differences of linear values, products and quotients of a linear value
// by a free one, negation and type conversion stay linear; a reduction is
// linear when it accumulates into an init the analysis knows to be zero (or
// that is itself in the set). Reshapes and slices of a tensor are linear in
// it; insert_slice and concat are linear in all their tensors together; a
// pad whose padding value is zero is linear in its source. See
// docs/cost-model.md ("Partials that flow").
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_ANALYSIS_LINEARITY_H
#define TOFU_ANALYSIS_LINEARITY_H

#include "mlir/IR/Operation.h"

namespace mlir::tofu {

/// Whether every tensor result of `op` is jointly homogeneous-linear in the
/// operands numbered `operands` (the others held fixed). False for ops the
/// analysis does not know.
bool isLinearIn(Operation *op, ArrayRef<unsigned> operands);

/// The sets of `op`'s input tensor operands (by operand number, ascending;
/// DPS inputs for linalg ops, the source tensors otherwise) that `op` is
/// linear in, in a fixed order: by size, then lexicographically. Subsets of
/// up to four inputs are tried; an op with more inputs gets the full set
/// and the single inputs only.
SmallVector<SmallVector<unsigned>> linearOperandSets(Operation *op);

} // namespace mlir::tofu

#endif // TOFU_ANALYSIS_LINEARITY_H
