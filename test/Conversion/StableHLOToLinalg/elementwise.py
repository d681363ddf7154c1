# Tests that converted element-wise ops, compare, select and convert match
# numpy on random inputs.
# RUN: %python %s | FileCheck %s
# CHECK-NOT: FAIL
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from hlo_check import RNG, check, rand  # noqa: E402

T = "tensor<3x5xf32>"
I = "tensor<3x5xi32>"
P = "tensor<3x5xi1>"
a, b = rand(3, 5), rand(3, 5)
pos = rand(3, 5, low=0.1, high=3.0)
ia = np.random.default_rng(7).integers(-9, 9, size=(3, 5)).astype(np.int32)
ib = np.random.default_rng(8).integers(1, 9, size=(3, 5)).astype(np.int32)

binary = {
    "add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": np.divide,
    "maximum": np.maximum, "minimum": np.minimum,
}
# CHECK: add OK
# CHECK: subtract OK
# CHECK: multiply OK
# CHECK: divide OK
# CHECK: maximum OK
# CHECK: minimum OK
for op, ref in binary.items():
    check(op, [("a", T), ("b", T)], f"  %r = stablehlo.{op} %a, %b : {T}", T, [a, b], ref)

# CHECK: power OK
check("power", [("a", T), ("b", T)], f"  %r = stablehlo.power %a, %b : {T}", T, [pos, b], np.power,
      rtol=1e-4)

unary = {
    "negate": (np.negative, a), "abs": (np.abs, a), "exponential": (np.exp, a),
    "log": (np.log, pos), "tanh": (np.tanh, a),
    "logistic": (lambda x: 1 / (1 + np.exp(-x)), a), "sqrt": (np.sqrt, pos),
    "rsqrt": (lambda x: 1 / np.sqrt(x), pos), "floor": (np.floor, a), "ceil": (np.ceil, a),
    "sign": (np.sign, a), "cosine": (np.cos, a), "sine": (np.sin, a),
    "log_plus_one": (np.log1p, pos), "exponential_minus_one": (np.expm1, a),
}
# CHECK: negate OK
# CHECK: abs OK
# CHECK: exponential OK
# CHECK: log OK
# CHECK: tanh OK
# CHECK: logistic OK
# CHECK: sqrt OK
# CHECK: rsqrt OK
# CHECK: floor OK
# CHECK: ceil OK
# CHECK: sign OK
# CHECK: cosine OK
# CHECK: sine OK
# CHECK: log_plus_one OK
# CHECK: exponential_minus_one OK
for op, (ref, x) in unary.items():
    check(op, [("a", T)], f"  %r = stablehlo.{op} %a : {T}", T, [x], ref, rtol=2e-5)

# Integer arithmetic (signed semantics, division truncates toward zero).
# CHECK: add_i32 OK
# CHECK: divide_i32 OK
# CHECK: remainder_i32 OK
# CHECK: maximum_i32 OK
# CHECK: negate_i32 OK
# CHECK: abs_i32 OK
check("add_i32", [("a", I), ("b", I)], f"  %r = stablehlo.add %a, %b : {I}", I, [ia, ib], np.add)
check("divide_i32", [("a", I), ("b", I)], f"  %r = stablehlo.divide %a, %b : {I}", I, [ia, ib],
      lambda x, y: np.trunc(x / y).astype(np.int32))
check("remainder_i32", [("a", I), ("b", I)], f"  %r = stablehlo.remainder %a, %b : {I}", I,
      [ia, ib], np.fmod)
check("maximum_i32", [("a", I), ("b", I)], f"  %r = stablehlo.maximum %a, %b : {I}", I, [ia, ib],
      np.maximum)
check("negate_i32", [("a", I)], f"  %r = stablehlo.negate %a : {I}", I, [ia], np.negative)
check("abs_i32", [("a", I)], f"  %r = stablehlo.abs %a : {I}", I, [ia], np.abs)

# Integer power: wraps on overflow; negative exponents give 0 except for
# bases 1 and -1.
# CHECK: power_i32 OK
pa = np.array([[2, -3, 0, 1, -1, 7], [5, 1, -1, 2, -1, -2]], np.int32)
pb = np.array([[3, 2, 0, -5, -3, 10], [1, 4, 3, -1, -4, 31]], np.int32)


def ipow(x, e):
    if e < 0:
        return 1 if x == 1 else ((-1) ** (-e) if x == -1 else 0)
    return x ** e


def ipow_ref(a, b):
    v = [ipow(int(x), int(e)) & 0xFFFFFFFF for x, e in zip(a.ravel(), b.ravel())]
    return np.array(v, np.uint64).astype(np.uint32).view(np.int32).reshape(a.shape)


check("power_i32", [("a", "tensor<2x6xi32>"), ("b", "tensor<2x6xi32>")],
      "  %r = stablehlo.power %a, %b : tensor<2x6xi32>", "tensor<2x6xi32>", [pa, pb], ipow_ref)

# compare + select (every direction, float and signed integer) and convert.
cmp = {"GT": np.greater, "GE": np.greater_equal, "LT": np.less, "LE": np.less_equal,
       "EQ": np.equal, "NE": np.not_equal}
b_ties = np.where(RNG.uniform(size=(3, 5)) < 0.3, a, b)
ib_ties = np.where(RNG.uniform(size=(3, 5)) < 0.3, ia, ib)
# CHECK: compare_GT_FLOAT OK
# CHECK: compare_GT_SIGNED OK
# CHECK: compare_GE_FLOAT OK
# CHECK: compare_GE_SIGNED OK
# CHECK: compare_LT_FLOAT OK
# CHECK: compare_LT_SIGNED OK
# CHECK: compare_LE_FLOAT OK
# CHECK: compare_LE_SIGNED OK
# CHECK: compare_EQ_FLOAT OK
# CHECK: compare_EQ_SIGNED OK
# CHECK: compare_NE_FLOAT OK
# CHECK: compare_NE_SIGNED OK
for d, ref in cmp.items():
    check(f"compare_{d}_FLOAT", [("a", T), ("b", T)],
          f"  %p = stablehlo.compare {d}, %a, %b, FLOAT : ({T}, {T}) -> {P}\n"
          f"  %r = stablehlo.select %p, %a, %b : {P}, {T}", T, [a, b_ties],
          lambda x, y, ref=ref: np.where(ref(x, y), x, y))
    check(f"compare_{d}_SIGNED", [("a", I), ("b", I)],
          f"  %p = stablehlo.compare {d}, %a, %b, SIGNED : ({I}, {I}) -> {P}\n"
          f"  %r = stablehlo.convert %p : ({P}) -> {I}", I, [ia, ib_ties],
          lambda x, y, ref=ref: ref(x, y).astype(np.int32))

# Scalar predicate selects whole operands.
# CHECK: select_scalar_pred OK
check("select_scalar_pred", [("s", "tensor<f32>"), ("a", T), ("b", T)],
      "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
      "  %p = stablehlo.compare GT, %s, %z, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
      f"  %r = stablehlo.select %p, %a, %b : tensor<i1>, {T}", T,
      [np.float32(-1.0), a, b], lambda s, x, y: x if s > 0 else y)

# CHECK: convert_f32_i32 OK
# CHECK: convert_i32_f32 OK
check("convert_f32_i32", [("a", T)], f"  %r = stablehlo.convert %a : ({T}) -> {I}", I, [a * 4],
      lambda x: np.trunc(x).astype(np.int32))
check("convert_i32_f32", [("a", I)], f"  %r = stablehlo.convert %a : ({I}) -> {T}", T, [ia],
      lambda x: x.astype(np.float32))
