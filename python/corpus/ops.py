#!/usr/bin/env python3
"""The ops the JAX / PyTorch corpus emits, with their coverage (for
docs/coverage.md; scripts/gen-coverage.sh runs it).

    python3 python/corpus/ops.py [--tofu-opt build/bin/tofu-opt] [--corpus DIR]

Reads every module of ``test/Integration/Frontends/corpus/Inputs/manifest.json`` as text
and counts, per ``stablehlo.*``, ``chlo.*`` and ``tosa.*`` op name (pretty
or generic form; attributes such as ``#stablehlo.gather<..>`` are not ops),
the entries that emit it and its instances. The support columns are
``tofu-opt --tofu-coverage="dialect=D format=json"`` on the per-op corpus
``test/Reports/Inputs/D.mlir`` of the op's dialect: whether the op is in
the dialect tofu-opt registers, has a TDL description (directly or through
its linalg form) and lowers to the CPU. Prints a markdown section.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS = ROOT / "test" / "Integration" / "Frontends" / "corpus" / "Inputs"
DIALECTS = ("stablehlo", "chlo", "tosa")
# An op name: not an attribute (#stablehlo.gather<..>, #stablehlo<..>) nor a
# type (!stablehlo.token), in pretty (`= stablehlo.add`, `stablehlo.return`)
# or generic (`"stablehlo.reduce_window"(`) form.
OP = re.compile(r'(?<![\w.#!<])"?((?:stablehlo|chlo|tosa)\.[a-z_][a-z0-9_]*)"?(?![<\w.])')


def ops_of(text: str) -> dict:
    counts = {}
    for line in text.splitlines():
        if line.lstrip().startswith("//"):
            continue
        for name in OP.findall(line):
            counts[name] = counts.get(name, 0) + 1
    return counts


def coverage(tofu_opt: str, dialect: str, directory: Path) -> dict:
    corpus = directory / f"{dialect}.mlir"
    if not corpus.exists():
        return {}
    proc = subprocess.run([tofu_opt, f"--tofu-coverage=dialect={dialect} format=json", str(corpus),
                           "-o", "/dev/null"], capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"ops.py: --tofu-coverage for {dialect} failed:\n{proc.stderr[-2000:]}")
    return {row["op"]: row for row in json.loads(proc.stdout)["ops"]}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tofu-opt", default=str(ROOT / "build" / "bin" / "tofu-opt"))
    p.add_argument("--corpus", default=str(CORPUS))
    p.add_argument("--coverage-inputs", default=str(ROOT / "test" / "Reports" / "Inputs"),
                   help="the per-op corpora (DIALECT.mlir)")
    args = p.parse_args(argv)
    corpus = Path(args.corpus)
    manifest = json.loads((corpus / "manifest.json").read_text())
    usage = {}  # op -> {"instances": n, "entries": {(framework, kind): set}}
    for e in manifest["entries"]:
        for op, n in ops_of((corpus / f"{e['name']}.mlir").read_text()).items():
            u = usage.setdefault(op, {"instances": 0, "entries": {}})
            u["instances"] += n
            u["entries"].setdefault((e["framework"], e["kind"]), set()).add(e["name"])
    rows = {d: coverage(args.tofu_opt, d, Path(args.coverage_inputs)) for d in DIALECTS
            if any(op.startswith(d + ".") for op in usage)}

    n_fn = sum(e["kind"] == "function" for e in manifest["entries"])
    print(f"The ops that the {len(manifest['entries'])} exports of the JAX and PyTorch corpus "
          f"(`test/Integration/Frontends/corpus`, {n_fn} functions and {len(manifest['entries']) - n_fn} "
          f"models; JAX {manifest['versions']['jax']}, PyTorch {manifest['versions']['torch']}, "
          f"torch-mlir {manifest['versions']['torch-mlir']}; see `docs/corpus.md`) emit, "
          "counted by `python/corpus/ops.py` from the committed modules. **entries**: JAX "
          "functions / JAX models / PyTorch functions / PyTorch models that emit the op; "
          "**in dialect**: tofu-opt registers the op (else the module does not parse); **TDL**, "
          "**CPU**: the columns of the op's row above (its instance in "
          "`test/Reports/Inputs/<dialect>.mlir`). Whether each entry runs end to end, at "
          "K = 1 to 4, is the corpus run's table in `docs/corpus.md`.")
    print()
    ops = sorted(usage)
    total = len(ops)
    known = [op for op in ops if op in rows.get(op.split(".")[0], {})]
    cpu = [op for op in known if rows[op.split(".")[0]][op]["cpu"]]
    print(f"Summary (corpus): {total} distinct ops emitted, {len(known)} in tofu-opt's "
          f"dialects, {len(cpu)} of them lower to the CPU; not in the dialects: "
          + (", ".join(f"`{op}`" for op in ops if op not in known) or "none") + ".")
    print()
    print("| op | entries | instances | in dialect | category | TDL | CPU |")
    print("|---|---|---|---|---|---|---|")
    for op in ops:
        u = usage[op]
        counts = "/".join(str(len(u["entries"].get((f, k), ())))
                          for f in ("jax", "torch") for k in ("function", "model"))
        row = rows.get(op.split(".")[0], {}).get(op)
        if row is None:
            print(f"| `{op}` | {counts} | {u['instances']} | no | — | — | — |")
            continue
        if not row["in_corpus"]:
            print(f"| `{op}` | {counts} | {u['instances']} | yes | — | no instance in "
                  f"`{op.split('.')[0]}.mlir` | — |")
            continue
        tdl = row["description"] if row["described"] else "no"
        print(f"| `{op}` | {counts} | {u['instances']} | yes | {row['category']} | {tdl} | "
              f"{'yes' if row['cpu'] else 'no'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
