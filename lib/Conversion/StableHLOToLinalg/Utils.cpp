//===- Utils.cpp - Scalar semantics and tensor helpers --------------------===//

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::stablehlo_subset;

namespace mlir::tofu::hlo {

static Type elementTypeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getElementType();
}

LogicalResult checkScalarOp(Operation *op) {
  return TypeSwitch<Operation *, LogicalResult>(op)
      .Case<NegateOp, AbsOp, SignOp, ExpOp, LogOp, TanhOp, LogisticOp, SqrtOp,
            RsqrtOp, FloorOp, CeilOp, CosineOp, SineOp, Log1pOp, Expm1Op, NotOp,
            AddOp, SubtractOp, MulOp, DivOp, RemOp, MaxOp, MinOp, AndOp, OrOp,
            XorOp, ConvertOp, BitcastConvertOp, SelectOp>(
          [](Operation *) { return success(); })
      .Case<PowOp>([](PowOp pow) -> LogicalResult {
        Type elem = elementTypeOf(pow.getLhs());
        if (elem.isInteger(1))
          return pow.emitOpError("on i1 is not supported by the conversion");
        return success();
      })
      .Case<CompareOp>([](CompareOp cmp) -> LogicalResult {
        if (cmp.getCompareType() == ComparisonType::TOTALORDER)
          return cmp.emitOpError(
              "with compare_type TOTALORDER is not supported by the "
              "conversion");
        return success();
      })
      .Default([](Operation *other) -> LogicalResult {
        if (std::optional<LogicalResult> r = checkFunctionScalarOp(other))
          return *r;
        return other->emitOpError(
            "has no scalar lowering (only element-wise ops, compare, select "
            "and convert may appear in reducer regions)");
      });
}

Value zeroScalar(OpBuilder &b, Location loc, Type elem) {
  return arith::ConstantOp::create(b, loc, elem, b.getZeroAttr(elem));
}

static Value constantLike(OpBuilder &b, Location loc, Type elem, double f) {
  if (isa<FloatType>(elem))
    return arith::ConstantOp::create(b, loc, elem, b.getFloatAttr(elem, f));
  return arith::ConstantOp::create(
      b, loc, elem, b.getIntegerAttr(elem, static_cast<int64_t>(f)));
}

/// Float to signed integer as XLA converts: NaN gives 0 and values outside
/// the integer's range saturate to its minimum or maximum. A plain fptosi is
/// poison there (on x86 it gives INT_MIN for NaN and for +1e30 alike).
static Value saturatingFloatToInt(OpBuilder &b, Location loc, Value v,
                                  IntegerType to) {
  auto fromF = cast<FloatType>(v.getType());
  const llvm::fltSemantics &sem = fromF.getFloatSemantics();
  unsigned width = to.getWidth();
  // 2^(w-1) is the first value above the integer's maximum. It is a power of
  // two, so it is exact wherever the float type reaches it; where it does not
  // (f16 to i32) it becomes +inf and every finite value is in range.
  bool lostInfo = false;
  APFloat upper = scalbn(APFloat(1.0), static_cast<int>(width) - 1,
                         APFloat::rmNearestTiesToEven);
  upper.convert(sem, APFloat::rmNearestTiesToEven, &lostInfo);
  // The clamp keeps the fptosi's operand finite and in range: the largest
  // float below 2^(w-1), and -2^(w-1) (or the most negative finite float).
  APFloat clampHigh = upper;
  clampHigh.next(/*nextDown=*/true);
  APFloat clampLow = upper.isInfinity() ? APFloat::getLargest(sem) : upper;
  clampLow.changeSign();
  auto floatConst = [&](const APFloat &value) -> Value {
    return arith::ConstantOp::create(b, loc, fromF,
                                     b.getFloatAttr(fromF, value));
  };
  Value hi = floatConst(upper);
  auto intConst = [&](const APInt &value) -> Value {
    return arith::ConstantOp::create(b, loc, to, b.getIntegerAttr(to, value));
  };
  // Clamp first so that the fptosi only ever sees in-range values.
  Value inRange = arith::MaximumFOp::create(
      b, loc, arith::MinimumFOp::create(b, loc, v, floatConst(clampHigh)),
      floatConst(clampLow));
  Value converted = arith::FPToSIOp::create(b, loc, to, inRange);
  Value tooHigh =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, v, hi);
  Value isNan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, v, v);
  // Below the clamp only -inf is left where -2^(w-1) is out of reach.
  Value tooLow = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, v,
                                       floatConst(clampLow));
  Value result = arith::SelectOp::create(
      b, loc, tooHigh, intConst(APInt::getSignedMaxValue(width)),
      arith::SelectOp::create(b, loc, tooLow,
                              intConst(APInt::getSignedMinValue(width)),
                              converted));
  return arith::SelectOp::create(b, loc, isNan, intConst(APInt(width, 0)),
                                 result);
}

