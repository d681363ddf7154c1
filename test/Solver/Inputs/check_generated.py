"""Checks bench/iopddl/generated (test/Solver/generated.test): each listed
instance's size, and its kept best answer's cost and feasibility, by
bench/iopddl/evaluate.py."""
import gzip
import json
import os
import sys

directory = sys.argv[1]
sys.path.insert(0, os.path.join(directory, ".."))
import evaluate  # noqa: E402

with open(os.path.join(directory, "published.json")) as f:
    index = json.load(f)
families = set()
for name, entry in sorted(index.items()):
    problem = evaluate.load_instance(os.path.join(directory, name + ".json.gz"))
    with gzip.open(os.path.join(directory, name + ".best.txt.gz"), "rt") as f:
        answer = evaluate.parse_solution(f.read())
    r = evaluate.evaluate(problem, answer)
    errors = []
    if len(problem["nodes"]["costs"]) != entry["nodes"]:
        errors.append("nodes")
    if len(problem["edges"]["nodes"]) != entry["edges"]:
        errors.append("edges")
    if problem["usage_limit"] != entry["usage_limit"]:
        errors.append("usage_limit")
    if not r["feasible"] or r["forbidden"]:
        errors.append("the best answer is infeasible or forbidden")
    if r["cost"] != entry["best_known_cost"]:
        errors.append("cost %d, listed %d" % (r["cost"], entry["best_known_cost"]))
    if entry["lower_bound"] is not None and entry["lower_bound"] > r["cost"]:
        errors.append("the bound exceeds the cost")
    families.add(entry["family"])
    print(name, "ok" if not errors else "FAILED: " + "; ".join(errors))
print("%d instances, %d families" % (len(index), len(families)))
