#!/usr/bin/env python3
"""Pipelined training steps: the measured bubble and per-stage memory against
the plan.

    bench/pipeline/run.py [--build build] [--layers 8 --hidden 512 --batch 128]
                          [--stages 2] [--ms 1,2,4,8] [--schedules gpipe,1f1b]
                          [--oversubscribed 4] [--repeats 3] [--out FILE]

For a tofu-zoo MLP step (tofu-opt --tofu-autodiff) and every (M, schedule):
tofu-opt --tofu-place="stages=S microbatches=M schedule=... fill=true
print=table" places it (its table gives each stage's estimated memory),
--tofu-pipeline writes the pipelined program and tofu-run compiles it and
runs it once on S MPI ranks (the warm-up; its results are compared with the
unpartitioned step's by test/Integration/Run/Inputs/compare.py close, rtol
1e-5) on the --seed 1 inputs times --scale. The compiled program (kept in tofu-run's --workdir) then runs
--repeats more times through the same mpirun command; every figure is the
median over those runs.

Per rank (= stage) tofu-run prints `entry E s, waited W s`: W is the time the
rank spent blocked in receives and broadcasts (tofu_rt_wait_seconds), so
W / E is the stage's measured bubble fraction, to compare with the ideal
(S - 1) / (M + S - 1). W also holds the transfers themselves and any wait
caused by imbalance between the stages. Memory measured = peak RSS minus RSS
after runtime init; every rank also holds the whole inputs and results
(column -I/O subtracts them). `--oversubscribed S2` adds rows with S2 stages (more
ranks than this machine's cores when S2 > cores: labelled, their times are
not meaningful). Prints a table and writes bench/results/pipeline.json.
"""
import argparse
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
COMPARE = ROOT / "test" / "Integration" / "Run" / "Inputs" / "compare.py"
RANK = re.compile(r"tofu-run: rank (\d+): peak RSS ([0-9.]+) MiB \(([0-9.]+) MiB after init\), "
                  r"inputs [0-9.]+ s, entry ([0-9.]+) s, total [0-9.]+ s, waited ([0-9.]+) s")
STAGE_ROW = re.compile(r"^(\d+)\s+\d+\s+\S+\s+\S+\s+\S+\s+([0-9.]+)\s*$", re.M)
MIB = 1024.0 * 1024.0


def sh(cmd, timeout=600):
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if proc.returncode:
        tail = (proc.stdout + proc.stderr)[-2000:]
        sys.exit(f"failed ({proc.returncode}): {' '.join(map(str, cmd))}\n{tail}")
    return proc


def ranks_of(out):
    """{rank: (memory MiB, entry s, waited s)} from tofu-run's per-rank lines."""
    rows = {}
    for r, peak, base, entry, waited in RANK.findall(out):
        rows[int(r)] = (float(peak) - float(base), float(entry), float(waited))
    if not rows:
        sys.exit(f"no per-rank statistics (with 'waited') in:\n{out[-2000:]}")
    return [rows[r] for r in sorted(rows)]


def launch_line(stderr):
    """The command tofu-run -v ran the compiled program with, split, and the
    index of the program in it (its own options follow)."""
    for line in reversed(stderr.splitlines()):
        if line.startswith("tofu-run: $ ") and "/program" in line:
            argv = shlex.split(line[len("tofu-run: $ "):])
            for i, a in enumerate(argv):
                if a.endswith("/program"):
                    return argv, i
    sys.exit("tofu-run -v printed no program command")


def compile_and_run(a, mlir, work, inputs, outputs, mpirun_args=""):
    """tofu-run (compiles, runs once: the warm-up), then --repeats runs of
    the program; returns the repeats' per-rank rows. The launch line starts
    with environment assignments (TOFU_RT_BACKEND=..., TOFU_THREADS=...),
    which the reruns set as their environment."""
    extra = ["--mpirun-args", mpirun_args] if mpirun_args else []
    proc = sh([a.tool("tofu-run"), str(mlir), "--entry", "train_step", "--inputs", str(inputs),
               "--outputs", str(outputs), "--workdir", str(work), "-v", "--timeout", "300"]
              + extra)
    argv, i = launch_line(proc.stderr)
    env = dict(os.environ)
    while argv and "=" in argv[0] and not argv[0].startswith(("-", "/")):
        key, value = argv.pop(0).split("=", 1)
        env[key] = value
        i -= 1
    runs = []
    for _ in range(a.repeats):
        p = subprocess.run(argv[:i + 1] + ["--inputs", str(inputs)], capture_output=True,
                           text=True, timeout=300, env=env)
        if p.returncode:
            sys.exit(f"failed ({p.returncode}): {' '.join(argv)}\n{(p.stdout + p.stderr)[-2000:]}")
        runs.append(ranks_of(p.stdout))
    return runs


