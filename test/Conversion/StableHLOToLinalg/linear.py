# Tests that converted dot_general (matmul, batch matmul, transposed and
# general contractions) and convolution (several layouts, strides, padding,
# dilations, kernel reversal) match numpy on random inputs.
# RUN: %python %s | FileCheck %s
# CHECK-NOT: FAIL
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from hlo_check import check, rand  # noqa: E402

# CHECK: dot_matmul OK
check("dot_matmul", [("a", "tensor<5x8xf32>"), ("b", "tensor<8x3xf32>")],
      "  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT]"
      " : (tensor<5x8xf32>, tensor<8x3xf32>) -> tensor<5x3xf32>", "tensor<5x3xf32>",
      [rand(5, 8), rand(8, 3)], lambda a, b: a @ b, rtol=1e-5, atol=1e-5)
# CHECK: dot_lhs_transposed OK
check("dot_lhs_transposed", [("a", "tensor<8x5xf32>"), ("b", "tensor<8x3xf32>")],
      "  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0]"
      " : (tensor<8x5xf32>, tensor<8x3xf32>) -> tensor<5x3xf32>", "tensor<5x3xf32>",
      [rand(8, 5), rand(8, 3)], lambda a, b: a.T @ b, atol=1e-5)
# CHECK: dot_rhs_transposed OK
check("dot_rhs_transposed", [("a", "tensor<5x8xf32>"), ("b", "tensor<3x8xf32>")],
      "  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [1]"
      " : (tensor<5x8xf32>, tensor<3x8xf32>) -> tensor<5x3xf32>", "tensor<5x3xf32>",
      [rand(5, 8), rand(3, 8)], lambda a, b: a @ b.T, atol=1e-5)
# CHECK: dot_batch_matmul OK
check("dot_batch_matmul", [("a", "tensor<2x3x4xf32>"), ("b", "tensor<2x4x5xf32>")],
      "  %r = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1]"
      " : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>", "tensor<2x3x5xf32>",
      [rand(2, 3, 4), rand(2, 4, 5)], lambda a, b: a @ b, atol=1e-5)
# CHECK: dot_general_attention OK
check("dot_general_attention", [("q", "tensor<2x5x4xf32>"), ("k", "tensor<2x6x4xf32>")],
      "  %r = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2]"
      " : (tensor<2x5x4xf32>, tensor<2x6x4xf32>) -> tensor<2x5x6xf32>", "tensor<2x5x6xf32>",
      [rand(2, 5, 4), rand(2, 6, 4)], lambda q, k: np.einsum("bsd,btd->bst", q, k), atol=1e-5)
# CHECK: dot_two_contracting OK
check("dot_two_contracting", [("a", "tensor<3x4x2xf32>"), ("b", "tensor<2x4x5xf32>")],
      "  %r = stablehlo.dot_general %a, %b, contracting_dims = [1, 2] x [1, 0]"
      " : (tensor<3x4x2xf32>, tensor<2x4x5xf32>) -> tensor<3x5xf32>", "tensor<3x5xf32>",
      [rand(3, 4, 2), rand(2, 4, 5)], lambda a, b: np.einsum("ijk,kjl->il", a, b), atol=1e-5)


