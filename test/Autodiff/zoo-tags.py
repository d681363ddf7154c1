# Tests the tagging contract of --tofu-autodiff on tofu-zoo models: every op
# of the training step is a forward op (tofu.name), a backward op of a named
# forward op (tofu.fwd), a gradient sum or the loss seed (tofu.grad_of only),
# or an SGD update (tofu.update_of); grad_of names existing values; every
# parameter gets exactly one update.
# RUN: %python %s | FileCheck %s
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from gradcheck import forward_signature, tofu_opt  # noqa: E402

MODELS = [
    ("mlp", ["--layers", "2", "--hidden", "8", "--batch", "4", "--in", "6", "--classes", "3"]),
    ("wresnet", ["--depth", "50", "--width", "1", "--batch", "1", "--image", "32",
                 "--classes", "3", "--base-channels", "2"]),
    ("rnn", ["--layers", "2", "--hidden", "4", "--steps", "3", "--batch", "2",
             "--vocab", "5", "--embed", "3"]),
    ("transformer", ["--layers", "2", "--hidden", "8", "--heads", "2", "--seq", "4",
                     "--batch", "1", "--vocab", "5"]),
]
ATTR = re.compile(r'tofu\.(name|fwd|grad_of|update_of) = "([^"]*)"')


def top_level_ops(text, func):
    """(line, {attr: value}) for each op directly in the body of @func."""
    lines = text.splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith(f"  func.func @{func}("))
    ops = []
    for line in lines[start + 1:]:
        if line.startswith("  }"):
            break
        if re.match(r"    [%a-z]", line):
            ops.append([line.strip(), dict(ATTR.findall(line))])
        elif line.startswith("    }"):
            # Ops with a region (tensor.pad) print their attributes after it.
            ops[-1][1].update(ATTR.findall(line))
    return ops


# CHECK: mlp: {{[0-9]+}} forward, {{[0-9]+}} backward, {{[0-9]+}} gradient sums, 6 updates: OK
# CHECK: wresnet: {{.*}} 55 updates: OK
# CHECK: rnn: {{.*}} 9 updates: OK
# CHECK: transformer: {{.*}} 37 updates: OK
for family, knobs in MODELS:
    mlir = subprocess.run(["tofu-zoo", family, *knobs], capture_output=True,
                          text=True, check=True).stdout
    _, params = forward_signature(mlir)
    train = tofu_opt(mlir, "--tofu-autodiff")
    ops = top_level_ops(train, "train_step")
    fwd_names = {a["name"] for _, a in ops if "name" in a}
    values = fwd_names | {f"arg{i}" for i in range(len(forward_signature(mlir)[0]))}
    counts = {"forward": 0, "backward": 0, "sums": 0, "updates": 0}
    updated = []
    problems = []
    for line, attrs in ops:
        if line.startswith("return"):
            continue
        if "name" in attrs:
            counts["forward"] += 1
        elif "fwd" in attrs:
            counts["backward"] += 1
            if attrs["fwd"] not in fwd_names:
                problems.append(f"tofu.fwd names no forward op: {line[:120]}")
        elif "update_of" in attrs:
            if line.split(" = ")[1].startswith("linalg.generic"):
                counts["updates"] += 1
                updated.append(attrs["update_of"])
        elif "grad_of" in attrs:
            counts["sums"] += 1
        else:
            problems.append(f"untagged op: {line[:120]}")
        if "grad_of" in attrs and attrs["grad_of"].split("#")[0] not in values:
            problems.append(f"tofu.grad_of names no value: {line[:120]}")
    if sorted(updated) != sorted(f"arg{p}" for p in params):
        problems.append(f"updates {updated} do not cover the parameters {params}")
    for p in problems:
        print(f"{family}: {p}")
    print(f"{family}: {counts['forward']} forward, {counts['backward']} backward, "
          f"{counts['sums']} gradient sums, {counts['updates']} updates: "
          f"{'FAIL' if problems else 'OK'}")
