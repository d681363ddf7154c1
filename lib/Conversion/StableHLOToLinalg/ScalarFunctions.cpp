//===- ScalarFunctions.cpp - Scalar code of functions, bits and chlo ops --===//
//
// The scalar lowering of the element-wise ops beyond arithmetic: rounding,
// tan/cbrt/atan2, is_finite, clamp, bit counts, shifts, and the chlo subset
// (square, erf/erfc/erf_inv, trig and hyperbolic functions, infinity tests,
// next_after). emitScalarOp and checkScalarOp (Utils.cpp) defer to these for
// any op they do not know, so the ops work in linalg bodies and in reducer
// regions alike.
//
// Semantics follow StableHLO/XLA where LLVM would differ: a shift by a
// negative amount or by at least the bit width gives 0 (left, logical) or
// the sign fill (arithmetic), never poison; count_leading_zeros(0) is the
// bit width; clamp propagates NaN like maximum/minimum.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "Tofu/Dialect/StableHLO/IR/CHLO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace mlir::stablehlo_subset;
namespace chlo = mlir::chlo_subset;

namespace mlir::tofu::hlo {

namespace {

Value floatConst(OpBuilder &b, Location loc, Type t, double v) {
  return arith::ConstantOp::create(b, loc, t, b.getFloatAttr(t, v));
}

Value intConst(OpBuilder &b, Location loc, Type t, const APInt &v) {
  return arith::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, v));
}

Value infinity(OpBuilder &b, Location loc, FloatType t, bool negative) {
  return arith::ConstantOp::create(
      b, loc, t,
      b.getFloatAttr(t, APFloat::getInf(t.getFloatSemantics(), negative)));
}

Value cmpf(OpBuilder &b, Location loc, arith::CmpFPredicate p, Value l,
           Value r) {
  return arith::CmpFOp::create(b, loc, p, l, r);
}

Value cmpi(OpBuilder &b, Location loc, arith::CmpIPredicate p, Value l,
           Value r) {
  return arith::CmpIOp::create(b, loc, p, l, r);
}

Value select(OpBuilder &b, Location loc, Value c, Value t, Value f) {
  return arith::SelectOp::create(b, loc, c, t, f);
}

/// StableHLO shifts: amounts are read as unsigned, so a negative amount is
/// out of range like one of at least the bit width.
Value emitShift(OpBuilder &b, Location loc, Operation *op, Value x,
                Value amount) {
  Type t = x.getType();
  unsigned width = t.getIntOrFloatBitWidth();
  Value widthValue = intConst(b, loc, t, APInt(width, width));
  Value outOfRange =
      cmpi(b, loc, arith::CmpIPredicate::uge, amount, widthValue);
  if (isa<ShiftLeftOp>(op))
    return select(b, loc, outOfRange, intConst(b, loc, t, APInt(width, 0)),
                  arith::ShLIOp::create(b, loc, x, amount));
  if (isa<ShiftRightLogicalOp>(op))
    return select(b, loc, outOfRange, intConst(b, loc, t, APInt(width, 0)),
                  arith::ShRUIOp::create(b, loc, x, amount));
  Value clamped = select(b, loc, outOfRange,
                         intConst(b, loc, t, APInt(width, width - 1)), amount);
  return arith::ShRSIOp::create(b, loc, x, clamped);
}

