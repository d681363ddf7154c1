#!/usr/bin/env python3
"""The planner's estimates against measured steps on this machine.

    python3 bench/calibration/run.py [--build build] [--work DIR] [--runs 3]
        [--machine-2 FILE --machine-4 FILE] [--models mlp,transformer,jax-sgd,jax-adam]
        [--json bench/results/calibration.json]

1. Calibrates this host with tofu-calibrate --ranks 2 and --ranks 4 (unless
   --machine-2/--machine-4 give the files): one device of each machine is one
   of that many MPI ranks sharing the host's cores.
2. Builds the steps: the zoo's MLP and transformer (tofu-zoo | tofu-opt
   --tofu-autodiff) and JAX's 2-layer MLP with SGD and with Adam
   (test/Integration/Run/Inputs/export_jax_steps.py at larger sizes,
   imported with --tofu-import-stablehlo). Each is run once on one rank
   (the reference, and its one-rank time).
3. For every configuration (data/pipeline/tensor/microbatches/zero pinned;
   and the planner's own pick, unpinned): --tofu-plan="... machine=<the
   calibrated machine of that rank count> memory=0 materialize=true" writes
   the program and its report; tofu-run compiles it once; it runs --runs
   times on the reference inputs. Measured = the median over runs of the
   slowest rank's `entry` seconds, and the largest rank's peak RSS less its
   RSS after init; predicted = the report's estimate.step_seconds and
   estimate.peak_bytes. The first run's results are compared with the
   reference (compare.py's close metric).
4. Prints the table and the summary: Spearman rank correlation of predicted
   and measured step time, median and worst absolute relative error, and per
   model and rank count whether the planner's pick is the fastest measured
   plan (or how far from it). Writes everything to --json.
"""
import argparse
import importlib.util
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]
INPUTS = ROOT / "test" / "Integration" / "Run" / "Inputs"
sys.path.insert(0, str(INPUTS))
import adam_inputs  # noqa: E402
MIB = 1024.0 * 1024.0

# (d, p, t, M, zero) per rank count.
CONFIGS = {
    2: [(2, 1, 1, 1, 0), (2, 1, 1, 1, 1), (2, 1, 1, 1, 3), (1, 2, 1, 2, 0),
        (1, 2, 1, 4, 0), (1, 2, 1, 8, 0), (1, 1, 2, 1, 0)],
    4: [(4, 1, 1, 1, 0), (4, 1, 1, 1, 1), (4, 1, 1, 1, 3), (2, 2, 1, 2, 0),
        (1, 4, 1, 4, 0), (1, 4, 1, 8, 0), (2, 1, 2, 1, 0), (1, 2, 2, 2, 0),
        (1, 1, 4, 1, 0)],
}


# The zoo transformer (slow to compile) and JAX's Adam step (pipelines of 2
# segments only) run a subset.
SUBSETS = {
    "transformer": {2: [(2, 1, 1, 1, 0), (2, 1, 1, 1, 1), (1, 2, 1, 4, 0), (1, 1, 2, 1, 0)],
                    4: [(4, 1, 1, 1, 0), (2, 2, 1, 2, 0), (1, 4, 1, 4, 0), (2, 1, 2, 1, 0),
                        (1, 1, 4, 1, 0)]},
    "jax-sgd": {2: [c for c in CONFIGS[2] if c[3] < 8], 4: [c for c in CONFIGS[4] if c[1] < 4]},
    "jax-adam": {2: [(2, 1, 1, 1, 0), (2, 1, 1, 1, 1), (1, 2, 1, 2, 0), (1, 1, 2, 1, 0)],
                 4: [(4, 1, 1, 1, 0), (4, 1, 1, 1, 3), (2, 1, 2, 1, 0), (1, 1, 4, 1, 0)]},
}


def load_calibrate():
    """tools/tofu-calibrate's compile_program and run_program."""
    path = ROOT / "tools" / "tofu-calibrate" / "tofu-calibrate.py"
    spec = importlib.util.spec_from_file_location("tofu_calibrate", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def sh(cmd, **kw):
    proc = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kw)
    if proc.returncode:
        sys.exit(f"failed: {' '.join(map(str, cmd))}\n{(proc.stdout + proc.stderr)[-3000:]}")
    return proc


# --- The steps ------------------------------------------------------------------

def zoo_step(work, name, zoo_args):
    raw, step = work / f"{name}-loss.mlir", work / f"{name}.mlir"
    sh(["tofu-zoo"] + zoo_args + ["-o", raw])
    sh(["tofu-opt", "--tofu-autodiff", raw, "-o", step])
    return step, "train_step", None


