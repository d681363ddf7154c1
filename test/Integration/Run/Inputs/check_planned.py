"""Runs a training step unpartitioned and as the planner's materialized plan.

  check_planned.py STEP.mlir WORKDIR
                   --configs D:P:T[:M[:SCHEDULE[:ZERO[:RECOMPUTE[:MEMORY]]]]],...
                   [--entry train_step] [--seed S] [--scale X] [--rtol 1e-5]
                   [--inputs DIR]

For each configuration: tofu-opt --tofu-plan="gpus=D*P*T data=D pipeline=P
tensor=T [microbatches=M] [schedule=SCHEDULE] [zero=ZERO]
[recompute=RECOMPUTE] memory=MEMORY materialize=true" (an empty M, SCHEDULE,
ZERO or RECOMPUTE is the planner's choice; SCHEDULE interleavedV is
schedule=interleaved virtual-stages=V; MEMORY defaults to 0, no limit)
writes the
program of the plan, tofu-run runs it on D*P*T MPI ranks on the same whole
inputs as the single-rank reference run, and compare.py's `close` mode
checks every result (updated parameters, optimizer state and loss) within
--rtol (per element, relative to max(|ref|, 1e-2 max|ref|)). --scale
multiplies the --seed float inputs (uniform in [-1, 1)): a deep step stays
well conditioned at about 1/sqrt(width). --inputs takes
the inputs (arg<N>.npy) from DIR instead of tofu-run's --seed (Adam's
second moments must not be negative). Prints one line per configuration:
  d=2 p=2 t=1 M=2 1f1b: MATCH 11 results, max relative error 1.2e-07 (result 3)
(with " v=V" after an interleaved schedule, " zero=Z" when the plan's
ZeRO stage is not 0, and " recompute" when the plan recomputes
activations).
"""
import argparse
import json
import sys
from pathlib import Path

from reference_run import reference_on, run, run_and_compare


def check(a, config, work, inputs, ref, log):
    parts = config.split(":")
    d, p, t = (int(x) for x in parts[:3])
    pins = f"gpus={d * p * t} data={d} pipeline={p} tensor={t}"
    if len(parts) > 3 and parts[3]:
        pins += f" microbatches={parts[3]}"
    if len(parts) > 4 and parts[4].startswith("interleaved"):
        pins += f" schedule=interleaved virtual-stages={parts[4][len('interleaved'):]}"
    elif len(parts) > 4 and parts[4]:
        pins += f" schedule={parts[4]}"
    if len(parts) > 5 and parts[5]:
        pins += f" zero={parts[5]}"
    if len(parts) > 6 and parts[6]:
        pins += f" recompute={parts[6]}"
    memory = parts[7] if len(parts) > 7 and parts[7] else "0"
    name = config.replace(":", "-")
    prog, report = work / f"planned-{name}.mlir", work / f"plan-{name}.json"
    opts = (f"{pins} machine=k80-pcie memory={memory} materialize=true print=none "
            f"entry={a.entry} report={report}")
    proc = run(["tofu-opt", f"--tofu-plan={opts}", a.step, "-o", str(prog)], log)
    if proc.returncode:
        # The first error line names the cause; the IR the diagnostic
        # prints after it can be long.
        errors = [l for l in proc.stderr.splitlines() if "error:" in l]
        print(f"{config}: PLAN FAILED {(errors[0] if errors else proc.stderr.strip())[-800:]}")
        return False
    plan = json.loads(report.read_text())
    tag = (f"d={plan['degrees']['data']} p={plan['degrees']['pipeline']} "
           f"t={plan['degrees']['tensor']} M={plan['microbatches']} {plan['schedule']}")
    if plan["virtual_stages"] > 1:
        tag += f" v={plan['virtual_stages']}"
    if plan["zero"]:
        tag += f" zero={plan['zero']}"
    if plan["recompute"]:
        tag += " recompute"
    passed, line = run_and_compare(prog, a.entry, inputs, work / f"out-{name}", ref, a.rtol,
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
