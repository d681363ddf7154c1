# Tests that the gradients of linalg named ops match float64 finite differences.
# RUN: %python %s | FileCheck %s
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from gradcheck import run_case  # noqa: E402

ZERO_FILL = """
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {t}
  %z = linalg.fill ins(%zero : f32) outs(%e : {t}) -> {t}"""
NEG_FILL = """
  %ninf = arith.constant -3.4e38 : f32
  %e = tensor.empty() : {t}
  %z = linalg.fill ins(%ninf : f32) outs(%e : {t}) -> {t}"""

# CHECK: matmul arg0: {{.*}} OK
# CHECK: matmul arg1: {{.*}} OK
run_case("matmul", [("a", "tensor<2x4xf32>"), ("b", "tensor<4x3xf32>")], [],
         ZERO_FILL.format(t="tensor<2x3xf32>") + """
  %y = linalg.matmul ins(%a, %b : tensor<2x4xf32>, tensor<4x3xf32>) outs(%z : tensor<2x3xf32>) -> tensor<2x3xf32>""",
         "y", "tensor<2x3xf32>")

# CHECK: batch_matmul arg0: {{.*}} OK
# CHECK: batch_matmul arg1: {{.*}} OK
run_case("batch_matmul", [("a", "tensor<2x2x3xf32>"), ("b", "tensor<2x3x4xf32>")], [],
         ZERO_FILL.format(t="tensor<2x2x4xf32>") + """
  %y = linalg.batch_matmul ins(%a, %b : tensor<2x2x3xf32>, tensor<2x3x4xf32>) outs(%z : tensor<2x2x4xf32>) -> tensor<2x2x4xf32>""",
         "y", "tensor<2x2x4xf32>")

# Stride 2 with a 7-wide input: the last input row/column gets no gradient.
# CHECK: conv_nchw_stride2 arg0: {{.*}} OK
# CHECK: conv_nchw_stride2 arg1: {{.*}} OK
run_case("conv_nchw_stride2", [("x", "tensor<1x2x8x7xf32>"), ("w", "tensor<3x2x3x3xf32>")], [],
         ZERO_FILL.format(t="tensor<1x3x3x3xf32>") + """
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<1x2x8x7xf32>, tensor<3x2x3x3xf32>) outs(%z : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>""",
         "y", "tensor<1x3x3x3xf32>")

# Different strides per dim, a 2x3 kernel and unread remainder rows/columns.
# CHECK: conv_nchw_stride3x2 arg0: {{.*}} OK
# CHECK: conv_nchw_stride3x2 arg1: {{.*}} OK
run_case("conv_nchw_stride3x2", [("x", "tensor<2x2x9x8xf32>"), ("w", "tensor<2x2x2x3xf32>")], [],
         ZERO_FILL.format(t="tensor<2x2x3x3xf32>") + """
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<[3, 2]> : tensor<2xi64>} ins(%x, %w : tensor<2x2x9x8xf32>, tensor<2x2x2x3xf32>) outs(%z : tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32>""",
         "y", "tensor<2x2x3x3xf32>")

# Dilation 2 takes the scatter-form rule.
# CHECK: conv_nhwc_dilation2 arg0: {{.*}} OK
# CHECK: conv_nhwc_dilation2 arg1: {{.*}} OK
run_case("conv_nhwc_dilation2", [("x", "tensor<1x7x6x2xf32>"), ("w", "tensor<2x2x2x2xf32>")], [],
         ZERO_FILL.format(t="tensor<1x5x4x2xf32>") + """
  %y = linalg.conv_2d_nhwc_fhwc {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x7x6x2xf32>, tensor<2x2x2x2xf32>) outs(%z : tensor<1x5x4x2xf32>) -> tensor<1x5x4x2xf32>""",
         "y", "tensor<1x5x4x2xf32>")

# The bias enters as the convolution's init (as torch-mlir/TOSA lower it).
# CHECK: conv_nhwc_bias_init arg0: {{.*}} OK
# CHECK: conv_nhwc_bias_init arg1: {{.*}} OK
# CHECK: conv_nhwc_bias_init arg2: {{.*}} OK
run_case("conv_nhwc_bias_init", [("x", "tensor<2x5x5x2xf32>"), ("w", "tensor<3x2x2x2xf32>"), ("b", "tensor<3xf32>")], [],
         """
  %e = tensor.empty() : tensor<2x4x4x3xf32>
  %bb = linalg.broadcast ins(%b : tensor<3xf32>) outs(%e : tensor<2x4x4x3xf32>) dimensions = [0, 1, 2]
  %y = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<2x5x5x2xf32>, tensor<3x2x2x2xf32>) outs(%bb : tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32>""",
         "y", "tensor<2x4x4x3xf32>")

