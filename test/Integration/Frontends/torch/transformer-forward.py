# Tests that the PyTorch transformer forward graph exported as TOSA by
# python/export_torch.py (torch-mlir) parses, round-trips, runs on the CPU
# matching PyTorch (rtol 1e-4, atol 1e-5) and is planned as TOSA for 2 and 4
# workers, and runs partitioned on 2 and 4 MPI ranks (tofu-run) matching
# PyTorch; at 4 ranks the plan all-reduces f64 layer-norm statistics
# (torch-mlir computes them in f64), which the runtime reduces in f64.
# RUN: %python %s 2>&1 | FileCheck %s
# CHECK-NOT: FAIL
# CHECK: roundtrip OK
# CHECK: tosa_only OK
# CHECK: cpu OK
# CHECK: gpus=2 plan gpus = 2 OK
# CHECK: gpus=2 annotated OK
# CHECK: gpus=4 plan gpus = 4 OK
# CHECK: gpus=4 annotated OK
# CHECK: ranks=2 OK
# CHECK: ranks=4 OK
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from torch_fwd import run  # noqa: E402

run("transformer", ranks=(2, 4))
