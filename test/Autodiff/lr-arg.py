# Tests that with lr-arg=true the training step updates the parameters with
# the learning rate passed at run time, and that the loss it returns is the
# forward loss.
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from gradcheck import run_function, tofu_opt, weighted_sum_forward  # noqa: E402

MLIR = weighted_sum_forward([("w", "tensor<3x2xf32>")], [("x", "tensor<4x3xf32>")], """
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x2xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %y = linalg.matmul ins(%x, %w : tensor<4x3xf32>, tensor<3x2xf32>) outs(%z : tensor<4x2xf32>) -> tensor<4x2xf32>""",
    "y", "tensor<4x2xf32>")

rng = np.random.default_rng(0)
w = rng.standard_normal((3, 2)).astype(np.float32)
x = rng.standard_normal((4, 3)).astype(np.float32)
r = rng.standard_normal((4, 2)).astype(np.float32)
train = tofu_opt(MLIR, "--tofu-autodiff=lr-arg=true return-gradients=true")
# The loss is sum((x w) * r), so dL/dw = x^T r, independent of w.
expected_grad = x.astype(np.float64).T @ r.astype(np.float64)
for lr in (0.5, 0.0, -2.0):
    new_w, loss, grad = run_function(train, "train_step", [w, x, r, np.float32(lr)])
    assert np.allclose(grad, expected_grad, rtol=1e-5, atol=1e-6), grad
    assert np.allclose(new_w, w - np.float32(lr) * grad, rtol=1e-6, atol=1e-6)
    assert np.isclose(loss, ((x @ w) * r).sum(), rtol=1e-5)
    # CHECK: lr 0.5: update OK
    # CHECK: lr 0.0: update OK
    # CHECK: lr -2.0: update OK
    print(f"lr {lr}: update OK")
