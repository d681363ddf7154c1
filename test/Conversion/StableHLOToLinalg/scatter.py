# Tests that converted scatter (embedding-gradient shape, add and max
# combiners, out-of-bounds updates dropped) and select_and_scatter (max-pool
# gradient with ties, a min select, a general select region) match numpy.
# RUN: %python %s | FileCheck %s
# CHECK-NOT: FAIL
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from hlo_check import check, rand  # noqa: E402

idx = np.array([[[3], [0]], [[3], [11]], [[-1], [7]]], np.int32)  # duplicates and out-of-bounds
upd = rand(3, 2, 4)
table = rand(10, 4)


def scatter_ref(t, i, u, fn):
    out = t.copy()
    for b in np.ndindex(i.shape[:-1]):
        k = int(i[b][0])
        if 0 <= k < t.shape[0]:
            out[k] = fn(out[k], u[b])
    return out


def scatter_text(combiner):
    return ('  %r = "stablehlo.scatter"(%t, %i, %u) <{indices_are_sorted = false, '
            "scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], "
            "inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, "
            "unique_indices = false}> ({\n"
            "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
            f"    %s = stablehlo.{combiner} %a, %b : tensor<f32>\n"
            "    stablehlo.return %s : tensor<f32>\n"
            "  }) : (tensor<10x4xf32>, tensor<3x2x1xi32>, tensor<3x2x4xf32>) -> tensor<10x4xf32>")


ARGS = [("t", "tensor<10x4xf32>"), ("i", "tensor<3x2x1xi32>"), ("u", "tensor<3x2x4xf32>")]
# CHECK: scatter_add OK
check("scatter_add", ARGS, scatter_text("add"), "tensor<10x4xf32>", [table, idx, upd],
      lambda t, i, u: scatter_ref(t, i, u, np.add), atol=1e-6)
# CHECK: scatter_max OK
check("scatter_max", ARGS, scatter_text("maximum"), "tensor<10x4xf32>", [table, idx, upd],
      lambda t, i, u: scatter_ref(t, i, u, np.maximum))


def sas_ref(x, src, init, win, stride, pick_first, better, pad=None):
    """Padding elements are never selected (XLA semantics)."""
    pad = pad or [(0, 0)] * x.ndim
    out = np.full(x.shape, init, np.float32)
    for o in np.ndindex(src.shape):
        best = None
        for k in np.ndindex(*win):
            p = tuple(oi * s + ki - lo for oi, s, ki, (lo, _) in zip(o, stride, k, pad))
            if any(pi < 0 or pi >= n for pi, n in zip(p, x.shape)):
                continue
            if best is None or better(x[p], x[best]) or (not pick_first and x[p] == x[best]):
                best = p
        out[best] += src[o]
    return out


x = np.round(rand(2, 6, 6, 3) * 2) / 2  # many ties
src = rand(2, 3, 3, 3)


def sas_text(select_body, shape_in="tensor<2x6x6x3xf32>", shape_src="tensor<2x3x3x3xf32>",
             win="1, 2, 2, 1", stride="1, 2, 2, 1", pad="dense<0> : tensor<4x2xi64>"):
    return ("  %z = stablehlo.constant dense<0.5> : tensor<f32>\n"
            f'  %r = "stablehlo.select_and_scatter"(%x, %s, %z) <{{padding = {pad}, '
            f"window_dimensions = array<i64: {win}>, window_strides = array<i64: {stride}>}}> ({{\n"
            "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
            f"{select_body}"
            "  }, {\n"
            "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
            "    %t = stablehlo.add %a, %b : tensor<f32>\n"
            "    stablehlo.return %t : tensor<f32>\n"
            f"  }}) : ({shape_in}, {shape_src}, tensor<f32>) -> {shape_in}")


def cmp(direction):
    return (f"    %p = stablehlo.compare {direction}, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
            "    stablehlo.return %p : tensor<i1>\n")


SAS_ARGS = [("x", "tensor<2x6x6x3xf32>"), ("s", "tensor<2x3x3x3xf32>")]
W, S = (1, 2, 2, 1), (1, 2, 2, 1)
# CHECK: select_and_scatter_GE OK
check("select_and_scatter_GE", SAS_ARGS, sas_text(cmp("GE")), "tensor<2x6x6x3xf32>", [x, src],
      lambda x, s: sas_ref(x, s, 0.5, W, S, True, lambda a, b: a > b), atol=1e-6)
# CHECK: select_and_scatter_GT OK
check("select_and_scatter_GT", SAS_ARGS, sas_text(cmp("GT")), "tensor<2x6x6x3xf32>", [x, src],
      lambda x, s: sas_ref(x, s, 0.5, W, S, False, lambda a, b: a > b), atol=1e-6)