def jax_steps(work, sizes):
    """JAX's SGD and Adam steps of export_jax_steps.py at `sizes`, imported;
    Adam's inputs written (its second moments must not be negative)."""
    import jax
    import jax.numpy as jnp
    import export_jax_steps as ex
    ex.BATCH, ex.IN, ex.HIDDEN, ex.OUT = sizes
    params, x, y = ex.shapes()
    t = jax.ShapeDtypeStruct((), jnp.int32)
    out = {}
    for name, lowered in (
            ("jax-sgd", jax.jit(ex.sgd_step, keep_unused=True).lower(params, x, y)),
            ("jax-adam", jax.jit(ex.adam_step, keep_unused=True).lower(
                params, params, params, t, x, y))):
        (work / f"{name}-hlo.mlir").write_text(lowered.as_text())
        step = work / f"{name}.mlir"
        sh(["tofu-opt", "--tofu-import-stablehlo", work / f"{name}-hlo.mlir", "-o", step])
        out[name] = step
    adam = work / "jax-adam-inputs"
    adam_inputs.write(adam, [s.shape for s in params], (ex.BATCH, ex.IN), (ex.BATCH, ex.OUT))
    return {"jax-sgd": (out["jax-sgd"], "main", None),
            "jax-adam": (out["jax-adam"], "main", adam)}


def reference(cal, work, name, step, entry, given, runs, timeout):
    """(inputs dir, reference outputs dir, one-rank entry seconds)."""
    inputs = Path(given) if given else work / f"{name}-inputs"
    ref = work / f"{name}-ref"
    build = work / f"{name}-ref-build"
    program = cal.compile_program("tofu-run", str(step), entry, 1, str(build), timeout)
    if not given:
        # The zoo's and JAX SGD's inputs: tofu-run's seeded uniform(-1, 1).
        sh(["tofu-run", step, "--entry", entry, "--seed", "1", "--save-inputs", inputs,
            "--timeout", str(timeout)])
    times = []
    for i in range(runs):
        extra = ["--outputs", str(ref)] if i == 0 else []
        times.append(cal.run_program(program, 1, ["--inputs", str(inputs)] + extra,
                                     timeout)[0][0])
    return inputs, ref, statistics.median(times)


# --- One plan -------------------------------------------------------------------

def pins_of(config):
    if config is None:
        return ""
    d, p, t, m, z = config
    return (f" data={d} pipeline={p} tensor={t} microbatches={m} zero={z}"
            f" recompute=false")


def measure_plan(cal, a, work, model, step, entry, ranks, config, machine, inputs, ref):
    from compare import close_error, results
    tag = "pick" if config is None else "-".join(map(str, config))
    stem = work / f"{model}-{ranks}-{tag}"
    prog, report = Path(f"{stem}.mlir"), Path(f"{stem}.json")
    opts = (f"gpus={ranks}{pins_of(config)} machine={machine} memory=0 "
            f"materialize=true print=none entry={entry} report={report}")
    row = {"model": model, "ranks": ranks, "pinned": config is not None}
    proc = subprocess.run(["tofu-opt", str(step), "-o", str(prog), f"--tofu-plan={opts}"],
                          capture_output=True, text=True)
    if proc.returncode:
        errors = [l for l in proc.stderr.splitlines() if "error:" in l] or [proc.stderr]
        row["error"] = "plan: " + errors[0].split("error:", 1)[-1].strip()[:300]
        return row
    plan = json.loads(report.read_text())
    deg = plan["degrees"]
    row.update({"data": deg["data"], "pipeline": deg["pipeline"], "tensor": deg["tensor"],
                "microbatches": plan["microbatches"], "schedule": plan["schedule"],
                "zero": plan["zero"], "predicted_s": plan["estimate"]["step_seconds"],
                "predicted_peak_mib": plan["estimate"]["peak_bytes"] / MIB,
                "estimate": plan["estimate"]})
    try:
        program = cal.compile_program("tofu-run", str(prog), entry, ranks,
                                      f"{stem}-build", a.timeout)
        times, mems = [], []
        out = Path(f"{stem}-out")
        for i in range(a.runs):
            extra = ["--outputs", str(out)] if i == 0 else []
            stats = cal.run_program(program, ranks, ["--inputs", str(inputs)] + extra,
                                    a.timeout)
            times.append(max(s[0] for s in stats))
            mems.append(max(s[1] - s[2] for s in stats))
    except cal.CalibrationError as e:
        row["error"] = "run: " + str(e).splitlines()[0][:300]
        return row
    row["measured_runs_s"] = times
    row["measured_s"] = statistics.median(times)
    row["measured_peak_mib"] = statistics.median(mems)
    errs = [close_error(g, w) for g, w in zip(results(out), results(ref))]
    row["max_close_error"] = max(errs) if errs else 0.0
    row["rel_error"] = (row["predicted_s"] - row["measured_s"]) / row["measured_s"]
    if a.baseline_opt and config is not None:
        # The same pinned plan estimated by another build's tofu-opt (the
        # model before a change; it ignores fields it does not know).
        base = Path(f"{stem}-baseline.json")
        opts_b = opts.replace(f"report={report}", f"report={base}").replace(
            "materialize=true ", "")
        proc = subprocess.run([a.baseline_opt, str(step), "-o", os.devnull,
                               f"--tofu-plan={opts_b}"], capture_output=True, text=True)
        if proc.returncode == 0:
            b = json.loads(base.read_text())["estimate"]["step_seconds"]
            row["baseline_predicted_s"] = b
            row["baseline_rel_error"] = (b - row["measured_s"]) / row["measured_s"]
    return row


