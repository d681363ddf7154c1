# Tests that the gradients of the TOSA ops torch-mlir emits for MLPs, CNNs and
# transformers (lowered to linalg by --tofu-autodiff) match float64 finite
# differences.
# RUN: %python %s | FileCheck %s
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from gradcheck import run_case  # noqa: E402

# CHECK: tosa_dense arg0: {{.*}} OK
# CHECK: tosa_dense arg1: {{.*}} OK
run_case("tosa_dense", [("w", "tensor<1x4x3xf32>"), ("b", "tensor<1x1x3xf32>")],
         [("x", "tensor<1x2x4xf32>")], """
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %k = "tosa.const"() <{values = dense<[[0.5, -1.0], [2.0, 0.25], [1.5, -0.5]]> : tensor<3x2xf32>}> : () -> tensor<3x2xf32>
  %m = tosa.matmul %x, %w, %zp, %zp : (tensor<1x2x4xf32>, tensor<1x4x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x3xf32>
  %a = tosa.add %m, %b : (tensor<1x2x3xf32>, tensor<1x1x3xf32>) -> tensor<1x2x3xf32>
  %r = tosa.clamp %a {min_val = 0.0 : f32, max_val = 3.4e38 : f32} : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
  %s = tosa.sigmoid %a : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
  %t = tosa.tanh %a : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
  %n = tosa.negate %t, %zp, %zp : (tensor<1x2x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x3xf32>
  %e = tosa.exp %n : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
  %c = tosa.reciprocal %e : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
  %d = tosa.sub %r, %c : (tensor<1x2x3xf32>, tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
  %p = tosa.mul %d, %s, %shift : (tensor<1x2x3xf32>, tensor<1x2x3xf32>, tensor<1xi8>) -> tensor<1x2x3xf32>
  %rs = tosa.reduce_sum %p {axis = 1 : i32} : (tensor<1x2x3xf32>) -> tensor<1x1x3xf32>
  %rm = tosa.reduce_max %p {axis = 2 : i32} : (tensor<1x2x3xf32>) -> tensor<1x2x1xf32>
  %q = tosa.add %p, %rs : (tensor<1x2x3xf32>, tensor<1x1x3xf32>) -> tensor<1x2x3xf32>
  %q2 = tosa.mul %q, %rm, %shift : (tensor<1x2x3xf32>, tensor<1x2x1xf32>, tensor<1xi8>) -> tensor<1x2x3xf32>
  %tr = tosa.transpose %q2 {perms = array<i32: 0, 2, 1>} : (tensor<1x2x3xf32>) -> tensor<1x3x2xf32>
  %shape = tosa.const_shape {values = dense<[3, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %rh = tosa.reshape %tr, %shape : (tensor<1x3x2xf32>, !tosa.shape<2>) -> tensor<3x2xf32>
  %y = tosa.add %rh, %k : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>""",
         "y", "tensor<3x2xf32>")

# Strided, padded convolution with bias, then max and average pooling.
# CHECK: tosa_conv_pool arg0: {{.*}} OK
# CHECK: tosa_conv_pool arg1: {{.*}} OK
run_case("tosa_conv_pool", [("w", "tensor<3x3x3x2xf32>"), ("b", "tensor<3xf32>")],
         [("x", "tensor<1x7x7x2xf32>")], """
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>} : (tensor<1x7x7x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %mp = tosa.max_pool2d %c {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x3x3xf32>
  %y = tosa.avg_pool2d %mp, %zp, %zp {acc_type = f32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 1, 0, 1>, stride = array<i64: 2, 2>} : (tensor<1x3x3x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x3xf32>""",
         "y", "tensor<1x2x2x3xf32>")