/// Float to unsigned integer as XLA converts: NaN and negative values give
/// 0, values from 2^w up saturate to 2^w - 1.
static Value saturatingFloatToUnsigned(OpBuilder &b, Location loc, Value v,
                                       IntegerType to) {
  auto fromF = cast<FloatType>(v.getType());
  const llvm::fltSemantics &sem = fromF.getFloatSemantics();
  unsigned width = to.getWidth();
  bool lostInfo = false;
  APFloat upper = scalbn(APFloat(1.0), static_cast<int>(width),
                         APFloat::rmNearestTiesToEven);
  upper.convert(sem, APFloat::rmNearestTiesToEven, &lostInfo);
  APFloat clampHigh = upper;
  clampHigh.next(/*nextDown=*/true);
  auto floatConst = [&](const APFloat &value) -> Value {
    return arith::ConstantOp::create(b, loc, fromF,
                                     b.getFloatAttr(fromF, value));
  };
  // maximumf(NaN, 0) is NaN: the select below replaces it.
  Value inRange = arith::MaximumFOp::create(
      b, loc, arith::MinimumFOp::create(b, loc, v, floatConst(clampHigh)),
      floatConst(APFloat::getZero(sem)));
  Value isNan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, v, v);
  Value safe = arith::SelectOp::create(
      b, loc, isNan, floatConst(APFloat::getZero(sem)), inRange);
  Value converted = arith::FPToUIOp::create(b, loc, to, safe);
  Value tooHigh = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, v,
                                        floatConst(upper));
  return arith::SelectOp::create(
      b, loc, tooHigh,
      arith::ConstantOp::create(b, loc, to,
                                b.getIntegerAttr(to, APInt::getAllOnes(width))),
      converted);
}

Value convertScalar(OpBuilder &b, Location loc, Value v, Type to,
                    bool fromUnsigned, bool toUnsigned) {
  Type from = v.getType();
  if (from == to)
    return v;
  // i1 is unsigned already.
  fromUnsigned = fromUnsigned || from.isInteger(1);
  auto fromF = dyn_cast<FloatType>(from), toF = dyn_cast<FloatType>(to);
  if (fromF && toF)
    return fromF.getWidth() < toF.getWidth()
               ? arith::ExtFOp::create(b, loc, to, v).getResult()
               : arith::TruncFOp::create(b, loc, to, v).getResult();
  if (to.isInteger(1)) {
    // XLA: x != 0, so NaN converts to true.
    Value zero = zeroScalar(b, loc, from);
    if (fromF)
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, v, zero);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, v, zero);
  }
  if (fromF)
    return toUnsigned
               ? saturatingFloatToUnsigned(b, loc, v, cast<IntegerType>(to))
               : saturatingFloatToInt(b, loc, v, cast<IntegerType>(to));
  if (toF)
    return fromUnsigned ? arith::UIToFPOp::create(b, loc, to, v).getResult()
                        : arith::SIToFPOp::create(b, loc, to, v).getResult();
  // Integers: sign-extend (zero-extend unsigned and i1) or wrap modulo 2^w,
  // as XLA does.
  unsigned fw = from.getIntOrFloatBitWidth(), tw = to.getIntOrFloatBitWidth();
  if (fw < tw)
    return fromUnsigned ? arith::ExtUIOp::create(b, loc, to, v).getResult()
                        : arith::ExtSIOp::create(b, loc, to, v).getResult();
  return arith::TruncIOp::create(b, loc, to, v);
}

