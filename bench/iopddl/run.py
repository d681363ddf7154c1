#!/usr/bin/env python3
"""Runs tofu-solve on every IOPDDL instance of a directory, at each instance's
time limit times each of --scales, checks every answer with the independent
evaluator (evaluate.py) and reports, per instance and scale: the cost, the
cost over the reference (the contest winner's cost where published, else
the best cost known), the cost over the run's own proven lower bound, the
bound, and the seconds until the answer was within 5% of the run's final
cost (and of the reference), from tofu-solve's improvement trace.

    bench/iopddl/run.py [--instances DIR] [--scales 1,2,4] [--time-scale 0.1]
                        [--only B,G] [--limit 60] [--tool build/bin/tofu-solve]
                        [--seed N] [--name NAME]

DIR holds instances (NAME.json.gz, NAME.json or asplos-2025-iopddl-NAME.json.gz)
and optionally published.json, keyed by NAME, with time_limit_s and any of
winner_cost, best_known_cost, lower_bound (../shared/iopddl/ and
bench/iopddl/generated/ have one). An instance it does not list runs at
--limit seconds with no reference, so the contest's other instances run as
they are dropped into a directory. Default DIR: ../shared/iopddl.

Writes bench/results/iopddl-<NAME or UTC time>.json and .md (the table).
Exit status 1 if an answer is infeasible or the evaluator disagrees.
"""
import argparse
import datetime
import glob
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import evaluate  # noqa: E402

PREFIX = "asplos-2025-iopddl-"


def instances(directory):
    """(name, path) of every instance in `directory`, by name."""
    found = {}
    for path in glob.glob(os.path.join(directory, "*.json*")):
        base = os.path.basename(path)
        if base == "published.json" or not base.endswith((".json", ".json.gz")):
            continue
        name = base[:-len(".json.gz")] if base.endswith(".gz") else base[:-len(".json")]
        if name.startswith(PREFIX):
            name = name[len(PREFIX):]
        if name == "example":
            continue
        found.setdefault(name, path)
    return sorted(found.items())


def within(trace, target):
    """Seconds until the trace's cost was at most `target` (None: never)."""
    for seconds, cost in trace:
        if cost <= target:
            return seconds
    return None


