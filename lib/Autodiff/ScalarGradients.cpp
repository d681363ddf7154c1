//===- ScalarGradients.cpp - Reverse mode over linalg op bodies -----------===//
//
// The scalar derivative rules of the arith and math ops that appear in
// linalg bodies. Integer and index computations (linalg.index masks, pooling
// window counts) are not differentiated: they carry no adjoint.
//
//===----------------------------------------------------------------------===//

#include "Autodiff.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::autodiff;

namespace {
/// Emits the adjoint contributions of one scalar op; `accumulate` adds a
/// contribution to an operand's adjoint.
class ScalarRules {
public:
  ScalarRules(OpBuilder &b, Location loc,
              llvm::function_ref<void(Value, Value)> accumulate)
      : b(b), loc(loc), accumulate(accumulate) {}

  /// Propagates adjoint `g` of the result of `op`; false if `op` has no rule.
  bool propagate(Operation *op, Value g) {
    Value y = op->getResult(0);
    return llvm::TypeSwitch<Operation *, bool>(op)
        .Case([&](arith::AddFOp o) {
          accumulate(o.getLhs(), g);
          accumulate(o.getRhs(), g);
          return true;
        })
        .Case([&](arith::SubFOp o) {
          accumulate(o.getLhs(), g);
          accumulate(o.getRhs(), neg(g));
          return true;
        })
        .Case([&](arith::MulFOp o) {
          accumulate(o.getLhs(), mul(g, o.getRhs()));
          accumulate(o.getRhs(), mul(g, o.getLhs()));
          return true;
        })
        .Case([&](arith::DivFOp o) {
          accumulate(o.getLhs(), div(g, o.getRhs()));
          accumulate(o.getRhs(), neg(div(mul(g, y), o.getRhs())));
          return true;
        })
        .Case([&](arith::NegFOp o) {
          accumulate(o.getOperand(), neg(g));
          return true;
        })
        .Case<arith::MaximumFOp, arith::MaxNumFOp>([&](Operation *o) {
          routeBetween(o, arith::CmpFPredicate::OGE, g);
          return true;
        })
        .Case<arith::MinimumFOp, arith::MinNumFOp>([&](Operation *o) {
          routeBetween(o, arith::CmpFPredicate::OLE, g);
          return true;
        })
        .Case([&](arith::SelectOp o) {
          Value zero = constant(g.getType(), 0.0);
          accumulate(o.getTrueValue(), arith::SelectOp::create(
                                           b, loc, o.getCondition(), g, zero));
          accumulate(o.getFalseValue(), arith::SelectOp::create(
                                            b, loc, o.getCondition(), zero, g));
          return true;
        })
        .Case([&](arith::ExtFOp o) {
          accumulate(o.getIn(),
                     arith::TruncFOp::create(b, loc, o.getIn().getType(), g));
          return true;
        })
        .Case([&](arith::TruncFOp o) {
          accumulate(o.getIn(),
                     arith::ExtFOp::create(b, loc, o.getIn().getType(), g));
          return true;
        })
        .Case([&](math::ExpOp o) {
          accumulate(o.getOperand(), mul(g, y));
          return true;
        })
        .Case([&](math::LogOp o) {
          accumulate(o.getOperand(), div(g, o.getOperand()));
          return true;
        })
        .Case([&](math::TanhOp o) {
          Value one = constant(y.getType(), 1.0);
          accumulate(o.getOperand(),
                     mul(g, arith::SubFOp::create(b, loc, one, mul(y, y))));
          return true;
        })
        .Case([&](math::SqrtOp o) {
          accumulate(o.getOperand(),
                     div(mul(g, constant(y.getType(), 0.5)), y));
          return true;
        })
        .Case([&](math::RsqrtOp o) {
          // d/dx x^(-1/2) = -1/2 x^(-3/2) = -1/2 y^3.
          Value cube = mul(y, mul(y, y));
          accumulate(o.getOperand(),
                     mul(g, mul(constant(y.getType(), -0.5), cube)));
          return true;
        })
        .Case([&](math::AbsFOp o) {
          Value x = o.getOperand();
          Value nonNeg = arith::CmpFOp::create(
              b, loc, arith::CmpFPredicate::OGE, x, constant(x.getType(), 0.0));
          accumulate(x, arith::SelectOp::create(b, loc, nonNeg, g, neg(g)));
          return true;
        })
        .Case([&](math::ErfOp o) {
          Value x = o.getOperand();
          Value gauss = math::ExpOp::create(b, loc, neg(mul(x, x)));
          Value scale = constant(x.getType(), 2.0 / std::sqrt(M_PI));
          accumulate(x, mul(g, mul(scale, gauss)));
          return true;
        })
        .Case([&](math::SinOp o) {
          accumulate(o.getOperand(),
                     mul(g, math::CosOp::create(b, loc, o.getOperand())));
          return true;
        })
        .Case([&](math::CosOp o) {
          accumulate(o.getOperand(),
                     neg(mul(g, math::SinOp::create(b, loc, o.getOperand()))));
          return true;
        })
        .Case([&](math::PowFOp o) {
          Value x = o.getLhs(), p = o.getRhs();
          Value pm1 =
              arith::SubFOp::create(b, loc, p, constant(p.getType(), 1.0));
          accumulate(x, mul(g, mul(p, math::PowFOp::create(b, loc, x, pm1))));
          accumulate(p, mul(g, mul(y, math::LogOp::create(b, loc, x))));
          return true;
        })
        .Default([](Operation *) { return false; });
  }

private:
  Value constant(Type type, double value) {
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, value));
  }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value neg(Value x) { return arith::NegFOp::create(b, loc, x); }

  /// max/min: the adjoint goes to the operand that was selected (the left
  /// one on ties).
  void routeBetween(Operation *op, arith::CmpFPredicate pred, Value g) {
    Value lhs = op->getOperand(0), rhs = op->getOperand(1);
    Value pickLhs = arith::CmpFOp::create(b, loc, pred, lhs, rhs);
    Value zero = constant(g.getType(), 0.0);
    accumulate(lhs, arith::SelectOp::create(b, loc, pickLhs, g, zero));
    accumulate(rhs, arith::SelectOp::create(b, loc, pickLhs, zero, g));
  }

  OpBuilder &b;
  Location loc;
  llvm::function_ref<void(Value, Value)> accumulate;
};
} // namespace

