# Tests that converted constants, iota, broadcast_in_dim, transpose, reshape,
# slice, concatenate, pad and gather match numpy on random inputs.
# RUN: %python %s | FileCheck %s
# CHECK-NOT: FAIL
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from hlo_check import check, rand  # noqa: E402

x = rand(3, 4)
v = rand(4)

# CHECK: constant OK
check("constant", [("a", "tensor<2x2xf32>")],
      "  %c = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>\n"
      "  %r = stablehlo.add %a, %c : tensor<2x2xf32>", "tensor<2x2xf32>",
      [rand(2, 2)], lambda a: a + np.array([[1, 2], [3, 4]], np.float32))
# CHECK: iota_f32 OK
# CHECK: iota_i32 OK
check("iota_f32", [("a", "tensor<3x4xf32>")],
      "  %i = stablehlo.iota dim = 1 : tensor<3x4xf32>\n"
      "  %r = stablehlo.add %a, %i : tensor<3x4xf32>", "tensor<3x4xf32>", [x],
      lambda a: a + np.arange(4, dtype=np.float32)[None, :])
check("iota_i32", [], "  %r = stablehlo.iota dim = 0 : tensor<3x2xi32>", "tensor<3x2xi32>", [],
      lambda: np.repeat(np.arange(3, dtype=np.int32)[:, None], 2, axis=1))
# CHECK: broadcast_row OK
# CHECK: broadcast_size1 OK
# CHECK: broadcast_scalar OK
check("broadcast_row", [("v", "tensor<4xf32>")],
      "  %r = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>",
      "tensor<3x4xf32>", [v], lambda a: np.broadcast_to(a, (3, 4)))
check("broadcast_size1", [("a", "tensor<3x1xf32>")],
      "  %r = stablehlo.broadcast_in_dim %a, dims = [0, 2] : (tensor<3x1xf32>) -> tensor<3x2x5xf32>",
      "tensor<3x2x5xf32>", [rand(3, 1)], lambda a: np.broadcast_to(a[:, None, :], (3, 2, 5)))
check("broadcast_scalar", [("s", "tensor<f32>")],
      "  %r = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2x3xf32>",
      "tensor<2x3xf32>", [np.float32(1.5)], lambda s: np.full((2, 3), s, np.float32))
# CHECK: transpose OK
check("transpose", [("a", "tensor<2x3x4xf32>")],
      "  %r = stablehlo.transpose %a, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>",
      "tensor<4x2x3xf32>", [rand(2, 3, 4)], lambda a: np.transpose(a, (2, 0, 1)))
# CHECK: reshape_collapse OK
# CHECK: reshape_expand OK
# CHECK: reshape_general OK
# CHECK: reshape_scalar OK
check("reshape_collapse", [("a", "tensor<3x4xf32>")],
      "  %r = stablehlo.reshape %a : (tensor<3x4xf32>) -> tensor<12xf32>", "tensor<12xf32>", [x],
      lambda a: a.reshape(12))
check("reshape_expand", [("a", "tensor<4xf32>")],
      "  %r = stablehlo.reshape %a : (tensor<4xf32>) -> tensor<1x4xf32>", "tensor<1x4xf32>", [v],
      lambda a: a.reshape(1, 4))
check("reshape_general", [("a", "tensor<3x4xf32>")],
      "  %r = stablehlo.reshape %a : (tensor<3x4xf32>) -> tensor<2x6xf32>", "tensor<2x6xf32>", [x],
      lambda a: a.reshape(2, 6))
check("reshape_scalar", [("a", "tensor<1x1xf32>")],
      "  %r = stablehlo.reshape %a : (tensor<1x1xf32>) -> tensor<f32>", "tensor<f32>",
      [rand(1, 1)], lambda a: a.reshape(()))
# CHECK: slice OK
# CHECK: slice_strided OK
check("slice", [("a", "tensor<3x4xf32>")],
      "  %r = stablehlo.slice %a [1:3, 0:4] : (tensor<3x4xf32>) -> tensor<2x4xf32>",
      "tensor<2x4xf32>", [x], lambda a: a[1:3, 0:4])
