#!/usr/bin/env python3
"""Checks a --tofu-plan JSON report for consistency:

    check_plan.py REPORT DEVICES [MEMORY_LIMIT]

the degrees multiply to the devices, the microbatches times their size and
the replicas give the global batch, the stages cover the segments in order,
every stage's memory parts add up to its peak and the peak is within the
limit, and the step is at least the slowest stage times the microbatches.
"""
import json
import sys

report = json.load(open(sys.argv[1]))
devices = int(sys.argv[2])
limit = float(sys.argv[3]) if len(sys.argv) > 3 else report["memory_limit_bytes"]
d = report["degrees"]
assert d["data"] * d["pipeline"] * d["tensor"] == devices, d
assert d["data"] * report["microbatches"] * report["microbatch_size"] == report["global_batch"]
stages = report["stages"]
assert len(stages) == d["pipeline"], (len(stages), d)
est = report["estimate"]
slowest = 0
for s in stages:
    m = s["memory"]
    parts = m["parameters"] + m["gradients"] + m["optimizer"] + m["activations"] + m["buffers"]
    assert abs(parts - m["peak"]) <= 1e-6 * m["peak"], m
    assert m["peak"] <= limit * (1 + 1e-12), (m["peak"], limit)
    slowest = max(slowest, s["microbatch_seconds"])
assert est["step_seconds"] >= report["microbatches"] * slowest * (1 - 1e-12)
assert abs(est["peak_bytes"] - max(s["memory"]["peak"] for s in stages)) <= 1e-6 * est["peak_bytes"]
print("plan report consistent:", d, "peak", est["peak_bytes"], "step", est["step_seconds"])
