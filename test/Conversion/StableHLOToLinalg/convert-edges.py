# Tests that stablehlo.convert follows XLA at the edges: float to integer
# saturates (NaN gives 0, out-of-range values the type's minimum or maximum),
# integer narrowing wraps, float to pred is x != 0, and float narrowing rounds
# to nearest even (f16 against numpy's float16; bf16 against rounding written
# out on the bits). Each narrow result is widened inside the function, since
# the runner prints only f32/f64/i32/i64.
# RUN: %python %s | FileCheck %s
# CHECK-NOT: FAIL
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from hlo_check import check  # noqa: E402

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1

EDGES = np.array(
    [np.nan, np.inf, -np.inf, 1e30, -1e30, 2147483520.0, 2147483648.0,
     -2147483648.0, -2147483904.0, 3.7, -3.7, 0.5, -0.5, -0.0, 127.9, -128.9,
     128.0, -129.0, 9.3e18, -9.3e18],
    dtype=np.float32,
)
N = EDGES.size
F32 = f"tensor<{N}xf32>"


def saturate(x, lo, hi):
    """XLA's float -> integer conversion, from its definition."""
    out = np.zeros(x.shape, dtype=np.int64)
    for i, v in enumerate(x.astype(np.float64)):
        if np.isnan(v):
            out[i] = 0
        elif v >= hi:
            out[i] = hi
        elif v <= lo:
            out[i] = lo
        else:
            out[i] = int(np.trunc(v))
    return out


# CHECK: f32_to_i32 OK
check("f32_to_i32", [("a", F32)], f"  %r = stablehlo.convert %a : ({F32}) -> tensor<{N}xi32>",
      f"tensor<{N}xi32>", [EDGES], lambda x: saturate(x, INT32_MIN, INT32_MAX))

# CHECK: f32_to_i64 OK
check("f32_to_i64", [("a", F32)], f"  %r = stablehlo.convert %a : ({F32}) -> tensor<{N}xi64>",
      f"tensor<{N}xi64>", [EDGES], lambda x: saturate(x, INT64_MIN, INT64_MAX))

# CHECK: f64_to_i32 OK
F64 = f"tensor<{N}xf64>"
check("f64_to_i32", [("a", F64)], f"  %r = stablehlo.convert %a : ({F64}) -> tensor<{N}xi32>",
      f"tensor<{N}xi32>", [EDGES.astype(np.float64)], lambda x: saturate(x, INT32_MIN, INT32_MAX))

# CHECK: f32_to_i8 OK
check("f32_to_i8", [("a", F32)],
      f"  %n = stablehlo.convert %a : ({F32}) -> tensor<{N}xi8>\n"
      f"  %r = stablehlo.convert %n : (tensor<{N}xi8>) -> tensor<{N}xi32>",
      f"tensor<{N}xi32>", [EDGES], lambda x: saturate(x, -128, 127))

# f16 cannot hold 2^31: every finite f16 is in i32's range, the infinities
# saturate.
# CHECK: f16_to_i32 OK
check("f16_to_i32", [("a", F32)],
      f"  %h = stablehlo.convert %a : ({F32}) -> tensor<{N}xf16>\n"
      f"  %r = stablehlo.convert %h : (tensor<{N}xf16>) -> tensor<{N}xi32>",
      f"tensor<{N}xi32>", [EDGES],
      lambda x: saturate(x.astype(np.float16), INT32_MIN, INT32_MAX))

# CHECK: f32_to_pred OK
check("f32_to_pred", [("a", F32)],
      f"  %p = stablehlo.convert %a : ({F32}) -> tensor<{N}xi1>\n"
      f"  %r = stablehlo.convert %p : (tensor<{N}xi1>) -> tensor<{N}xi32>",
      f"tensor<{N}xi32>", [EDGES], lambda x: (x != 0).astype(np.int32))

WIDE = np.array([300, -129, 128, 127, -128, 255, 256, -1, INT32_MAX, INT32_MIN], dtype=np.int32)
M = WIDE.size
# CHECK: i32_to_i8_wraps OK
check("i32_to_i8_wraps", [("a", f"tensor<{M}xi32>")],
      f"  %n = stablehlo.convert %a : (tensor<{M}xi32>) -> tensor<{M}xi8>\n"
      f"  %r = stablehlo.convert %n : (tensor<{M}xi8>) -> tensor<{M}xi32>",
      f"tensor<{M}xi32>", [WIDE], lambda x: x.astype(np.int8).astype(np.int32))

LONG = np.array([2**40 + 5, -(2**40) - 5, INT64_MAX, INT64_MIN, 2**31], dtype=np.int64)
# CHECK: i64_to_i32_wraps OK
check("i64_to_i32_wraps", [("a", "tensor<5xi64>")],
      "  %r = stablehlo.convert %a : (tensor<5xi64>) -> tensor<5xi32>",
      "tensor<5xi32>", [LONG], lambda x: x.astype(np.int32))

# Ties and overflow in narrowing: 1 + 2^-11 lies halfway between two f16
# values and rounds to the even one; 65520 rounds to infinity in f16.
ROUND = np.array([1 + 2**-11, 1 + 3 * 2**-11, 65519.0, 65520.0, -65520.0, 1e-8, 5.96e-8,
                  np.nan, np.inf, 1 + 2**-8, 1 + 3 * 2**-8, 3.0e38, -0.0], dtype=np.float32)
R = ROUND.size
# CHECK: f32_to_f16 OK
check("f32_to_f16", [("a", f"tensor<{R}xf32>")],
      f"  %h = stablehlo.convert %a : (tensor<{R}xf32>) -> tensor<{R}xf16>\n"
      f"  %r = stablehlo.convert %h : (tensor<{R}xf16>) -> tensor<{R}xf32>",
      f"tensor<{R}xf32>", [ROUND], lambda x: x.astype(np.float16).astype(np.float32),
      rtol=0, atol=0)


def to_bf16(x):
    """Round f32 to bfloat16 (nearest, ties to even) on the bits."""
    bits = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000
    out = rounded.astype(np.uint32).view(np.float32)
    return np.where(np.isnan(x), np.float32(np.nan), out)


# CHECK: f32_to_bf16 OK
check("f32_to_bf16", [("a", f"tensor<{R}xf32>")],
      f"  %h = stablehlo.convert %a : (tensor<{R}xf32>) -> tensor<{R}xbf16>\n"
      f"  %r = stablehlo.convert %h : (tensor<{R}xbf16>) -> tensor<{R}xf32>",
      f"tensor<{R}xf32>", [ROUND], to_bf16, rtol=0, atol=0)

# bf16 arithmetic rounds each result to bf16, as XLA's CPU back end does.
# CHECK: bf16_add OK
check("bf16_add", [("a", f"tensor<{R}xf32>")],
      f"  %h = stablehlo.convert %a : (tensor<{R}xf32>) -> tensor<{R}xbf16>\n"
      f"  %s = stablehlo.add %h, %h : tensor<{R}xbf16>\n"
      f"  %t = stablehlo.multiply %s, %h : tensor<{R}xbf16>\n"
      f"  %r = stablehlo.convert %t : (tensor<{R}xbf16>) -> tensor<{R}xf32>",
      f"tensor<{R}xf32>", [ROUND],
      lambda x: to_bf16(to_bf16(to_bf16(x) * 2) * to_bf16(x)), rtol=0, atol=0)
