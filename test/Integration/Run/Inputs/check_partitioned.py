"""Runs a training step unpartitioned and partitioned, and compares.

  check_partitioned.py STEP.mlir WORKDIR --ks 2,4,8,6 [--strategies tofu,...]
                       [--entry train_step] [--seed S] [--scale F]
                       [--rtol 1e-4] [--partition-options "machine=..."]

For each k and strategy: tofu-opt --tofu-partition="gpus=k strategy=s"
materializes the SPMD program, tofu-run runs it on k MPI ranks on the same
whole inputs as the single-rank reference run, and compare.py's `close` mode
checks every result (updated parameters and loss) within --rtol. Inputs are
tofu-run's --seed inputs times --scale (deep models with uniform(-1, 1)
parameters overflow fp32 otherwise). Prints one line per run:
  k=4 tofu: MATCH 7 results, max relative error 1.2e-06 (result 3) replicated_ops=0
"""
import argparse
import re
import sys
from pathlib import Path

from reference_run import reference, run, run_and_compare


def main():
    p = argparse.ArgumentParser()
    p.add_argument("step")
    p.add_argument("workdir")
    p.add_argument("--ks", required=True)
    p.add_argument("--strategies", default="tofu")
    p.add_argument("--entry", default="train_step")
    p.add_argument("--seed", default="1")
    p.add_argument("--scale", type=float, default=1.0)
    p.add_argument("--rtol", default="1e-4")
    p.add_argument("--partition-options", default="")
    a = p.parse_args()

    work = Path(a.workdir)
    work.mkdir(parents=True, exist_ok=True)
    log = work / "log.txt"
    inputs, ref = reference(a.step, a.entry, a.seed, a.scale, work, log)

    failed = False
    for k in a.ks.split(","):
        for s in a.strategies.split(","):
            tag = f"k={k} {s}"
            planned = work / f"step-{k}-{s}.mlir"
            opts = f"gpus={k} strategy={s} entry={a.entry} {a.partition_options}".strip()
            proc = run(["tofu-opt", f"--tofu-partition={opts}", a.step, "-o", str(planned)], log)
            if proc.returncode:
                print(f"{tag}: PARTITION FAILED {proc.stderr.strip()[-500:]}")
                failed = True
                continue
            text = planned.read_text()
            stats = re.search(r"replicated_ops = (\d+)", text)
            passed, line = run_and_compare(planned, a.entry, inputs, work / f"out-{k}-{s}",
                                           ref, a.rtol, log)
            if not passed and line.startswith("RUN FAILED"):
                print(f"{tag}: {line}")
                failed = True
                continue
            print(f"{tag}: {line} replicated_ops={stats.group(1) if stats else '?'}")
            failed |= not passed
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
