"""Counts the collectives of a materialized SPMD program by layer and phase.

  collectives_by_layer.py PROGRAM.mlir

A collective belongs to the op named last before it in the program (the
materializer inserts it after the op whose result it converts, or before
the op that reads the converted operand): `tofu.name` for a forward op,
`tofu.fwd`/`tofu.grad_of` for a backward one. Its layer is the first
component of that name (`l0` of `l0.fc2.matmul`); only layers `l<N>` are
printed, one line each:

  l0: forward all_reduce 2; backward all_reduce 2
"""
import collections
import re
import sys

NAMED = re.compile(r'tofu\.(name|fwd|grad_of) = "([^"]*)"')
COLLECTIVE = re.compile(r"\bshard\.(all_reduce|all_gather|reduce_scatter|all_to_all)\b")


def main():
    counts = collections.defaultdict(collections.Counter)
    owner = None
    with open(sys.argv[1]) as f:
        for line in f:
            collective = COLLECTIVE.search(line)
            if collective and owner:
                kind, name = owner
                phase = "forward" if kind == "name" else "backward"
                counts[name.split(".")[0]][(phase, collective.group(1))] += 1
            named = NAMED.search(line)
            if named:
                owner = (named.group(1), named.group(2))
    layers = [l for l in counts if re.fullmatch(r"l\d+", l)]
    for layer in sorted(layers, key=lambda l: int(l[1:])):
        parts = []
        for phase in ("forward", "backward"):
            kinds = sorted((k, n) for (p, k), n in counts[layer].items() if p == phase)
            if kinds:
                parts.append(phase + " " + ", ".join(f"{k} {n}" for k, n in kinds))
        print(f"{layer}: " + "; ".join(parts))


if __name__ == "__main__":
    main()