# --- Statistics -----------------------------------------------------------------

def ranks_of(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2.0 + 1
        i = j + 1
    return r


def spearman(xs, ys):
    rx, ry = ranks_of(xs), ranks_of(ys)
    mx, my = statistics.mean(rx), statistics.mean(ry)
    num = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    den = math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))
    return num / den if den else float("nan")


def summarize(rows):
    ok = [r for r in rows if "measured_s" in r]
    pred = [r["predicted_s"] for r in ok]
    meas = [r["measured_s"] for r in ok]
    errs = [abs(r["rel_error"]) for r in ok]
    groups = {}
    for r in ok:
        groups.setdefault((r["model"], r["ranks"]), []).append(r)
    picks = []
    for (model, ranks), rs in sorted(groups.items()):
        fastest = min(rs, key=lambda r: r["measured_s"])
        pick = [r for r in rs if not r["pinned"]]
        entry = {"model": model, "ranks": ranks, "plans": len(rs),
                 "spearman": spearman([r["predicted_s"] for r in rs],
                                      [r["measured_s"] for r in rs]) if len(rs) > 2 else None,
                 "fastest": config_name(fastest), "fastest_s": fastest["measured_s"]}
        if pick:
            entry.update({"pick": config_name(pick[0]), "pick_s": pick[0]["measured_s"],
                          "pick_slower_than_fastest": pick[0]["measured_s"] /
                          fastest["measured_s"] - 1})
        picks.append(entry)
    return {"plans_measured": len(ok), "plans_failed": len(rows) - len(ok),
            "spearman": spearman(pred, meas) if len(ok) > 2 else None,
            "median_abs_rel_error": statistics.median(errs) if errs else None,
            "worst_abs_rel_error": max(errs) if errs else None,
            "results_max_close_error": max((r["max_close_error"] for r in ok), default=None),
            "baseline": baseline_summary(ok),
            "per_model": picks}


def baseline_summary(ok):
    rows = [r for r in ok if "baseline_predicted_s" in r]
    if len(rows) < 3:
        return None
    errs = [abs(r["baseline_rel_error"]) for r in rows]
    return {"plans": len(rows),
            "spearman": spearman([r["baseline_predicted_s"] for r in rows],
                                 [r["measured_s"] for r in rows]),
            "median_abs_rel_error": statistics.median(errs),
            "worst_abs_rel_error": max(errs)}


def config_name(r):
    s = f"d{r['data']} p{r['pipeline']} t{r['tensor']} M{r['microbatches']}"
    return s + (f" z{r['zero']}" if r["zero"] else "")