# CHECK: select_and_scatter_LE OK
check("select_and_scatter_LE", SAS_ARGS, sas_text(cmp("LE")), "tensor<2x6x6x3xf32>", [x, src],
      lambda x, s: sas_ref(x, s, 0.5, W, S, True, lambda a, b: a < b), atol=1e-6)
# A select region that is not a single compare takes the general path
# (here: prefer the larger absolute value, first on ties).
# CHECK: select_and_scatter_general OK
check("select_and_scatter_general", SAS_ARGS,
      sas_text("    %aa = stablehlo.abs %a : tensor<f32>\n"
               "    %ab = stablehlo.abs %b : tensor<f32>\n" +
               cmp("GE").replace("%a, %b", "%aa, %ab")),
      "tensor<2x6x6x3xf32>", [x, src],
      lambda x, s: sas_ref(np.abs(x), s, 0.5, W, S, True, lambda a, b: a > b), atol=1e-6)
# Overlapping windows (window 3, stride 1 on one dimension).
# CHECK: select_and_scatter_overlap OK
xo = np.round(rand(5, 4) * 2) / 2
so = rand(3, 2)
check("select_and_scatter_overlap", [("x", "tensor<5x4xf32>"), ("s", "tensor<3x2xf32>")],
      sas_text(cmp("GE"), "tensor<5x4xf32>", "tensor<3x2xf32>", "3, 2", "1, 2").replace(
          "dense<0> : tensor<4x2xi64>", "dense<0> : tensor<2x2xi64>"),
      "tensor<5x4xf32>", [xo, so],
      lambda x, s: sas_ref(x, s, 0.5, (3, 2), (1, 2), True, lambda a, b: a > b), atol=1e-6)
# ResNet-style 3x3 stride-2 SAME max pooling on odd sizes: padded windows.
# CHECK: select_and_scatter_padded OK
# CHECK: select_and_scatter_padded_general OK
xp = np.round(rand(2, 5, 5, 3) * 2) / 2
sp = rand(2, 3, 3, 3)
PAD = [(0, 0), (1, 1), (1, 1), (0, 0)]
PAD_TEXT = "dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>"
for name, body, transform in [
        ("select_and_scatter_padded", cmp("GE"), lambda v: v),
        ("select_and_scatter_padded_general",
         "    %aa = stablehlo.abs %a : tensor<f32>\n"
         "    %ab = stablehlo.abs %b : tensor<f32>\n" + cmp("GE").replace("%a, %b", "%aa, %ab"),
         np.abs)]:
    check(name, [("x", "tensor<2x5x5x3xf32>"), ("s", "tensor<2x3x3x3xf32>")],
          sas_text(body, "tensor<2x5x5x3xf32>", "tensor<2x3x3x3xf32>", "1, 3, 3, 1", "1, 2, 2, 1",
                   PAD_TEXT),
          "tensor<2x5x5x3xf32>", [xp, sp],
          lambda x, s, transform=transform: sas_ref(transform(x), s, 0.5, (1, 3, 3, 1),
                                                    (1, 2, 2, 1), True, lambda a, b: a > b, PAD),
          atol=1e-6)

# scatter-add with batching dimensions, as the gradient of jax.lax.top_k and
# take_along_axis emits it: row t of the operand gets updates[t, k] at column
# idx[t, k, 0] (duplicates add; an out-of-range index is dropped).
SB = ('  %s = "stablehlo.scatter"(%z, %i, %u) <{indices_are_sorted = false, '
      "scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], "
      "input_batching_dims = [0], scatter_indices_batching_dims = [0], "
      "scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({\n"
      "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
      "    %c = stablehlo.add %a, %b : tensor<f32>\n"
      "    stablehlo.return %c : tensor<f32>\n"
      "  }) : (tensor<3x5xf32>, tensor<3x2x1xi32>, tensor<3x2xf32>) -> tensor<3x5xf32>\n"
      "  %r = stablehlo.add %s, %z : tensor<3x5xf32>")
zb = rand(3, 5)
ib = np.array([[[4], [0]], [[2], [2]], [[7], [1]]], np.int32)
ub = rand(3, 2)


def batched_scatter_add(z, i, u):
    out = z.copy()
    for t in range(3):
        for k in range(2):
            if 0 <= i[t, k, 0] < 5:
                out[t, i[t, k, 0]] += u[t, k]
    return out + z


# CHECK: scatter_add_batching OK
check("scatter_add_batching", [("z", "tensor<3x5xf32>"), ("i", "tensor<3x2x1xi32>"),
                               ("u", "tensor<3x2xf32>")], SB, "tensor<3x5xf32>", [zb, ib, ub],
      batched_scatter_add)