def conv_ref(x, w, stride=(1, 1), pad=((0, 0), (0, 0)), lhs_dil=(1, 1), rhs_dil=(1, 1),
             reverse=(False, False)):
    """NHWC x HWIO -> NHWC, StableHLO semantics, in float64."""
    x = x.astype(np.float64)
    w = w.astype(np.float64)
    if reverse[0]:
        w = w[::-1]
    if reverse[1]:
        w = w[:, ::-1]
    n, h, wd, c = x.shape
    dh, dw = (h - 1) * lhs_dil[0] + 1, (wd - 1) * lhs_dil[1] + 1
    xd = np.zeros((n, dh, dw, c))
    xd[:, ::lhs_dil[0], ::lhs_dil[1]] = x
    lo0, hi0 = pad[0]
    lo1, hi1 = pad[1]
    xp = np.pad(xd, ((0, 0), (max(lo0, 0), max(hi0, 0)), (max(lo1, 0), max(hi1, 0)), (0, 0)))
    xp = xp[:, max(-lo0, 0):xp.shape[1] - max(-hi0, 0), max(-lo1, 0):xp.shape[2] - max(-hi1, 0)]
    kh, kw, _, o = w.shape
    ekh, ekw = (kh - 1) * rhs_dil[0] + 1, (kw - 1) * rhs_dil[1] + 1
    oh = (xp.shape[1] - ekh) // stride[0] + 1
    ow = (xp.shape[2] - ekw) // stride[1] + 1
    out = np.zeros((n, oh, ow, o))
    for i in range(oh):
        for j in range(ow):
            patch = xp[:, i * stride[0]:i * stride[0] + ekh:rhs_dil[0],
                       j * stride[1]:j * stride[1] + ekw:rhs_dil[1]]
            out[:, i, j] = np.einsum("nhwc,hwco->no", patch, w)
    return out.astype(np.float32)


x = rand(2, 6, 6, 3)
w = rand(3, 3, 3, 4)
# CHECK: conv_same OK
check("conv_same", [("x", "tensor<2x6x6x3xf32>"), ("w", "tensor<3x3x3x4xf32>")],
      "  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], "
      "window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], "
      "reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, "
      "precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : "
      "(tensor<2x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x6x6x4xf32>", "tensor<2x6x6x4xf32>",
      [x, w], lambda x, w: conv_ref(x, w, pad=((1, 1), (1, 1))), atol=1e-5)
# CHECK: conv_strided_dilated OK
check("conv_strided_dilated", [("x", "tensor<2x6x6x3xf32>"), ("w", "tensor<3x3x3x4xf32>")],
      "  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], "
      "window = {stride = [2, 1], pad = [[2, 1], [0, -1]], rhs_dilate = [1, 2]} "
      "{batch_group_count = 1 : i64, feature_group_count = 1 : i64} : "
      "(tensor<2x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x4x1x4xf32>", "tensor<2x4x1x4xf32>",
      [x, w], lambda x, w: conv_ref(x, w, stride=(2, 1), pad=((2, 1), (0, -1)), rhs_dil=(1, 2)),
      atol=1e-5)
# The input gradient of a strided convolution: lhs dilation and a reversed kernel.
# CHECK: conv_lhs_dilated_reversed OK
check("conv_lhs_dilated_reversed", [("x", "tensor<2x3x3x3xf32>"), ("w", "tensor<3x3x3x4xf32>")],
      "  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], "
      "window = {pad = [[2, 2], [1, 2]], lhs_dilate = [2, 2], reverse = [true, false]} "
      "{batch_group_count = 1 : i64, feature_group_count = 1 : i64} : "
      "(tensor<2x3x3x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x7x6x4xf32>", "tensor<2x7x6x4xf32>",
      [rand(2, 3, 3, 3), w],
      lambda x, w: conv_ref(x, w, pad=((2, 2), (1, 2)), lhs_dil=(2, 2), reverse=(True, False)),
      atol=1e-5)
# The weight-gradient layout JAX emits: [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f].
# CHECK: conv_weight_grad_layout OK
dy = rand(2, 6, 6, 4)
check("conv_weight_grad_layout", [("x", "tensor<2x6x6x3xf32>"), ("dy", "tensor<2x6x6x4xf32>")],
      "  %r = stablehlo.convolution(%x, %dy) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], "
      "window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], "
      "reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : "
      "(tensor<2x6x6x3xf32>, tensor<2x6x6x4xf32>) -> tensor<3x3x3x4xf32>", "tensor<3x3x3x4xf32>",
      [x, dy],
      # out[kh, kw, c, o] = sum_{n,i,j} xpad[n, i+kh, j+kw, c] * dy[n, i, j, o]
      lambda x, dy: np.einsum("nhwcij,nijo->hwco",
                              np.lib.stride_tricks.sliding_window_view(
                                  np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0))), (6, 6), axis=(1, 2)),
                              dy), rtol=1e-4, atol=1e-4)
