"""Checks a --tofu-partition JSON report against the documented schema and
that a second run produced the same plan (search time aside)."""
import json
import sys

a = json.load(open(sys.argv[1]))
b = json.load(open(sys.argv[2]))
k = int(sys.argv[3])

for key in ["gpus", "strategy", "levels", "comm_bytes", "comm_bytes_per_level",
            "peak_memory_bytes_per_device", "search_seconds",
            "estimated_step_seconds", "ideal_step_seconds", "tensors", "ops"]:
    assert key in a, f"missing key {key}"
assert a["gpus"] == k
prod = 1
for f in a["levels"]:
    prod *= f
assert prod == k, a["levels"]
assert a["levels"] == sorted(a["levels"], reverse=True)
assert len(a["comm_bytes_per_level"]) == len(a["levels"])
assert abs(sum(a["comm_bytes_per_level"]) - a["comm_bytes"]) <= 1e-6 * max(1, a["comm_bytes"])
assert a["ideal_step_seconds"] <= a["estimated_step_seconds"]
assert a["peak_memory_bytes_per_device"] > 0
mem = a["memory"]
kinds = ["parameters_bytes", "gradients_bytes", "optimizer_state_bytes",
         "activations_bytes", "buffers_bytes"]
for key in kinds + ["peak_bytes", "peak_at", "argument_bytes", "result_bytes",
                    "no_reuse_upper_bound_bytes", "runtime_bytes"]:
    assert key in mem, f"missing memory key {key}"
assert mem["peak_bytes"] == a["peak_memory_bytes_per_device"]
assert abs(sum(mem[k] for k in kinds) - mem["peak_bytes"]) <= 1e-6 * mem["peak_bytes"]
# The arguments are held for the whole step, so the peak holds at least them.
assert mem["argument_bytes"] <= mem["peak_bytes"] * (1 + 1e-9)
assert mem["peak_at"], "the peak names no op"
assert mem["peak_bytes"] <= mem["no_reuse_upper_bound_bytes"] * (1 + 1e-9)
for t in a["tensors"]:
    assert set(["name", "shape", "bytes", "partition"]) <= set(t), t
    assert len(t["partition"]) == len(a["levels"])
    for p in t["partition"]:
        assert p in ("rep", "partial") or (p.startswith("split(") and p.endswith(")")), p
for o in a["ops"]:
    assert set(["name", "strategy"]) <= set(o), o
    assert len(o["strategy"]) == len(a["levels"])

a.pop("search_seconds")
b.pop("search_seconds")
assert a == b, "the same input gave different plans"
print("report ok")
