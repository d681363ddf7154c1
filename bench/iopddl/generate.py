#!/usr/bin/env python3
"""Writes IOPDDL instances from the partition search's own level problems.

For every family (a tofu-zoo model, made a training step by
tofu-opt --tofu-autodiff) and device count k, the search is run with one
level of k ways (levels=k) and dump-levels=, which writes that level's
problem with its memory model in the contest's JSON format
(docs/solver.md, "Instances from the partition search"). The memory limit
is then set where it binds:

  P_free  the peak of the communication optimum (tofu-solve with no limit);
  P_low   the peak of a tie-respecting assignment of least memory
          (tofu-solve on a copy whose node costs are usage x lifetime and
          whose edges keep only their forbidden entries);
  limit = P_low + fraction x (P_free - P_low)   (fraction 0.5 by default)

so an answer that avoids every forbidden entry fits (P_low's does) and the
unconstrained optimum does not (when P_free > P_low). The instances are
written gzip-compressed (mtime 0: the same bytes on every run) to OUT with
an index, published.json, in the shape of ../shared/iopddl/published.json,
with the instances' time limit (--time-limit) and the best cost known: a
tofu-solve run at --best-scale times the limit, checked by evaluate.py,
whose answer is kept beside the instance (NAME.best.txt.gz).

    bench/iopddl/generate.py [--out bench/iopddl/generated]
        [--families gpt,wrn,unet,lstm] [--devices 32,64,128] [--fraction 0.5]
        [--build build] [--only gpt-32]
"""
import argparse
import datetime
import gzip
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import evaluate  # noqa: E402

FORBIDDEN = 10**18

# tofu-zoo arguments per family: the largest sizes whose level problems
# stay within the contest's range (thousands to tens of thousands of nodes)
# and whose search runs in seconds here.
FAMILIES = {
    "gpt": ("transformer", ["--layers=24", "--hidden=1024", "--heads=16",
                            "--seq=512", "--batch=32", "--vocab=1024"]),
    "wrn": ("wresnet", ["--depth=152", "--width=2", "--batch=32",
                        "--image=224"]),
    "unet": ("unet", ["--layers=5", "--base-channels=64", "--batch=16",
                      "--image=256", "--classes=4"]),
    "lstm": ("rnn", ["--layers=4", "--hidden=2048", "--steps=40",
                     "--batch=128", "--vocab=32768", "--embed=512"]),
}


def run(cmd, **kw):
    proc = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if proc.returncode != 0:
        raise RuntimeError("%s failed (%d): %s" % (" ".join(cmd), proc.returncode,
                                                   proc.stderr.strip()[-2000:]))
    return proc.stdout


def training_step(args, family, work):
    zoo_family, knobs = FAMILIES[family]
    fwd = os.path.join(work, family + ".mlir")
    step = os.path.join(work, family + "-step.mlir")
    run([args.tool("tofu-zoo"), zoo_family, *knobs, "-o", fwd])
    run([args.tool("tofu-opt"), "--tofu-autodiff", fwd, "-o", step])
    return step


def dump_level(args, step, k, work):
    out = os.path.join(work, "k%d" % k)
    os.makedirs(out, exist_ok=True)
    run([args.tool("tofu-opt"),
         "--tofu-search=gpus=%d levels=%d dump-levels=%s" % (k, k, out),
         step, "-o", os.devnull])
    with open(os.path.join(out, "level-%d-0.json" % k)) as f:
        return json.load(f)["problem"]


