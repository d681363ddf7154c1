//===- Linearity.cpp - Which operands an op is linear in ------------------===//

#include "Tofu/Analysis/Linearity.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

#include "llvm/ADT/DenseMap.h"

#include <initializer_list>

using namespace mlir;
using namespace mlir::tofu;

namespace {

/// What a scalar (or tensor) is, as a function of the operands in the set.
enum class Kind {
  Zero,     // the constant zero
  Free,     // does not depend on the set
  Linear,   // homogeneous-linear in the set
  Nonlinear // anything else
};

bool isZeroScalar(Value v) {
  return matchPattern(v, m_AnyZeroFloat()) || matchPattern(v, m_Zero());
}

/// A tensor known to hold zeros: a fill with zero, or a zero splat.
bool isZeroTensor(Value v) {
  if (auto fill = v.getDefiningOp<linalg::FillOp>())
    return isZeroScalar(fill.getInputs()[0]);
  DenseElementsAttr dense;
  if (matchPattern(v, m_Constant(&dense)) && dense.isSplat()) {
    Attribute a = dense.getSplatValue<Attribute>();
    if (auto f = dyn_cast<FloatAttr>(a))
      return f.getValue().isZero();
    if (auto i = dyn_cast<IntegerAttr>(a))
      return i.getValue().isZero();
  }
  return false;
}

bool isIn(Kind k, std::initializer_list<Kind> kinds) {
  return llvm::is_contained(kinds, k);
}

/// a + b and a - b.
Kind addKind(Kind a, Kind b) {
  if (a == Kind::Nonlinear || b == Kind::Nonlinear)
    return Kind::Nonlinear;
  if (a == Kind::Zero)
    return b;
  if (b == Kind::Zero)
    return a;
  return a == b ? a : Kind::Nonlinear; // linear + free is affine
}

Kind mulKind(Kind a, Kind b) {
  if (a == Kind::Nonlinear || b == Kind::Nonlinear)
    return Kind::Nonlinear;
  if (a == Kind::Zero || b == Kind::Zero)
    return Kind::Zero;
  if (a == Kind::Linear && b == Kind::Linear)
    return Kind::Nonlinear;
  return a == Kind::Linear || b == Kind::Linear ? Kind::Linear : Kind::Free;
}

Kind divKind(Kind a, Kind b) {
  if (!isIn(b, {Kind::Free}) || a == Kind::Nonlinear)
    return Kind::Nonlinear;
  return a;
}

/// The kind of an op of a linalg body from its operands' kinds.
Kind bodyOpKind(Operation *op, ArrayRef<Kind> in) {
  if (isa<arith::AddFOp, arith::AddIOp, arith::SubFOp, arith::SubIOp>(op))
    return addKind(in[0], in[1]);
  if (isa<arith::MulFOp, arith::MulIOp>(op))
    return mulKind(in[0], in[1]);
  if (isa<arith::DivFOp>(op))
    return divKind(in[0], in[1]);
  // Negation and conversions between float types keep the kind (rounding
  // aside, as for any reassociated sum).
  if (isa<arith::NegFOp, arith::ExtFOp, arith::TruncFOp, arith::SIToFPOp>(op))
    return in[0];
  if (llvm::all_of(in,
                   [](Kind k) { return isIn(k, {Kind::Free, Kind::Zero}); }))
    return Kind::Free;
  return Kind::Nonlinear;
}

bool isLinearLinalg(linalg::LinalgOp op, ArrayRef<unsigned> operands) {
  Block *body = op.getBlock();
  if (!body)
    return false;
  DenseMap<Value, Kind> kind;
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<RankedTensorType>(operand.get().getType()))
      continue;
    BlockArgument arg = op.getMatchingBlockArgument(&operand);
    if (!arg)
      continue;
    Kind k = Kind::Free;
    if (llvm::is_contained(operands, operand.getOperandNumber()))
      k = Kind::Linear;
    // An init the body accumulates into must be zero (sum of partials of a
    // reduction = reduction of their sum only from a zero start).
    else if (op.isDpsInit(&operand) && isZeroTensor(operand.get()))
      k = Kind::Zero;
    kind[arg] = k;
  }
  auto kindOf = [&](Value v) {
    if (auto it = kind.find(v); it != kind.end())
      return it->second;
    // Captured values and constants do not depend on the set.
    return isZeroScalar(v) ? Kind::Zero : Kind::Free;
  };
  for (Operation &inner : body->without_terminator()) {
    SmallVector<Kind> in;
    for (Value v : inner.getOperands())
      in.push_back(kindOf(v));
    Kind k = inner.getNumRegions() ? Kind::Nonlinear : bodyOpKind(&inner, in);
    if (inner.hasTrait<OpTrait::ConstantLike>())
      k = isZeroScalar(inner.getResult(0)) ? Kind::Zero : Kind::Free;
    for (Value r : inner.getResults())
      kind[r] = k;
  }
  return llvm::all_of(body->getTerminator()->getOperands(), [&](Value v) {
    return isIn(kindOf(v), {Kind::Linear, Kind::Zero});
  });
}