bool autodiff::dependsOn(Value v, Value arg) {
  SmallVector<Value> worklist{v};
  llvm::DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value x = worklist.pop_back_val();
    if (x == arg)
      return true;
    if (!isa<FloatType>(x.getType()) || !seen.insert(x).second)
      continue;
    if (Operation *def = x.getDefiningOp())
      worklist.append(def->operand_begin(), def->operand_end());
  }
  return false;
}

FailureOr<Value> autodiff::emitScalarAdjoint(OpBuilder &b, Location loc,
                                             ArrayRef<Operation *> ops,
                                             Value output, Value seed,
                                             Value wrt, Operation *&failedOp) {
  // Values through which `wrt` reaches `output` by floating-point ops.
  llvm::DenseSet<Value> varied{wrt};
  for (Operation *op : ops) {
    if (!llvm::any_of(op->getOperands(),
                      [&](Value v) { return varied.contains(v); }))
      continue;
    for (Value result : op->getResults())
      if (isa<FloatType>(result.getType()))
        varied.insert(result);
  }
  if (!varied.contains(output))
    return arith::ConstantOp::create(b, loc, b.getZeroAttr(wrt.getType()))
        .getResult();

  llvm::DenseMap<Value, Value> adjoints;
  adjoints[output] = seed;
  auto accumulate = [&](Value operand, Value contribution) {
    if (!varied.contains(operand))
      return;
    Value &adjoint = adjoints[operand];
    adjoint =
        adjoint
            ? arith::AddFOp::create(b, loc, adjoint, contribution).getResult()
            : contribution;
  };
  ScalarRules rules(b, loc, accumulate);
  for (Operation *op : llvm::reverse(ops)) {
    if (op->getNumResults() != 1)
      continue;
    Value g = adjoints.lookup(op->getResult(0));
    if (!g || !varied.contains(op->getResult(0)))
      continue;
    if (!rules.propagate(op, g)) {
      failedOp = op;
      return failure();
    }
  }
  if (Value adjoint = adjoints.lookup(wrt))
    return adjoint;
  return arith::ConstantOp::create(b, loc, b.getZeroAttr(wrt.getType()))
      .getResult();
}