def solve(args, problem, seconds):
    """tofu-solve's answer on `problem` (a dict) within `seconds`."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "p.json")
        with open(path, "w") as f:
            json.dump({"problem": problem}, f)
        report = json.loads(run([args.tool("tofu-solve"), path,
                                 "--time-limit=%g" % seconds, "--format=json"]))
    if not report["feasible"]:
        raise RuntimeError("tofu-solve found no answer for %s" % problem["name"])
    return report["solution"]


def least_memory_copy(problem):
    """Node costs usage x lifetime, edges only their forbidden entries."""
    q = json.loads(json.dumps(problem))
    nodes = q["nodes"]
    nodes["costs"] = [[u * max(0, hi - lo) for u in usage]
                      for usage, (lo, hi) in zip(nodes["usages"], nodes["intervals"])]
    q["edges"]["costs"] = [[c if c >= FORBIDDEN else 0 for c in table]
                           for table in q["edges"]["costs"]]
    return q


def binding_limit(args, problem):
    free = solve(args, problem, args.probe_seconds)
    low = solve(args, least_memory_copy(problem), args.probe_seconds)
    p_free = evaluate.evaluate(problem, free)["peak_usage"]
    checked = evaluate.evaluate(problem, low)
    if checked["forbidden"]:
        raise RuntimeError("%s: the least-memory answer uses a forbidden entry"
                           % problem["name"])
    p_low = checked["peak_usage"]
    limit = p_low + int(args.fraction * max(0, p_free - p_low))
    return limit, p_free, p_low


def best_known(args, path, problem):
    """tofu-solve at --best-scale times the limit; the evaluator's cost."""
    seconds = args.time_limit * args.best_scale
    report = json.loads(run([args.tool("tofu-solve"), path, "--time-limit=%g" % seconds,
                             "--format=json"]))
    checked = evaluate.evaluate(problem, report["solution"])
    if not checked["feasible"] or checked["forbidden"] or checked["cost"] != report["cost"]:
        raise RuntimeError("%s: the long run's answer does not check" % problem["name"])
    return report, seconds


def write_gz(path, problem):
    write_text_gz(path, json.dumps({"problem": problem}, separators=(",", ":")))


def write_text_gz(path, text):
    text = text.encode()
    with open(path, "wb") as raw:
        with gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0,
                           filename="") as f:
            f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(HERE, "generated"))
    ap.add_argument("--families", default=",".join(FAMILIES))
    ap.add_argument("--devices", default="32,64,128")
    ap.add_argument("--fraction", type=float, default=0.5)
    ap.add_argument("--probe-seconds", type=float, default=10,
                    help="tofu-solve's limit for P_free and P_low")
    ap.add_argument("--time-limit", type=float, default=10,
                    help="the instances' time limit (published.json)")
    ap.add_argument("--best-scale", type=float, default=4,
                    help="the best-known run's limit, in time limits")
    ap.add_argument("--build", default=os.path.join(REPO, "build"))
    ap.add_argument("--only", default="", help="comma-separated FAMILY-K names")
    args = ap.parse_args()
    args.tool = lambda name: os.path.join(args.build, "bin", name)
    args.stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    os.makedirs(args.out, exist_ok=True)
    index_path = os.path.join(args.out, "published.json")
    index = {}
    if os.path.exists(index_path):
        with open(index_path) as f:
            index = json.load(f)
    only = set(filter(None, args.only.split(",")))
    with tempfile.TemporaryDirectory() as work:
        for family in args.families.split(","):
            names = ["%s-%s" % (family, k) for k in args.devices.split(",")]
            if only and not only & set(names):
                continue
            step = training_step(args, family, work)
            for k in map(int, args.devices.split(",")):
                name = "%s-%d" % (family, k)
                if only and name not in only:
                    continue
                problem = dump_level(args, step, k, work)
                problem["name"] = name
                limit, p_free, p_low = binding_limit(args, problem)
                problem["usage_limit"] = limit
                path = os.path.join(args.out, name + ".json.gz")
                write_gz(path, problem)
                report, seconds = best_known(args, path, problem)
                write_text_gz(os.path.join(args.out, name + ".best.txt.gz"),
                              json.dumps(report["solution"]) + "\n")
                entry = index.get(name, {})
                entry.update({
                    "family": family,
                    "zoo": [FAMILIES[family][0]] + FAMILIES[family][1],
                    "nodes": len(problem["nodes"]["costs"]),
                    "edges": len(problem["edges"]["nodes"]),
                    "devices": k,
                    "usage_limit": limit,
                    "peak_free": p_free,
                    "peak_low": p_low,
                    "time_limit_s": args.time_limit,
                    "best_known_cost": report["cost"],
                    "best_known_by": "tofu-solve --time-limit=%g (seed 1), %s" % (
                        seconds, args.stamp),
                    "lower_bound": report["lower_bound"],
                })
                index[name] = entry
                print("%s: %d nodes, %d edges, limit %d (low %d, free %d)" % (
                    name, entry["nodes"], entry["edges"], limit, p_low, p_free))
                sys.stdout.flush()
                with open(index_path, "w") as f:
                    json.dump(index, f, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
