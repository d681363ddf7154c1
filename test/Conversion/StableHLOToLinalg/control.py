# Tests that flattened case (lax.switch / lax.cond, constant and run-time
# index, out of range included) and unrolled while loops (fori_loop, scan
# with dynamic slices at the counter, nested loops whose inner bound is the
# outer counter) match numpy.
# RUN: %python %s | FileCheck %s
# CHECK-NOT: FAIL
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from hlo_check import check, rand  # noqa: E402

x = rand(3, 4)
T = "tensor<3x4xf32>"

# lax.switch(k, [y + 1, y * 2, -y]) after JAX's clamp of the index; the case
# itself also sends out-of-range indices to the last branch.
SWITCH = """  %c = stablehlo.constant dense<{lo}> : tensor<i32>
  %c_0 = stablehlo.constant dense<{hi}> : tensor<i32>
  %1 = stablehlo.clamp %c, %k, %c_0 : tensor<i32>
  %r = "stablehlo.case"(%1) ({{
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %4 = stablehlo.add %a, %3 : tensor<3x4xf32>
    stablehlo.return %4 : tensor<3x4xf32>
  }}, {{
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %4 = stablehlo.multiply %a, %3 : tensor<3x4xf32>
    stablehlo.return %4 : tensor<3x4xf32>
  }}, {{
    %3 = stablehlo.negate %a : tensor<3x4xf32>
    stablehlo.return %3 : tensor<3x4xf32>
  }}) : (tensor<i32>) -> tensor<3x4xf32>"""
branches = [lambda a: a + 1, lambda a: a * 2, lambda a: -a]
# CHECK: switch_k-1 OK
# CHECK: switch_k0 OK
# CHECK: switch_k1 OK
# CHECK: switch_k2 OK
# CHECK: switch_k7 OK
# CHECK: case_unclamped_k7 OK
# CHECK: case_unclamped_k-1 OK
for k in [-1, 0, 1, 2, 7]:
    check(f"switch_k{k}", [("a", T), ("k", "tensor<i32>")], SWITCH.format(lo=0, hi=2), T,
          [x, np.int32(k)], lambda a, k: branches[min(max(int(k), 0), 2)](a))
for k in [7, -1]:
    check(f"case_unclamped_k{k}", [("a", T), ("k", "tensor<i32>")],
          SWITCH.format(lo=-100, hi=100), T,
          [x, np.int32(k)], lambda a, k: branches[int(k) if 0 <= k < 3 else 2](a))
# CHECK: case_constant OK
check("case_constant", [("a", T)],
      SWITCH.replace("%k", "%kc").replace("  %c = ", "  %kc = stablehlo.constant dense<1> : "
                                          "tensor<i32>\n  %c = ").format(lo=0, hi=2), T, [x],
      lambda a: a * 2)

# lax.fori_loop(0, 5, lambda k, c: c * 2 + k, x) as JAX 0.10 prints it
# (after --inline).
# CHECK: fori_loop OK
check("fori_loop", [("a", T)], """  %c = stablehlo.constant dense<0> : tensor<i32>
  %c_0 = stablehlo.constant dense<0> : tensor<i32>
  %0:3 = stablehlo.while(%iterArg = %c_0, %iterArg_1 = %c, %iterArg_2 = %a) : tensor<i32>, tensor<i32>, tensor<3x4xf32>
  cond {
    %c_3 = stablehlo.constant dense<5> : tensor<i32>
    %1 = stablehlo.compare LT, %iterArg, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c_1 = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %iterArg_1, %c_1 : tensor<i32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %b = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %m = stablehlo.multiply %iterArg_2, %b : tensor<3x4xf32>
    %f = stablehlo.convert %iterArg_1 : (tensor<i32>) -> tensor<f32>
    %fb = stablehlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %s = stablehlo.add %m, %fb : tensor<3x4xf32>
    %c_3 = stablehlo.constant dense<1> : tensor<i32>
    %2 = stablehlo.add %iterArg, %c_3 : tensor<i32>
    stablehlo.return %2, %n, %s : tensor<i32>, tensor<i32>, tensor<3x4xf32>
  }
  %r = stablehlo.add %0#2, %0#2 : tensor<3x4xf32>""", T, [x],
      lambda a: 2 * (((((a * 2 + 0) * 2 + 1) * 2 + 2) * 2 + 3) * 2 + 4))

