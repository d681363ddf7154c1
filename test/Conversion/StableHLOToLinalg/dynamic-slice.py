# Tests that converted reverse, dynamic_slice and dynamic_update_slice (with
# StableHLO's clamping of out-of-range starts) and the iota-based masks JAX
# emits (tril/triu, one_hot, iota along any dimension, broadcast iota) match
# numpy.
# RUN: %python %s | FileCheck %s
# CHECK-NOT: FAIL
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from hlo_check import check, rand  # noqa: E402

x = rand(3, 4)
x3 = rand(2, 3, 4)

# CHECK: reverse_1 OK
# CHECK: reverse_02 OK
check("reverse_1", [("a", "tensor<3x4xf32>")],
      "  %r = stablehlo.reverse %a, dims = [1] : tensor<3x4xf32>", "tensor<3x4xf32>", [x],
      lambda a: a[:, ::-1])
check("reverse_02", [("a", "tensor<2x3x4xf32>")],
      "  %r = stablehlo.reverse %a, dims = [0, 2] : tensor<2x3x4xf32>", "tensor<2x3x4xf32>",
      [x3], lambda a: a[::-1, :, ::-1])


def clamp(v, dim, size):
    return min(max(int(v), 0), dim - size)


# Start indices in range, past the end and negative: all clamped.
# CHECK: dynamic_slice_k0 OK
# CHECK: dynamic_update_slice_k0 OK
# CHECK: dynamic_slice_k1 OK
# CHECK: dynamic_update_slice_k1 OK
# CHECK: dynamic_slice_k5 OK
# CHECK: dynamic_update_slice_k5 OK
# CHECK: dynamic_slice_k-3 OK
# CHECK: dynamic_update_slice_k-3 OK
u = rand(2, 2)
for k in [0, 1, 5, -3]:
    def ds(a, i, j):
        r, c = clamp(i, 3, 2), clamp(j, 4, 2)
        return a[r:r + 2, c:c + 2]

    check(f"dynamic_slice_k{k}", [("a", "tensor<3x4xf32>"), ("i", "tensor<i32>"),
                                  ("j", "tensor<i32>")],
          "  %r = stablehlo.dynamic_slice %a, %i, %j, sizes = [2, 2] : (tensor<3x4xf32>, "
          "tensor<i32>, tensor<i32>) -> tensor<2x2xf32>", "tensor<2x2xf32>",
          [x, np.int32(k), np.int32(k + 1)], ds)

    def dus(a, v, i, j):
        r, c = clamp(i, 3, 2), clamp(j, 4, 2)
        out = a.copy()
        out[r:r + 2, c:c + 2] = v
        return out

    check(f"dynamic_update_slice_k{k}", [("a", "tensor<3x4xf32>"), ("u", "tensor<2x2xf32>"),
                                         ("i", "tensor<i32>"), ("j", "tensor<i32>")],
          "  %r = stablehlo.dynamic_update_slice %a, %u, %i, %j : (tensor<3x4xf32>, "
          "tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>", "tensor<3x4xf32>",
          [x, u, np.int32(k), np.int32(k + 1)], dus)

# Constant starts are clamped at compile time.
# CHECK: dynamic_slice_constant OK
check("dynamic_slice_constant", [("a", "tensor<3x4xf32>")],
      "  %i = stablehlo.constant dense<9> : tensor<i32>\n"
      "  %j = stablehlo.constant dense<-2> : tensor<i32>\n"
      "  %r = stablehlo.dynamic_slice %a, %i, %j, sizes = [1, 3] : (tensor<3x4xf32>, "
      "tensor<i32>, tensor<i32>) -> tensor<1x3xf32>", "tensor<1x3xf32>", [x],
      lambda a: a[2:3, 0:3])

# jnp.tril / jnp.triu as JAX 0.10 prints them.
TRIL = """  %0 = stablehlo.iota dim = 0 : tensor<3x4xi32>
  %c = stablehlo.constant dense<{k}> : tensor<i32>
  %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x4xi32>
  %2 = stablehlo.add %0, %1 : tensor<3x4xi32>
  %3 = stablehlo.iota dim = 1 : tensor<3x4xi32>
  %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi1>
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
  %r = stablehlo.select %4, {on_true}, {on_false} : tensor<3x4xi1>, tensor<3x4xf32>"""
# CHECK: tril OK
# CHECK: triu_1 OK
check("tril", [("a", "tensor<3x4xf32>")], TRIL.format(k=0, on_true="%a", on_false="%5"),
      "tensor<3x4xf32>", [x], np.tril)
check("triu_1", [("a", "tensor<3x4xf32>")], TRIL.format(k=0, on_true="%5", on_false="%a"),
      "tensor<3x4xf32>", [x], lambda a: np.triu(a, 1))

# jax.nn.one_hot: indices broadcast against an iota along the new dimension.
# CHECK: one_hot OK
idx = np.array([0, 3, 1, 4, 2], np.int32)
check("one_hot", [("i", "tensor<5xi32>")],
      "  %0 = stablehlo.broadcast_in_dim %i, dims = [0] : (tensor<5xi32>) -> tensor<5x5xi32>\n"
      "  %1 = stablehlo.iota dim = 1 : tensor<5x5xi32>\n"
      "  %2 = stablehlo.compare EQ, %0, %1, SIGNED : (tensor<5x5xi32>, tensor<5x5xi32>) -> "
      "tensor<5x5xi1>\n"
      "  %r = stablehlo.convert %2 : (tensor<5x5xi1>) -> tensor<5x5xf32>", "tensor<5x5xf32>",
      [idx], lambda i: np.eye(5, dtype=np.float32)[i])

# A causal attention mask: iota along the last two dimensions of a 3-D
# tensor, a broadcast 1-D iota, compare, select -inf.
# CHECK: causal_mask OK
check("causal_mask", [("a", "tensor<2x4x4xf32>")],
      "  %q = stablehlo.iota dim = 1 : tensor<2x4x4xi32>\n"
      "  %k0 = stablehlo.iota dim = 0 : tensor<4xi32>\n"
      "  %k = stablehlo.broadcast_in_dim %k0, dims = [2] : (tensor<4xi32>) -> tensor<2x4x4xi32>\n"
      "  %m = stablehlo.compare LE, %k, %q, SIGNED : (tensor<2x4x4xi32>, tensor<2x4x4xi32>) -> "
      "tensor<2x4x4xi1>\n"
      "  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
      "  %n = stablehlo.broadcast_in_dim %ninf, dims = [] : (tensor<f32>) -> tensor<2x4x4xf32>\n"
      "  %r = stablehlo.select %m, %a, %n : tensor<2x4x4xi1>, tensor<2x4x4xf32>",
      "tensor<2x4x4xf32>", [rand(2, 4, 4)],
      lambda a: np.where(np.tril(np.ones((4, 4), bool))[None], a, -np.inf).astype(np.float32))
