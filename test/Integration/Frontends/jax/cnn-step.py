# Tests that the CNN training step exported from JAX (convolution, batch norm,
# ReLU, max pooling, dense; value_and_grad + SGD in jax.jit) parses, converts
# to linalg, partitions for 2 and 4 workers, and runs on the CPU matching
# JAX's outputs (rtol 1e-4).
# RUN: %python %s 2>&1 | FileCheck %s
# CHECK-NOT: FAIL
# CHECK: identical_print OK
# CHECK: roundtrip OK
# CHECK: converted OK stablehlo_ops_left=0 calls_left=0
# CHECK: unpartitioned OK outputs=5
# CHECK: gpus=2 plan function="main" gpus = 2
# CHECK: gpus=2 OK outputs=5
# CHECK: gpus=4 plan function="main" gpus = 4
# CHECK: gpus=4 OK outputs=5
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from jax_step import run  # noqa: E402

run("cnn")
