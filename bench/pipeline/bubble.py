#!/usr/bin/env python3
"""The pipeline bubble of GPipe, 1F1B and interleaved 1F1B, measured on CPU
ranks against (p - 1) / (v M + p - 1).

    bench/pipeline/bubble.py [--build build] [--layers 8 --hidden 256 --batch 64]
                             [--stages 2] [--ms 2,4,8]
                             [--schedules gpipe,1f1b,interleaved2,interleaved4]
                             [--repeats 3] [--mpirun-args ARGS]
                             [--out bench/results/bubble.json]

For a tofu-zoo MLP step (tofu-opt --tofu-autodiff) and every (M, schedule):
tofu-opt --tofu-plan="gpus=p data=1 pipeline=p tensor=1 microbatches=M
schedule=... [virtual-stages=v] machine=k80-pcie memory=0 materialize=true"
writes the program (`interleavedV` is schedule=interleaved virtual-stages=V),
tofu-run compiles it and runs it once on p MPI ranks (the warm-up, whose
results are checked against the unpartitioned step: compare.py close, rtol
1e-5), then the compiled program runs --repeats more times through the same
mpirun command (--mpirun-args: extra mpirun flags, such as OpenMPI's
"--mca mpi_yield_when_idle 1", which makes a waiting rank yield its core
instead of spinning); every figure is the median over those runs.

Per rank tofu-run prints `entry E s, waited W s`; W is the time the rank
spent blocked in receives and broadcasts (tofu_rt_wait_seconds,
docs/runtime.md), its idle time. Busy = E - W; the measured bubble of a rank
is W / E. Independently of that counter, the bubble from the step time is
1 - T1 / (p * E_max), T1 being the unpartitioned step on one rank (the work
the p ranks share). The ideal is (p - 1) / (v M + p - 1) (v = 1 for GPipe
and 1F1B), which assumes equal chunks and free messages. Prints a table and
writes --out.
"""
import argparse
import json
import os
import shlex
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run as pipeline  # noqa: E402  (bench/pipeline/run.py's helpers)

ROOT = pipeline.ROOT


def schedule_pins(name):
    """(schedule pin text, v) of a --schedules entry."""
    if name.startswith("interleaved"):
        v = int(name[len("interleaved"):] or 2)
        return f"schedule=interleaved virtual-stages={v}", v
    return f"schedule={name}", 1


def config(a, step, tmp, inputs, ref, ref_seconds, stages, micro, name):
    pins, v = schedule_pins(name)
    work = tmp / f"p{stages}-M{micro}-{name}"
    work.mkdir()
    prog, report = work / "prog.mlir", work / "plan.json"
    opts = (f"gpus={stages} data=1 pipeline={stages} tensor=1 microbatches={micro} {pins} "
            f"machine=k80-pcie memory=0 materialize=true print=none report={report}")
    pipeline.sh([a.tool("tofu-opt"), f"--tofu-plan={opts}", str(step), "-o", str(prog)])
    plan = json.loads(report.read_text())
    out = work / "out"
    runs = pipeline.compile_and_run(a, prog, work / "build", inputs, out, a.mpirun_args)
    cmp = pipeline.subprocess.run([sys.executable, str(pipeline.COMPARE), "close", str(out),
                                   str(ref), "--rtol", a.rtol], capture_output=True, text=True)
    err = pipeline.re.search(r"max relative error (\S+)", cmp.stdout)
    ranks = pipeline.median_ranks(runs)
    step_s = max(r["entry_s"] for r in ranks)
    return {
        "stages": stages, "virtual_stages": v, "microbatches": micro, "schedule": name,
        "plan_schedule": plan["schedule"], "plan_virtual_stages": plan["virtual_stages"],
        "chunks": [f"{s['first_segment']}..{s['last_segment']}" for s in plan["stages"]],
        "oversubscribed": stages > (os.cpu_count() or 1),
        "ideal_bubble": (stages - 1) / (v * micro + stages - 1),
        "bubble_per_rank": [r["bubble"] for r in ranks],
        "bubble_mean": statistics.mean(r["bubble"] for r in ranks),
        "busy_s": [r["entry_s"] - r["waited_s"] for r in ranks],
        "waited_s": [r["waited_s"] for r in ranks],
        "step_s": step_s,
        "bubble_from_step_time": 1.0 - ref_seconds / (stages * step_s),
        "match": cmp.returncode == 0, "compare": cmp.stdout.strip(),
        "max_rel_error": float(err.group(1)) if err else None,
    }