/// Exactly the tensor operands numbered `want` (in any order) form the set.
bool sameSet(ArrayRef<unsigned> operands, ArrayRef<unsigned> want) {
  SmallVector<unsigned> a(operands), b(want);
  llvm::sort(a);
  llvm::sort(b);
  a.erase(std::unique(a.begin(), a.end()), a.end());
  return a == b;
}

bool isLinearTensorOp(Operation *op, ArrayRef<unsigned> operands) {
  if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp,
          tensor::ExtractSliceOp, tensor::CastOp>(op))
    return sameSet(operands, {0});
  if (isa<tensor::InsertSliceOp>(op))
    return sameSet(operands, {0, 1});
  if (isa<tensor::ConcatOp>(op)) {
    SmallVector<unsigned> all;
    for (unsigned i = 0; i < op->getNumOperands(); ++i)
      all.push_back(i);
    return sameSet(operands, all);
  }
  if (auto pad = dyn_cast<tensor::PadOp>(op)) {
    Value padding = pad.getConstantPaddingValue();
    return padding && isZeroScalar(padding) && sameSet(operands, {0});
  }
  return false;
}

/// The input tensor operands the sets are drawn from.
SmallVector<unsigned> inputOperands(Operation *op) {
  SmallVector<unsigned> inputs;
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    for (OpOperand *in : linalgOp.getDpsInputOperands())
      if (isa<RankedTensorType>(in->get().getType()))
        inputs.push_back(in->getOperandNumber());
    return inputs;
  }
  if (isa<tensor::InsertSliceOp, tensor::ConcatOp, tensor::ExpandShapeOp,
          tensor::CollapseShapeOp, tensor::ExtractSliceOp, tensor::CastOp,
          tensor::PadOp>(op))
    for (OpOperand &operand : op->getOpOperands())
      if (isa<RankedTensorType>(operand.get().getType()))
        inputs.push_back(operand.getOperandNumber());
  return inputs;
}

} // namespace

bool mlir::tofu::isLinearIn(Operation *op, ArrayRef<unsigned> operands) {
  if (operands.empty())
    return false;
  for (unsigned i : operands)
    if (i >= op->getNumOperands() ||
        !isa<RankedTensorType>(op->getOperand(i).getType()))
      return false;
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return isLinearLinalg(linalgOp, operands);
  return isLinearTensorOp(op, operands);
}

SmallVector<SmallVector<unsigned>>
mlir::tofu::linearOperandSets(Operation *op) {
  SmallVector<unsigned> inputs = inputOperands(op);
  SmallVector<SmallVector<unsigned>> candidates;
  unsigned n = inputs.size();
  if (n <= 4) {
    for (unsigned mask = 1; mask < (1u << n); ++mask) {
      SmallVector<unsigned> set;
      for (unsigned i = 0; i < n; ++i)
        if (mask & (1u << i))
          set.push_back(inputs[i]);
      candidates.push_back(std::move(set));
    }
  } else {
    for (unsigned i : inputs)
      candidates.push_back({i});
    candidates.push_back(inputs);
  }
  llvm::stable_sort(candidates, [](const auto &a, const auto &b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  });
  SmallVector<SmallVector<unsigned>> sets;
  for (SmallVector<unsigned> &set : candidates)
    if (isLinearIn(op, set))
      sets.push_back(std::move(set));
  return sets;
}
