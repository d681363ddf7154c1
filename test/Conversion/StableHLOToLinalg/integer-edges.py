# Tests that integer arithmetic follows XLA where LLVM leaves it undefined or
# traps: x / 0 = -1, x % 0 = x, INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0;
# add, multiply and negate wrap; float max/min propagate NaN.
# RUN: %python %s | FileCheck %s
# CHECK-NOT: FAIL
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from hlo_check import check  # noqa: E402

I32_MIN, I32_MAX = -(2**31), 2**31 - 1
A = np.array([7, -7, 0, I32_MIN, I32_MIN, 5, I32_MAX, -1], dtype=np.int32)
B = np.array([0, 0, 0, -1, 0, 3, 2, -1], dtype=np.int32)
T = f"tensor<{A.size}xi32>"


def xla_div(a, b):
    out = []
    for x, y in zip(a.tolist(), b.tolist()):
        if y == 0:
            out.append(-1)
        elif x == I32_MIN and y == -1:
            out.append(I32_MIN)
        else:
            q = abs(x) // abs(y)  # truncation toward zero
            out.append(q if (x < 0) == (y < 0) else -q)
    return np.array(out, dtype=np.int32)


def xla_rem(a, b):
    out = []
    for x, y in zip(a.tolist(), b.tolist()):
        if y == 0:
            out.append(x)
        elif x == I32_MIN and y == -1:
            out.append(0)
        else:
            r = abs(x) % abs(y)  # the sign of the dividend
            out.append(r if x >= 0 else -r)
    return np.array(out, dtype=np.int32)


def wrap(v):
    return np.array([((x + 2**31) % 2**32) - 2**31 for x in v], dtype=np.int32)


# CHECK: divide_by_zero OK
check("divide_by_zero", [("a", T), ("b", T)], f"  %r = stablehlo.divide %a, %b : {T}", T,
      [A, B], xla_div)
# CHECK: remainder_by_zero OK
check("remainder_by_zero", [("a", T), ("b", T)], f"  %r = stablehlo.remainder %a, %b : {T}",
      T, [A, B], xla_rem)
# CHECK: add_wraps OK
check("add_wraps", [("a", T), ("b", T)], f"  %r = stablehlo.add %a, %a : {T}", T, [A, B],
      lambda a, b: wrap([2 * x for x in a.tolist()]))
# CHECK: multiply_wraps OK
check("multiply_wraps", [("a", T), ("b", T)], f"  %r = stablehlo.multiply %a, %a : {T}", T,
      [A, B], lambda a, b: wrap([x * x for x in a.tolist()]))
# CHECK: negate_wraps OK
check("negate_wraps", [("a", T)], f"  %r = stablehlo.negate %a : {T}", T, [A],
      lambda a: wrap([-x for x in a.tolist()]))

F = "tensor<6xf32>"
X = np.array([np.nan, 1.0, -np.inf, np.nan, 0.5, -2.0], dtype=np.float32)
Y = np.array([1.0, np.nan, 3.0, np.nan, -0.5, np.inf], dtype=np.float32)
# CHECK: maximum_nan OK
check("maximum_nan", [("a", F), ("b", F)], f"  %r = stablehlo.maximum %a, %b : {F}", F,
      [X, Y], np.maximum)
# CHECK: minimum_nan OK
check("minimum_nan", [("a", F), ("b", F)], f"  %r = stablehlo.minimum %a, %b : {F}", F,
      [X, Y], np.minimum)
# A max-reduction over rows with a NaN is NaN, whatever its position.
R = np.array([[1, np.nan, 3], [np.nan, 0, 0], [4, 5, 6]], dtype=np.float32)
# CHECK: reduce_max_nan OK
check("reduce_max_nan", [("a", "tensor<3x3xf32>")],
      "  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
      "  %r = stablehlo.reduce(%a init: %init) applies stablehlo.maximum across dimensions = [1]"
      " : (tensor<3x3xf32>, tensor<f32>) -> tensor<3xf32>",
      "tensor<3xf32>", [R], lambda a: np.max(a, axis=1))