static arith::CmpFPredicate floatPredicate(ComparisonDirection d) {
  switch (d) {
  case ComparisonDirection::EQ:
    return arith::CmpFPredicate::OEQ;
  case ComparisonDirection::NE:
    return arith::CmpFPredicate::UNE;
  case ComparisonDirection::GE:
    return arith::CmpFPredicate::OGE;
  case ComparisonDirection::GT:
    return arith::CmpFPredicate::OGT;
  case ComparisonDirection::LE:
    return arith::CmpFPredicate::OLE;
  case ComparisonDirection::LT:
    return arith::CmpFPredicate::OLT;
  }
  llvm_unreachable("unknown comparison direction");
}

arith::CmpIPredicate integerPredicate(ComparisonDirection d, bool isSigned) {
  switch (d) {
  case ComparisonDirection::EQ:
    return arith::CmpIPredicate::eq;
  case ComparisonDirection::NE:
    return arith::CmpIPredicate::ne;
  case ComparisonDirection::GE:
    return isSigned ? arith::CmpIPredicate::sge : arith::CmpIPredicate::uge;
  case ComparisonDirection::GT:
    return isSigned ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::ugt;
  case ComparisonDirection::LE:
    return isSigned ? arith::CmpIPredicate::sle : arith::CmpIPredicate::ule;
  case ComparisonDirection::LT:
    return isSigned ? arith::CmpIPredicate::slt : arith::CmpIPredicate::ult;
  }
  llvm_unreachable("unknown comparison direction");
}

/// Integer power by squaring, unrolled over the exponent's bits (the CPU
/// pipeline has no lowering for math.ipowi). Negative exponents give 0
/// except for bases 1 and -1, as in StableHLO.
static Value integerPower(OpBuilder &b, Location loc, Value base, Value exp) {
  Type t = base.getType();
  unsigned width = t.getIntOrFloatBitWidth();
  auto c = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, v));
  };
  Value one = c(1), zero = c(0);
  Value result = one, square = base, e = exp;
  for (unsigned i = 0; i + 1 < width; ++i) {
    Value odd =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                              arith::AndIOp::create(b, loc, e, one), zero);
    result = arith::SelectOp::create(
        b, loc, odd, arith::MulIOp::create(b, loc, result, square), result);
    square = arith::MulIOp::create(b, loc, square, square);
    e = arith::ShRUIOp::create(b, loc, e, one);
  }
  Value negative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, exp, zero);
  Value oddExp =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                            arith::AndIOp::create(b, loc, exp, one), zero);
  Value isOne =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, base, one);
  Value isMinusOne =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, base, c(-1));
  Value minusOneResult = arith::SelectOp::create(b, loc, oddExp, c(-1), one);
  Value negResult = arith::SelectOp::create(
      b, loc, isOne, one,
      arith::SelectOp::create(b, loc, isMinusOne, minusOneResult, zero));
  return arith::SelectOp::create(b, loc, negative, negResult, result);
}

/// Signed integer division or remainder with XLA's results where LLVM's are
/// undefined (x86 traps): x / 0 = -1 and x % 0 = x; INT_MIN / -1 = INT_MIN
/// and INT_MIN % -1 = 0. The divisor is replaced by 1 in those cases so the
/// hardware division never sees them. i1 (pred) divides as unsigned.
static Value safeIntegerDivide(OpBuilder &b, Location loc, Value lhs, Value rhs,
                               bool remainder) {
  auto type = cast<IntegerType>(lhs.getType());
  unsigned width = type.getWidth();
  auto c = [&](const APInt &v) -> Value {
    return arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, v));
  };
  Value zero = c(APInt(width, 0)), one = c(APInt(width, 1));
  Value byZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, zero);
  if (width == 1) {
    // Booleans: the only non-zero divisor is 1, so x / 1 = x and x % 1 = 0.
    Value quotient =
        arith::SelectOp::create(b, loc, byZero, c(APInt(1, 1)), lhs);
    return remainder
               ? arith::SelectOp::create(b, loc, byZero, lhs, zero).getResult()
               : quotient;
  }
  Value minusOne = c(APInt::getAllOnes(width));
  Value overflow = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhs,
                            c(APInt::getSignedMinValue(width))),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, minusOne));
  Value unsafe = arith::OrIOp::create(b, loc, byZero, overflow);
  Value divisor = arith::SelectOp::create(b, loc, unsafe, one, rhs);
  if (remainder) {
    // x % 1 = 0 already gives INT_MIN % -1; x % 0 keeps x.
    Value r = arith::RemSIOp::create(b, loc, lhs, divisor);
    return arith::SelectOp::create(b, loc, byZero, lhs, r);
  }
  // x / 1 = x already gives INT_MIN / -1 = INT_MIN; x / 0 gives -1.
  Value q = arith::DivSIOp::create(b, loc, lhs, divisor);
  return arith::SelectOp::create(b, loc, byZero, minusOne, q);
}

