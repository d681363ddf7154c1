//===- IntervalTest.cpp - Rational, LinearForm and interval evaluation ----===//
//
// Tests the arithmetic the interval analysis is built on and each rule of the
// symbolic and concrete evaluators, including the rounding of negative
// values, which the lit tests only reach indirectly.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Support/Interval.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tofu;

namespace {

std::string print(const LinearForm &f, ArrayRef<std::string> names) {
  std::string s;
  llvm::raw_string_ostream os(s);
  f.print(os, names);
  return s;
}

bool startsWith(const std::string &text, const std::string &prefix) {
  return StringRef(text).starts_with(prefix);
}

std::string print(const SymbolicInterval &i, ArrayRef<std::string> names) {
  std::string s;
  llvm::raw_string_ostream os(s);
  i.print(os, names);
  return s;
}

//===----------------------------------------------------------------------===//
// Rational
//===----------------------------------------------------------------------===//

TEST(RationalTest, NormalizesSignAndGcd) {
  Rational r(6, -4);
  EXPECT_EQ(r.numerator(), -3);
  EXPECT_EQ(r.denominator(), 2);
  EXPECT_FALSE(r.isInteger());
  Rational z(0, -5);
  EXPECT_TRUE(z.isZero());
  EXPECT_EQ(z.denominator(), 1);
  EXPECT_EQ(Rational(4, 2), Rational(2));
  EXPECT_TRUE(Rational(-8, -4).isInteger());
  EXPECT_EQ(Rational(-8, -4).numerator(), 2);
}

TEST(RationalTest, Arithmetic) {
  Rational half(1, 2), third(1, 3);
  EXPECT_EQ(half + third, Rational(5, 6));
  EXPECT_EQ(half - third, Rational(1, 6));
  EXPECT_EQ(third - half, Rational(-1, 6));
  EXPECT_EQ(Rational(2, 3) * Rational(3, 4), half);
  EXPECT_EQ(half / Rational(1, 4), Rational(2));
  EXPECT_EQ(half / Rational(-2), Rational(-1, 4));
  EXPECT_EQ(-half, Rational(-1, 2));
  EXPECT_TRUE(Rational(-1, 2) < third);
  EXPECT_FALSE(third < Rational(-1, 2));
  EXPECT_TRUE(Rational(-3, 2) < Rational(-1));
  EXPECT_NE(half, third);
}

TEST(RationalTest, FloorAndCeilOfNegatives) {
  EXPECT_EQ(Rational(7, 2).floor(), 3);
  EXPECT_EQ(Rational(7, 2).ceil(), 4);
  EXPECT_EQ(Rational(-7, 2).floor(), -4);
  EXPECT_EQ(Rational(-7, 2).ceil(), -3);
  EXPECT_EQ(Rational(-1, 3).floor(), -1);
  EXPECT_EQ(Rational(-1, 3).ceil(), 0);
  EXPECT_EQ(Rational(-4).floor(), -4);
  EXPECT_EQ(Rational(-4).ceil(), -4);
  EXPECT_EQ(Rational(0).floor(), 0);
  EXPECT_EQ(Rational(0).ceil(), 0);
}

//===----------------------------------------------------------------------===//
// LinearForm
//===----------------------------------------------------------------------===//

TEST(LinearFormTest, Printing) {
  SmallVector<std::string> names = {"X", "DX"};
  LinearForm f(2);
  f.coeffs[0] = Rational(1, 2);
  f.coeffs[1] = Rational(1);
  f.constant = Rational(-2);
  EXPECT_EQ(print(f, names), "X/2 + DX - 2");

  LinearForm g(2);
  g.coeffs[0] = Rational(-1);
  g.coeffs[1] = Rational(-3, 2);
  g.constant = Rational(1);
  EXPECT_EQ(print(g, names), "-X - 3*DX/2 + 1");

  EXPECT_EQ(print(LinearForm::ofConstant(2, 0), names), "0");
  EXPECT_EQ(print(LinearForm::ofConstant(2, Rational(-3, 2)), names), "-3/2");
  EXPECT_EQ(print(LinearForm::ofVariable(2, 1, 2, 0), names), "2*DX");
  EXPECT_EQ(print(LinearForm::ofVariable(2, 0, 1, Rational(1, 2)), names),
            "X + 1/2");
}

TEST(LinearFormTest, ArithmeticAndEvaluation) {
  LinearForm a = LinearForm::ofVariable(2, 0, 1, -1); // X - 1
  LinearForm b = LinearForm::ofVariable(2, 1, 2, 3);  // 2*Y + 3
  LinearForm sum = a + b;
  EXPECT_EQ(sum.coeffs[0], Rational(1));
  EXPECT_EQ(sum.coeffs[1], Rational(2));
  EXPECT_EQ(sum.constant, Rational(2));
  EXPECT_EQ((a - a), LinearForm::ofConstant(2, 0));
  EXPECT_TRUE((a - a).isConstant());
  EXPECT_FALSE(a.isConstant());
  EXPECT_EQ(a.scaled(Rational(-2)), LinearForm::ofVariable(2, 0, -2, 2));
  EXPECT_EQ(sum.evaluate({10, 5}), Rational(22));
  EXPECT_EQ(a.scaled(Rational(1, 2)).evaluate({4, 0}), Rational(3, 2));
}

//===----------------------------------------------------------------------===//
// evaluateSymbolic
//===----------------------------------------------------------------------===//

class SymbolicTest : public ::testing::Test {
protected:
  SymbolicTest() {
    // d0 in [0, X - 1], d1 in [0, DX - 1]; s0 is the variable S.
    for (unsigned v = 0; v < 2; ++v)
      dims.push_back(SymbolicInterval{LinearForm::ofConstant(3, 0),
                                      LinearForm::ofVariable(3, v, 1, -1)});
    LinearForm s = LinearForm::ofVariable(3, 2, 1, 0);
    symbols.push_back(SymbolicInterval{s, s});
  }