def print_table(ref_seconds, rows):
    print(f"unpartitioned step on 1 rank: T1 = {ref_seconds:.3f} s")
    print("bubble measured = waited / entry per rank (tofu_rt_wait_seconds); "
          "from time = 1 - T1 / (p * step)")
    print(f"{'p':>2} {'M':>2} {'schedule':>13} {'ideal':>6} {'bubble/rank':>11} {'mean':>5} "
          f"{'from time':>9} {'busy s/rank':>13} {'step s':>7}  check")
    for r in rows:
        note = " (oversubscribed)" if r["oversubscribed"] else ""
        print(f"{r['stages']:>2} {r['microbatches']:>2} {r['schedule']:>13} "
              f"{r['ideal_bubble']:>6.3f} {pipeline.fmt_list(r['bubble_per_rank'], '{:.2f}'):>11} "
              f"{r['bubble_mean']:>5.2f} {r['bubble_from_step_time']:>9.2f} "
              f"{pipeline.fmt_list(r['busy_s'], '{:.3f}'):>13} {r['step_s']:>7.3f}  "
              f"{'MATCH' if r['match'] else 'MISMATCH'} {r['max_rel_error'] or 0:.1e}{note}")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--build", default=str(ROOT / "build"))
    p.add_argument("--layers", type=int, default=8)
    p.add_argument("--hidden", type=int, default=256)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--stages", type=int, default=2)
    p.add_argument("--ms", default="2,4,8")
    p.add_argument("--schedules", default="gpipe,1f1b,interleaved2,interleaved4")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--scale", type=float, default=0.05,
                   help="factor on the --seed 1 float inputs (parameters and data)")
    p.add_argument("--rtol", default="1e-5", help="compare.py close tolerance")
    p.add_argument("--mpirun-args", default="", help="extra mpirun flags (tofu-run's)")
    p.add_argument("--out", default=str(ROOT / "bench" / "results" / "bubble.json"))
    a = p.parse_args()
    a.tool = lambda name: str(Path(a.build) / "bin" / name)
    ms = [int(m) for m in a.ms.split(",")]
    load_before = os.getloadavg()
    started = time.time()
    with tempfile.TemporaryDirectory(prefix="tofu-bubble-bench-") as t:
        tmp = Path(t)
        model, step = tmp / "model.mlir", tmp / "step.mlir"
        pipeline.sh([a.tool("tofu-zoo"), "mlp", "--layers", str(a.layers), "--hidden",
                     str(a.hidden), "--batch", str(a.batch), "-o", str(model)])
        pipeline.sh([a.tool("tofu-opt"), "--tofu-autodiff", str(model), "-o", str(step)])
        inputs, ref, raw = tmp / "inputs", tmp / "ref", tmp / "raw-inputs"
        pipeline.sh([a.tool("tofu-run"), str(step), "--entry", "train_step", "--seed", "1",
                     "--save-inputs", str(raw), "--timeout", "300"])
        pipeline.scale_inputs(raw, inputs, a.scale)
        ref_seconds = pipeline.median_ranks(
            pipeline.compile_and_run(a, step, tmp / "ref-build", inputs, ref))[0]["entry_s"]
        rows = []
        for micro in ms:
            for name in a.schedules.split(","):
                rows.append(config(a, step, tmp, inputs, ref, ref_seconds, a.stages, micro, name))
                print(f"done p={a.stages} M={micro} {name}", file=sys.stderr)
    print_table(ref_seconds, rows)
    result = {
        "command": "bench/pipeline/bubble.py " + " ".join(shlex.quote(x) for x in sys.argv[1:]),
        "model": f"tofu-zoo mlp --layers {a.layers} --hidden {a.hidden} --batch {a.batch}",
        "repeats": a.repeats, "input_scale": a.scale, "rtol": float(a.rtol),
        "cpus": os.cpu_count(),
        "load_average_before": load_before, "load_average_after": os.getloadavg(),
        "seconds": round(time.time() - started, 1),
        "unpartitioned_step_s": ref_seconds, "rows": rows,
    }
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    Path(a.out).write_text(json.dumps(result, indent=1) + "\n")
    print(f"wrote {a.out}")
    return 0 if all(r["match"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