check("slice_strided", [("a", "tensor<3x4xf32>")],
      "  %r = stablehlo.slice %a [0:3:2, 1:4:2] : (tensor<3x4xf32>) -> tensor<2x2xf32>",
      "tensor<2x2xf32>", [x], lambda a: a[0:3:2, 1:4:2])
# CHECK: concatenate OK
check("concatenate", [("a", "tensor<3x4xf32>"), ("b", "tensor<3x2xf32>")],
      "  %r = stablehlo.concatenate %a, %b, %a, dim = 1 : (tensor<3x4xf32>, tensor<3x2xf32>, "
      "tensor<3x4xf32>) -> tensor<3x10xf32>", "tensor<3x10xf32>", [x, rand(3, 2)],
      lambda a, b: np.concatenate([a, b, a], axis=1))
# CHECK: pad_edge OK
# CHECK: pad_negative_interior OK
check("pad_edge", [("a", "tensor<3x4xf32>")],
      "  %c = stablehlo.constant dense<7.0> : tensor<f32>\n"
      "  %r = stablehlo.pad %a, %c, low = [1, 0], high = [0, 2], interior = [0, 0] : "
      "(tensor<3x4xf32>, tensor<f32>) -> tensor<4x6xf32>", "tensor<4x6xf32>", [x],
      lambda a: np.pad(a, ((1, 0), (0, 2)), constant_values=7))


def pad_ref(a):
    dil = np.full((5, 4), -1.0, np.float32)  # interior 1 on dim 0
    dil[::2] = a
    out = np.pad(dil, ((0, 0), (2, 0)), constant_values=-1)  # low 2 on dim 1
    return out[1:, :-1]  # low -1 on dim 0, high -1 on dim 1


check("pad_negative_interior", [("a", "tensor<3x4xf32>")],
      "  %c = stablehlo.constant dense<-1.0> : tensor<f32>\n"
      "  %r = stablehlo.pad %a, %c, low = [-1, 2], high = [0, -1], interior = [1, 0] : "
      "(tensor<3x4xf32>, tensor<f32>) -> tensor<4x5xf32>", "tensor<4x5xf32>", [x], pad_ref)
# CHECK: gather_embedding OK
idx = np.array([[2], [-3], [12], [4]], np.int32)  # -3 and 12 are clamped to 0 and 9
check("gather_embedding", [("t", "tensor<10x3xf32>"), ("i", "tensor<4x1xi32>")],
      '  %r = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], '
      "collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, "
      "slice_sizes = array<i64: 1, 3>}> : (tensor<10x3xf32>, tensor<4x1xi32>) -> tensor<4x3xf32>",
      "tensor<4x3xf32>", [rand(10, 3), idx], lambda t, i: t[np.clip(i[:, 0], 0, 9)])
# take_along_axis as JAX emits it (operand_batching_dims): row b of the
# result reads row b of the operand at its own clamped index; the batch is
# the second indices dimension here, so the pairing is checked, not assumed.
# CHECK: gather_batching OK
tb = rand(3, 5, 4)
ib = np.array([[[1], [7]], [[0], [-2]], [[4], [3]], [[2], [2]]], np.int32).reshape(4, 2, 1)
ib = np.stack([ib[:, 0], ib[:, 1], ib[:, 0]], axis=1).reshape(4, 3, 1)  # 4 x 3 x 1
check("gather_batching", [("t", "tensor<3x5x4xf32>"), ("i", "tensor<4x3x1xi32>")],
      '  %r = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<'
      "collapsed_slice_dims = [1, 2], operand_batching_dims = [0], start_indices_batching_dims = [1], "
      "start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 1>}> : "
      "(tensor<3x5x4xf32>, tensor<4x3x1xi32>) -> tensor<4x3xf32>",
      "tensor<4x3xf32>", [tb, ib],
      lambda t, i: np.array([[t[b, np.clip(i[a, b, 0], 0, 4), 0] for b in range(3)]
                             for a in range(4)], np.float32))
