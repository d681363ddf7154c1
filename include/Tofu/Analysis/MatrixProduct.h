//===- MatrixProduct.h - Structured ops that are BLAS products --*- C++ -*-===//
//
// Recognizes bufferized linalg ops that compute C[b?,i,j] += A * B with
// either factor transposed: what a GEMM library (cuBLAS, a CPU BLAS) can
// compute in one call. Shared by the GPU and CPU library-call conversions.
//
//===----------------------------------------------------------------------===//

#ifndef TOFU_ANALYSIS_MATRIXPRODUCT_H
#define TOFU_ANALYSIS_MATRIXPRODUCT_H

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"

#include <optional>

namespace mlir::tofu {

/// How a structured op maps onto C = op(A) * op(B) + C.
struct MatrixProduct {
  /// One leading batch loop (rank-3 operands) or none (rank 2).
  bool batched = false;
  bool transA = false, transB = false;
  /// A is the op's second input and B its first.
  bool swapped = false;
};

/// The body of `op` is exactly out + a * b (arith.mulf, arith.addf) of two
/// distinct inputs, in either order; returns the operand numbers of a and
/// b. (linalg's contraction check alone also accepts bodies that apply any
/// pure unary op, such as negf, to the factors.)
std::optional<std::pair<unsigned, unsigned>>
matchMultiplyAccumulate(linalg::LinalgOp op);

/// Matches C[b?,r,c] += A[b?,r,k|k,r] * B[b?,k,c|c,k] on f32 memrefs whose
/// rows are contiguous (innermost stride statically 1): linalg.matmul and
/// linalg.batch_matmul (with or without transposing indexing maps) and
/// generics of the same maps and a mulf/addf body, inputs in either order.
/// Anything else (other element types, extra loops, strided rows, tensors)
/// gives none. With `dynamicStride`, an innermost stride unknown until run
/// time is accepted too (the callee checks it).
std::optional<MatrixProduct> matchMatrixProduct(linalg::LinalgOp op,
                                                bool dynamicStride = false);

} // namespace mlir::tofu

#endif // TOFU_ANALYSIS_MATRIXPRODUCT_H
