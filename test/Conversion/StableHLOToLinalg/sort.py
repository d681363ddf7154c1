# Tests that converted sorts match numpy: jnp.sort and jnp.argsort as JAX
# 0.10 prints them (TOTALORDER comparator on canonicalized floats, so NaN
# sorts last), ties kept in input order, descending, along either dimension,
# integers.
# RUN: %python %s | FileCheck %s
# CHECK-NOT: FAIL
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from hlo_check import check, rand  # noqa: E402

# JAX's float comparator: -0 -> 0 and NaN -> one NaN, then TOTALORDER LT.
JAX_LT = """  ^bb0(%a: tensor<f32>, %b: tensor<f32>{extra}):
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.compare EQ, %a, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = stablehlo.select %1, %cst, %a : tensor<i1>, tensor<f32>
    %3 = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %nan = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %4 = stablehlo.select %3, %nan, %2 : tensor<i1>, tensor<f32>
    %5 = stablehlo.compare EQ, %b, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %6 = stablehlo.select %5, %cst, %b : tensor<i1>, tensor<f32>
    %7 = stablehlo.compare NE, %b, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %8 = stablehlo.select %7, %nan, %6 : tensor<i1>, tensor<f32>
    %9 = stablehlo.compare LT, %4, %8, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %9 : tensor<i1>"""

x = np.array([[3.0, -1.0, np.nan, 2.0, -1.0, 0.0], [5.0, 5.0, -np.inf, 1.0, np.inf, -0.0],
              [0.5, 0.25, 0.5, 0.25, 0.5, 0.25]], np.float32)

# CHECK: sort_rows OK
check("sort_rows", [("x", "tensor<3x6xf32>")],
      '  %r = "stablehlo.sort"(%x) <{dimension = 1 : i64, is_stable = true}> ({\n'
      + JAX_LT.format(extra="") + "\n  }) : (tensor<3x6xf32>) -> tensor<3x6xf32>",
      "tensor<3x6xf32>", [x], lambda a: np.sort(a, axis=1))
# CHECK: argsort_rows OK
check("argsort_rows", [("x", "tensor<3x6xf32>")],
      "  %i = stablehlo.iota dim = 1 : tensor<3x6xi32>\n"
      '  %s:2 = "stablehlo.sort"(%x, %i) <{dimension = 1 : i64, is_stable = true}> ({\n'
      + JAX_LT.format(extra=", %c: tensor<i32>, %d: tensor<i32>")
      + "\n  }) : (tensor<3x6xf32>, tensor<3x6xi32>) -> (tensor<3x6xf32>, tensor<3x6xi32>)\n"
      "  %r = stablehlo.add %s#1, %s#1 : tensor<3x6xi32>", "tensor<3x6xi32>", [x],
      lambda a: 2 * np.argsort(a, axis=1, kind="stable").astype(np.int32))

# Along dimension 0, descending (GT), with ties: stable order among equals.
y = np.round(rand(7, 3) * 2).astype(np.float32)
# CHECK: sort_desc_dim0 OK
check("sort_desc_dim0", [("a", "tensor<7x3xf32>")],
      "  %i = stablehlo.iota dim = 0 : tensor<7x3xi32>\n"
      '  %s:2 = "stablehlo.sort"(%a, %i) <{dimension = 0 : i64, is_stable = true}> ({\n'
      "  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>, %a1: tensor<i32>, %b1: tensor<i32>):\n"
      "    %p = stablehlo.compare GT, %a0, %b0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
      "    stablehlo.return %p : tensor<i1>\n"
      "  }) : (tensor<7x3xf32>, tensor<7x3xi32>) -> (tensor<7x3xf32>, tensor<7x3xi32>)\n"
      "  %r = stablehlo.convert %s#1 : (tensor<7x3xi32>) -> tensor<7x3xf32>", "tensor<7x3xf32>",
      [y], lambda a: np.argsort(-a, axis=0, kind="stable").astype(np.float32))

# Integers, keyed on the second operand (lexicographic comparator).
k = np.array([3, 1, 2, 1, 3, 0, 2, 1], np.int32)
v = np.array([10, 20, 30, 40, 50, 60, 70, 80], np.int32)
# CHECK: sort_int_key OK
check("sort_int_key", [("k", "tensor<8xi32>"), ("v", "tensor<8xi32>")],
      '  %s:2 = "stablehlo.sort"(%v, %k) <{dimension = 0 : i64}> ({\n'
      "  ^bb0(%a0: tensor<i32>, %b0: tensor<i32>, %a1: tensor<i32>, %b1: tensor<i32>):\n"
      "    %p = stablehlo.compare LT, %a1, %b1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
      "    stablehlo.return %p : tensor<i1>\n"
      "  }) : (tensor<8xi32>, tensor<8xi32>) -> (tensor<8xi32>, tensor<8xi32>)\n"
      "  %r = stablehlo.subtract %s#0, %s#1 : tensor<8xi32>", "tensor<8xi32>", [k, v],
      lambda k, v: (v[np.argsort(k, kind="stable")] - np.sort(k)).astype(np.int32))

# chlo.top_k (jax.lax.top_k): largest first in total order (NaN on top,
# +0 above -0), equal elements lower index first; values and indices.
tk = np.array([[1, 3, 3, np.nan, -0.0, 0.0, -np.inf, 2], [5, 5, 5, 5, 1, 1, 1, 1],
               [0.0, -0.0, -1, -2, -3, -4, -5, -6]], np.float32)
TOPK = ("  %v, %i = chlo.top_k(%a, k = 4) : tensor<3x8xf32> -> "
        "(tensor<3x4xf32>, tensor<3x4xi32>)\n")
# What jax.lax.top_k(tk, 4) gives (JAX 0.10.2).
TK_VALUES = np.array([[np.nan, 3, 3, 2], [5, 5, 5, 5], [0.0, -0.0, -1, -2]], np.float32)
TK_INDICES = np.array([[3, 1, 2, 7], [0, 1, 2, 3], [0, 1, 2, 3]], np.int32)
# CHECK: top_k_values OK
check("top_k_values", [("a", "tensor<3x8xf32>")], TOPK + "  %r = stablehlo.add %v, %v : tensor<3x4xf32>",
      "tensor<3x4xf32>", [tk], lambda a: 2 * TK_VALUES)
# CHECK: top_k_indices OK
check("top_k_indices", [("a", "tensor<3x8xf32>")], TOPK + "  %r = stablehlo.add %i, %i : tensor<3x4xi32>",
      "tensor<3x4xi32>", [tk], lambda a: 2 * TK_INDICES)
# CHECK: top_k_int OK
check("top_k_int", [("a", "tensor<1x6xi32>")],
      "  %v, %i = chlo.top_k(%a, k = 3) : tensor<1x6xi32> -> (tensor<1x3xi32>, tensor<1x3xi32>)\n"
      "  %r = stablehlo.multiply %v, %i : tensor<1x3xi32>", "tensor<1x3xi32>",
      [np.array([[3, 1, 3, -7, 9, 9]], np.int32)],
      lambda a: np.array([[9 * 4, 9 * 5, 3 * 0]], np.int32))
