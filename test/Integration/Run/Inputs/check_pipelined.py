"""Runs a training step unpartitioned and pipelined, and compares.

  check_pipelined.py STEP.mlir WORKDIR --configs S:M:SCHEDULE:SPLIT,...
                     [--entry train_step] [--seed S] [--scale F] [--rtol 1e-5]
                     [--place-options "machine=..."] [--inputs DIR]

For each configuration: tofu-opt --tofu-place="stages=S microbatches=M
schedule=SCHEDULE" places the step's ops on S stages, --tofu-pipeline=
"split=SPLIT" writes the pipelined program, tofu-run runs it on S*SPLIT MPI
ranks on the same whole inputs as the single-rank reference run, and
compare.py's `close` mode checks every result (updated parameters and loss)
within --rtol (per element, relative to max(|ref|, 1e-2 max|ref|)). The
placement must use all S stages. --inputs takes the inputs (arg<N>.npy)
from DIR instead of tofu-run's --seed (an optimizer's second moments must
not be negative). Prints one line per configuration:
  S=2 M=4 1f1b split=1: MATCH 7 results, max relative error 1.2e-07 (result 3)
"""
import argparse
import re
import sys
from pathlib import Path

from reference_run import reference_on, run, run_and_compare


def check(a, config, work, inputs, ref, log):
    stages, micro, schedule, split = config.split(":")
    tag = f"S={stages} M={micro} {schedule} split={split}"
    name = f"{stages}-{micro}-{schedule}-{split}"
    placed, piped = work / f"placed-{name}.mlir", work / f"piped-{name}.mlir"
    opts = f"stages={stages} microbatches={micro} schedule={schedule} entry={a.entry}"
    proc = run(["tofu-opt", f"--tofu-place={opts} {a.place_options}".strip(), a.step,
                "-o", str(placed)], log)
    if proc.returncode:
        print(f"{tag}: PLACE FAILED {proc.stderr.strip()[-500:]}")
        return False
    used = re.search(r"stages = (\d+)", placed.read_text())
    if not used or used.group(1) != stages:
        print(f"{tag}: PLACED ON {used.group(1) if used else '?'} STAGES")
        return False
    proc = run(["tofu-opt", f"--tofu-pipeline=split={split}", str(placed), "-o", str(piped)], log)
    if proc.returncode:
        print(f"{tag}: PIPELINE FAILED {proc.stderr.strip()[-800:]}")
        return False
    passed, line = run_and_compare(piped, a.entry, inputs, work / f"out-{name}", ref, a.rtol,
                                   log)
    print(f"{tag}: {line}")
    return passed


def main():
    p = argparse.ArgumentParser()
    p.add_argument("step")
    p.add_argument("workdir")
    p.add_argument("--configs", required=True)
    p.add_argument("--entry", default="train_step")
    p.add_argument("--seed", default="1")
    p.add_argument("--scale", type=float, default=1.0)
    p.add_argument("--rtol", default="1e-5")
    p.add_argument("--place-options", default="")
    p.add_argument("--inputs")
    a = p.parse_args()
    work = Path(a.workdir)
    work.mkdir(parents=True, exist_ok=True)
    log = work / "log.txt"
    inputs, ref = reference_on(a.step, a.entry, a.inputs, a.seed, a.scale, work, log)
    ok = True
    for config in a.configs.split(","):
        ok &= check(a, config, work, inputs, ref, log)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