# Transformer pieces: RMS-style normalisation (rsqrt), GELU (erf), slice,
# concat, select on a comparison, tile, maximum/minimum, abs and log.
# CHECK: tosa_transformer_ops arg0: {{.*}} OK
run_case("tosa_transformer_ops", [("x", "tensor<1x2x4xf32>")], [], """
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %eps = "tosa.const"() <{values = dense<0.5> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %half = "tosa.const"() <{values = dense<0.5> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %one = "tosa.const"() <{values = dense<1.0> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %sq = tosa.mul %x, %x, %shift : (tensor<1x2x4xf32>, tensor<1x2x4xf32>, tensor<1xi8>) -> tensor<1x2x4xf32>
  %ms = tosa.reduce_sum %sq {axis = 2 : i32} : (tensor<1x2x4xf32>) -> tensor<1x2x1xf32>
  %me = tosa.add %ms, %eps : (tensor<1x2x1xf32>, tensor<1x1x1xf32>) -> tensor<1x2x1xf32>
  %rs = tosa.rsqrt %me : (tensor<1x2x1xf32>) -> tensor<1x2x1xf32>
  %nx = tosa.mul %x, %rs, %shift : (tensor<1x2x4xf32>, tensor<1x2x1xf32>, tensor<1xi8>) -> tensor<1x2x4xf32>
  %er = tosa.erf %nx : (tensor<1x2x4xf32>) -> tensor<1x2x4xf32>
  %e1 = tosa.add %er, %one : (tensor<1x2x4xf32>, tensor<1x1x1xf32>) -> tensor<1x2x4xf32>
  %gelu = tosa.mul %nx, %e1, %shift : (tensor<1x2x4xf32>, tensor<1x2x4xf32>, tensor<1xi8>) -> tensor<1x2x4xf32>
  %start = tosa.const_shape {values = dense<[0, 0, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %size = tosa.const_shape {values = dense<[1, 2, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %sl = tosa.slice %gelu, %start, %size : (tensor<1x2x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x2x2xf32>
  %cc = tosa.concat %sl, %nx {axis = 2 : i32} : (tensor<1x2x2xf32>, tensor<1x2x4xf32>) -> tensor<1x2x6xf32>
  %cc2 = tosa.concat %x, %sl {axis = 2 : i32} : (tensor<1x2x4xf32>, tensor<1x2x2xf32>) -> tensor<1x2x6xf32>
  %gt = tosa.greater %cc, %half : (tensor<1x2x6xf32>, tensor<1x1x1xf32>) -> tensor<1x2x6xi1>
  %se = tosa.select %gt, %cc, %cc2 : (tensor<1x2x6xi1>, tensor<1x2x6xf32>, tensor<1x2x6xf32>) -> tensor<1x2x6xf32>
  %mult = tosa.const_shape {values = dense<[1, 2, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %ti = tosa.tile %se, %mult : (tensor<1x2x6xf32>, !tosa.shape<3>) -> tensor<1x4x6xf32>
  %ab = tosa.abs %ti : (tensor<1x4x6xf32>) -> tensor<1x4x6xf32>
  %a1 = tosa.add %ab, %one : (tensor<1x4x6xf32>, tensor<1x1x1xf32>) -> tensor<1x4x6xf32>
  %lg = tosa.log %a1 : (tensor<1x4x6xf32>) -> tensor<1x4x6xf32>
  %mx = tosa.maximum %lg, %ti : (tensor<1x4x6xf32>, tensor<1x4x6xf32>) -> tensor<1x4x6xf32>
  %y = tosa.minimum %mx, %one : (tensor<1x4x6xf32>, tensor<1x1x1xf32>) -> tensor<1x4x6xf32>""",
         "y", "tensor<1x4x6xf32>", seed=3)

# tosa.pad, lowered to a tensor.pad whose low and high padding are SSA
# constants (once refused as "dynamic padding"), then a product so that the
# gradient depends on where each element went.
# CHECK: tosa_pad arg0: {{.*}} OK
run_case("tosa_pad", [("x", "tensor<2x3xf32>")], [("m", "tensor<3x6xf32>")], """
  %zp = "tosa.const"() <{values = dense<0.5> : tensor<1xf32>}> : () -> tensor<1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %p = tosa.const_shape {values = dense<[1, 0, 2, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %x2 = tosa.mul %x, %x, %shift : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<1xi8>) -> tensor<2x3xf32>
  %pd = tosa.pad %x2, %p, %zp : (tensor<2x3xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<3x6xf32>
  %y = tosa.mul %pd, %m, %shift : (tensor<3x6xf32>, tensor<3x6xf32>, tensor<1xi8>) -> tensor<3x6xf32>""",
         "y", "tensor<3x6xf32>")