def solve_once(args, name, path, pub, scale):
    limit = pub.get("time_limit_s", args.limit) * scale * args.time_scale
    with tempfile.NamedTemporaryFile("w+", suffix=".sol") as sol:
        cmd = [args.tool, path, "--time-limit=%g" % limit, "--format=json",
               "--seed=%d" % args.seed, "--output=" + sol.name]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            return {"instance": name, "scale": scale, "time_limit_s": limit,
                    "error": proc.stderr.strip()}
        report = json.loads(proc.stdout)
        choice = evaluate.parse_solution(open(sol.name).read())
    problem = evaluate.load_instance(path)
    checked = evaluate.evaluate(problem, choice) if choice else None
    row = {
        "instance": name, "scale": scale, "time_limit_s": limit,
        "nodes": len(problem["nodes"]["costs"]), "seconds": report["seconds"],
        "cost": report["cost"],
        "feasible": bool(checked and checked["feasible"] and not checked["forbidden"]),
        "evaluator_agrees": checked is not None and checked["cost"] == report["cost"],
        "lower_bound": report["lower_bound"], "optimal": report["optimal"],
        "found_by": report["found_by"], "bound_by": report["bound_by"],
        "trace": report.get("trace", []),
    }
    for key in ("model", "family", "winner_cost", "best_known_cost"):
        if key in pub:
            row[key] = pub[key]
    if "lower_bound" in pub:
        row["published_lower_bound"] = pub["lower_bound"]
    reference = pub.get("winner_cost", pub.get("best_known_cost"))
    if checked and report["cost"] is not None:
        cost = checked["cost"]
        row["to_5pct_of_final_s"] = within(row["trace"], 1.05 * cost)
        if reference:
            row["reference_cost"] = reference
            row["vs_reference"] = cost / reference
            row["to_5pct_of_reference_s"] = within(row["trace"], 1.05 * reference)
        if "best_known_cost" in pub:
            row["vs_best_known"] = cost / pub["best_known_cost"]
        if report["lower_bound"] is not None and report["lower_bound"] > 0:
            row["vs_lower_bound"] = cost / report["lower_bound"]
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--instances", default=os.path.join(REPO, "..", "shared", "iopddl"))
    ap.add_argument("--tool", default=os.path.join(REPO, "build", "bin", "tofu-solve"))
    ap.add_argument("--scales", default="1",
                    help="comma-separated multiples of each time limit, e.g. 1,2,4")
    ap.add_argument("--time-scale", type=float, default=1.0,
                    help="multiply every time limit (e.g. 0.1 for a trial run)")
    ap.add_argument("--limit", type=float, default=60,
                    help="seconds for instances published.json does not list")
    ap.add_argument("--only", default="", help="comma-separated instance names")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--name", default="", help="result file name (default: UTC time)")
    ap.add_argument("--out", default=os.path.join(REPO, "bench", "results"))
    args = ap.parse_args()

    published = {}
    index = os.path.join(args.instances, "published.json")
    if os.path.exists(index):
        with open(index) as f:
            published = json.load(f)
    only = set(filter(None, args.only.split(",")))
    scales = [float(s) for s in args.scales.split(",")]
    rows = []
    for name, path in instances(args.instances):
        if only and name not in only:
            continue
        for scale in scales:
            row = solve_once(args, name, path, published.get(name, {}), scale)
            rows.append(row)
            print(line(row))
            sys.stdout.flush()

    os.makedirs(args.out, exist_ok=True)
    stem = "iopddl-" + (args.name or datetime.datetime.now(
        datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ"))
    with open(os.path.join(args.out, stem + ".json"), "w") as f:
        json.dump({"command": " ".join(sys.argv), "instances": args.instances,
                   "scales": scales, "time_scale": args.time_scale,
                   "seed": args.seed, "results": rows}, f, indent=1)
    text = table(rows)
    with open(os.path.join(args.out, stem + ".md"), "w") as f:
        f.write("`%s`\n\n%s\n" % (" ".join(sys.argv), text))
    print("\n" + text)
    print("wrote", os.path.join(args.out, stem + ".json"))
    bad = [r for r in rows if "error" in r or not r["feasible"] or not r["evaluator_agrees"]]
    return 1 if bad else 0


def fmt(x, spec="%.3f"):
    return "-" if x is None else spec % x


def line(r):
    if "error" in r:
        return "%s x%g: error: %s" % (r["instance"], r["scale"], r["error"][:200])
    return "%s x%g: cost %s (%s), bound %s, %.1f s, vs reference %s, 5%% of final at %s s" % (
        r["instance"], r["scale"], r["cost"], "feasible" if r["feasible"] else "INFEASIBLE",
        r["lower_bound"], r["seconds"], fmt(r.get("vs_reference")),
        fmt(r.get("to_5pct_of_final_s"), "%.1f"))


def table(rows):
    head = ("| instance | nodes | limit s | cost | feasible (evaluator) | cost / reference | "
            "cost / own bound | proven bound | s to 5% of final | s to 5% of reference | found by |")
    lines = [head, "|" + "---|" * 11]
    for r in rows:
        if "error" in r:
            lines.append("| %s | error: %s |" % (r["instance"], r["error"][:60]))
            continue
        lines.append("| %s | %d | %g | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["instance"], r["nodes"], r["time_limit_s"], r["cost"],
            "yes" if r["feasible"] and r["evaluator_agrees"] else "NO",
            fmt(r.get("vs_reference")), fmt(r.get("vs_lower_bound")),
            "-" if r["lower_bound"] is None else "%.0f%s" % (
                r["lower_bound"], " (optimal)" if r["optimal"] else ""),
            fmt(r.get("to_5pct_of_final_s"), "%.1f"),
            fmt(r.get("to_5pct_of_reference_s"), "%.1f"), r["found_by"]))
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
