"""Writes copies of a --tofu-partition report into DIR, each broken in one
way that tofu-viz must reject (errors.test)."""
import copy
import json
import os
import sys

report = json.load(open(sys.argv[1]))
out = sys.argv[2]


def write(name, change):
    r = copy.deepcopy(report)
    change(r)
    with open(os.path.join(out, name + ".json"), "w") as f:
        json.dump(r, f)


def cycle(r):
    # Two ops that read each other's results.
    a, b = [i for i, o in enumerate(r["ops"]) if o["producers"]][:2]
    r["ops"][a]["producers"] = [b]
    r["ops"][b]["producers"] = [a]


write("levels", lambda r: r.update(levels=[2]))
write("strategy", lambda r: r["ops"][1].update(strategy=["d0"]))
write("layout", lambda r: r["tensors"][0]["partition"].__setitem__(0, "split(9)"))
write("bytes", lambda r: r["tensors"][0].update(bytes="many"))
write("producer", lambda r: r["ops"][0].update(producers=[100000]))
write("cycle", cycle)
write("nan", lambda r: r.update(comm_bytes=float("nan")))
write("nomemory", lambda r: r["memory"].pop("buffers_bytes"))
with open(os.path.join(out, "deep.json"), "w") as f:
    f.write("[" * 100000 + "]" * 100000)
