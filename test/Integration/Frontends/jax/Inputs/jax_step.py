"""Checks one JAX training step exported by python/export_jax.py: tofu-opt
prints it back exactly as JAX wrote it and it round-trips, converts to linalg (no stablehlo op or call left), partitions
with --tofu-partition for 2 and 4 workers, the converted module runs on the
CPU through mlir_exec, and each partitioned (materialized) module runs on 2 or 4
MPI ranks through tofu-run, all matching JAX's outputs (rtol 1e-4). Prints one line per check, "OK" or "FAIL".
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "..", "..", "python"))
from tofu.mlir_exec import run_function  # noqa: E402


def run(name):
    src = os.path.join(HERE, f"{name}.mlir")
    inputs = np.load(os.path.join(HERE, f"{name}.inputs.npz"))
    outputs = np.load(os.path.join(HERE, f"{name}.outputs.npz"))
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

    # tofu-opt prints JAX's text back unchanged (up to trailing whitespace).
    once = opt(path=src)
    with open(src) as f:
        jax_text = f.read()
    print("identical_print", "OK" if once.strip() == jax_text.strip() else "FAIL")
    print("roundtrip", "OK" if opt(text=once) == once else "FAIL")
    linalg = opt("--inline", "--convert-stablehlo-to-linalg", path=src)
    left = linalg.count("stablehlo.")
    calls = linalg.count("call @")
    print("converted", "OK" if left == 0 and calls == 0 else "FAIL",
          f"stablehlo_ops_left={left} calls_left={calls}")
    compare("unpartitioned", run_function(linalg, "main", args))
    for k in (2, 4):
        planned = opt(f"--tofu-partition=gpus={k}", text=linalg)
        attr = planned[planned.find("tofu.partition = #tofu.plan<"):]
        attr = attr[: attr.find("}") + 1]
        fn = 'function="main"' if 'function = "main"' in attr else "function=?"
        gp = f"gpus = {k}" if f"workers = {k}," in attr else "gpus=?"
        print(f"gpus={k} plan {fn} {gp} ops_with_strategy={planned.count('tofu.strategy =')}")
        compare(f"gpus={k}", run_ranks(planned, args))


def run_ranks(module_text, args):
    """Runs a materialized module's @main with tofu-run on its ranks."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "planned.mlir")
        with open(path, "w") as f:
            f.write(module_text)
        os.makedirs(os.path.join(tmp, "in"))
        for i, a in enumerate(args):
            np.save(os.path.join(tmp, "in", f"arg{i}.npy"), a)
        proc = subprocess.run(
            ["tofu-run", path, "--entry", "main", "--timeout", "120",
             "--inputs", os.path.join(tmp, "in"),
             "--outputs", os.path.join(tmp, "out")],
            capture_output=True, text=True)
        if proc.returncode != 0:
            print("FAIL tofu-run", proc.stderr[-2000:])
            sys.exit(1)
        outs = []
        while os.path.exists(os.path.join(tmp, "out", f"result{len(outs)}.npy")):
            outs.append(np.load(os.path.join(tmp, "out", f"result{len(outs)}.npy")))
        return outs
