//===- Interval.cpp - Symbolic interval analysis --------------------------===//

#include "Tofu/Support/Interval.h"

#include "mlir/IR/AffineExprVisitor.h"
#include "llvm/Support/MathExtras.h"
#include <numeric>

using namespace mlir;
using namespace mlir::tofu;

//===----------------------------------------------------------------------===//
// Rational
//===----------------------------------------------------------------------===//

Rational::Rational(int64_t n, int64_t d) {
  assert(d != 0 && "zero denominator");
  if (d < 0) {
    n = -n;
    d = -d;
  }
  int64_t g = std::gcd(n < 0 ? -n : n, d);
  if (g == 0)
    g = 1;
  num = n / g;
  den = d / g;
}

int64_t Rational::floor() const {
  int64_t q = num / den;
  if ((num % den != 0) && (num < 0))
    --q;
  return q;
}

int64_t Rational::ceil() const {
  int64_t q = num / den;
  if ((num % den != 0) && (num > 0))
    ++q;
  return q;
}

Rational Rational::operator+(const Rational &o) const {
  return Rational(num * o.den + o.num * den, den * o.den);
}
Rational Rational::operator-(const Rational &o) const { return *this + (-o); }
Rational Rational::operator*(const Rational &o) const {
  return Rational(num * o.num, den * o.den);
}
Rational Rational::operator/(const Rational &o) const {
  return Rational(num * o.den, den * o.num);
}
bool Rational::operator<(const Rational &o) const {
  return num * o.den < o.num * den;
}

//===----------------------------------------------------------------------===//
// LinearForm
//===----------------------------------------------------------------------===//

LinearForm LinearForm::ofConstant(unsigned numVars, Rational c) {
  LinearForm f(numVars);
  f.constant = c;
  return f;
}

LinearForm LinearForm::ofVariable(unsigned numVars, unsigned v, Rational scale,
                                  Rational c) {
  LinearForm f(numVars);
  f.coeffs[v] = scale;
  f.constant = c;
  return f;
}

bool LinearForm::isConstant() const {
  return llvm::all_of(coeffs, [](const Rational &r) { return r.isZero(); });
}

LinearForm LinearForm::operator+(const LinearForm &o) const {
  LinearForm r(coeffs.size());
  for (unsigned i = 0; i < coeffs.size(); ++i)
    r.coeffs[i] = coeffs[i] + o.coeffs[i];
  r.constant = constant + o.constant;
  return r;
}

LinearForm LinearForm::operator-(const LinearForm &o) const {
  return *this + o.scaled(Rational(-1));
}

LinearForm LinearForm::scaled(Rational k) const {
  LinearForm r(coeffs.size());
  for (unsigned i = 0; i < coeffs.size(); ++i)
    r.coeffs[i] = coeffs[i] * k;
  r.constant = constant * k;
  return r;
}

Rational LinearForm::evaluate(ArrayRef<int64_t> values) const {
  Rational r = constant;
  for (unsigned i = 0; i < coeffs.size(); ++i)
    r = r + coeffs[i] * Rational(values[i]);
  return r;
}

static void printRational(raw_ostream &os, Rational r) {
  os << r.numerator();
  if (!r.isInteger())
    os << "/" << r.denominator();
}

void LinearForm::print(raw_ostream &os, ArrayRef<std::string> names) const {
  bool first = true;
  for (unsigned i = 0; i < coeffs.size(); ++i) {
    Rational c = coeffs[i];
    if (c.isZero())
      continue;
    bool negative = c < Rational(0);
    Rational mag = negative ? -c : c;
    if (first)
      os << (negative ? "-" : "");
    else
      os << (negative ? " - " : " + ");
    first = false;
    if (mag.numerator() != 1)
      os << mag.numerator() << "*";
    os << names[i];
    if (!mag.isInteger())
      os << "/" << mag.denominator();
  }
  if (first) {
    printRational(os, constant);
    return;
  }
  if (constant.isZero())
    return;
  bool negative = constant < Rational(0);
  os << (negative ? " - " : " + ");
  printRational(os, negative ? -constant : constant);
}

void SymbolicInterval::print(raw_ostream &os,
                             ArrayRef<std::string> names) const {
  os << "[";
  lo.print(os, names);
  os << ", ";
  hi.print(os, names);
  os << "]";
}

IntRange IntRange::intersect(IntRange o) const {
  return IntRange{std::max(lo, o.lo), std::min(hi, o.hi)};
}

//===----------------------------------------------------------------------===//
// Evaluation
//===----------------------------------------------------------------------===//

