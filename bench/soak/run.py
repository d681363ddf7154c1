#!/usr/bin/env python3
"""Soak: many consecutive runs of one small partitioned training step through
tofu-run, looking for failures and for anything that grows from run to run.

    bench/soak/run.py [--build build] [--runs 1000] [--ranks 2]
                      [--max-minutes M] [--out bench/results/soak.json]

The step is tofu-zoo's MLP (2 layers, hidden 8, batch 8) after
--tofu-autodiff, partitioned with --tofu-partition for --ranks workers once;
every run is then `tofu-run STEP --entry train_step --seed 1` (a compile, a
link and an mpirun job, as a user runs it). Each run's temporary work
directory and Open MPI's session directory go to a TMPDIR of the soak's own,
so that what a run leaves there is this soak's alone. Measured per run:

  ok        tofu-run exited 0 and printed the loss
  seconds   wall time of the tofu-run command
  rss_kib   peak RSS of tofu-run and the processes it waited for (wait4's
            ru_maxrss: the largest of them, the in-process compile)
  fds       most file descriptors tofu-run held at once (/proc/PID/fd,
            sampled every 10 ms)
  left      processes left after the run whose command line holds the soak
            directory (ranks, tofu-rank, orted)
  tmp       entries left in the soak's TMPDIR after the run
  shm       entries in /dev/shm after the run (shared by every job on the
            machine, so other work shows here too)
  self_fds, self_rss_kib
            this driver's own descriptors and RSS, the launcher's view

Prints a table of the first and last 10 runs (their mean, max for the
leftovers) and writes --out: the command, the summary, and per run
[ok, seconds, rss_kib, fds, left, tmp, shm]. Stops early after
--max-minutes (the JSON then says how many runs were made) or at the first
failure (its output is kept in the JSON).
"""
import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def count_fds(pid):
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return 0


def self_rss_kib():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def leftover_processes(marker):
    out = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as f:
                argv = f.read().decode(errors="replace")
        except OSError:
            continue
        if marker in argv:
            out.append(f"{name} {argv.replace(chr(0), ' ')[:200]}")
    return out


def prepare(bindir, work, ranks):
    mlp = work / "mlp.mlir"
    step = work / "step.mlir"
    part = work / f"step-{ranks}.mlir"
    subprocess.run([str(bindir / "tofu-zoo"), "mlp", "--layers", "2", "--hidden", "8",
                    "--batch", "8", "-o", str(mlp)], check=True)
    subprocess.run([str(bindir / "tofu-opt"), "--tofu-autodiff", str(mlp), "-o", str(step)],
                   check=True)
    subprocess.run([str(bindir / "tofu-opt"),
                    f"--tofu-partition=gpus={ranks} entry=train_step", str(step),
                    "-o", str(part)], check=True)
    return part


def one_run(cmd, env, log):
    """Runs `cmd` once; returns (exit status, seconds, rss_kib, max fds)."""
    start = time.monotonic()
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)
        most = [0]
        done = threading.Event()

        def sample():
            while not done.is_set():
                most[0] = max(most[0], count_fds(proc.pid))
                time.sleep(0.01)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        _, status, usage = os.wait4(proc.pid, 0)
        done.set()
        sampler.join()
        proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, time.monotonic() - start, usage.ru_maxrss, most[0]


def summarize(rows, which):
    def mean(k):
        return statistics.mean(r[k] for r in which)

    return {
        "runs": [which[0]["run"], which[-1]["run"]],
        "ok": sum(r["ok"] for r in which),
        "seconds_mean": round(mean("seconds"), 3),
        "rss_kib_mean": round(mean("rss_kib")),
        "rss_kib_max": max(r["rss_kib"] for r in which),
        "fds_max": max(r["fds"] for r in which),
        "left_max": max(r["left"] for r in which),
        "tmp_max": max(r["tmp"] for r in which),
        "shm_mean": round(mean("shm"), 1),
        "self_fds_max": max(r["self_fds"] for r in which),
        "self_rss_kib_max": max(r["self_rss_kib"] for r in which),
    }