def print_table(rows, summary, one_rank):
    print("| model | ranks | plan | pinned | predicted ms | measured ms | error "
          "| before: predicted ms, error | predicted peak MiB | measured MiB |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        if "measured_s" not in r:
            print(f"| {r['model']} | {r['ranks']} | {r.get('config', '')} | "
                  f"{'yes' if r['pinned'] else 'pick'} | — | — | {r['error']} | | | |")
            continue
        print(f"| {r['model']} | {r['ranks']} | {config_name(r)} | "
              f"{'yes' if r['pinned'] else 'pick'} | {r['predicted_s'] * 1e3:.1f} | "
              f"{r['measured_s'] * 1e3:.1f} | {r['rel_error'] * 100:+.0f}% | "
              + (f"{r['baseline_predicted_s'] * 1e3:.1f}, {r['baseline_rel_error'] * 100:+.0f}% | "
                 if "baseline_predicted_s" in r else "| ")
              + f"{r['predicted_peak_mib']:.1f} | {r['measured_peak_mib']:.1f} |")
    print()
    for m, t in one_rank.items():
        print(f"{m}: one rank {t * 1e3:.1f} ms")
    print(f"plans measured: {summary['plans_measured']} (failed: {summary['plans_failed']}); "
          f"Spearman {summary['spearman']:.3f}; |error| median "
          f"{summary['median_abs_rel_error'] * 100:.1f}%, worst "
          f"{summary['worst_abs_rel_error'] * 100:.1f}%; results' largest close error "
          f"{summary['results_max_close_error']:.1e}")
    if summary["baseline"]:
        b = summary["baseline"]
        print(f"before (--baseline-opt), same {b['plans']} pinned plans: Spearman "
              f"{b['spearman']:.3f}; |error| median {b['median_abs_rel_error'] * 100:.1f}%, "
              f"worst {b['worst_abs_rel_error'] * 100:.1f}%")
    for g in summary["per_model"]:
        pick = (f"pick {g['pick']} {g['pick_s'] * 1e3:.1f} ms "
                f"({g['pick_slower_than_fastest'] * 100:+.1f}% vs fastest)"
                if "pick" in g else "no pick measured")
        sp = f"{g['spearman']:.2f}" if g["spearman"] is not None else "-"
        print(f"  {g['model']} at {g['ranks']} ranks: {g['plans']} plans, Spearman {sp}, "
              f"fastest {g['fastest']} {g['fastest_s'] * 1e3:.1f} ms; {pick}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--build", default=str(ROOT / "build"))
    p.add_argument("--work", default="/tmp/tofu-bench-calibration")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--timeout", type=int, default=300)
    p.add_argument("--machine-2")
    p.add_argument("--machine-4")
    p.add_argument("--models", default="mlp,transformer,jax-sgd,jax-adam")
    p.add_argument("--ranks", default="2,4", help="rank counts to plan for")
    p.add_argument("--baseline-opt",
                   help="another build's tofu-opt: also estimate each pinned plan with it")
    p.add_argument("--json", default=str(ROOT / "bench" / "results" / "calibration.json"))
    p.add_argument("--print", dest="print_json", metavar="JSON",
                   help="only print the table and summary of a results file")
    a = p.parse_args()
    if a.print_json:
        r = json.loads(Path(a.print_json).read_text())
        print_table(r["rows"], r["summary"], r["one_rank_s"])
        return
    os.environ["PATH"] = str(Path(a.build) / "bin") + os.pathsep + os.environ["PATH"]
    cal = load_calibrate()
    work = Path(a.work)
    work.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    uptime_before = Path("/proc/loadavg").read_text().split()[:3]

    rank_counts = [int(r) for r in a.ranks.split(",")]
    machines = {}
    for ranks, given in ((2, a.machine_2), (4, a.machine_4)):
        if ranks not in rank_counts:
            continue
        path = Path(given) if given else work / f"machine-{ranks}.json"
        if not given:
            print(sh(["tofu-calibrate", "--ranks", ranks, "-o", path]).stdout.strip())
        machines[ranks] = path

    models = a.models.split(",")
    steps = {}
    if "mlp" in models:
        steps["mlp"] = zoo_step(work, "mlp", ["mlp", "--layers", "4", "--in", "512",
                                              "--hidden", "1024", "--classes", "16",
                                              "--batch", "128"])
    if "transformer" in models:
        steps["transformer"] = zoo_step(work, "transformer", [
            "transformer", "--layers", "2", "--hidden", "256", "--heads", "4", "--seq", "64",
            "--batch", "8", "--vocab", "1024"])
    if "jax-sgd" in models or "jax-adam" in models:
        for name, s in jax_steps(work, (128, 1024, 1024, 512)).items():
            if name in models:
                steps[name] = s

    rows, one_rank = [], {}
    for model, (step, entry, given) in steps.items():
        inputs, ref, t1 = reference(cal, work, model, step, entry, given, a.runs, a.timeout)
        one_rank[model] = t1
        for ranks in rank_counts:
            for config in SUBSETS.get(model, CONFIGS)[ranks] + [None]:
                row = measure_plan(cal, a, work, model, step, entry, ranks, config,
                                   machines[ranks], inputs, ref)
                if config is not None:
                    row["config"] = list(config)
                rows.append(row)
                msg = (f"{row['measured_s'] * 1e3:.1f} ms measured, "
                       f"{row['predicted_s'] * 1e3:.1f} predicted"
                       if "measured_s" in row else row["error"])
                print(f"{model} {ranks} {config or 'pick'}: {msg}", flush=True)

    summary = summarize(rows)
    print()
    print_table(rows, summary, one_rank)
    result = {
        "command": "python3 bench/calibration/run.py " + " ".join(sys.argv[1:]),
        "load_average_before": uptime_before,
        "load_average_after": Path("/proc/loadavg").read_text().split()[:3],
        "seconds": time.monotonic() - started,
        "machines": {str(k): json.loads(Path(v).read_text()) for k, v in machines.items()},
        "one_rank_s": one_rank, "summary": summary, "rows": rows,
    }
    Path(a.json).write_text(json.dumps(result, indent=1) + "\n")
    print(f"wrote {a.json} ({result['seconds']:.0f} s)")


if __name__ == "__main__":
    main()
