//===- Interval.h - Symbolic interval analysis ------------------*- C++ -*-===//
//
// Tofu's symbolic interval analysis (EuroSys'19, section 4.1). Every
// iteration coordinate x_d ranges over [0, X_d - 1] where X_d is the
// symbolic extent of dimension d. An interval is a pair of linear forms
// [sum(l_d * X_d) + c_lo, sum(u_d * X_d) + c_hi] with rational coefficients;
// the paper keeps one constant, we keep one per bound so that inclusive upper
// bounds (X - 1) stay exact. Access expressions are evaluated with the
// rules: I + k and I - k shift; I * k scales (swapping the bounds when k < 0);
// I + I' adds component-wise; I * I' with neither a constant is rejected.
// floordiv/ceildiv by a constant k divide every coefficient by k and round
// the constants down (up for ceildiv); mod by k gives [0, k - 1] symbolically.
// A concrete evaluator over integers applies the exact rules, for the
// per-worker regions of ops with static shapes.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_SUPPORT_INTERVAL_H
#define TOFU_SUPPORT_INTERVAL_H

#include "mlir/IR/AffineExpr.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace mlir::tofu {

/// An exact rational number with a positive denominator.
class Rational {
public:
  Rational(int64_t n = 0) : num(n), den(1) {}
  Rational(int64_t n, int64_t d);
  int64_t numerator() const { return num; }
  int64_t denominator() const { return den; }
  bool isZero() const { return num == 0; }
  bool isInteger() const { return den == 1; }
  int64_t floor() const;
  int64_t ceil() const;
  Rational operator+(const Rational &o) const;
  Rational operator-(const Rational &o) const;
  Rational operator*(const Rational &o) const;
  Rational operator/(const Rational &o) const;
  Rational operator-() const { return Rational(-num, den); }
  bool operator==(const Rational &o) const {
    return num == o.num && den == o.den;
  }
  bool operator!=(const Rational &o) const { return !(*this == o); }
  bool operator<(const Rational &o) const;

private:
  int64_t num, den;
};

/// sum(coeffs[v] * V_v) + constant over symbolic variables V_v.
struct LinearForm {
  SmallVector<Rational> coeffs;
  Rational constant;

  explicit LinearForm(unsigned numVars = 0) : coeffs(numVars) {}
  static LinearForm ofConstant(unsigned numVars, Rational c);
  static LinearForm ofVariable(unsigned numVars, unsigned v, Rational scale,
                               Rational c);
  bool isConstant() const;
  LinearForm operator+(const LinearForm &o) const;
  LinearForm operator-(const LinearForm &o) const;
  LinearForm scaled(Rational k) const;
  bool operator==(const LinearForm &o) const {
    return coeffs == o.coeffs && constant == o.constant;
  }
  bool operator!=(const LinearForm &o) const { return !(*this == o); }
  /// Value when every variable takes `values[v]`.
  Rational evaluate(ArrayRef<int64_t> values) const;
  /// Prints e.g. "X/2 + DX - 2" with the given variable names.
  void print(raw_ostream &os, ArrayRef<std::string> names) const;
};

struct SymbolicInterval {
  LinearForm lo, hi;
  bool isPoint() const { return lo == hi; }
  void print(raw_ostream &os, ArrayRef<std::string> names) const;
};

/// Inclusive integer range; empty when lo > hi.
struct IntRange {
  int64_t lo = 0, hi = -1;
  bool empty() const { return lo > hi; }
  bool operator==(const IntRange &o) const {
    return (empty() && o.empty()) || (lo == o.lo && hi == o.hi);
  }
  IntRange intersect(IntRange o) const;
};

/// Symbolic evaluation of `expr` given intervals for its dims and symbols.
/// Returns failure, with `error` set, for a product of two intervals or a
/// division by a non-constant.
FailureOr<SymbolicInterval> evaluateSymbolic(AffineExpr expr,
                                             ArrayRef<SymbolicInterval> dims,
                                             ArrayRef<SymbolicInterval> symbols,
                                             std::string &error);

/// Exact evaluation over integer ranges (expressions without symbols).
FailureOr<IntRange> evaluateConcrete(AffineExpr expr, ArrayRef<IntRange> dims,
                                     std::string &error);

} // namespace mlir::tofu

#endif // TOFU_SUPPORT_INTERVAL_H
