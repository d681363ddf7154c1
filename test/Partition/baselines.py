# Tests that on a small model of every zoo family, at k = 4, 6 and 8, the tofu
# plan communicates no more than any baseline strategy, and that every
# strategy produces a plan.
# RUN: %python %s %tofu_tools
import json
import os
import subprocess
import sys
import tempfile

tools = sys.argv[1]
zoo = os.path.join(tools, "tofu-zoo")
opt = os.path.join(tools, "tofu-opt")
models = {
    "mlp": ["mlp", "--layers", "3", "--hidden", "96", "--in", "48", "--classes", "24", "--batch", "48"],
    "wresnet": ["wresnet", "--depth", "50", "--width", "1", "--base-channels", "8",
                "--batch", "12", "--image", "32", "--classes", "12"],
    "rnn": ["rnn", "--layers", "2", "--hidden", "48", "--steps", "3", "--batch", "24",
            "--vocab", "96", "--embed", "24"],
    "transformer": ["transformer", "--layers", "2", "--hidden", "48", "--heads", "4",
                    "--seq", "12", "--batch", "6", "--vocab", "96"],
}
strategies = ["tofu", "data-parallel", "allrow-greedy", "spartan", "equal-chop", "no-reduce"]
failures = []
with tempfile.TemporaryDirectory() as tmp:
    for name, args in models.items():
        fwd = os.path.join(tmp, name + ".mlir")
        train = os.path.join(tmp, name + ".train.mlir")
        subprocess.run([zoo] + args + ["-o", fwd], check=True)
        subprocess.run([opt, "--tofu-autodiff", fwd, "-o", train], check=True)
        passes = []
        for k in (4, 6, 8):
            for s in strategies:
                passes.append(f"tofu-partition{{gpus={k} strategy={s} materialize=false "
                              f"report={tmp}/{name}-{k}-{s}.json}}")
        subprocess.run([opt, f"--pass-pipeline=builtin.module({','.join(passes)})",
                        train, "-o", os.devnull], check=True)
        for k in (4, 6, 8):
            comm = {}
            for s in strategies:
                rep = json.load(open(f"{tmp}/{name}-{k}-{s}.json"))
                comm[s] = rep["comm_bytes"]
            line = " ".join(f"{s}={comm[s]:.0f}" for s in strategies)
            print(f"{name} k={k}: {line}")
            for s in strategies[1:]:
                if comm["tofu"] > comm[s] * (1 + 1e-9):
                    failures.append(f"{name} k={k}: tofu {comm['tofu']} > {s} {comm[s]}")
if failures:
    print("\n".join(failures))
    sys.exit(1)
print("tofu <= every baseline on every model")
