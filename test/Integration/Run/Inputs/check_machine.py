"""Checks a tofu-calibrate machine file and writes malformed copies of it.

  check_machine.py MACHINE.json [--ranks N] [--malformed DIR]

Prints `MEASURED <kinds>` when every figure the planner reads is a finite
positive number, the memory is this host's physical memory / N, and the
calibration record holds a fit of each collective kind with one point per
message size. With --malformed, writes DIR/<case>.json, each the file with
one field broken (see CASES).
"""
import argparse
import copy
import json
import math
import os
import sys

CASES = {
    "no-flops": lambda m: m["device"].pop("flops"),
    "string-bandwidth": lambda m: m["device"].__setitem__(
        "memory_bandwidth_bytes_per_s", "fast"),
    "zero-efficiency": lambda m: m["device"].__setitem__("compute_efficiency", 0),
    "negative-link-bandwidth": lambda m: m["links"][0].__setitem__(
        "bandwidth_bytes_per_s", -1),
    "latency-list": lambda m: m["links"][0].__setitem__("latency_s", [1]),
    "no-links": lambda m: m.__setitem__("links", []),
    "collective-no-bandwidth": lambda m: m["links"][0]["collectives"]["all_reduce"].pop(
        "bandwidth_bytes_per_s"),
    "curve-unsorted": lambda m: m["device"].__setitem__(
        "memory_bandwidth_curve", m["device"]["memory_bandwidth_curve"][::-1]),
}


def fail(message):
    print(f"check_machine: {message}")
    sys.exit(1)


def positive(value, where):
    if not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
        fail(f"{where} = {value!r} is not a finite positive number")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("machine")
    p.add_argument("--ranks", type=int, default=2)
    p.add_argument("--malformed")
    a = p.parse_args()
    with open(a.machine) as f:
        m = json.load(f)
    d = m["device"]
    for key in ("flops", "memory_bytes", "memory_bandwidth_bytes_per_s",
                "compute_efficiency"):
        positive(d[key], f"device.{key}")
    positive(m["links"][0]["bandwidth_bytes_per_s"], "links[0].bandwidth_bytes_per_s")
    latency = m["links"][0]["latency_s"]
    if not math.isfinite(latency) or latency < 0:
        fail(f"links[0].latency_s = {latency!r}")
    total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    if d["memory_bytes"] != total // a.ranks:
        fail(f"device.memory_bytes {d['memory_bytes']} is not {total} / {a.ranks}")
    kinds = sorted(m["links"][0]["collectives"])
    if kinds != ["all_gather", "all_reduce", "reduce_scatter", "send_recv"]:
        fail(f"links[0].collectives has {kinds}")
    cal = m["calibration"]
    if cal["ranks"] != a.ranks:
        fail(f"calibration.ranks {cal['ranks']} != {a.ranks}")
    sizes = None
    for kind, fit in sorted(cal["collectives"].items()):
        positive(fit["beta_bytes_per_s"], f"{kind}.beta_bytes_per_s")
        count = len(fit["points"])
        if sizes is not None and count != sizes:
            fail(f"{kind} has {count} points, others {sizes}")
        sizes = count
        for pt in fit["points"]:
            positive(pt["seconds"], f"{kind} seconds")
    for pt in cal["products"]:
        positive(pt["flops_per_s"], "products flops_per_s")
    for curve in ("flops_curve", "memory_bandwidth_curve"):
        sizes = [p[0] for p in d[curve]]
        if len(sizes) < 2 or sizes != sorted(set(sizes)):
            fail(f"device.{curve} sizes {sizes} do not increase")
        for size, rate in d[curve]:
            positive(rate, f"device.{curve} rate")
    print("MEASURED " + ",".join(sorted(cal["collectives"])))
    if a.malformed:
        os.makedirs(a.malformed, exist_ok=True)
        for name, breaks in CASES.items():
            broken = copy.deepcopy(m)
            breaks(broken)
            with open(os.path.join(a.malformed, name + ".json"), "w") as f:
                json.dump(broken, f)


if __name__ == "__main__":
    main()
