# Tests that the MLP training step exported from JAX (value_and_grad + SGD in
# jax.jit) parses, converts to linalg, partitions for 2 and 4 workers, and
# runs on the CPU matching JAX's outputs (rtol 1e-4).
# RUN: %python %s 2>&1 | FileCheck %s
# CHECK-NOT: FAIL
import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "python"))
from tofu.mlir_exec import run_function  # noqa: E402

SRC = os.path.join(HERE, "Inputs", "mlp.mlir")
inputs = np.load(os.path.join(HERE, "Inputs", "mlp.inputs.npz"))
outputs = np.load(os.path.join(HERE, "Inputs", "mlp.outputs.npz"))
args = [inputs[f"arg{i}"] for i in range(len(inputs.files))]
refs = [outputs[f"out{i}"] for i in range(len(outputs.files))]


def opt(*flags, text=None, path=None):
    cmd = ["tofu-opt", *flags] + ([path] if path else [])
    proc = subprocess.run(cmd, input=text, capture_output=True, text=True)
    if proc.returncode != 0:
        print("FAIL tofu-opt", " ".join(flags), proc.stderr[-2000:])
        sys.exit(1)
    return proc.stdout


def compare(label, results):
    ok = len(results) == len(refs)
    worst = 0.0
    for got, want in zip(results, refs):
        ok &= got.shape == want.shape and np.allclose(got, want, rtol=1e-4, atol=1e-6)
        worst = max(worst, float(np.max(np.abs(got - want))))
    print(f"{label} {'OK' if ok else 'FAIL'} outputs={len(results)} max_abs_err={worst:.3g}")


# The exported text round-trips through the dialect.
# CHECK: roundtrip OK
once = opt(path=SRC)
print("roundtrip", "OK" if opt(text=once) == once else "FAIL")

# CHECK: converted OK stablehlo_ops_left=0 calls_left=0
linalg = opt("--inline", "--convert-stablehlo-to-linalg", path=SRC)
left = linalg.count("stablehlo.")
calls = linalg.count("call @")
print("converted", "OK" if left == 0 and calls == 0 else "FAIL",
      f"stablehlo_ops_left={left} calls_left={calls}")

# CHECK: unpartitioned OK outputs=5
compare("unpartitioned", run_function(linalg, "main", args))

# CHECK: gpus=2 plan function="main" gpus = 2
# CHECK: gpus=2 OK outputs=5
# CHECK: gpus=4 plan function="main" gpus = 4
# CHECK: gpus=4 OK outputs=5
for k in (2, 4):
    planned = opt(f"--tofu-partition=gpus={k}", text=linalg)
    attr = planned[planned.find("tofu.partition = {"):]
    attr = attr[: attr.find("}") + 1]
    fn = 'function="main"' if 'function = "main"' in attr else "function=?"
    gp = f"gpus = {k}" if f"gpus = {k} : i64" in attr else "gpus=?"
    strategies = planned.count("tofu.strategy")
    print(f"gpus={k} plan {fn} {gp} ops_with_strategy={strategies}")
    compare(f"gpus={k}", run_function(planned, "main", args))
