# Tests that the gradients of linalg.generic bodies (element-wise with
# broadcasting, index masks, sum and max reductions) match float64 finite
# differences.
# RUN: %python %s | FileCheck %s
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from gradcheck import run_case  # noqa: E402

ID2 = "affine_map<(d0, d1) -> (d0, d1)>"
ROW = "affine_map<(d0, d1) -> (d1)>"
COL = "affine_map<(d0, d1) -> (d0)>"
SCALAR = "affine_map<(d0, d1) -> ()>"
PAR2 = '["parallel", "parallel"]'


def ew(ins, body, maps, iters=PAR2, out="tensor<2x3xf32>", result="y"):
    """An element-wise generic over 2x3 named `result`; `ins` are (name, type)."""
    names = ", ".join(f"%{n}" for n, _ in ins)
    types = ", ".join(t for _, t in ins)
    args = ", ".join(f"%i{k}: f32" for k in range(len(ins)))
    return f"""
  %e_{result} = tensor.empty() : {out}
  %{result} = linalg.generic {{indexing_maps = [{", ".join(maps)}], iterator_types = {iters}}} ins({names} : {types}) outs(%e_{result} : {out}) {{
  ^bb0({args}, %o: f32):
{body}
  }} -> {out}"""


A = ("a", "tensor<2x3xf32>")
B = ("b", "tensor<2x3xf32>")
ROWV = ("r", "tensor<3xf32>")
COLV = ("c", "tensor<2xf32>")
S0 = ("s", "tensor<f32>")

# CHECK: add_sub_broadcast arg0: {{.*}} OK
# CHECK: add_sub_broadcast arg1: {{.*}} OK
# CHECK: add_sub_broadcast arg2: {{.*}} OK
# CHECK: add_sub_broadcast arg3: {{.*}} OK
run_case("add_sub_broadcast", [A, ROWV, COLV, S0], [], ew([A, ROWV, COLV, S0], """
    %t = arith.addf %i0, %i1 : f32
    %u = arith.subf %t, %i2 : f32
    %v = arith.subf %i3, %u : f32
    linalg.yield %v : f32""", [ID2, ROW, COL, SCALAR, ID2]), "y", "tensor<2x3xf32>")

# x * x exercises one operand used twice in a body.
# CHECK: mul_div arg0: {{.*}} OK
# CHECK: mul_div arg1: {{.*}} OK
run_case("mul_div", [A, B], [], ew([A, B], """
    %sq = arith.mulf %i0, %i0 : f32
    %p = arith.mulf %sq, %i1 : f32
    %q = arith.divf %p, %i1 : f32
    %r = arith.divf %i0, %i1 : f32
    %s = arith.addf %q, %r : f32
    linalg.yield %s : f32""", [ID2, ID2, ID2]), "y", "tensor<2x3xf32>", positive=("b",))

# CHECK: relu_neg_const arg0: {{.*}} OK
run_case("relu_neg_const", [A], [], ew([A], """
    %zero = arith.constant 0.0 : f32
    %three = arith.constant 3.0 : f32
    %m = arith.mulf %i0, %three : f32
    %n = arith.negf %m : f32
    %r = arith.maximumf %n, %zero : f32
    %s = arith.addf %r, %m : f32
    linalg.yield %s : f32""", [ID2, ID2]), "y", "tensor<2x3xf32>")

# CHECK: exp_log_tanh arg0: {{.*}} OK
run_case("exp_log_tanh", [A], [], ew([A], """
    %x = math.exp %i0 : f32
    %l = math.log %i0 : f32
    %t = math.tanh %l : f32
    %s = arith.addf %x, %t : f32
    linalg.yield %s : f32""", [ID2, ID2]), "y", "tensor<2x3xf32>", positive=("a",))

# CHECK: sqrt_rsqrt arg0: {{.*}} OK
run_case("sqrt_rsqrt", [A], [], ew([A], """
    %q = math.sqrt %i0 : f32
    %r = math.rsqrt %i0 : f32
    %s = arith.mulf %q, %r : f32
    %t = arith.addf %s, %r : f32
    %u = arith.addf %t, %q : f32
    linalg.yield %u : f32""", [ID2, ID2]), "y", "tensor<2x3xf32>", positive=("a",))

# A causal mask built from linalg.index, as in attention.
# CHECK: index_mask arg0: {{.*}} OK
run_case("index_mask", [A], [], ew([A], """
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %keep = arith.cmpi ule, %j, %i : index
    %half = arith.constant 0.5 : f32
    %m = arith.select %keep, %i0, %half : f32
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %s = arith.mulf %m, %jf : f32
    linalg.yield %s : f32""", [ID2, ID2]), "y", "tensor<2x3xf32>")

# Reductions written as generics: row sums and row maxima, then a combination.
# CHECK: generic_sum_max arg0: {{.*}} OK
run_case("generic_sum_max", [A], [], """
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant -3.4e38 : f32
  %e = tensor.empty() : tensor<2xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %n = linalg.fill ins(%ninf : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %sum = linalg.generic {indexing_maps = [""" + ID2 + ", " + COL + """], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<2x3xf32>) outs(%z : tensor<2xf32>) {
  ^bb0(%x: f32, %o: f32):
    %x2 = arith.mulf %x, %x : f32
    %s = arith.addf %x2, %o : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  %max = linalg.generic {indexing_maps = [""" + ID2 + ", " + COL + """], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<2x3xf32>) outs(%n : tensor<2xf32>) {
  ^bb0(%x: f32, %o: f32):
    %x3 = arith.mulf %x, %x : f32
    %m = arith.maximumf %o, %x3 : f32
    linalg.yield %m : f32
  } -> tensor<2xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%sum, %max : tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %r = arith.divf %p, %q : f32
    linalg.yield %r : f32
  } -> tensor<2xf32>""", "y", "tensor<2xf32>")

# Softmax cross-entropy over rows: max-subtraction, exp, sum, log.
# CHECK: softmax_xent arg0: {{.*}} OK
run_case("softmax_xent", [A], [], """
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant -3.4e38 : f32
  %e1 = tensor.empty() : tensor<2xf32>
  %e2 = tensor.empty() : tensor<2x3xf32>
  %n = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<2xf32>) -> tensor<2xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2xf32>) -> tensor<2xf32>
  %max = linalg.reduce ins(%a : tensor<2x3xf32>) outs(%n : tensor<2xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %m = arith.maximumf %in, %init : f32
      linalg.yield %m : f32
    }
  %ex = linalg.generic {indexing_maps = [""" + ID2 + ", " + COL + ", " + ID2 + """], iterator_types = ["parallel", "parallel"]} ins(%a, %max : tensor<2x3xf32>, tensor<2xf32>) outs(%e2 : tensor<2x3xf32>) {
  ^bb0(%x: f32, %m: f32, %o: f32):
    %d = arith.subf %x, %m : f32
    %x2 = math.exp %d : f32
    linalg.yield %x2 : f32
  } -> tensor<2x3xf32>
  %sum = linalg.reduce ins(%ex : tensor<2x3xf32>) outs(%z : tensor<2xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  %y = linalg.generic {indexing_maps = [""" + ID2 + ", " + COL + ", " + ID2 + """], iterator_types = ["parallel", "parallel"]} ins(%ex, %sum : tensor<2x3xf32>, tensor<2xf32>) outs(%e2 : tensor<2x3xf32>) {
  ^bb0(%x: f32, %s: f32, %o: f32):
    %p = arith.divf %x, %s : f32
    %l = math.log %p : f32
    linalg.yield %l : f32
  } -> tensor<2x3xf32>""", "y", "tensor<2x3xf32>")
