# Tests that the gradient of tosa.gather (embedding lookups as torch-mlir
# emits them) with respect to the gathered values matches float64 finite
# differences: repeated indices accumulate, rows no index reads get zero.
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from gradcheck import run_case  # noqa: E402

# Batch 2: the lowered gather reads values[linalg.index 0, idx, linalg.index 2].
# Row 0 reads 3 twice and 1 three times and never 0, 2 or 4.
# CHECK: gather_batched arg0: {{.*}} OK
run_case("gather_batched", [("v", "tensor<2x5x3xf32>")], [("idx", "tensor<2x6xi32>")], """
  %y = tosa.gather %v, %idx : (tensor<2x5x3xf32>, tensor<2x6xi32>) -> tensor<2x6x3xf32>""",
         "y", "tensor<2x6x3xf32>",
         fixed={"idx": np.array([[3, 1, 3, 1, 1, 3], [4, 0, 2, 2, 0, 1]], np.int32)})

# An embedding table [1, vocab, dim] (batch 1: the lowering reads position 0
# as a constant) followed by a projection, as in a transformer's input layer:
# both the table and the projection weight are parameters.
# CHECK: gather_embedding arg0: {{.*}} OK
# CHECK: gather_embedding arg1: {{.*}} OK
run_case("gather_embedding", [("emb", "tensor<1x7x4xf32>"), ("w", "tensor<1x4x3xf32>")],
         [("tok", "tensor<1x5xi32>")], """
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %e = tosa.gather %emb, %tok : (tensor<1x7x4xf32>, tensor<1x5xi32>) -> tensor<1x5x4xf32>
  %t = tosa.tanh %e : (tensor<1x5x4xf32>) -> tensor<1x5x4xf32>
  %y = tosa.matmul %t, %w, %zp, %zp : (tensor<1x5x4xf32>, tensor<1x4x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x5x3xf32>""",
         "y", "tensor<1x5x3xf32>", seed=1,
         fixed={"tok": np.array([[6, 2, 6, 0, 2]], np.int32)})
