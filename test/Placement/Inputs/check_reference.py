"""Runs tofu-place on every input of the authors' release and compares the
max load with the value their exact DP computed (reference.json).

usage: check_reference.py TOFU_PLACE DIR [DIR...]  (the first DIR that
exists is used; it must hold reference.json)
"""
import json
import os
import subprocess
import sys

tool = sys.argv[1]
folders = [d for d in sys.argv[2:] if os.path.isfile(os.path.join(d, "reference.json"))]
if not folders:
    sys.exit("no placement inputs found in: " + ", ".join(sys.argv[2:]))
folder = folders[0]
with open(os.path.join(folder, "reference.json")) as f:
    reference = json.load(f)
expected = {(r["input"], r["accelerators"], r["cpus"]): r["max_load"]
            for r in reference if r["solver"] == "exact DP"}
inputs = sorted(f for f in os.listdir(folder)
                if f.endswith(".json") and f != "reference.json")
failures = 0
checked = 0
for name in inputs:
    for k in (2, 3, 4, 6):
        out = subprocess.run([tool, os.path.join(folder, name),
                              "--accelerators=%d" % k, "--cpus=1"],
                             capture_output=True, text=True)
        if out.returncode != 0:
            print("FAIL %s k=%d: %s" % (name, k, out.stderr.strip()))
            failures += 1
            continue
        result = json.loads(out.stdout)
        want = expected.get((name, k, 1))
        got = result["objective"]
        status = "no reference"
        if want is not None:
            checked += 1
            ok = abs(got - want) <= 1e-9 * max(1.0, abs(want))
            ok = ok and result["proven_optimal"] and result["gap"] == 0
            status = "ok" if ok else "MISMATCH (reference %.12g)" % want
            failures += not ok
        print("%s k=%d max_load=%.9f proven_optimal=%s ideals=%d %s" %
              (name, k, got, str(result["proven_optimal"]).lower(),
               result["ideals"], status))
print("checked %d reference values, %d failures" % (checked, failures))
sys.exit(1 if failures else 0)
