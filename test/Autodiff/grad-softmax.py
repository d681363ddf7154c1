# Tests that the gradient of linalg.softmax, dx = y * (dy - sum_dim(dy * y)),
# matches float64 finite differences of the upstream decomposition, along
# the last, the first and a middle dimension.
# RUN: %python %s | FileCheck %s
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from gradcheck import run_case  # noqa: E402

# CHECK: softmax_last arg0: {{.*}} OK
run_case("softmax_last", [("x", "tensor<3x4xf32>")], [], """
  %e = tensor.empty() : tensor<3x4xf32>
  %y = linalg.softmax dimension(1) ins(%x : tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>""",
         "y", "tensor<3x4xf32>")

# CHECK: softmax_first arg0: {{.*}} OK
run_case("softmax_first", [("x", "tensor<4x3xf32>")], [], """
  %e = tensor.empty() : tensor<4x3xf32>
  %y = linalg.softmax dimension(0) ins(%x : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>""",
         "y", "tensor<4x3xf32>", seed=1)

# Attention-like: scores = q * k (both parameters), softmax over the middle
# dimension of a 3-D tensor, then a product with the probabilities used twice.
# CHECK: softmax_middle arg0: {{.*}} OK
# CHECK: softmax_middle arg1: {{.*}} OK
run_case("softmax_middle", [("q", "tensor<2x5x3xf32>"), ("k", "tensor<2x5x3xf32>")], [], """
  %e0 = tensor.empty() : tensor<2x5x3xf32>
  %s = linalg.mul ins(%q, %k : tensor<2x5x3xf32>, tensor<2x5x3xf32>) outs(%e0 : tensor<2x5x3xf32>) -> tensor<2x5x3xf32>
  %e1 = tensor.empty() : tensor<2x5x3xf32>
  %p = linalg.softmax dimension(1) ins(%s : tensor<2x5x3xf32>) outs(%e1 : tensor<2x5x3xf32>) -> tensor<2x5x3xf32>
  %e2 = tensor.empty() : tensor<2x5x3xf32>
  %y = linalg.mul ins(%p, %p : tensor<2x5x3xf32>, tensor<2x5x3xf32>) outs(%e2 : tensor<2x5x3xf32>) -> tensor<2x5x3xf32>""",
         "y", "tensor<2x5x3xf32>", seed=2)