/// erf^-1 in single precision (M. Giles, "Approximating the erfinv
/// function", GPU Computing Gems, 2011), as XLA computes it; +-1 give +-inf.
Value emitErfInv(OpBuilder &b, Location loc, Value x) {
  Type t = x.getType();
  auto c = [&](double v) { return floatConst(b, loc, t, v); };
  auto horner = [&](Value w, ArrayRef<double> coefficients) {
    Value p = c(coefficients.front());
    for (double k : coefficients.drop_front())
      p = arith::AddFOp::create(b, loc, c(k),
                                arith::MulFOp::create(b, loc, p, w));
    return p;
  };
  Value one = c(1.0);
  Value oneMinus = arith::SubFOp::create(b, loc, one, x);
  Value onePlus = arith::AddFOp::create(b, loc, one, x);
  Value w = arith::NegFOp::create(
      b, loc,
      math::LogOp::create(b, loc,
                          arith::MulFOp::create(b, loc, oneMinus, onePlus)));
  Value central = horner(arith::SubFOp::create(b, loc, w, c(2.5)),
                         {2.81022636e-08, 3.43273939e-07, -3.5233877e-06,
                          -4.39150654e-06, 0.00021858087, -0.00125372503,
                          -0.00417768164, 0.246640727, 1.50140941});
  Value tail = horner(
      arith::SubFOp::create(b, loc, math::SqrtOp::create(b, loc, w), c(3.0)),
      {-0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844,
       0.00573950773, -0.0076224613, 0.00943887047, 1.00167406, 2.83297682});
  Value p = select(b, loc, cmpf(b, loc, arith::CmpFPredicate::OLT, w, c(5.0)),
                   central, tail);
  Value result = arith::MulFOp::create(b, loc, p, x);
  Value atOne = cmpf(b, loc, arith::CmpFPredicate::OEQ,
                     math::AbsFOp::create(b, loc, x), one);
  Value signedInf = arith::MulFOp::create(
      b, loc, x, infinity(b, loc, cast<FloatType>(t), false));
  return select(b, loc, atOne, signedInf, result);
}

/// C's nextafter on the bit pattern: one unit in the last place towards y.
Value emitNextAfter(OpBuilder &b, Location loc, Value x, Value y) {
  auto ft = cast<FloatType>(x.getType());
  unsigned width = ft.getWidth();
  Type it = b.getIntegerType(width);
  Value xi = arith::BitcastOp::create(b, loc, it, x);
  Value yi = arith::BitcastOp::create(b, loc, it, y);
  Value signMask = intConst(b, loc, it, APInt::getSignMask(width));
  Value one = intConst(b, loc, it, APInt(width, 1));
  Value zero = floatConst(b, loc, ft, 0.0);
  // From zero: the smallest subnormal with y's sign.
  Value fromZero = arith::OrIOp::create(
      b, loc, arith::AndIOp::create(b, loc, yi, signMask), one);
  // Elsewhere the magnitude grows when y lies further from zero than x.
  Value xNegative = cmpf(b, loc, arith::CmpFPredicate::OLT, x, zero);
  Value towardsLarger = cmpf(b, loc, arith::CmpFPredicate::OLT, x, y);
  Value grows = arith::XOrIOp::create(b, loc, towardsLarger, xNegative);
  Value stepped =
      select(b, loc, grows, arith::AddIOp::create(b, loc, xi, one).getResult(),
             arith::SubIOp::create(b, loc, xi, one).getResult());
  Value bits = select(b, loc, cmpf(b, loc, arith::CmpFPredicate::OEQ, x, zero),
                      fromZero, stepped);
  Value result = arith::BitcastOp::create(b, loc, ft, bits);
  result =
      select(b, loc, cmpf(b, loc, arith::CmpFPredicate::OEQ, x, y), y, result);
  Value eitherNan = cmpf(b, loc, arith::CmpFPredicate::UNO, x, y);
  return select(b, loc, eitherNan, arith::AddFOp::create(b, loc, x, y), result);
}

/// Evaluates `body` in f64 (extending and truncating around it): the
/// Lanczos and asymptotic series below are accurate to ~1e-15 there.
Value inF64(OpBuilder &b, Location loc, Value x,
            function_ref<Value(Value)> body) {
  auto ft = cast<FloatType>(x.getType());
  Type f64 = b.getF64Type();
  if (ft == f64)
    return body(x);
  Value wide = arith::ExtFOp::create(b, loc, f64, x);
  return arith::TruncFOp::create(b, loc, ft, body(wide));
}

