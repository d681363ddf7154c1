#!/usr/bin/env python3
"""Per-rank memory of the planner's materialized programs with activation
recomputation off and on.

    python3 bench/recompute/run.py [--layers 8] [--hidden 256] [--in 64]
                                   [--batch 2048] [--pipeline 2]
                                   [--microbatches 2] [--schedule gpipe]
                                   [--work DIR]

Builds the zoo MLP's SGD step at the sizes given (tofu-zoo mlp, then
--tofu-autodiff): with a large batch and a narrow input its activations
dominate its memory. For recompute = false, true:
--tofu-plan="gpus=P data=1 pipeline=P tensor=1 microbatches=M schedule=S
recompute=R materialize=true" writes the program, tofu-run runs it on P MPI
ranks and compare.py checks its results against the single-rank step
(--rtol, 1e-4 by default: the sums over 1024-sample microbatches differ from
the whole batch's in fp32 rounding by up to about 4e-5 at the default sizes,
with or without recomputation).
Prints per setting and stage rank (rank = stage at d = t = 1): the measured
memory (peak RSS minus RSS after runtime init, as bench/memory and
bench/zero), the part of it the harness holds around the call (arguments +
2 x results, docs/benchmarks.md: every stage rank gets every argument and
returns every result), the program's own (the difference), and the
planner's estimate for that stage (stages[s].memory of the report:
activations, peak, and the peak less the stage's parameters and optimizer
term, which for SGD is the updated copy the program returns: the part the
harness's copies do not stand for), in MiB.
"""
import argparse
import importlib.util
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
INPUTS = ROOT / "test" / "Integration" / "Run" / "Inputs"
# bench/zero/run.py's way of running the tools and reading tofu-run's
# per-rank memory lines, shared rather than copied.
_spec = importlib.util.spec_from_file_location("zero_run", ROOT / "bench" / "zero" / "run.py")
_zero = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_zero)
MIB, RANK, sh = _zero.MIB, _zero.RANK, _zero.sh

def npy_bytes(directory):
    return sum(np.load(f).nbytes for f in Path(directory).glob("*.npy"))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--layers", type=int, default=8)
    p.add_argument("--hidden", type=int, default=256)
    p.add_argument("--in", dest="inp", type=int, default=64)
    p.add_argument("--batch", type=int, default=2048)
    p.add_argument("--pipeline", type=int, default=2)
    p.add_argument("--microbatches", type=int, default=2)
    p.add_argument("--schedule", default="gpipe")
    p.add_argument("--rtol", default="1e-4")
    p.add_argument("--work", default="/tmp/tofu-bench-recompute")
    a = p.parse_args()
    work = Path(a.work)
    work.mkdir(parents=True, exist_ok=True)

    model, step = work / "mlp.mlir", work / "step.mlir"
    sh(["tofu-zoo", "mlp", "--layers", a.layers, "--hidden", a.hidden, "--in", a.inp,
        "--batch", a.batch, "-o", model])
    sh(["tofu-opt", "--tofu-autodiff", model, "-o", step])
    raw, ref = work / "inputs", work / "ref"
    sh(["tofu-run", step, "--entry", "train_step", "--seed", "1", "--save-inputs", raw,
        "--outputs", ref])
    harness = npy_bytes(raw) + 2 * npy_bytes(ref)

    s = a.pipeline
    print(f"zoo MLP {a.layers} x {a.hidden}, in {a.inp}, batch {a.batch}: data=1 "
          f"pipeline={s} tensor=1, {a.microbatches} microbatches, {a.schedule}; "
          f"harness (arguments + 2 x results) {harness / MIB:.1f} MiB per rank")
    print("| recompute | stage | measured | harness | program (measured - harness) "
          "| est. activations | est. peak | est. program (peak - parameters - optimizer) "
          "| results |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in ("false", "true"):
        prog, report = work / f"recompute-{r}.mlir", work / f"plan-{r}.json"
        sh(["tofu-opt", step, "-o", prog,
            f"--tofu-plan=gpus={s} data=1 pipeline={s} tensor=1 "
            f"microbatches={a.microbatches} schedule={a.schedule} recompute={r} "
            f"machine=k80-pcie memory=0 materialize=true print=none report={report}"])
        out = work / f"out-{r}"
        proc = sh(["tofu-run", prog, "--entry", "train_step", "--inputs", raw,
                   "--outputs", out])
        measured = {int(m.group(1)): float(m.group(2)) - float(m.group(3))
                    for m in RANK.finditer(proc.stdout)}
        match = sh([sys.executable, INPUTS / "compare.py", "close", out, ref,
                    "--rtol", a.rtol]).stdout.strip()
        stages = json.loads(report.read_text())["stages"]
        for stage, info in enumerate(stages):
            mem = info["memory"]
            got = measured[stage]
            own = mem["peak"] - mem["parameters"] - mem["optimizer"]
            print(f"| {r} | {stage} | {got:.1f} | {harness / MIB:.1f} | "
                  f"{got - harness / MIB:.1f} | {mem['activations'] / MIB:.1f} | "
                  f"{mem['peak'] / MIB:.1f} | {own / MIB:.1f} | {match} |")


if __name__ == "__main__":
    main()