/// Unsigned division or remainder with XLA's results for a zero divisor
/// (x / 0 = 2^w - 1, x % 0 = x), which LLVM leaves undefined.
static Value safeUnsignedDivide(OpBuilder &b, Location loc, Value lhs,
                                Value rhs, bool remainder) {
  auto type = cast<IntegerType>(lhs.getType());
  unsigned width = type.getWidth();
  auto c = [&](const APInt &v) -> Value {
    return arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, v));
  };
  Value byZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs,
                                       c(APInt(width, 0)));
  Value divisor =
      arith::SelectOp::create(b, loc, byZero, c(APInt(width, 1)), rhs);
  if (remainder)
    return arith::SelectOp::create(
        b, loc, byZero, lhs, arith::RemUIOp::create(b, loc, lhs, divisor));
  return arith::SelectOp::create(b, loc, byZero, c(APInt::getAllOnes(width)),
                                 arith::DivUIOp::create(b, loc, lhs, divisor));
}

/// The float or the integer form of an op, by the element type.
template <typename FloatBuilder, typename IntBuilder>
static Value floatOrInt(bool isFloat, FloatBuilder floatBuilder,
                        IntBuilder intBuilder) {
  if (isFloat)
    return floatBuilder();
  return intBuilder();
}

/// The binary arithmetic and logical ops on `elem` (booleans add as `or` and
/// multiply as `and`, as XLA's pred), or null for any other op.
static Value emitBinaryScalarOp(OpBuilder &b, Location loc, Operation *op,
                                ValueRange args, Type elem) {
  bool isFloat = isa<FloatType>(elem);
  bool isBool = elem.isInteger(1);
  bool isUnsigned = op->hasAttr(kUnsignedOperandAttr);
  auto fOrI = [&](auto floatBuilder, auto intBuilder) {
    return floatOrInt(isFloat, floatBuilder, intBuilder);
  };
  return TypeSwitch<Operation *, Value>(op)
      .Case<AddOp>([&](auto) {
        return fOrI(
            [&] { return arith::AddFOp::create(b, loc, args[0], args[1]); },
            [&]() -> Value {
              if (isBool)
                return arith::OrIOp::create(b, loc, args[0], args[1]);
              return arith::AddIOp::create(b, loc, args[0], args[1]);
            });
      })
      .Case<SubtractOp>([&](auto) {
        return fOrI(
            [&] { return arith::SubFOp::create(b, loc, args[0], args[1]); },
            [&] { return arith::SubIOp::create(b, loc, args[0], args[1]); });
      })
      .Case<MulOp>([&](auto) {
        return fOrI(
            [&] { return arith::MulFOp::create(b, loc, args[0], args[1]); },
            [&]() -> Value {
              if (isBool)
                return arith::AndIOp::create(b, loc, args[0], args[1]);
              return arith::MulIOp::create(b, loc, args[0], args[1]);
            });
      })
      .Case<DivOp>([&](auto) {
        return fOrI(
            [&] { return arith::DivFOp::create(b, loc, args[0], args[1]); },
            [&]() -> Value {
              if (isUnsigned)
                return safeUnsignedDivide(b, loc, args[0], args[1], false);
              return safeIntegerDivide(b, loc, args[0], args[1], false);
            });
      })
      .Case<RemOp>([&](auto) {
        return fOrI(
            [&] { return arith::RemFOp::create(b, loc, args[0], args[1]); },
            [&]() -> Value {
              if (isUnsigned)
                return safeUnsignedDivide(b, loc, args[0], args[1], true);
              return safeIntegerDivide(b, loc, args[0], args[1], true);
            });
      })
      .Case<MaxOp>([&](auto) {
        return fOrI(
            [&] { return arith::MaximumFOp::create(b, loc, args[0], args[1]); },
            [&]() -> Value {
              if (isBool)
                return arith::OrIOp::create(b, loc, args[0], args[1]);
              if (isUnsigned)
                return arith::MaxUIOp::create(b, loc, args[0], args[1]);
              return arith::MaxSIOp::create(b, loc, args[0], args[1]);
            });
      })
      .Case<MinOp>([&](auto) {
        return fOrI(
            [&] { return arith::MinimumFOp::create(b, loc, args[0], args[1]); },
            [&]() -> Value {
              if (isBool)
                return arith::AndIOp::create(b, loc, args[0], args[1]);
              if (isUnsigned)
                return arith::MinUIOp::create(b, loc, args[0], args[1]);
              return arith::MinSIOp::create(b, loc, args[0], args[1]);
            });
      })
      .Case<PowOp>([&](auto) -> Value {
        if (isFloat)
          return math::PowFOp::create(b, loc, args[0], args[1]);
        return integerPower(b, loc, args[0], args[1]);
      })
      .Case<AndOp>(
          [&](auto) { return arith::AndIOp::create(b, loc, args[0], args[1]); })
      .Case<OrOp>(
          [&](auto) { return arith::OrIOp::create(b, loc, args[0], args[1]); })
      .Case<XorOp>(
          [&](auto) { return arith::XOrIOp::create(b, loc, args[0], args[1]); })
      .Default([](Operation *) { return Value(); });
}

