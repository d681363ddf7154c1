"""Prints, from a search report, the layouts and strategies megatron.test checks."""
import json
import sys

report = json.load(open(sys.argv[1]))
approximate = any(level["approximate"] for level in report["level_details"])
print(f"objective {report['objective']}, approximate {approximate}")
tensors = {t["name"]: t["partition"] for t in report["tensors"]}
for name in ["l0.q.weight", "l0.k.weight", "l0.v.weight", "l0.proj.weight",
             "l0.fc1.weight", "l0.fc2.weight", "l0.ln1.gamma", "l0.residual1",
             "l0.residual2", "l0.attn.scores"]:
    print(name, " ".join(tensors[name]))
ops = {o["name"]: o["strategy"] for o in report["ops"]}
for name in ["l0.proj.matmul", "l0.fc2.matmul", "l0.ln1.normalize#0.grad0",
             "l0.ln1.normalize#0.grad1"]:
    print(name, " ".join(ops[name]))