  AffineExpr d(unsigned i) { return getAffineDimExpr(i, &ctx); }
  AffineExpr s(unsigned i) { return getAffineSymbolExpr(i, &ctx); }
  AffineExpr c(int64_t v) { return getAffineConstantExpr(v, &ctx); }

  /// Evaluates `e` and prints the interval, or "error: ..." on failure.
  std::string eval(AffineExpr e, ArrayRef<SymbolicInterval> syms) {
    std::string error;
    FailureOr<SymbolicInterval> r = evaluateSymbolic(e, dims, syms, error);
    if (failed(r))
      return "error: " + error;
    return print(*r, names);
  }
  std::string eval(AffineExpr e) { return eval(e, symbols); }

  MLIRContext ctx;
  SmallVector<SymbolicInterval> dims, symbols;
  SmallVector<std::string> names = {"X", "DX", "S"};
};

TEST_F(SymbolicTest, ConstantsAndVariables) {
  EXPECT_EQ(eval(c(-4)), "[-4, -4]");
  EXPECT_EQ(eval(d(0)), "[0, X - 1]");
  EXPECT_EQ(eval(s(0)), "[S, S]");
}

TEST_F(SymbolicTest, ShiftByConstant) {
  EXPECT_EQ(eval(d(0) + 2), "[2, X + 1]");
  EXPECT_EQ(eval(d(0) - 3), "[-3, X - 4]");
}

TEST_F(SymbolicTest, ScaleByConstant) {
  EXPECT_EQ(eval(d(0) * 3), "[0, 3*X - 3]");
  // A negative scale swaps the bounds.
  EXPECT_EQ(eval(d(0) * -2), "[-2*X + 2, 0]");
  EXPECT_EQ(eval(d(1) * -1 + 5), "[-DX + 6, 5]");
}

TEST_F(SymbolicTest, ScaleByConstantSymbol) {
  LinearForm three = LinearForm::ofConstant(3, 3);
  SmallVector<SymbolicInterval> bound = {SymbolicInterval{three, three}};
  // A symbol bound to a constant point is a scale like a literal.
  EXPECT_EQ(eval(s(0) * d(0), bound), "[0, 3*X - 3]");
}

TEST_F(SymbolicTest, SumOfIntervals) {
  EXPECT_EQ(eval(d(0) + d(1)), "[0, X + DX - 2]");
  EXPECT_EQ(eval(d(0) + s(0) - 1), "[S - 1, X + S - 2]");
  EXPECT_EQ(eval(d(0) - d(1)), "[-DX + 1, X - 1]");
}

TEST_F(SymbolicTest, ProductOfTwoIntervalsIsRejected) {
  EXPECT_PRED2(startsWith, eval(d(0) * s(0)),
               "error: product of two intervals in 'd0 * s0'");
  EXPECT_PRED2(startsWith, eval(d(0) * d(1)),
               "error: product of two intervals in 'd0 * d1'");
}

TEST_F(SymbolicTest, FloorDivAndCeilDivRound) {
  // (d0 - 1) floordiv 2: [floor(-1/2), X/2 + floor(-2/2)].
  EXPECT_EQ(eval((d(0) - 1).floorDiv(2)), "[-1, X/2 - 1]");
  EXPECT_EQ(eval((d(0) - 1).ceilDiv(2)), "[0, X/2 - 1]");
  EXPECT_EQ(eval((d(0) + 4).floorDiv(3)), "[1, X/3 + 1]");
  EXPECT_EQ(eval((d(0) + 4).ceilDiv(3)), "[2, X/3 + 1]");
}

TEST_F(SymbolicTest, ModIsZeroToDivisorMinusOne) {
  EXPECT_EQ(eval(d(0) % 4), "[0, 3]");
  EXPECT_EQ(eval((d(0) + d(1)) % 7), "[0, 6]");
  // A constant point is reduced exactly, with a non-negative result.
  LinearForm seven = LinearForm::ofConstant(3, 7);
  LinearForm minusSeven = LinearForm::ofConstant(3, -7);
  EXPECT_EQ(eval(s(0) % 4, {SymbolicInterval{seven, seven}}), "[3, 3]");
  EXPECT_EQ(eval(s(0) % 4, {SymbolicInterval{minusSeven, minusSeven}}),
            "[1, 1]");
}

TEST_F(SymbolicTest, DivisionByNonConstantIsRejected) {
  EXPECT_PRED2(startsWith, eval(d(0).floorDiv(s(0))),
               "error: division by a non-constant interval in "
               "'d0 floordiv s0'");
  EXPECT_PRED2(startsWith, eval(d(0) % d(1)),
               "error: division by a non-constant interval in 'd0 mod d1'");
  LinearForm minusTwo = LinearForm::ofConstant(3, -2);
  EXPECT_PRED2(startsWith,
               eval(d(0).ceilDiv(s(0)), {SymbolicInterval{minusTwo, minusTwo}}),
               "error: divisor must be a positive integer in "
               "'d0 ceildiv s0'");
}

TEST_F(SymbolicTest, CoefficientsThatCouldOverflowAreRejected) {
  // Two divisions by 2^32 would need a denominator of 2^64.
  EXPECT_PRED2(startsWith, eval(d(0).floorDiv(int64_t(1) << 32)),
               "error: the bounds of '4294967296' have coefficients too "
               "large for interval analysis");
  EXPECT_PRED2(startsWith, eval(d(0) * (int64_t(1) << 40)),
               "error: the bounds of '1099511627776' have coefficients too "
               "large");
  // Bounds just below the limit are fine.
  EXPECT_EQ(eval(d(0).floorDiv((int64_t(1) << 31) - 1)),
            "[0, X/2147483647 - 1]");
}

TEST_F(SymbolicTest, OutOfRangePositionsAreErrors) {
  EXPECT_EQ(eval(d(5)), "error: dimension out of range");
  EXPECT_EQ(eval(s(3)), "error: symbol out of range");
}

//===----------------------------------------------------------------------===//
// evaluateConcrete
//===----------------------------------------------------------------------===//

class ConcreteTest : public ::testing::Test {
protected:
  AffineExpr d(unsigned i) { return getAffineDimExpr(i, &ctx); }

