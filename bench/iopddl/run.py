#!/usr/bin/env python3
"""Runs tofu-solve on every IOPDDL instance in ../shared/iopddl (relative to
the repository) with its contest time limit, checks every answer with the
independent evaluator (evaluate.py) and prints cost, lower bound, gap and
seconds beside the contest's best published cost.

    bench/iopddl/run.py [--instances DIR] [--time-scale 0.1] [--only B,G]
                        [--tool build/bin/tofu-solve] [--seed N]

Writes bench/results/iopddl-<UTC time>.json.
"""
import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import evaluate  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--instances", default=os.path.join(REPO, "..", "shared", "iopddl"))
    ap.add_argument("--tool", default=os.path.join(REPO, "build", "bin", "tofu-solve"))
    ap.add_argument("--time-scale", type=float, default=1.0,
                    help="multiply every time limit (e.g. 0.1 for a trial run)")
    ap.add_argument("--only", default="", help="comma-separated instance letters")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=os.path.join(REPO, "bench", "results"))
    args = ap.parse_args()

    with open(os.path.join(args.instances, "published.json")) as f:
        published = json.load(f)
    letters = [l for l in sorted(published) if not args.only or l in args.only.split(",")]
    rows = []
    for letter in letters:
        pub = published[letter]
        path = os.path.join(args.instances, "asplos-2025-iopddl-%s.json.gz" % letter)
        limit = pub["time_limit_s"] * args.time_scale
        with tempfile.NamedTemporaryFile("w+", suffix=".sol") as sol:
            cmd = [args.tool, path, "--time-limit=%g" % limit, "--format=json",
                   "--seed=%d" % args.seed, "--output=" + sol.name]
            proc = subprocess.run(cmd, capture_output=True, text=True)
            if proc.returncode != 0:
                print("%s: tofu-solve failed (%d): %s" % (letter, proc.returncode,
                                                          proc.stderr.strip()))
                rows.append({"instance": letter, "error": proc.stderr.strip()})
                continue
            report = json.loads(proc.stdout)
            choice = evaluate.parse_solution(open(sol.name).read())
        problem = evaluate.load_instance(path)
        checked = evaluate.evaluate(problem, choice) if choice else None
        agrees = checked is not None and checked["cost"] == report["cost"]
        row = {
            "instance": letter, "model": pub["model"], "nodes": pub["nodes"],
            "time_limit_s": limit, "seconds": report["seconds"],
            "cost": report["cost"], "feasible": bool(checked and checked["feasible"]),
            "evaluator_cost": checked["cost"] if checked else None,
            "evaluator_agrees": agrees,
            "lower_bound": report["lower_bound"], "optimal": report["optimal"],
            "found_by": report["found_by"], "bound_by": report["bound_by"],
            "winner_cost": pub["winner_cost"], "best_known_cost": pub["best_known_cost"],
            "published_lower_bound": pub["lower_bound"],
        }
        if checked:
            row["vs_winner"] = checked["cost"] / pub["winner_cost"] - 1
            if report["lower_bound"] is not None:
                row["gap"] = (checked["cost"] - report["lower_bound"]) / checked["cost"]
            row["gap_to_published_bound"] = (checked["cost"] - pub["lower_bound"]) / checked["cost"]
        rows.append(row)
        print_row(row)
        sys.stdout.flush()

    os.makedirs(args.out, exist_ok=True)
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    out = os.path.join(args.out, "iopddl-%s.json" % stamp)
    with open(out, "w") as f:
        json.dump({"command": " ".join(sys.argv), "time_scale": args.time_scale,
                   "seed": args.seed, "results": rows}, f, indent=1)
    print("\n" + table(rows))
    print("wrote", out)
    bad = [r for r in rows if "error" in r or not r["feasible"] or not r["evaluator_agrees"]]
    return 1 if bad else 0


def print_row(r):
    print("%s: cost %s (%s), bound %s, %.1f s, winner %d, %+.2f%%" % (
        r["instance"], r["cost"], "feasible" if r["feasible"] else "INFEASIBLE",
        r["lower_bound"], r["seconds"], r["winner_cost"], 100 * r.get("vs_winner", float("nan"))))


def table(rows):
    head = ("| instance | nodes | limit s | cost | feasible (evaluator) | lower bound | gap | "
            "seconds | contest winner | vs winner | published bound |")
    lines = [head, "|" + "---|" * 11]
    for r in rows:
        if "error" in r:
            lines.append("| %s | error: %s |" % (r["instance"], r["error"][:60]))
            continue
        gap = "%.2f%%" % (100 * r["gap"]) if "gap" in r else "-"
        lines.append("| %s | %d | %g | %s | %s | %s | %s | %.1f | %d | %+.2f%% | %.0f |" % (
            r["instance"], r["nodes"], r["time_limit_s"], r["cost"],
            "yes" if r["feasible"] and r["evaluator_agrees"] else "NO",
            r["lower_bound"], gap + (" (optimal)" if r["optimal"] else ""),
            r["seconds"], r["winner_cost"], 100 * r.get("vs_winner", float("nan")),
            r["published_lower_bound"]))
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
