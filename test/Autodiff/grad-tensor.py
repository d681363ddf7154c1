# Tests that the gradients of tensor data-movement ops, constants and values
# with several uses match float64 finite differences.
# RUN: %python %s | FileCheck %s
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from gradcheck import run_case  # noqa: E402

# CHECK: pad arg0: {{.*}} OK
run_case("pad", [("x", "tensor<2x3xf32>")], [], """
  %c = arith.constant 0.0 : f32
  %y = tensor.pad %x low[1, 0] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<2x3xf32> to tensor<3x5xf32>""", "y", "tensor<3x5xf32>")

# CHECK: extract_slice_strided arg0: {{.*}} OK
run_case("extract_slice_strided", [("x", "tensor<4x5xf32>")], [], """
  %y = tensor.extract_slice %x[1, 0] [2, 3] [2, 2] : tensor<4x5xf32> to tensor<2x3xf32>""",
         "y", "tensor<2x3xf32>")

# CHECK: extract_slice_rank_reducing arg0: {{.*}} OK
run_case("extract_slice_rank_reducing", [("x", "tensor<3x4xf32>")], [], """
  %y = tensor.extract_slice %x[1, 1] [1, 3] [1, 1] : tensor<3x4xf32> to tensor<3xf32>""",
         "y", "tensor<3xf32>")

# CHECK: insert_slice arg0: {{.*}} OK
# CHECK: insert_slice arg1: {{.*}} OK
run_case("insert_slice", [("s", "tensor<2x2xf32>"), ("d", "tensor<4x5xf32>")], [], """
  %y = tensor.insert_slice %s into %d[1, 2] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x5xf32>""",
         "y", "tensor<4x5xf32>")

# CHECK: expand_collapse arg0: {{.*}} OK
run_case("expand_collapse", [("x", "tensor<6x2xf32>")], [], """
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<6x2xf32> into tensor<12xf32>
  %y = tensor.expand_shape %c [[0, 1, 2]] output_shape [2, 3, 2] : tensor<12xf32> into tensor<2x3x2xf32>""",
         "y", "tensor<2x3x2xf32>")

# CHECK: concat arg0: {{.*}} OK
# CHECK: concat arg1: {{.*}} OK
run_case("concat", [("a", "tensor<2x3xf32>"), ("b", "tensor<2x1xf32>")], [], """
  %y = tensor.concat dim(1) %a, %b : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>""",
         "y", "tensor<2x4xf32>")

# A parameter used by three ops (gradient accumulation), a dense constant, and
# a data input.
# CHECK: fanout_constant arg0: {{.*}} OK
run_case("fanout_constant", [("x", "tensor<2x3xf32>")], [("d", "tensor<2x3xf32>")], """
  %k = arith.constant dense<[[1.0, -2.0, 0.5], [3.0, 0.25, -1.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %p = linalg.mul ins(%x, %k : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %q = linalg.mul ins(%x, %d : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %t = linalg.transpose ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) permutation = [0, 1]
  %s = linalg.add ins(%p, %q : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %y = linalg.mul ins(%s, %t : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>""",
         "y", "tensor<2x3xf32>")
