#!/usr/bin/env python3
"""Compares the --tofu-plan reports of a forward and its training step:

    check_forward.py FORWARD_REPORT STEP_REPORT

the forward's report says it is not a training step and charges no
gradients, optimizer state, gradient sync or update on any stage; the
training step's says it is one, charges gradients and an update, and needs
more memory per device than the forward.
"""
import json
import sys

fwd = json.load(open(sys.argv[1]))
step = json.load(open(sys.argv[2]))
assert fwd["training"] is False and step["training"] is True, (fwd["training"], step["training"])
assert fwd["optimizer"] == "none (no backward or update ops)", fwd["optimizer"]
assert fwd["zero"] in (0, 3) and fwd["recompute"] is False, (fwd["zero"], fwd["recompute"])
for s in fwd["stages"]:
    assert s["memory"]["gradients"] == 0 and s["memory"]["optimizer"] == 0, s["memory"]
assert fwd["estimate"]["data_sync_seconds"] == 0 and fwd["estimate"]["update_seconds"] == 0, fwd["estimate"]
assert all(s["memory"]["gradients"] > 0 for s in step["stages"]), step["stages"]
assert step["estimate"]["update_seconds"] > 0, step["estimate"]
assert fwd["estimate"]["peak_bytes"] < step["estimate"]["peak_bytes"], (
    fwd["estimate"]["peak_bytes"], step["estimate"]["peak_bytes"])
print("forward report consistent")