/// The unary elementwise ops on `elem`, or null for any other op.
static Value emitUnaryScalarOp(OpBuilder &b, Location loc, Operation *op,
                               ValueRange args, Type elem) {
  bool isFloat = isa<FloatType>(elem);
  auto fOrI = [&](auto floatBuilder, auto intBuilder) {
    return floatOrInt(isFloat, floatBuilder, intBuilder);
  };
  return TypeSwitch<Operation *, Value>(op)
      .Case<NotOp>([&](auto) {
        Value ones = arith::ConstantOp::create(
            b, loc, elem,
            b.getIntegerAttr(elem,
                             APInt::getAllOnes(elem.getIntOrFloatBitWidth())));
        return arith::XOrIOp::create(b, loc, args[0], ones);
      })
      .Case<NegateOp>([&](auto) {
        return fOrI([&] { return arith::NegFOp::create(b, loc, args[0]); },
                    [&] {
                      return arith::SubIOp::create(
                          b, loc, zeroScalar(b, loc, elem), args[0]);
                    });
      })
      .Case<AbsOp>([&](auto) {
        return fOrI([&] { return math::AbsFOp::create(b, loc, args[0]); },
                    [&] { return math::AbsIOp::create(b, loc, args[0]); });
      })
      .Case<SignOp>([&](auto) -> Value {
        Value zero = zeroScalar(b, loc, elem);
        if (isFloat) {
          // sign(±0) = ±0 and sign(NaN) = NaN, else ±1.
          Value one = constantLike(b, loc, elem, 1.0);
          Value s = math::CopySignOp::create(b, loc, one, args[0]);
          Value isZero = arith::CmpFOp::create(
              b, loc, arith::CmpFPredicate::OEQ, args[0], zero);
          Value isNan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO,
                                              args[0], args[0]);
          Value r = arith::SelectOp::create(b, loc, isZero, args[0], s);
          return arith::SelectOp::create(b, loc, isNan, args[0], r);
        }
        Value gt = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                         args[0], zero);
        Value lt = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                         args[0], zero);
        return arith::SubIOp::create(b, loc,
                                     arith::ExtUIOp::create(b, loc, elem, gt),
                                     arith::ExtUIOp::create(b, loc, elem, lt));
      })
      .Case<ExpOp>([&](auto) { return math::ExpOp::create(b, loc, args[0]); })
      .Case<LogOp>([&](auto) { return math::LogOp::create(b, loc, args[0]); })
      .Case<TanhOp>([&](auto) { return math::TanhOp::create(b, loc, args[0]); })
      .Case<SqrtOp>([&](auto) { return math::SqrtOp::create(b, loc, args[0]); })
      .Case<RsqrtOp>(
          [&](auto) { return math::RsqrtOp::create(b, loc, args[0]); })
      .Case<FloorOp>(
          [&](auto) { return math::FloorOp::create(b, loc, args[0]); })
      .Case<CeilOp>([&](auto) { return math::CeilOp::create(b, loc, args[0]); })
      .Case<CosineOp>(
          [&](auto) { return math::CosOp::create(b, loc, args[0]); })
      .Case<SineOp>([&](auto) { return math::SinOp::create(b, loc, args[0]); })
      .Case<Log1pOp>(
          [&](auto) { return math::Log1pOp::create(b, loc, args[0]); })
      .Case<Expm1Op>(
          [&](auto) { return math::ExpM1Op::create(b, loc, args[0]); })
      .Case<LogisticOp>([&](auto) -> Value {
        Value one = constantLike(b, loc, elem, 1.0);
        Value e =
            math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, args[0]));
        return arith::DivFOp::create(b, loc, one,
                                     arith::AddFOp::create(b, loc, one, e));
      })
      .Default([](Operation *) { return Value(); });
}

