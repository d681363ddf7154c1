"""Checks the fields of a --tofu-partition report that tofu-viz draws
(docs/search.md, "Report"): the machine, per op its phase, FLOPs, bytes
per level and producers, per tensor its parameter flag and per-device share.

    check_fields.py REPORT.json MACHINE.json
"""
import json
import math
import sys


def main():
    r = json.load(open(sys.argv[1]))
    machine = json.load(open(sys.argv[2]))
    k, levels = r["gpus"], r["levels"]

    m = r["machine_details"]
    assert m["name"] == machine["name"], m
    assert m["device"]["flops"] == machine["device"]["flops"], m
    assert m["device"]["memory_bytes"] == machine["device"]["memory_bytes"], m
    assert [(l["name"], l["group_size"], l["bandwidth_bytes_per_s"],
             l["latency_s"]) for l in m["links"]] == \
        [(l["name"], l["group_size"], l["bandwidth_bytes_per_s"],
          l["latency_s"]) for l in machine["links"]], m
    assert "docs/cost-model.md" in r["estimate_model"], r["estimate_model"]

    ops = r["ops"]
    per_level = [0.0] * len(levels)
    for i, o in enumerate(ops):
        assert o["phase"] in ("forward", "backward", "update"), o
        assert o["flops"] >= 0, o
        assert len(o["comm_bytes_per_level"]) == len(levels), o
        assert abs(sum(o["comm_bytes_per_level"]) - o["comm_bytes"]) <= \
            1e-9 * max(1, o["comm_bytes"]), o
        for j, b in enumerate(o["comm_bytes_per_level"]):
            assert b >= 0, o
            per_level[j] += b
        # A producer comes earlier in program order and writes a tensor
        # class this op reads.
        for p in o["producers"]:
            assert 0 <= p < i, (o["name"], p)
            assert set(ops[p]["outputs"]) & set(o["inputs"]), \
                (ops[p]["name"], o["name"])
    for got, want in zip(per_level, r["comm_bytes_per_level"]):
        assert abs(got - want) <= 1e-6 * max(1, want), (per_level, want)
    phases = {o["phase"] for o in ops}
    assert phases == {"forward", "backward", "update"}, phases
    assert any(o["producers"] for o in ops), "no op graph edges"
    # Each op's FLOPs divide by the ways of the levels that split it (not
    # `replicate`, nor `linear i`: computed whole on partials); the report's
    # compute time is their sum over the device's peak.
    per_device = sum(o["flops"] / math.prod(
        w for w, s in zip(levels, o["strategy"])
        if s != "replicate" and not s.startswith("linear"))
        for o in ops)
    assert abs(per_device / m["device"]["flops"] - r["compute_seconds"]) <= \
        1e-6 * r["compute_seconds"], (per_device, r["compute_seconds"])

    for t in r["tensors"]:
        whole = t["bytes"]
        assert whole / k - 1e-9 <= t["per_device_bytes"] <= whole, t
        if all(p == "rep" for p in t["partition"]):
            assert t["per_device_bytes"] == whole, t
        assert t["element_bytes"] > 0 and isinstance(t["parameter"], bool), t
        assert whole == t["element_bytes"] * math.prod(t["shape"]), t
    assert any(t["parameter"] for t in r["tensors"]), "no parameter"
    print(f"fields ok: {len(ops)} ops, {sum(len(o['producers']) for o in ops)}"
          f" edges, {len(r['tensors'])} tensors")


if __name__ == "__main__":
    main()
