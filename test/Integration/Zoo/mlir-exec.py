# Tests that tofu.mlir_exec runs a function through mlir-runner and reads its
# results back bit-exactly, and that bad input gives a clear error.
# RUN: env PYTHONPATH=%tofu_src_root/python %python %s | FileCheck %s

import numpy as np

from tofu.mlir_exec import MlirExecError, run_function

MODULE = """
func.func @f(%a: tensor<2x3xf32> {tofu.param}, %b: tensor<3x?xf32>, %s: f32)
    -> (tensor<2x?xf32>, tensor<f32>, i64) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %b, %c0 : tensor<3x?xf32>
  %c1 = arith.constant 1 : index
  %cols = tensor.dim %b, %c1 : tensor<3x?xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%cols) : tensor<2x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x?xf32>) -> tensor<2x?xf32>
  %m = linalg.matmul {tofu.name = "mm"} ins(%a, %b : tensor<2x3xf32>, tensor<3x?xf32>)
      outs(%f : tensor<2x?xf32>) -> tensor<2x?xf32>
  %e0 = tensor.empty() : tensor<f32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>],
                         iterator_types = ["reduction", "reduction"]}
      ins(%m : tensor<2x?xf32>) outs(%f0 : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %t = math.tanh %x : f32
    %y = arith.mulf %t, %s : f32
    %r = arith.addf %y, %acc : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %ni = arith.index_cast %cols : index to i64
  return %m, %sum, %ni : tensor<2x?xf32>, tensor<f32>, i64
}
"""

rng = np.random.default_rng(0)
a = rng.standard_normal((2, 3)).astype(np.float32)
b = rng.standard_normal((3, 5)).astype(np.float32)
s = np.float32(0.5)

m, total, cols = run_function(MODULE, "f", [a, b, s])
ref = a @ b
# CHECK: shapes (2, 5) () ()
print("shapes", m.shape, total.shape, cols.shape)
# CHECK: dtypes float32 float32 int64
print("dtypes", m.dtype, total.dtype, cols.dtype)
# CHECK: matmul ok True
print("matmul ok", np.allclose(m, ref, rtol=1e-5, atol=1e-6))
# CHECK: sum ok True
print("sum ok", np.allclose(total, 0.5 * np.tanh(m.astype(np.float64)).sum(), rtol=1e-5))
# CHECK: cols 5
print("cols", int(cols))

# Bit-exact by default; the printMemrefF32 path rounds to six digits.
m2, _, _ = run_function(MODULE, "f", [a, b, s], exact=False)
# CHECK: printf path ok True
print("printf path ok", np.allclose(m2, m, rtol=1e-5, atol=1e-6))

# CHECK: wrong count: @f takes 3 arguments, 2 inputs were given
try:
    run_function(MODULE, "f", [a, b])
except ValueError as err:
    print("wrong count:", err)

# CHECK: wrong shape: input 0: shape (3, 3) does not match the argument type tensor<2x3xf32>
try:
    run_function(MODULE, "f", [np.zeros((3, 3), np.float32), b, s])
except ValueError as err:
    print("wrong shape:", err)

# CHECK: missing: mlir_exec: signature failed: no func.func @g in the module
try:
    run_function(MODULE, "g", [])
except MlirExecError as err:
    print("missing:", err)

# CHECK: bad pass: mlir_exec: extra-passes failed: exit status
try:
    run_function(MODULE, "f", [a, b, s], extra_passes=["--no-such-pass-xyz"])
except MlirExecError as err:
    print("bad pass:", str(err).splitlines()[0])

# CHECK: bad ir: mlir_exec: parse failed: exit status
try:
    run_function("func.func @f() {\n  %x = arith.addf\n}", "f", [])
except MlirExecError as err:
    print("bad ir:", str(err).splitlines()[0])

# An extra pass that runs: canonicalize must not change the results.
m3, _, _ = run_function(MODULE, "f", [a, b, s], extra_passes="canonicalize")
# CHECK: extra passes ok True
print("extra passes ok", np.array_equal(m3, m))
