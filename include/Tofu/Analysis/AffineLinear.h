//===- AffineLinear.h - Affine expressions as linear forms ------*- C++ -*-===//
//
// `sum_k coeffs[k] * d_k + constant` for an affine expression over dimensions
// only (sums, and products by a constant). The materializer reads operand
// windows from it and the library-call rewriting classifies operand indices
// with it; header-only, so that every library can use it.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_ANALYSIS_AFFINELINEAR_H
#define TOFU_ANALYSIS_AFFINELINEAR_H

#include "mlir/IR/AffineExpr.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::tofu {

struct AffineLinear {
  SmallVector<int64_t> coeffs;
  int64_t constant = 0;

  /// The dimension `dim` alone, with coefficient 1.
  bool isPureDim(unsigned dim) const {
    if (constant != 0)
      return false;
    for (auto [k, c] : llvm::enumerate(coeffs))
      if (c != (k == dim ? 1 : 0))
        return false;
    return true;
  }
};

namespace detail {
inline bool addAffineLinear(AffineExpr e, int64_t scale, AffineLinear &out) {
  if (auto d = dyn_cast<AffineDimExpr>(e)) {
    if (d.getPosition() >= out.coeffs.size())
      return false;
    out.coeffs[d.getPosition()] += scale;
    return true;
  }
  if (auto c = dyn_cast<AffineConstantExpr>(e)) {
    out.constant += scale * c.getValue();
    return true;
  }
  auto bin = dyn_cast<AffineBinaryOpExpr>(e);
  if (!bin)
    return false;
  if (e.getKind() == AffineExprKind::Add)
    return addAffineLinear(bin.getLHS(), scale, out) &&
           addAffineLinear(bin.getRHS(), scale, out);
  if (e.getKind() == AffineExprKind::Mul) {
    if (auto c = dyn_cast<AffineConstantExpr>(bin.getRHS()))
      return addAffineLinear(bin.getLHS(), scale * c.getValue(), out);
    if (auto c = dyn_cast<AffineConstantExpr>(bin.getLHS()))
      return addAffineLinear(bin.getRHS(), scale * c.getValue(), out);
  }
  return false;
}
} // namespace detail

/// The linear form of `e` over `numDims` dimensions, or nothing where `e`
/// has symbols, divisions, modulos or products of dimensions.
inline std::optional<AffineLinear> getAffineLinear(AffineExpr e,
                                                   unsigned numDims) {
  AffineLinear out;
  out.coeffs.assign(numDims, 0);
  if (!detail::addAffineLinear(e, 1, out))
    return std::nullopt;
  return out;
}

} // namespace mlir::tofu

#endif // TOFU_ANALYSIS_AFFINELINEAR_H
