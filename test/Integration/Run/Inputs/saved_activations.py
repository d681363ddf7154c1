"""Prints which forward values a one-microbatch stage program carries into
its backward: the saved activations.

  saved_activations.py PROGRAM.mlir FUNCTION

FUNCTION is a stage function of a program with one microbatch (p = 1,
M = 1, d = 1: its forward block, then its backward block, then the post
ops). The backward block starts at the first op that carries tofu.fwd or
tofu.grad_of (a backward op) or a tofu.name an op before it had (a forward
op run again: recomputed ops go right before their first reader); the ops
before it are the forward block. Each value the forward block defines that
the backward block or the post ops read is printed, by the tofu.name of
the op that defines it (its op name when it has none; not the constants,
empty tensors and fills each block makes for itself), sorted, one line:

  saved: l0.relu l1.relu ...

and the forward ops the backward block runs again (a forward op's
tofu.name on an op without tofu.fwd or tofu.grad_of there, helpers left
out), sorted:

  recomputed: l0.fc.bias_add l0.fc.matmul ...
"""
import re
import sys

DEF = re.compile(r"^    (%[\w$.-]+)(?::\d+)? = ([\w.]+)")
NAME = re.compile(r'tofu\.name = "([^"]*)"')
BACKWARD = re.compile(r"tofu\.(fwd|grad_of) = ")
USE = re.compile(r"%[\w$.-]+")
# The constants, empty tensors and fills every block makes for itself.
HELPERS = {"arith.constant", "tensor.empty", "linalg.fill"}


def main():
    path, function = sys.argv[1], sys.argv[2]
    lines = open(path).read().splitlines()
    start = next(i for i, l in enumerate(lines)
                 if re.search(rf"func\.func \w* ?@{re.escape(function)}\(", l))
    end = next(i for i in range(start + 1, len(lines)) if lines[i] == "  }")
    body = lines[start + 1:end]
    # An op's text: its first line and the lines of its regions, up to the
    # next op of the function's body.
    ops, current = [], None
    for line in body:
        if DEF.match(line) or (line.startswith("    ") and not line.startswith("     ")
                               and not line.startswith("    }")):
            current = [line]
            ops.append(current)
        elif current is not None:
            current.append(line)
    # The backward block starts at its first op: a backward op, or a forward
    # op it runs again (recomputed ops go before the backward op that reads
    # them), whose tofu.name the forward block has already had.
    seen = set()
    for first_backward, op in enumerate(ops):
        name = NAME.search(op[0])
        if BACKWARD.search(op[0]) or (name and name.group(1) in seen):
            break
        if name:
            seen.add(name.group(1))
    defined = {}
    for op in ops[:first_backward]:
        m = DEF.match(op[0])
        if not m or m.group(2) in HELPERS:
            continue
        name = NAME.search(op[0])
        defined[m.group(1)] = name.group(1) if name else m.group(2)
    saved, recomputed = set(), set()
    for op in ops[first_backward:]:
        for v in USE.findall("\n".join(op)):
            if v in defined:
                saved.add(defined[v])
        name, d = NAME.search(op[0]), DEF.match(op[0])
        if name and d and not BACKWARD.search(op[0]) and d.group(2) not in HELPERS:
            recomputed.add(name.group(1))
    print("saved:" + "".join(" " + n for n in sorted(saved)))
    print("recomputed:" + "".join(" " + n for n in sorted(recomputed)))


if __name__ == "__main__":
    main()