def median_ranks(runs):
    n = len(runs[0])
    med = lambda xs: statistics.median(xs)
    return [{"memory_mib": med([r[k][0] for r in runs]),
             "entry_s": med([r[k][1] for r in runs]),
             "waited_s": med([r[k][2] for r in runs]),
             "bubble": med([r[k][2] / r[k][1] if r[k][1] > 0 else 0.0 for r in runs])}
            for k in range(n)]


def place(a, step, work, stages, micro, schedule):
    placed = work / "placed.mlir"
    opts = (f"stages={stages} microbatches={micro} schedule={schedule} entry=train_step "
            f"fill=true print=table")
    proc = sh([a.tool("tofu-opt"), f"--tofu-place={opts}", str(step), "-o", str(placed)])
    estimate = [float(b) / MIB for _, b in sorted((int(s), b)
                                                  for s, b in STAGE_ROW.findall(proc.stdout))]
    used = re.search(r"stages = (\d+)", placed.read_text())
    return placed, estimate, int(used.group(1)) if used else 0


def config(a, step, tmp, inputs, ref, stages, micro, schedule):
    work = tmp / f"S{stages}-M{micro}-{schedule}"
    work.mkdir()
    placed, estimate, used = place(a, step, work, stages, micro, schedule)
    piped = work / "piped.mlir"
    sh([a.tool("tofu-opt"), "--tofu-pipeline", str(placed), "-o", str(piped)])
    out = work / "out"
    runs = compile_and_run(a, piped, work / "build", inputs, out)
    cmp = subprocess.run([sys.executable, str(COMPARE), "close", str(out), str(ref),
                          "--rtol", a.rtol], capture_output=True, text=True)
    err = re.search(r"max relative error (\S+)", cmp.stdout)
    ranks = median_ranks(runs)
    return {
        "stages": stages, "stages_used": used, "microbatches": micro, "schedule": schedule,
        "oversubscribed": stages > (os.cpu_count() or 1),
        "ideal_bubble": (stages - 1) / (micro + stages - 1),
        "bubble_per_stage": [r["bubble"] for r in ranks],
        "bubble_mean": statistics.mean(r["bubble"] for r in ranks),
        "step_s": max(r["entry_s"] for r in ranks),
        "waited_s": [r["waited_s"] for r in ranks],
        "memory_mib": [r["memory_mib"] for r in ranks],
        "estimate_mib": estimate,
        "ratio": [m / e if e else None for m, e in zip((r["memory_mib"] for r in ranks), estimate)],
        "match": cmp.returncode == 0, "compare": cmp.stdout.strip(),
        "max_rel_error": float(err.group(1)) if err else None,
    }


def fmt_list(xs, f):
    return "/".join(f.format(x) if x is not None else "-" for x in xs)


def scale_inputs(raw, inputs, scale):
    """--seed's floats are uniform in [-1, 1); scaled to about 1/sqrt(width)
    (a usual initialisation) the 8-layer step stays well conditioned
    (unscaled, its loss is ~1e9 and fp32 reassociation alone moves gradient
    sums by ~1.5e-5)."""
    inputs.mkdir()
    for f in raw.glob("*.npy"):
        x = np.load(f)
        if x.dtype.kind == "f":
            x = (x * scale).astype(x.dtype)
        np.save(inputs / f.name, x)


def io_mib(inputs, ref):
    """MiB of the whole inputs and results: every stage rank holds all of
    them (the pipelined entry's arguments are replicated and each result is
    broadcast to every rank)."""
    files = list(Path(inputs).glob("*.npy")) + list(Path(ref).glob("result*.npy"))
    return sum(np.load(f).nbytes for f in files) / MIB