  std::string eval(AffineExpr e, ArrayRef<IntRange> dims) {
    std::string error;
    FailureOr<IntRange> r = evaluateConcrete(e, dims, error);
    if (failed(r))
      return "error: " + error;
    if (r->empty())
      return "empty";
    return std::to_string(r->lo) + ":" + std::to_string(r->hi);
  }

  MLIRContext ctx;
};

TEST_F(ConcreteTest, AddAndScale) {
  EXPECT_EQ(eval(d(0) + d(1) - 1, {{0, 9}, {0, 2}}), "-1:10");
  EXPECT_EQ(eval(d(0) * -3, {{1, 4}}), "-12:-3");
  // The exact product of two ranges takes the extreme corner products.
  EXPECT_EQ(eval(d(0) * d(1), {{-2, 3}, {1, 4}}), "-8:12");
}

TEST_F(ConcreteTest, ModWithinOneBlockIsExact) {
  EXPECT_EQ(eval(d(0) % 4, {{5, 6}}), "1:2");
  EXPECT_EQ(eval(d(0) % 4, {{8, 11}}), "0:3");
  EXPECT_EQ(eval(d(0) % 4, {{-3, -2}}), "1:2");
}

TEST_F(ConcreteTest, ModAcrossBlocksIsWholeRange) {
  EXPECT_EQ(eval(d(0) % 4, {{3, 5}}), "0:3");
  EXPECT_EQ(eval(d(0) % 4, {{-1, 1}}), "0:3");
  EXPECT_EQ(eval(d(0) % 4, {{6, 8}}), "0:3");
}

TEST_F(ConcreteTest, DivisionOfNegatives) {
  EXPECT_EQ(eval(d(0).floorDiv(2), {{-5, 3}}), "-3:1");
  EXPECT_EQ(eval(d(0).ceilDiv(2), {{-5, 3}}), "-2:2");
  EXPECT_EQ(eval(d(0).floorDiv(3), {{-3, -1}}), "-1:-1");
  EXPECT_EQ(eval(d(0).ceilDiv(3), {{-4, -1}}), "-1:0");
}

TEST_F(ConcreteTest, EmptyRangesPropagate) {
  EXPECT_EQ(eval(d(0) + 5, {{0, -1}}), "empty");
  EXPECT_EQ(eval(d(0) % 3, {{4, 2}}), "empty");
}

TEST_F(ConcreteTest, Errors) {
  EXPECT_EQ(eval(d(0).floorDiv(d(1)), {{0, 9}, {1, 2}}),
            "error: divisor must be a positive constant in 'd0 floordiv d1'");
  EXPECT_EQ(eval(d(0) % d(1), {{0, 9}, {0, 0}}),
            "error: divisor must be a positive constant in 'd0 mod d1'");
  EXPECT_EQ(eval(d(0) + getAffineSymbolExpr(0, &ctx), {{0, 1}}),
            "error: unbound symbol in 's0'");
  EXPECT_EQ(eval(d(2), {{0, 1}}), "error: dimension out of range");
}

TEST(IntRangeTest, IntersectAndEmptyEquality) {
  IntRange a{0, 9}, b{5, 20};
  EXPECT_EQ(a.intersect(b), (IntRange{5, 9}));
  EXPECT_TRUE(a.intersect(IntRange{10, 12}).empty());
  EXPECT_EQ((IntRange{3, 1}), (IntRange{8, 2}));
  EXPECT_FALSE((IntRange{0, 1}) == (IntRange{0, 2}));
}

} // namespace
