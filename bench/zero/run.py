#!/usr/bin/env python3
"""Per-rank memory of the planner's materialized ZeRO 0/1/2/3 programs.

    python3 bench/zero/run.py [--in 1024] [--hidden 1024] [--out 1024]
                              [--batch 16] [--data 4] [--work DIR]

Exports test/Integration/Run/Inputs/export_jax_steps.py's Adam step of a
2-layer MLP at the sizes given (needs JAX), imports it, and for zero = 0, 1,
2, 3: --tofu-plan="gpus=D data=D pipeline=1 tensor=1 zero=Z optimizer=adam
materialize=true" writes the program, tofu-run runs it on D MPI ranks and
compare.py checks its results against the single-rank step. Prints per ZeRO
stage the largest rank's measured memory (peak RSS minus RSS after runtime
init, as bench/memory) and the planner's per-device estimate
(stages[0].memory of the report: parameters, gradients, optimizer state,
activations, peak), in MiB.
"""
import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
INPUTS = ROOT / "test" / "Integration" / "Run" / "Inputs"
sys.path.insert(0, str(INPUTS))
import adam_inputs  # noqa: E402
RANK = re.compile(r"tofu-run: rank (\d+): peak RSS ([0-9.]+) MiB \(([0-9.]+) MiB after init\)")
MIB = 1024.0 * 1024.0


def sh(cmd):
    proc = subprocess.run([str(c) for c in cmd], capture_output=True, text=True)
    if proc.returncode:
        sys.exit(f"failed: {' '.join(map(str, cmd))}\n{(proc.stdout + proc.stderr)[-2000:]}")
    return proc


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--in", dest="inp", type=int, default=1024)
    p.add_argument("--hidden", type=int, default=1024)
    p.add_argument("--out", type=int, default=1024)
    p.add_argument("--batch", type=int, default=16)
    p.add_argument("--data", type=int, default=4)
    p.add_argument("--work", default="/tmp/tofu-bench-zero")
    a = p.parse_args()
    work = Path(a.work)
    work.mkdir(parents=True, exist_ok=True)

    import jax
    import jax.numpy as jnp
    import export_jax_steps as ex
    ex.BATCH, ex.IN, ex.HIDDEN, ex.OUT = a.batch, a.inp, a.hidden, a.out
    params, x, y = ex.shapes()
    t = jax.ShapeDtypeStruct((), jnp.int32)
    text = jax.jit(ex.adam_step, keep_unused=True).lower(params, params, params, t, x, y).as_text()
    (work / "jax.mlir").write_text(text)
    step = work / "adam.mlir"
    sh(["tofu-opt", "--tofu-import-stablehlo", work / "jax.mlir", "-o", step])

    # Inputs as adam_inputs.py: second moments are squares (>= 0).
    inputs = work / "inputs"
    shapes = [s.shape for s in params]
    adam_inputs.write(inputs, shapes, (a.batch, a.inp), (a.batch, a.out))
    ref = work / "ref"
    sh(["tofu-run", step, "--entry", "main", "--inputs", inputs, "--outputs", ref])

    d = a.data
    print(f"Adam MLP {a.inp}x{a.hidden}x{a.out}, batch {a.batch}, data={d} "
          f"(parameters {sum(np.prod(s) for s in shapes) * 4 / MIB:.1f} MiB)")
    print("| zero | measured MiB (largest rank) | estimate: parameters | gradients "
          "| optimizer | activations | peak | results |")
    print("|---|---|---|---|---|---|---|---|")
    for z in (0, 1, 2, 3):
        prog, report = work / f"zero{z}.mlir", work / f"plan{z}.json"
        sh(["tofu-opt", step, "-o", prog,
            f"--tofu-plan=gpus={d} data={d} pipeline=1 tensor=1 zero={z} optimizer=adam "
            f"machine=k80-pcie memory=0 materialize=true print=none entry=main report={report}"])
        out = work / f"out{z}"
        proc = sh(["tofu-run", prog, "--entry", "main", "--inputs", inputs, "--outputs", out])
        measured = max(float(m.group(2)) - float(m.group(3))
                       for m in RANK.finditer(proc.stdout))
        match = sh([sys.executable, INPUTS / "compare.py", "close", out, ref,
                    "--rtol", "1e-5"]).stdout.strip().split(",")[0]
        mem = json.loads(report.read_text())["stages"][0]["memory"]
        est = [mem[k] / MIB for k in ("parameters", "gradients", "optimizer",
                                      "activations", "peak")]
        print(f"| {z} | {measured:.1f} | " + " | ".join(f"{e:.1f}" for e in est)
              + f" | {match} |")


if __name__ == "__main__":
    main()
