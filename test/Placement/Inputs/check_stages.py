#!/usr/bin/env python3
"""Checks the stages --tofu-place recorded in a training step's IR (text).

Every top-level op of the function named by the plan (but its terminator)
must carry `tofu.strategy = #tofu.strategy<[...], stage = s>` with s below
the plan's `stages`, and the placement must be contiguous (a pipeline):

  - a forward value (an op without tofu.fwd, tofu.grad_of, tofu.update_of)
    flows only to the same or later stages;
  - a backward value (an op with one of them) flows only to the same or
    earlier stages.

Cheap ops (no operands, or only results of operand-free ops: constants,
tensor.empty, fills of an init) are exempt as producers: every stage can
recompute them. Prints one line per violation and exits 1, else prints a
summary and exits 0. Usage: check_stages.py FILE.mlir [--stages N]
"""

import re
import sys

RESULTS = re.compile(r"^\s*(%[\w.$-]+(?::\d+)?(?:\s*,\s*%[\w.$-]+(?::\d+)?)*)\s*=\s")
VALUE = re.compile(r"%[\w.$-]+")
STAGE = re.compile(r"tofu\.strategy\s*=\s*#tofu\.strategy<\[[^\]]*\],\s*stage\s*=\s*(\d+)>")
PLAN = re.compile(r"tofu\.partition\s*=\s*#tofu\.plan<([^>]*)>")
BACKWARD = re.compile(r"tofu\.(fwd|grad_of|update_of)\s*=")


def top_level_ops(lines, function):
    """(line number, text) of the top-level ops of @function's body."""
    start = None
    for i, line in enumerate(lines):
        if re.search(r"func\.func\s+(?:\w+\s+)?@" + re.escape(function) + r"\(", line):
            start = i
            break
    if start is None:
        sys.exit(f"error: no function @{function}")
    indent = None
    ops = []
    for i in range(start + 1, len(lines)):
        line = lines[i]
        if not line.strip():
            continue
        depth = len(line) - len(line.lstrip())
        if indent is None:
            indent = depth
        if depth < indent:
            break  # the closing brace of the function
        if depth == indent and not line.lstrip().startswith(("}", "^")):
            ops.append((i + 1, line))
    return ops


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    path = args[0]
    want_stages = int(args[args.index("--stages") + 1]) if "--stages" in args else None
    text = open(path).read()
    lines = text.splitlines()
    plan = PLAN.search(text)
    if not plan:
        sys.exit("error: the module has no tofu.partition plan")
    fields = dict(re.findall(r"(\w+)\s*=\s*(\"[^\"]*\"|\[[^\]]*\]|\d+)", plan.group(1)))
    stages = int(fields.get("stages", "0"))
    function = fields.get("function", '"train_step"').strip('"')
    errors = []
    if want_stages is not None and stages != want_stages:
        errors.append(f"the plan has stages = {stages}, expected {want_stages}")

    producer = {}  # value -> (line, stage, backward, cheap)
    ops = []
    operand_free = set()
    for lineno, line in top_level_ops(lines, function):
        if re.match(r"^\s*(func\.)?return\b", line):
            continue
        m = RESULTS.match(line)
        results = []
        rest = line
        if m:
            for r in re.split(r"\s*,\s*", m.group(1)):
                name, _, count = r.partition(":")
                results.append(name)
            rest = line[m.end():]
        operands = sorted({v for v in VALUE.findall(rest)})
        stage = STAGE.search(line)
        if not stage:
            errors.append(f"line {lineno}: op without a tofu.strategy stage")
            continue
        s = int(stage.group(1))
        if s >= stages:
            errors.append(f"line {lineno}: stage {s} but the plan has {stages} stages")
        backward = bool(BACKWARD.search(line))
        cheap = all(o.split("#")[0] in operand_free for o in operands)
        if not operands:
            operand_free.update(results)
        for r in results:
            producer[r] = (lineno, s, backward, cheap)
        ops.append((lineno, s, operands))

    crossing = {True: 0, False: 0}
    for lineno, s, operands in ops:
        for o in operands:
            p = producer.get(o.split("#")[0])
            if not p:
                continue  # a function argument
            plineno, ps, backward, cheap = p
            if cheap or ps == s:
                continue
            crossing[backward] += 1
            if backward and s > ps:
                errors.append(f"line {lineno}: stage {s} reads the backward value "
                              f"{o} of line {plineno} on the earlier stage {ps}")
            if not backward and s < ps:
                errors.append(f"line {lineno}: stage {s} reads the forward value "
                              f"{o} of line {plineno} on the later stage {ps}")
    for e in errors:
        print("error: " + e)
    if errors:
        sys.exit(1)
    used = sorted({s for _, s, _ in ops})
    print(f"OK: {len(ops)} ops of @{function} on stages {used} of {stages}; "
          f"{crossing[False]} forward and {crossing[True]} backward values cross stages")


if __name__ == "__main__":
    main()
