#!/usr/bin/env python3
"""The joint planner's materialized plans as a matrix (issue: run the
planner's plans): every model × (d, p, t) × ZeRO × recomputation × schedule,
each run on MPI ranks against the unpartitioned step.

    python3 bench/planned/matrix.py [--models mlp,transformer,...]
                                    [--work DIR] [--json FILE]

Models: the zoo's MLP, transformer, LSTM and Wide ResNet steps
(tofu-zoo | tofu-opt --tofu-autodiff), the hand-written linalg MLP step and
JAX's Adam step imported from StableHLO (test/Integration/Run/Inputs).
Configurations: (d, p, t) in (4,1,1), (1,4,1), (1,1,4), (2,2,1), (2,1,2),
(1,2,2) on 4 ranks and (2,2,2) on 8; ZeRO 0 and 3 (3 only with replicas);
recomputation off and on; with p > 1 GPipe, 1F1B and interleaved 1F1B with
2 virtual stages, M = 2p microbatches. Each row is
test/Integration/Run/Inputs/check_planned.py's verdict (every result within
rel. 1e-5 of the unpartitioned step, 1%-of-max floor), or the planner's
located refusal (a model with fewer layers than p * v chunks, a step that
cannot be cut). Prints a table per model and writes every row to --json.
"""
import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
INPUTS = ROOT / "test" / "Integration" / "Run" / "Inputs"
ZOO = {
    "mlp": ["mlp", "--layers", "8", "--hidden", "16", "--batch", "16"],
    "transformer": ["transformer", "--layers", "4", "--hidden", "16", "--heads", "2",
                    "--seq", "4", "--batch", "8", "--vocab", "12"],
    "lstm": ["rnn", "--layers", "4", "--hidden", "16", "--embed", "8", "--steps", "3",
             "--batch", "8", "--vocab", "10"],
    "wresnet": ["wresnet", "--depth", "50", "--width", "1", "--base-channels", "4",
                "--image", "16", "--batch", "8", "--classes", "4"],
}
DEGREES = [(4, 1, 1), (1, 4, 1), (1, 1, 4), (2, 2, 1), (2, 1, 2), (1, 2, 2), (2, 2, 2)]
LINE = re.compile(r"^(?P<tag>d=.*?): (?P<verdict>MATCH|MISMATCH)(?P<rest>.*)$")
REFUSED = re.compile(r"^(?P<config>[0-9:a-z]+): PLAN FAILED (?P<error>.*)$")


def configs():
    for d, p, t in DEGREES:
        for zero in ([0, 3] if d > 1 else [0]):
            for recompute in ("false", "true"):
                schedules = ["gpipe", "1f1b", "interleaved2"] if p > 1 else [""]
                for schedule in schedules:
                    m = str(2 * p) if p > 1 else ""
                    yield f"{d}:{p}:{t}:{m}:{schedule}:{zero}:{recompute}"


def step_of(model, work):
    """The step's path, its entry and check_planned's extra arguments."""
    if model in ZOO:
        fwd, step = work / f"{model}.mlir", work / f"{model}-step.mlir"
        subprocess.run(["tofu-zoo", *ZOO[model], "-o", str(fwd)], check=True)
        subprocess.run(["tofu-opt", "--tofu-autodiff", str(fwd), "-o", str(step)], check=True)
        return step, "train_step", []
    if model == "handwritten":
        return INPUTS / "handwritten-mlp-step.mlir", "train_step", []
    if model == "jax-adam":
        step = work / "jax-adam.mlir"
        subprocess.run(["tofu-opt", "--tofu-import-stablehlo",
                        str(INPUTS / "jax-adam-step.mlir"), "-o", str(step)], check=True)
        inputs = work / "jax-adam-inputs"
        subprocess.run([sys.executable, str(INPUTS / "adam_inputs.py"), str(inputs)], check=True)
        return step, "main", ["--inputs", str(inputs)]
    sys.exit(f"unknown model {model}")


def run_model(model, work):
    step, entry, extra = step_of(model, work)
    all_configs = list(configs())
    proc = subprocess.run([sys.executable, str(INPUTS / "check_planned.py"), str(step),
                           str(work / model), "--entry", entry, "--scale", "0.25",
                           "--configs", ",".join(all_configs), *extra],
                          capture_output=True, text=True)
    # check_planned prints a record per configuration, in order: a line
    # "TAG: VERDICT ..." or "CONFIG: PLAN FAILED ...", the tail of a failure's
    # messages on the lines after it.
    records = []
    for line in proc.stdout.splitlines():
        if LINE.match(line) or REFUSED.match(line) or re.match(r"^d=\S+ p=", line):
            records.append(line)
        elif records:
            records[-1] += "\n" + line
    rows = []
    for config, record in zip(all_configs, records):
        head = record.split("\n", 1)[0]
        refused = REFUSED.match(head)
        if refused:
            located = re.search(r"error: (.*)", record)
            rows.append({"model": model, "config": config, "verdict": "refused",
                         "detail": (located.group(1) if located else head)[:200]})
            continue
        m = LINE.match(head)
        rows.append({"model": model, "config": config,
                     "verdict": m.group("verdict").lower() if m else "failed",
                     "plan": head.split(": ", 1)[0], "detail": head[:200]})
    if len(records) < len(all_configs):
        rows.append({"model": model, "config": "-", "verdict": "incomplete",
                     "detail": (proc.stderr or proc.stdout)[-400:]})
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--models", default="mlp,transformer,lstm,wresnet,handwritten,jax-adam")
    ap.add_argument("--work", default="/tmp/tofu-bench-planned-matrix")
    ap.add_argument("--json", default=str(ROOT / "bench" / "results" / "planned-matrix.json"))
    a = ap.parse_args()
    work = Path(a.work)
    work.mkdir(parents=True, exist_ok=True)
    rows = []
    for model in a.models.split(","):
        model_rows = run_model(model, work)
        rows += model_rows
        # Written after each model, so an interrupted run keeps what it did.
        Path(a.json).write_text(json.dumps(rows, indent=1) + "\n")
        print(f"== {model}")
        print(f"{'d:p:t:M:schedule:zero:recompute':<36} {'verdict':<9} detail")
        for r in model_rows:
            print(f"{r['config']:<36} {r['verdict']:<9} {r['detail'][:90]}")
        counts = {}
        for r in model_rows:
            counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
        print("   ", ", ".join(f"{v}: {n}" for v, n in sorted(counts.items())))
    bad = [r for r in rows if r["verdict"] not in ("match", "refused")]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