Value emitScalarOp(OpBuilder &b, Location loc, Operation *op, ValueRange args,
                   Type resultElem) {
  Type elem = args.empty() ? resultElem : args.back().getType();
  if (Value v = emitBinaryScalarOp(b, loc, op, args, elem))
    return v;
  if (Value v = emitUnaryScalarOp(b, loc, op, args, elem))
    return v;
  return TypeSwitch<Operation *, Value>(op)
      .Case<ConvertOp>([&](auto) {
        return convertScalar(b, loc, args[0], resultElem,
                             op->hasAttr(kUnsignedOperandAttr),
                             op->hasAttr(kUnsignedResultAttr));
      })
      .Case<BitcastConvertOp>([&](auto) -> Value {
        return arith::BitcastOp::create(b, loc, resultElem, args[0]);
      })
      .Case<SelectOp>([&](auto) {
        return arith::SelectOp::create(b, loc, args[0], args[1], args[2]);
      })
      .Case<CompareOp>([&](CompareOp cmp) -> Value {
        Type operandElem = args[0].getType();
        if (isa<FloatType>(operandElem))
          return arith::CmpFOp::create(
              b, loc, floatPredicate(cmp.getComparisonDirection()), args[0],
              args[1]);
        bool isSigned = !operandElem.isInteger(1) &&
                        cmp.getCompareType() != ComparisonType::UNSIGNED;
        return arith::CmpIOp::create(
            b, loc, integerPredicate(cmp.getComparisonDirection(), isSigned),
            args[0], args[1]);
      })
      .Default([&](Operation *other) -> Value {
        if (Value v = emitFunctionScalarOp(b, loc, other, args, resultElem))
          return v;
        llvm_unreachable("emitScalarOp on an op that failed checkScalarOp");
      });
}

LogicalResult checkRegion(Operation *owner, Region &region) {
  for (Operation &op : region.front()) {
    if (isa<ReturnOp>(op))
      continue;
    if (auto cst = dyn_cast<ConstantOp>(op)) {
      if (!isa<DenseElementsAttr>(cst.getValue()))
        return owner->emitOpError("has a reducer constant that is not dense");
      continue;
    }
    auto notScalar = [](Type t) {
      auto ranked = dyn_cast<RankedTensorType>(t);
      return !ranked || ranked.getRank() != 0;
    };
    if (op.getNumRegions() != 0 || op.getNumResults() != 1 ||
        llvm::any_of(op.getOperandTypes(), notScalar) ||
        llvm::any_of(op.getResultTypes(), notScalar)) {
      InFlightDiagnostic diag = owner->emitOpError()
                                << "has a reducer region op '" << op.getName()
                                << "' that does not work on scalars";
      diag.attachNote(op.getLoc()) << "see the op here";
      return diag;
    }
    if (failed(checkScalarOp(&op)))
      return owner->emitOpError("has a reducer region the conversion cannot "
                                "lower");
  }
  return success();
}

SmallVector<Value> emitRegion(OpBuilder &b, Location loc, Region &region,
                              ValueRange args) {
  IRMapping map;
  Block &block = region.front();
  for (auto [arg, v] : llvm::zip(block.getArguments(), args))
    map.map(arg, v);
  for (Operation &op : block) {
    if (auto ret = dyn_cast<ReturnOp>(op))
      return llvm::map_to_vector(ret.getResults(),
                                 [&](Value v) { return map.lookup(v); });
    if (auto cst = dyn_cast<ConstantOp>(op)) {
      auto dense = cast<DenseElementsAttr>(cst.getValue());
      Value c = arith::ConstantOp::create(
          b, loc, cast<TypedAttr>(dense.getSplatValue<Attribute>()));
      map.map(cst.getResult(), c);
      continue;
    }
    SmallVector<Value> operands = llvm::map_to_vector(
        op.getOperands(), [&](Value v) { return map.lookup(v); });
    Type resultElem =
        cast<RankedTensorType>(op.getResult(0).getType()).getElementType();
    map.map(op.getResult(0), emitScalarOp(b, loc, &op, operands, resultElem));
  }
  return {};
}