namespace {
template <typename T>
FailureOr<T> fail(std::string &error, const std::string &message) {
  error = message;
  return failure();
}

std::string exprToString(AffineExpr e) {
  std::string s;
  llvm::raw_string_ostream os(s);
  e.print(os);
  return s;
}

class SymbolicEvaluator {
public:
  SymbolicEvaluator(ArrayRef<SymbolicInterval> dims,
                    ArrayRef<SymbolicInterval> symbols, std::string &error)
      : dims(dims), symbols(symbols), error(error) {
    numVars = !dims.empty()      ? dims[0].lo.coeffs.size()
              : !symbols.empty() ? symbols[0].lo.coeffs.size()
                                 : 0;
  }

  FailureOr<SymbolicInterval> eval(AffineExpr e) {
    FailureOr<SymbolicInterval> result = evalUnchecked(e);
    if (failed(result))
      return failure();
    if (!isSmall(result->lo) || !isSmall(result->hi))
      return fail<SymbolicInterval>(
          error, "the bounds of '" + exprToString(e) +
                     "' have coefficients too large for interval analysis "
                     "(2^31 or more)");
    return result;
  }

private:
  /// Rationals below 2^31 in magnitude (numerator and denominator) combine
  /// by every rule without overflowing int64_t, so each interval is checked
  /// against that bound before it feeds the next rule.
  static bool isSmall(const Rational &r) {
    constexpr int64_t kLimit = int64_t(1) << 31;
    return r.numerator() < kLimit && r.numerator() > -kLimit &&
           r.denominator() < kLimit;
  }
  static bool isSmall(const LinearForm &f) {
    return isSmall(f.constant) &&
           llvm::all_of(f.coeffs, [](const Rational &r) { return isSmall(r); });
  }

  FailureOr<SymbolicInterval> evalUnchecked(AffineExpr e) {
    switch (e.getKind()) {
    case AffineExprKind::Constant: {
      int64_t c = cast<AffineConstantExpr>(e).getValue();
      LinearForm f = LinearForm::ofConstant(numVars, Rational(c));
      return SymbolicInterval{f, f};
    }
    case AffineExprKind::DimId: {
      unsigned pos = cast<AffineDimExpr>(e).getPosition();
      if (pos >= dims.size())
        return fail<SymbolicInterval>(error, "dimension out of range");
      return dims[pos];
    }
    case AffineExprKind::SymbolId: {
      unsigned pos = cast<AffineSymbolExpr>(e).getPosition();
      if (pos >= symbols.size())
        return fail<SymbolicInterval>(error, "symbol out of range");
      return symbols[pos];
    }
    default:
      break;
    }
    auto bin = cast<AffineBinaryOpExpr>(e);
    FailureOr<SymbolicInterval> l = eval(bin.getLHS());
    if (failed(l))
      return failure();
    FailureOr<SymbolicInterval> r = eval(bin.getRHS());
    if (failed(r))
      return failure();
    switch (e.getKind()) {
    case AffineExprKind::Add:
      return SymbolicInterval{l->lo + r->lo, l->hi + r->hi};
    case AffineExprKind::Mul: {
      const SymbolicInterval *scale = nullptr, *other = nullptr;
      if (isConstantPoint(*r)) {
        scale = &*r;
        other = &*l;
      } else if (isConstantPoint(*l)) {
        scale = &*l;
        other = &*r;
      } else {
        return fail<SymbolicInterval>(
            error, "product of two intervals in '" + exprToString(e) +
                       "' (bind its symbols with params)");
      }
      Rational k = scale->lo.constant;
      if (k < Rational(0))
        return SymbolicInterval{other->hi.scaled(k), other->lo.scaled(k)};
      return SymbolicInterval{other->lo.scaled(k), other->hi.scaled(k)};
    }
    case AffineExprKind::FloorDiv:
    case AffineExprKind::CeilDiv:
    case AffineExprKind::Mod: {
      if (!isConstantPoint(*r))
        return fail<SymbolicInterval>(
            error, "division by a non-constant interval in '" +
                       exprToString(e) + "' (bind its symbols with params)");
      Rational k = r->lo.constant;
      if (!(Rational(0) < k) || !k.isInteger())
        return fail<SymbolicInterval>(error, "divisor must be a positive "
                                             "integer in '" +
                                                 exprToString(e) + "'");
      if (e.getKind() == AffineExprKind::Mod) {
        if (isConstantPoint(*l)) {
          int64_t v = l->lo.constant.floor(), m = k.numerator();
          LinearForm f = LinearForm::ofConstant(numVars, ((v % m) + m) % m);
          return SymbolicInterval{f, f};
        }
        return SymbolicInterval{LinearForm::ofConstant(numVars, 0),
                                LinearForm::ofConstant(numVars, k - 1)};
      }
      bool ceil = e.getKind() == AffineExprKind::CeilDiv;
      auto divide = [&](const LinearForm &f) {
        LinearForm q = f.scaled(Rational(1) / k);
        q.constant = Rational(ceil ? q.constant.ceil() : q.constant.floor());
        return q;
      };
      return SymbolicInterval{divide(l->lo), divide(l->hi)};
    }
    default:
      return fail<SymbolicInterval>(error, "unsupported affine expression");
    }
  }