/// x <= 0 and integral: the poles of Gamma.
Value isPole(OpBuilder &b, Location loc, Value x) {
  Value zero = floatConst(b, loc, x.getType(), 0.0);
  return arith::AndIOp::create(b, loc,
                               cmpf(b, loc, arith::CmpFPredicate::OLE, x, zero),
                               cmpf(b, loc, arith::CmpFPredicate::OEQ,
                                    math::FloorOp::create(b, loc, x), x));
}

/// log |Gamma(x)| (f64): Lanczos' approximation (g = 7, 9 terms) for
/// x >= 0.5, the reflection log(pi / |sin(pi x)|) - lgamma(1 - x) below;
/// +inf at the poles and at +-inf, as XLA.
Value emitLgamma(OpBuilder &b, Location loc, Value x) {
  Type t = x.getType();
  auto c = [&](double v) { return floatConst(b, loc, t, v); };
  Value half = c(0.5), one = c(1.0), pi = c(M_PI);
  Value reflect = cmpf(b, loc, arith::CmpFPredicate::OLT, x, half);
  Value w = select(b, loc, reflect, arith::SubFOp::create(b, loc, one, x), x);
  Value z = arith::SubFOp::create(b, loc, w, one);
  static const double kLanczos[] = {
      0.99999999999980993,  676.5203681218851,     -1259.1392167224028,
      771.32342877765313,   -176.61502916214059,   12.507343278686905,
      -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
  Value sum = c(kLanczos[0]);
  for (int i = 1; i < 9; ++i)
    sum = arith::AddFOp::create(
        b, loc, sum,
        arith::DivFOp::create(b, loc, c(kLanczos[i]),
                              arith::AddFOp::create(b, loc, z, c(i))));
  Value tt = arith::AddFOp::create(b, loc, z, c(7.5));
  Value lanczos = arith::AddFOp::create(
      b, loc,
      arith::SubFOp::create(
          b, loc,
          arith::AddFOp::create(
              b, loc, c(0.5 * std::log(2 * M_PI)),
              arith::MulFOp::create(b, loc,
                                    arith::AddFOp::create(b, loc, z, half),
                                    math::LogOp::create(b, loc, tt))),
          tt),
      math::LogOp::create(b, loc, sum));
  Value sinPiX = math::AbsFOp::create(
      b, loc,
      math::SinOp::create(b, loc, arith::MulFOp::create(b, loc, pi, x)));
  Value reflected = arith::SubFOp::create(
      b, loc,
      math::LogOp::create(b, loc, arith::DivFOp::create(b, loc, pi, sinPiX)),
      lanczos);
  Value result = select(b, loc, reflect, reflected, lanczos);
  Value inf = infinity(b, loc, cast<FloatType>(t), false);
  Value infinite = cmpf(b, loc, arith::CmpFPredicate::OEQ,
                        math::AbsFOp::create(b, loc, x), inf);
  return select(b, loc,
                arith::OrIOp::create(b, loc, isPole(b, loc, x), infinite), inf,
                result);
}

/// digamma (f64): the reflection psi(1 - x) - pi / tan(pi x) below 0.5, six
/// recurrence steps up, then the asymptotic series; NaN at the poles and at
/// -inf, as XLA.
Value emitDigamma(OpBuilder &b, Location loc, Value x) {
  Type t = x.getType();
  auto c = [&](double v) { return floatConst(b, loc, t, v); };
  Value one = c(1.0), pi = c(M_PI);
  Value reflect = cmpf(b, loc, arith::CmpFPredicate::OLT, x, c(0.5));
  Value w = select(b, loc, reflect, arith::SubFOp::create(b, loc, one, x), x);
  Value shift = c(0.0);
  for (int k = 0; k < 6; ++k)
    shift = arith::AddFOp::create(
        b, loc, shift,
        arith::DivFOp::create(b, loc, one,
                              arith::AddFOp::create(b, loc, w, c(k))));
  Value y = arith::AddFOp::create(b, loc, w, c(6.0));
  Value inv = arith::DivFOp::create(b, loc, one, y);
  Value inv2 = arith::MulFOp::create(b, loc, inv, inv);
  // 1/(12 y^2) - 1/(120 y^4) + 1/(252 y^6) - 1/(240 y^8) + 1/(132 y^10).
  Value series = c(1.0 / 132);
  for (double k : {-1.0 / 240, 1.0 / 252, -1.0 / 120, 1.0 / 12})
    series = arith::AddFOp::create(b, loc, c(k),
                                   arith::MulFOp::create(b, loc, series, inv2));
  series = arith::MulFOp::create(b, loc, series, inv2);
  Value psi = arith::SubFOp::create(
      b, loc,
      arith::SubFOp::create(
          b, loc,
          arith::SubFOp::create(b, loc, math::LogOp::create(b, loc, y),
                                arith::MulFOp::create(b, loc, c(0.5), inv)),
          series),
      shift);
  Value cot = arith::DivFOp::create(
      b, loc, pi,
      math::TanOp::create(b, loc, arith::MulFOp::create(b, loc, pi, x)));
  Value result =
      select(b, loc, reflect, arith::SubFOp::create(b, loc, psi, cot), psi);
  Value nan = arith::ConstantOp::create(
      b, loc, t,
      b.getFloatAttr(t,
                     APFloat::getNaN(cast<FloatType>(t).getFloatSemantics())));
  Value minusInf = cmpf(b, loc, arith::CmpFPredicate::OEQ, x,
                        infinity(b, loc, cast<FloatType>(t), true));
  Value pole = arith::OrIOp::create(b, loc, isPole(b, loc, x), minusInf);
  Value plusInf = cmpf(b, loc, arith::CmpFPredicate::OEQ, x,
                       infinity(b, loc, cast<FloatType>(t), false));
  return select(b, loc, pole, nan, select(b, loc, plusInf, x, result));
}

} // namespace

