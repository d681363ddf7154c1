#!/usr/bin/env python3
"""Independent evaluator for IOPDDL answers, written from the problem
statement in ../shared/iopddl/README.md (not from the solver's code).

    evaluate.py INSTANCE.json[.gz] SOLUTION      # SOLUTION: file whose last
                                                 # line is [s0, s1, ...]
prints the cost (Python integers: no overflow), the peak memory and whether
the answer is feasible; exit status 0 when feasible, 1 when not, 2 on bad
input.
"""
import gzip
import json
import sys

FORBIDDEN = 10**18


def load_instance(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        return json.load(f)["problem"]


def parse_solution(text):
    lines = [l.strip() for l in text.strip().splitlines() if l.strip()]
    if not lines:
        raise ValueError("empty solution")
    last = lines[-1]
    if not (last.startswith("[") and last.endswith("]")):
        raise ValueError("the last line is not a bracketed list: %r" % last[:80])
    body = last[1:-1].strip()
    return [int(x) for x in body.split(",")] if body else []


def evaluate(problem, choice):
    """Returns a dict with cost, peak usage, feasibility, forbidden flag."""
    nodes = problem["nodes"]
    intervals, costs, usages = nodes["intervals"], nodes["costs"], nodes["usages"]
    n = len(costs)
    if len(choice) != n:
        raise ValueError("%d strategies for %d nodes" % (len(choice), n))
    for i, s in enumerate(choice):
        if not 0 <= s < len(costs[i]):
            raise ValueError("node %d: strategy %d out of range" % (i, s))
    cost = 0
    forbidden = False
    for i, s in enumerate(choice):
        c = costs[i][s]
        cost += c
        forbidden |= c >= FORBIDDEN
    for (u, v), table in zip(problem["edges"]["nodes"], problem["edges"]["costs"]):
        c = table[choice[u] * len(costs[v]) + choice[v]]
        cost += c
        forbidden |= c >= FORBIDDEN
    # Memory at every integer t: nodes with lo <= t < hi. The total only
    # changes at interval ends, so sweep over the events.
    delta = {}
    for i, (lo, hi) in enumerate(intervals):
        if lo >= hi:
            continue
        u = usages[i][choice[i]]
        delta[lo] = delta.get(lo, 0) + u
        delta[hi] = delta.get(hi, 0) - u
    live = peak = 0
    peak_t = None
    for t in sorted(delta):
        live += delta[t]
        if live > peak:
            peak, peak_t = live, t
    limit = problem["usage_limit"]
    return {"cost": cost, "peak_usage": peak, "peak_time": peak_t,
            "usage_limit": limit, "feasible": peak <= limit,
            "forbidden": forbidden}


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        problem = load_instance(argv[1])
        with open(argv[2]) as f:
            choice = parse_solution(f.read())
        if not choice:
            print("no solution ([])")
            return 1
        r = evaluate(problem, choice)
    except (OSError, ValueError, KeyError, json.JSONDecodeError) as e:
        print("evaluate.py: error: %s" % e, file=sys.stderr)
        return 2
    print("cost: %d" % r["cost"])
    print("peak usage: %d at t=%s (limit %d)" % (r["peak_usage"], r["peak_time"], r["usage_limit"]))
    print("feasible: %s" % ("yes" if r["feasible"] else "no"))
    if r["forbidden"]:
        print("uses a forbidden choice (cost >= 10^18)")
    return 0 if r["feasible"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