# CHECK: pool_max_stride2 arg0: {{.*}} OK
run_case("pool_max_stride2", [("x", "tensor<1x2x5x5xf32>")], [],
         NEG_FILL.format(t="tensor<1x2x2x2xf32>") + """
  %win = tensor.empty() : tensor<2x2xf32>
  %y = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %win : tensor<1x2x5x5xf32>, tensor<2x2xf32>) outs(%z : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>""",
         "y", "tensor<1x2x2x2xf32>")

# Overlapping windows: one input element can be the max of several windows.
# CHECK: pool_max_overlap arg0: {{.*}} OK
run_case("pool_max_overlap", [("x", "tensor<1x1x4x4xf32>")], [],
         NEG_FILL.format(t="tensor<1x1x2x2xf32>") + """
  %win = tensor.empty() : tensor<3x3xf32>
  %y = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %win : tensor<1x1x4x4xf32>, tensor<3x3xf32>) outs(%z : tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>""",
         "y", "tensor<1x1x2x2xf32>")

# CHECK: pool_sum arg0: {{.*}} OK
run_case("pool_sum", [("x", "tensor<1x2x5x5xf32>")], [],
         ZERO_FILL.format(t="tensor<1x2x2x2xf32>") + """
  %win = tensor.empty() : tensor<3x3xf32>
  %y = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %win : tensor<1x2x5x5xf32>, tensor<3x3xf32>) outs(%z : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>""",
         "y", "tensor<1x2x2x2xf32>")

# CHECK: transpose arg0: {{.*}} OK
run_case("transpose", [("x", "tensor<2x3x4xf32>")], [], """
  %e = tensor.empty() : tensor<4x2x3xf32>
  %y = linalg.transpose ins(%x : tensor<2x3x4xf32>) outs(%e : tensor<4x2x3xf32>) permutation = [2, 0, 1]""",
         "y", "tensor<4x2x3xf32>")

# CHECK: broadcast arg0: {{.*}} OK
run_case("broadcast", [("x", "tensor<3xf32>")], [], """
  %e = tensor.empty() : tensor<2x3x2xf32>
  %y = linalg.broadcast ins(%x : tensor<3xf32>) outs(%e : tensor<2x3x2xf32>) dimensions = [0, 2]""",
         "y", "tensor<2x3x2xf32>")

# CHECK: reduce_sum arg0: {{.*}} OK
run_case("reduce_sum", [("x", "tensor<2x3x4xf32>")], [],
         ZERO_FILL.format(t="tensor<2x4xf32>") + """
  %y = linalg.reduce ins(%x : tensor<2x3x4xf32>) outs(%z : tensor<2x4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }""",
         "y", "tensor<2x4xf32>")

# CHECK: reduce_max arg0: {{.*}} OK
run_case("reduce_max", [("x", "tensor<2x3x4xf32>")], [],
         NEG_FILL.format(t="tensor<2x3xf32>") + """
  %y = linalg.reduce ins(%x : tensor<2x3x4xf32>) outs(%z : tensor<2x3xf32>) dimensions = [2]
    (%in: f32, %init: f32) {
      %s = arith.maximumf %in, %init : f32
      linalg.yield %s : f32
    }""",
         "y", "tensor<2x3xf32>")

# Named element-wise ops, and a fill that overwrites a parameter-derived init.
# CHECK: named_elementwise arg0: {{.*}} OK
# CHECK: named_elementwise arg1: {{.*}} OK
run_case("named_elementwise", [("a", "tensor<2x3xf32>"), ("b", "tensor<2x3xf32>")], [], """
  %e = tensor.empty() : tensor<2x3xf32>
  %m = linalg.mul ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %x = linalg.exp ins(%m : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %one = arith.constant 1.0 : f32
  %f = linalg.fill ins(%one : f32) outs(%a : tensor<2x3xf32>) -> tensor<2x3xf32>
  %y = linalg.sub ins(%x, %f : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>""",
         "y", "tensor<2x3xf32>")