def print_table(first, last):
    cols = [("runs", lambda s: f"{s['runs'][0]}-{s['runs'][1]}"),
            ("ok", lambda s: str(s["ok"])),
            ("s/run", lambda s: f"{s['seconds_mean']:.2f}"),
            ("tofu-run RSS MiB", lambda s: f"{s['rss_kib_mean'] / 1024:.1f}"),
            ("tofu-run fds", lambda s: str(s["fds_max"])),
            ("left procs", lambda s: str(s["left_max"])),
            ("left tmp", lambda s: str(s["tmp_max"])),
            ("/dev/shm", lambda s: f"{s['shm_mean']:.0f}"),
            ("driver fds", lambda s: str(s["self_fds_max"])),
            ("driver RSS MiB", lambda s: f"{s['self_rss_kib_max'] / 1024:.1f}")]
    print("| " + " | ".join(c for c, _ in cols) + " |")
    print("|" + "|".join("---" for _ in cols) + "|")
    for s in (first, last):
        print("| " + " | ".join(f(s) for _, f in cols) + " |")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--build", default=str(ROOT / "build"))
    p.add_argument("--runs", type=int, default=1000)
    p.add_argument("--ranks", type=int, default=2)
    p.add_argument("--max-minutes", type=float, default=0)
    p.add_argument("--out", default=str(ROOT / "bench" / "results" / "soak.json"))
    a = p.parse_args()

    bindir = Path(a.build).resolve() / "bin"
    work = Path(tempfile.mkdtemp(prefix="tofu-soak-"))
    tmp = work / "tmp"
    tmp.mkdir()
    part = prepare(bindir, work, a.ranks)
    cmd = [str(bindir / "tofu-run"), str(part), "--entry", "train_step", "--seed", "1",
           "--timeout", "120"]
    env = dict(os.environ, TMPDIR=str(tmp), TOFU_RUN_PROGRESS="0")
    env["PATH"] = f"{bindir}:{env.get('PATH', '')}"
    started = time.monotonic()
    rows, failure = [], None
    for i in range(1, a.runs + 1):
        if a.max_minutes and time.monotonic() - started > a.max_minutes * 60:
            break
        log = work / "last.log"
        status, seconds, rss, fds = one_run(cmd, env, log)
        text = log.read_text(errors="replace")
        ok = status == 0 and "tofu-run: result" in text
        row = {"run": i, "ok": ok, "seconds": seconds, "rss_kib": rss, "fds": fds,
               "left": len(leftover_processes(str(work))), "tmp": len(os.listdir(tmp)),
               "shm": len(os.listdir("/dev/shm")), "self_fds": count_fds(os.getpid()),
               "self_rss_kib": self_rss_kib()}
        rows.append(row)
        if not ok:
            failure = {"run": i, "status": status, "output": text[-4000:]}
            break
        if i % 50 == 0:
            print(f"soak: {i} runs, {time.monotonic() - started:.0f} s", file=sys.stderr)
    first, last = rows[:10], rows[-10:]
    summary = {"first": summarize(rows, first), "last": summarize(rows, last)}
    print_table(summary["first"], summary["last"])
    result = {
        "command": " ".join(["bench/soak/run.py"] + sys.argv[1:]),
        "run_command": "tofu-run STEP --entry train_step --seed 1 --timeout 120",
        "step": f"tofu-zoo mlp --layers 2 --hidden 8 --batch 8, --tofu-autodiff, "
                f"--tofu-partition=gpus={a.ranks}",
        "runs_asked": a.runs,
        "runs_made": len(rows),
        "failures": sum(not r["ok"] for r in rows),
        "failure": failure,
        "minutes": round((time.monotonic() - started) / 60, 1),
        "leftover_processes_at_end": leftover_processes(str(work)),
        "leftover_tmp_at_end": sorted(os.listdir(tmp)),
        "summary": summary,
        "columns": ["ok", "seconds", "rss_kib", "fds", "left", "tmp", "shm"],
        "per_run": [[int(r["ok"]), round(r["seconds"], 3), r["rss_kib"], r["fds"], r["left"],
                     r["tmp"], r["shm"]] for r in rows],
        "driver_peak_rss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    }
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    per_run = result.pop("per_run")
    text = json.dumps(result, indent=1)[:-2]
    text += ',\n "per_run": [\n  ' + ",\n  ".join(json.dumps(r) for r in per_run) + "\n ]\n}\n"
    Path(a.out).write_text(text)
    shutil.rmtree(work, ignore_errors=True)
    print(f"soak: {len(rows)} of {a.runs} runs, {result['failures']} failed; wrote {a.out}")
    return 1 if failure else 0


if __name__ == "__main__":
    sys.exit(main())
