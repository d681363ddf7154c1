"""Checks one PyTorch forward graph exported as TOSA by python/export_torch.py:
tofu-opt parses it and its print round-trips, it runs on the CPU (TOSA front
end + the project's lowering, through mlir_exec) matching PyTorch's output,
and --tofu-partition plans it directly, as TOSA, for 2 and 4 workers (plan
attributes only: materialize=false), the annotated module still running
unchanged; then, for the worker counts in `ranks`, `tofu-run --partition`
partitions the TOSA module (lowered to linalg first) and runs it on that many
MPI ranks, matching PyTorch. Prints one line per check, "OK" or "FAIL".
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "..", "..", "python"))
from tofu.mlir_exec import run_function  # noqa: E402

FRONT_END = ("--pass-pipeline=builtin.module(func.func(tosa-optional-decompositions,"
             "tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor),canonicalize)")


def run(name, ranks=(2, 4)):
    src = os.path.join(HERE, f"{name}.mlir")
    x = np.load(os.path.join(HERE, f"{name}.inputs.npz"))["arg0"]
    ref = np.load(os.path.join(HERE, f"{name}.outputs.npz"))["out0"]

    def opt(*flags, text=None, path=None):
        cmd = ["tofu-opt", *flags] + ([path] if path else [])
        proc = subprocess.run(cmd, input=text, capture_output=True, text=True)
        if proc.returncode != 0:
            print("FAIL tofu-opt", " ".join(flags), proc.stderr[-2000:])
            sys.exit(1)
        return proc.stdout

    def compare(label, module_text):
        out, = run_function(module_text, "main", [x], extra_passes=[FRONT_END])
        ok = out.shape == ref.shape and np.allclose(out, ref, rtol=1e-4, atol=1e-5)
        err = float(np.max(np.abs(out - ref)))
        print(f"{label} {'OK' if ok else 'FAIL'} shape={'x'.join(map(str, out.shape))} "
              f"max_abs_err={err:.2g}")

    once = opt(path=src)
    print("roundtrip", "OK" if opt(text=once) == once else "FAIL")
    print("tosa_only", "OK" if "torch." not in once.replace("torch_tensor", "") else "FAIL")
    compare("cpu", once)
    for k in (2, 4):
        planned = opt(f"--tofu-partition=gpus={k} materialize=false", path=src)
        attr = planned[planned.find("tofu.partition = #tofu.plan<"):]
        attr = attr[: attr.find("}") + 1]
        gp = f"gpus = {k}" if f"workers = {k}," in attr else "gpus=?"
        n = planned.count("tofu.strategy =")
        print(f"gpus={k} plan {gp} {'OK' if n > 0 else 'FAIL'}")
        compare(f"gpus={k} annotated", planned)
    for k in ranks:
        with tempfile.TemporaryDirectory() as tmp:
            os.makedirs(os.path.join(tmp, "in"))
            np.save(os.path.join(tmp, "in", "arg0.npy"), x)
            proc = subprocess.run(
                ["tofu-run", src, "--entry", "main", "--ranks", str(k), "--timeout", "120",
                 "--partition", "--inputs", os.path.join(tmp, "in"),
                 "--outputs", os.path.join(tmp, "out")],
                capture_output=True, text=True)
            if proc.returncode != 0:
                print(f"ranks={k} FAIL tofu-run", proc.stderr[-2000:])
                continue
            out = np.load(os.path.join(tmp, "out", "result0.npy"))
            ok = out.shape == ref.shape and np.allclose(out, ref, rtol=1e-4, atol=1e-5)
            print(f"ranks={k} {'OK' if ok else 'FAIL'} max_abs_err={float(np.max(np.abs(out - ref))):.2g}")