  static bool isConstantPoint(const SymbolicInterval &i) {
    return i.lo.isConstant() && i.isPoint();
  }

  ArrayRef<SymbolicInterval> dims, symbols;
  std::string &error;
  unsigned numVars;
};

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}

int64_t ceilDiv(int64_t a, int64_t b) { return -floorDiv(-a, b); }
} // namespace

FailureOr<SymbolicInterval>
mlir::tofu::evaluateSymbolic(AffineExpr expr, ArrayRef<SymbolicInterval> dims,
                             ArrayRef<SymbolicInterval> symbols,
                             std::string &error) {
  return SymbolicEvaluator(dims, symbols, error).eval(expr);
}

FailureOr<IntRange> mlir::tofu::evaluateConcrete(AffineExpr expr,
                                                 ArrayRef<IntRange> dims,
                                                 std::string &error) {
  switch (expr.getKind()) {
  case AffineExprKind::Constant: {
    int64_t c = cast<AffineConstantExpr>(expr).getValue();
    return IntRange{c, c};
  }
  case AffineExprKind::DimId: {
    unsigned pos = cast<AffineDimExpr>(expr).getPosition();
    if (pos >= dims.size())
      return fail<IntRange>(error, "dimension out of range");
    return dims[pos];
  }
  case AffineExprKind::SymbolId:
    return fail<IntRange>(error,
                          "unbound symbol in '" + exprToString(expr) + "'");
  default:
    break;
  }
  auto bin = cast<AffineBinaryOpExpr>(expr);
  FailureOr<IntRange> l = evaluateConcrete(bin.getLHS(), dims, error);
  if (failed(l))
    return failure();
  FailureOr<IntRange> r = evaluateConcrete(bin.getRHS(), dims, error);
  if (failed(r))
    return failure();
  if (l->empty() || r->empty())
    return IntRange{};
  switch (expr.getKind()) {
  case AffineExprKind::Add: {
    int64_t lo, hi;
    if (llvm::AddOverflow(l->lo, r->lo, lo) ||
        llvm::AddOverflow(l->hi, r->hi, hi))
      return fail<IntRange>(error,
                            "integer overflow in '" + exprToString(expr) + "'");
    return IntRange{lo, hi};
  }
  case AffineExprKind::Mul: {
    int64_t p[4];
    if (llvm::MulOverflow(l->lo, r->lo, p[0]) ||
        llvm::MulOverflow(l->lo, r->hi, p[1]) ||
        llvm::MulOverflow(l->hi, r->lo, p[2]) ||
        llvm::MulOverflow(l->hi, r->hi, p[3]))
      return fail<IntRange>(error,
                            "integer overflow in '" + exprToString(expr) + "'");
    return IntRange{std::min({p[0], p[1], p[2], p[3]}),
                    std::max({p[0], p[1], p[2], p[3]})};
  }
  default:
    break;
  }
  if (r->lo != r->hi || r->lo <= 0)
    return fail<IntRange>(error, "divisor must be a positive constant in '" +
                                     exprToString(expr) + "'");
  int64_t k = r->lo;
  switch (expr.getKind()) {
  case AffineExprKind::FloorDiv:
    return IntRange{floorDiv(l->lo, k), floorDiv(l->hi, k)};
  case AffineExprKind::CeilDiv:
    return IntRange{ceilDiv(l->lo, k), ceilDiv(l->hi, k)};
  case AffineExprKind::Mod: {
    if (floorDiv(l->lo, k) != floorDiv(l->hi, k))
      return IntRange{0, k - 1};
    int64_t lo = l->lo - floorDiv(l->lo, k) * k;
    return IntRange{lo, lo + (l->hi - l->lo)};
  }
  default:
    return fail<IntRange>(error, "unsupported affine expression");
  }
}