Value emptyTensor(OpBuilder &b, Location loc, RankedTensorType type) {
  return tensor::EmptyOp::create(b, loc, type.getShape(),
                                 type.getElementType());
}

Value filledTensor(OpBuilder &b, Location loc, RankedTensorType type,
                   Value scalar) {
  Value empty = emptyTensor(b, loc, type);
  return linalg::FillOp::create(b, loc, scalar, empty).getResult(0);
}

Value extractScalar(OpBuilder &b, Location loc, Value tensor) {
  return tensor::ExtractOp::create(b, loc, tensor, ValueRange{});
}

Value padTensor(OpBuilder &b, Location loc, Value source, Value padScalar,
                ArrayRef<int64_t> low, ArrayRef<int64_t> high,
                ArrayRef<int64_t> interior) {
  auto type = cast<RankedTensorType>(source.getType());
  int64_t rank = type.getRank();
  bool simple = llvm::all_of(interior, [](int64_t i) { return i == 0; }) &&
                llvm::all_of(low, [](int64_t l) { return l >= 0; }) &&
                llvm::all_of(high, [](int64_t h) { return h >= 0; });
  auto attrs = [&](ArrayRef<int64_t> v) {
    return llvm::map_to_vector(
        v, [&](int64_t x) -> OpFoldResult { return b.getIndexAttr(x); });
  };
  if (llvm::all_of(low, [](int64_t l) { return l == 0; }) &&
      llvm::all_of(high, [](int64_t h) { return h == 0; }) &&
      llvm::all_of(interior, [](int64_t i) { return i == 0; }))
    return source;
  SmallVector<int64_t> grown(rank), lowPos(rank), highPos(rank);
  for (int64_t i = 0; i < rank; ++i) {
    int64_t d = type.getDimSize(i);
    lowPos[i] = std::max<int64_t>(low[i], 0);
    highPos[i] = std::max<int64_t>(high[i], 0);
    grown[i] =
        lowPos[i] + highPos[i] + d + std::max<int64_t>(d - 1, 0) * interior[i];
  }
  auto grownType = RankedTensorType::get(grown, type.getElementType());
  Value padded;
  if (simple) {
    padded = tensor::PadOp::create(b, loc, grownType, source, attrs(lowPos),
                                   attrs(highPos), padScalar);
    return padded;
  }
  // Interior padding: write the source with strides into a filled tensor.
  Value filled = filledTensor(b, loc, grownType, padScalar);
  SmallVector<int64_t> strides, sizes(type.getShape());
  for (int64_t i : interior)
    strides.push_back(i + 1);
  padded = tensor::InsertSliceOp::create(b, loc, source, filled, attrs(lowPos),
                                         attrs(sizes), attrs(strides));
  // Negative edge padding cuts.
  SmallVector<int64_t> offsets(rank), result(rank), ones(rank, 1);
  bool cut = false;
  for (int64_t i = 0; i < rank; ++i) {
    offsets[i] = std::max<int64_t>(-low[i], 0);
    result[i] = grown[i] - offsets[i] - std::max<int64_t>(-high[i], 0);
    cut |= offsets[i] != 0 || result[i] != grown[i];
  }
  if (!cut)
    return padded;
  auto resultType = RankedTensorType::get(result, type.getElementType());
  return tensor::ExtractSliceOp::create(
      b, loc, resultType, padded, attrs(offsets), attrs(result), attrs(ones));
}

Value buildParallelGeneric(
    OpBuilder &b, Location loc, RankedTensorType resultType, ValueRange inputs,
    ArrayRef<AffineMap> maps,
    function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
  Value init = emptyTensor(b, loc, resultType);
  SmallVector<utils::IteratorType> iterators(resultType.getRank(),
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, inputs, ValueRange{init}, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value v = body(nb, nloc, args.drop_back());
        linalg::YieldOp::create(nb, nloc, v);
      });
  return generic.getResult(0);
}

} // namespace mlir::tofu::hlo