def print_table(ref_row, rows, io):
    print(f"unpartitioned step: {ref_row['step_s']:.3f} s, memory {ref_row['memory_mib']:.1f} MiB")
    print("memory: measured = peak RSS - RSS after init per stage rank; estimate = "
          "--tofu-place print=table 'memory (bytes)'")
    print(f"whole inputs + results, held by every rank: {io:.1f} MiB (column -I/O: "
          f"measured minus that)")
    head = (f"{'S':>2} {'M':>2} {'sched':>5} {'ideal':>6} {'bubble/stage':>13} {'mean':>5} "
            f"{'step s':>7} {'mem MiB':>11} {'-I/O':>11} {'est MiB':>11} {'ratio':>9}  check")
    print(head)
    for r in rows:
        note = " (oversubscribed)" if r["oversubscribed"] else ""
        print(f"{r['stages']:>2} {r['microbatches']:>2} {r['schedule']:>5} "
              f"{r['ideal_bubble']:>6.3f} {fmt_list(r['bubble_per_stage'], '{:.2f}'):>13} "
              f"{r['bubble_mean']:>5.2f} {r['step_s']:>7.3f} "
              f"{fmt_list(r['memory_mib'], '{:.1f}'):>11} "
              f"{fmt_list([m - io for m in r['memory_mib']], '{:.1f}'):>11} "
              f"{fmt_list(r['estimate_mib'], '{:.1f}'):>11} "
              f"{fmt_list(r['ratio'], '{:.2f}'):>9}  "
              f"{'MATCH' if r['match'] else 'MISMATCH'} {r['max_rel_error']:.1e}{note}")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--build", default=str(ROOT / "build"))
    p.add_argument("--layers", type=int, default=8)
    p.add_argument("--hidden", type=int, default=512)
    p.add_argument("--batch", type=int, default=128)
    p.add_argument("--stages", type=int, default=2)
    p.add_argument("--ms", default="1,2,4,8")
    p.add_argument("--schedules", default="gpipe,1f1b")
    p.add_argument("--oversubscribed", type=int, default=0,
                   help="also run this many stages (label the rows oversubscribed)")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--scale", type=float, default=0.05,
                   help="factor on the --seed 1 float inputs (parameters and data)")
    p.add_argument("--rtol", default="1e-5", help="compare.py close tolerance")
    p.add_argument("--out", default=str(ROOT / "bench" / "results" / "pipeline.json"))
    a = p.parse_args()
    a.tool = lambda name: str(Path(a.build) / "bin" / name)
    ms = [int(m) for m in a.ms.split(",")]
    schedules = a.schedules.split(",")
    load_before = os.getloadavg()
    started = time.time()
    with tempfile.TemporaryDirectory(prefix="tofu-pipeline-bench-") as t:
        tmp = Path(t)
        model = tmp / "model.mlir"
        step = tmp / "step.mlir"
        sh([a.tool("tofu-zoo"), "mlp", "--layers", str(a.layers), "--hidden", str(a.hidden),
            "--batch", str(a.batch), "-o", str(model)])
        sh([a.tool("tofu-opt"), "--tofu-autodiff", str(model), "-o", str(step)])
        inputs, ref = tmp / "inputs", tmp / "ref"
        raw = tmp / "raw-inputs"
        sh([a.tool("tofu-run"), str(step), "--entry", "train_step", "--seed", "1",
            "--save-inputs", str(raw), "--timeout", "300"])
        scale_inputs(raw, inputs, a.scale)
        ref_runs = compile_and_run(a, step, tmp / "ref-build", inputs, ref)
        ref_rank = median_ranks(ref_runs)[0]
        ref_row = {"step_s": ref_rank["entry_s"], "memory_mib": ref_rank["memory_mib"]}
        rows = []
        stage_counts = [a.stages] + ([a.oversubscribed] if a.oversubscribed else [])
        for stages in stage_counts:
            for micro in ms:
                for schedule in schedules:
                    rows.append(config(a, step, tmp, inputs, ref, stages, micro, schedule))
                    print(f"done S={stages} M={micro} {schedule}", file=sys.stderr)
        io = io_mib(inputs, ref)
    print_table(ref_row, rows, io)
    result = {
        "command": "bench/pipeline/run.py " + " ".join(shlex.quote(x) for x in sys.argv[1:]),
        "model": f"tofu-zoo mlp --layers {a.layers} --hidden {a.hidden} --batch {a.batch}",
        "repeats": a.repeats, "input_scale": a.scale, "rtol": float(a.rtol),
        "cpus": os.cpu_count(),
        "load_average_before": load_before, "load_average_after": os.getloadavg(),
        "seconds": round(time.time() - started, 1),
        "unpartitioned": ref_row, "io_mib": io, "rows": rows,
    }
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    Path(a.out).write_text(json.dumps(result, indent=1) + "\n")
    print(f"wrote {a.out}")
    return 0 if all(r["match"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