# lax.scan(lambda c, r: (c + r, c * r), zeros(4), x): the ys are written
# with dynamic_update_slice at the counter.
# CHECK: scan OK
check("scan", [("a", T)], """  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %2:4 = stablehlo.while(%iterArg = %a, %iterArg_1 = %c, %iterArg_2 = %0, %iterArg_3 = %1) : tensor<3x4xf32>, tensor<i32>, tensor<4xf32>, tensor<3x4xf32>
  cond {
    %c_4 = stablehlo.constant dense<3> : tensor<i32>
    %3 = stablehlo.compare LT, %iterArg_1, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %3 : tensor<i1>
  } do {
    %z = stablehlo.constant dense<0> : tensor<i32>
    %s = stablehlo.dynamic_slice %iterArg, %iterArg_1, %z, sizes = [1, 4] : (tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
    %row = stablehlo.reshape %s : (tensor<1x4xf32>) -> tensor<4xf32>
    %carry = stablehlo.add %iterArg_2, %row : tensor<4xf32>
    %y = stablehlo.multiply %iterArg_2, %row : tensor<4xf32>
    %yb = stablehlo.broadcast_in_dim %y, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %ys = stablehlo.dynamic_update_slice %iterArg_3, %yb, %iterArg_1, %z : (tensor<3x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %6 = stablehlo.add %iterArg_1, %c_4 : tensor<i32>
    stablehlo.return %iterArg, %6, %carry, %ys : tensor<3x4xf32>, tensor<i32>, tensor<4xf32>, tensor<3x4xf32>
  }
  %cb = stablehlo.broadcast_in_dim %2#2, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
  %r = stablehlo.add %2#3, %cb : tensor<3x4xf32>""", T, [x],
      lambda a: np.stack([np.zeros(4, np.float32), a[0], a[0] + a[1]]) * a + a.sum(0))

# Nested loops: for i in range(4): for j in range(i): acc = acc * 0.5 + 1.
# CHECK: nested_loops OK
check("nested_loops", [("s", "tensor<f32>")], """  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %o:2 = stablehlo.while(%iterArg = %c0, %iterArg_0 = %s) : tensor<i32>, tensor<f32>
  cond {
    %c4 = stablehlo.constant dense<4> : tensor<i32>
    %p = stablehlo.compare LT, %iterArg, %c4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %z = stablehlo.constant dense<0> : tensor<i32>
    %in:3 = stablehlo.while(%iterArg_1 = %z, %iterArg_2 = %iterArg, %iterArg_3 = %iterArg_0) : tensor<i32>, tensor<i32>, tensor<f32>
    cond {
      %p = stablehlo.compare LT, %iterArg_1, %iterArg_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %h = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %one = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %m = stablehlo.multiply %iterArg_3, %h : tensor<f32>
      %v = stablehlo.add %m, %one : tensor<f32>
      %c1 = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %iterArg_1, %c1 : tensor<i32>
      stablehlo.return %j, %iterArg_2, %v : tensor<i32>, tensor<i32>, tensor<f32>
    }
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %i = stablehlo.add %iterArg, %c1 : tensor<i32>
    stablehlo.return %i, %in#2 : tensor<i32>, tensor<f32>
  }
  %r = stablehlo.add %o#1, %o#1 : tensor<f32>""", "tensor<f32>", [np.float32(3.0)],
      lambda s: np.float32(2 * (lambda v: [v := v * 0.5 + 1 for _ in range(6)][-1])(s)))
