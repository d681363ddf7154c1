# Tests that converted reduce (short and region forms, several dimensions,
# variadic argmax) and reduce_window (max and sum pooling with strides,
# padding, dilations) match numpy on random inputs.
# RUN: %python %s | FileCheck %s
# CHECK-NOT: FAIL
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from hlo_check import check, rand  # noqa: E402

x = rand(3, 4, 5)
ZERO = "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
NINF = "  %z = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
# CHECK: reduce_add_one OK
check("reduce_add_one", [("x", "tensor<3x4x5xf32>")],
      ZERO + "  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] :"
      " (tensor<3x4x5xf32>, tensor<f32>) -> tensor<3x5xf32>", "tensor<3x5xf32>", [x],
      lambda a: a.sum(axis=1), atol=1e-5)
# CHECK: reduce_add_all OK
check("reduce_add_all", [("x", "tensor<3x4x5xf32>")],
      "  %z = stablehlo.constant dense<1.5> : tensor<f32>\n"
      "  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0, 1, 2] :"
      " (tensor<3x4x5xf32>, tensor<f32>) -> tensor<f32>", "tensor<f32>", [x],
      lambda a: a.sum() + 1.5, atol=1e-5)
# CHECK: reduce_max OK
check("reduce_max", [("x", "tensor<3x4x5xf32>")],
      NINF + "  %r = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [0, 2] :"
      " (tensor<3x4x5xf32>, tensor<f32>) -> tensor<4xf32>", "tensor<4xf32>", [x],
      lambda a: a.max(axis=(0, 2)))
# CHECK: reduce_region_sum_of_squares OK
check("reduce_region_sum_of_squares", [("x", "tensor<3x4x5xf32>")],
      ZERO + "  %r = stablehlo.reduce(%x init: %z) across dimensions = [2] :"
      " (tensor<3x4x5xf32>, tensor<f32>) -> tensor<3x4xf32>\n"
      "   reducer(%acc: tensor<f32>, %v: tensor<f32>) {\n"
      "    %s = stablehlo.multiply %v, %v : tensor<f32>\n"
      "    %t = stablehlo.add %acc, %s : tensor<f32>\n"
      "    stablehlo.return %t : tensor<f32>\n  }", "tensor<3x4xf32>", [x],
      lambda a: (a * a).sum(axis=2), atol=1e-5)
# Variadic reduce: argmax along dimension 1 (first index on ties).
# CHECK: reduce_argmax OK
ties = np.round(rand(4, 6)).astype(np.float32)
check("reduce_argmax", [("x", "tensor<4x6xf32>")],
      NINF + "  %c0 = stablehlo.constant dense<0> : tensor<i32>\n"
      "  %i = stablehlo.iota dim = 1 : tensor<4x6xi32>\n"
      "  %m:2 = stablehlo.reduce(%x init: %z), (%i init: %c0) across dimensions = [1] :"
      " (tensor<4x6xf32>, tensor<4x6xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)\n"
      "   reducer(%av: tensor<f32>, %bv: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {\n"
      "    %gt = stablehlo.compare GT, %av, %bv, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
      "    %eq = stablehlo.compare EQ, %av, %bv, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
      "    %lt = stablehlo.compare LT, %ai, %bi, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
      "    %tie = stablehlo.and %eq, %lt : tensor<i1>\n"
      "    %keep = stablehlo.or %gt, %tie : tensor<i1>\n"
      "    %v = stablehlo.select %keep, %av, %bv : tensor<i1>, tensor<f32>\n"
      "    %k = stablehlo.select %keep, %ai, %bi : tensor<i1>, tensor<i32>\n"
      "    stablehlo.return %v, %k : tensor<f32>, tensor<i32>\n  }\n"
      "  %r = stablehlo.convert %m#1 : (tensor<4xi32>) -> tensor<4xi32>",
      "tensor<4xi32>", [ties], lambda a: a.argmax(axis=1).astype(np.int32))


def window_ref(a, init, fn, win, stride, pad, base_dil=None, win_dil=None):
    rank = a.ndim
    base_dil = base_dil or [1] * rank
    win_dil = win_dil or [1] * rank
    shape = [(d - 1) * b + 1 for d, b in zip(a.shape, base_dil)]
    dil = np.full(shape, init, np.float64)
    dil[tuple(slice(None, None, b) for b in base_dil)] = a
    padded = np.pad(dil, pad, constant_values=init)
    ext = [(w - 1) * d + 1 for w, d in zip(win, win_dil)]
    out_shape = [(p - e) // s + 1 for p, e, s in zip(padded.shape, ext, stride)]
    out = np.empty(out_shape)
    for idx in np.ndindex(*out_shape):
        sl = tuple(slice(i * s, i * s + e, d) for i, s, e, d in zip(idx, stride, ext, win_dil))
        out[idx] = fn(padded[sl])
    return out.astype(np.float32)


img = rand(2, 6, 6, 3)
# CHECK: max_pool_2x2 OK
check("max_pool_2x2", [("x", "tensor<2x6x6x3xf32>")],
      NINF + '  %r = "stablehlo.reduce_window"(%x, %z) <{padding = dense<0> : tensor<4x2xi64>, '
      "window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({\n"
      "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
      "    %m = stablehlo.maximum %a, %b : tensor<f32>\n"
      "    stablehlo.return %m : tensor<f32>\n"
      "  }) : (tensor<2x6x6x3xf32>, tensor<f32>) -> tensor<2x3x3x3xf32>",
      "tensor<2x3x3x3xf32>", [img],
      lambda a: window_ref(a, -np.inf, np.max, (1, 2, 2, 1), (1, 2, 2, 1), [(0, 0)] * 4))
# CHECK: sum_pool_padded_dilated OK
check("sum_pool_padded_dilated", [("x", "tensor<2x6x6x3xf32>")],
      ZERO + '  %r = "stablehlo.reduce_window"(%x, %z) <{padding = dense<[[0, 0], [1, 1], [2, 0], '
      "[0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 2, 1>, "
      "window_strides = array<i64: 1, 2, 1, 1>, base_dilations = array<i64: 1, 1, 2, 1>, "
      "window_dilations = array<i64: 1, 2, 1, 1>}> ({\n"
      "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
      "    %m = stablehlo.add %a, %b : tensor<f32>\n"
      "    stablehlo.return %m : tensor<f32>\n"
      "  }) : (tensor<2x6x6x3xf32>, tensor<f32>) -> tensor<2x2x12x3xf32>",
      "tensor<2x2x12x3xf32>", [img],
      lambda a: window_ref(a, 0.0, np.sum, (1, 3, 2, 1), (1, 2, 1, 1),
                           [(0, 0), (1, 1), (2, 0), (0, 0)], (1, 1, 2, 1), (1, 2, 1, 1)),
      atol=1e-5)