std::optional<LogicalResult> checkFunctionScalarOp(Operation *op) {
  if (isa<chlo::ErfInvOp>(op)) {
    Type elem =
        cast<RankedTensorType>(op->getOperand(0).getType()).getElementType();
    if (!elem.isF32())
      return op->emitOpError()
             << "on " << elem
             << " is not supported by the conversion (the approximation is "
                "single precision: f32 only)";
    return success();
  }
  if (isa<TanOp, CbrtOp, RoundNearestEvenOp, RoundNearestAfzOp, PopcntOp, ClzOp,
          IsFiniteOp, Atan2Op, ShiftLeftOp, ShiftRightArithmeticOp,
          ShiftRightLogicalOp, ClampOp, chlo::SquareOp, chlo::ErfOp,
          chlo::ErfcOp, chlo::TanOp, chlo::SinhOp, chlo::CoshOp, chlo::AsinOp,
          chlo::AcosOp, chlo::AtanOp, chlo::AsinhOp, chlo::AcoshOp,
          chlo::AtanhOp, chlo::IsInfOp, chlo::IsPosInfOp, chlo::IsNegInfOp,
          chlo::NextAfterOp, chlo::LgammaOp, chlo::DigammaOp>(op))
    return success();
  return std::nullopt;
}

Value emitFunctionScalarOp(OpBuilder &b, Location loc, Operation *op,
                           ValueRange args, Type resultElem) {
  auto unary = [&](auto tag) -> Value {
    using MathOp = decltype(tag);
    return MathOp::create(b, loc, args[0]);
  };
  return TypeSwitch<Operation *, Value>(op)
      .Case<TanOp, chlo::TanOp>([&](auto) { return unary(math::TanOp()); })
      .Case<CbrtOp>([&](auto) { return unary(math::CbrtOp()); })
      .Case<RoundNearestEvenOp>(
          [&](auto) { return unary(math::RoundEvenOp()); })
      .Case<RoundNearestAfzOp>([&](auto) { return unary(math::RoundOp()); })
      .Case<PopcntOp>([&](auto) { return unary(math::CtPopOp()); })
      .Case<ClzOp>([&](auto) { return unary(math::CountLeadingZerosOp()); })
      .Case<Atan2Op>([&](auto) -> Value {
        return math::Atan2Op::create(b, loc, args[0], args[1]);
      })
      .Case<ShiftLeftOp, ShiftRightArithmeticOp, ShiftRightLogicalOp>(
          [&](auto) { return emitShift(b, loc, op, args[0], args[1]); })
      .Case<ClampOp>([&](auto) -> Value {
        Value lo = args[0], x = args[1], hi = args[2];
        Type t = x.getType();
        if (isa<FloatType>(t))
          return arith::MinimumFOp::create(
              b, loc, arith::MaximumFOp::create(b, loc, x, lo), hi);
        if (t.isInteger(1))
          return arith::AndIOp::create(b, loc,
                                       arith::OrIOp::create(b, loc, x, lo), hi);
        if (op->hasAttr(kUnsignedOperandAttr))
          return arith::MinUIOp::create(
              b, loc, arith::MaxUIOp::create(b, loc, x, lo), hi);
        return arith::MinSIOp::create(
            b, loc, arith::MaxSIOp::create(b, loc, x, lo), hi);
      })
      .Case<IsFiniteOp>([&](auto) {
        Value magnitude = math::AbsFOp::create(b, loc, args[0]);
        return cmpf(
            b, loc, arith::CmpFPredicate::ONE, magnitude,
            infinity(b, loc, cast<FloatType>(args[0].getType()), false));
      })
      .Case<chlo::SquareOp>([&](auto) -> Value {
        return arith::MulFOp::create(b, loc, args[0], args[0]);
      })
      .Case<chlo::ErfOp>([&](auto) { return unary(math::ErfOp()); })
      .Case<chlo::ErfcOp>([&](auto) { return unary(math::ErfcOp()); })
      .Case<chlo::ErfInvOp>([&](auto) { return emitErfInv(b, loc, args[0]); })
      .Case<chlo::SinhOp>([&](auto) { return unary(math::SinhOp()); })
      .Case<chlo::CoshOp>([&](auto) { return unary(math::CoshOp()); })
      .Case<chlo::AsinOp>([&](auto) { return unary(math::AsinOp()); })
      .Case<chlo::AcosOp>([&](auto) { return unary(math::AcosOp()); })
      .Case<chlo::AtanOp>([&](auto) { return unary(math::AtanOp()); })
      .Case<chlo::AsinhOp>([&](auto) { return unary(math::AsinhOp()); })
      .Case<chlo::AcoshOp>([&](auto) { return unary(math::AcoshOp()); })
      .Case<chlo::AtanhOp>([&](auto) { return unary(math::AtanhOp()); })
      .Case<chlo::IsInfOp>([&](auto) {
        auto ft = cast<FloatType>(args[0].getType());
        return cmpf(b, loc, arith::CmpFPredicate::OEQ,
                    math::AbsFOp::create(b, loc, args[0]),
                    infinity(b, loc, ft, false));
      })
      .Case<chlo::IsPosInfOp, chlo::IsNegInfOp>([&](auto typed) {
        auto ft = cast<FloatType>(args[0].getType());
        bool negative = isa<chlo::IsNegInfOp>(typed.getOperation());
        return cmpf(b, loc, arith::CmpFPredicate::OEQ, args[0],
                    infinity(b, loc, ft, negative));
      })
      .Case<chlo::LgammaOp>([&](auto) {
        return inF64(b, loc, args[0],
                     [&](Value x) { return emitLgamma(b, loc, x); });
      })
      .Case<chlo::DigammaOp>([&](auto) {
        return inF64(b, loc, args[0],
                     [&](Value x) { return emitDigamma(b, loc, x); });
      })
      .Case<chlo::NextAfterOp>(
          [&](auto) { return emitNextAfter(b, loc, args[0], args[1]); })
      .Default([](Operation *) -> Value { return Value(); });
}

} // namespace mlir::tofu::hlo
