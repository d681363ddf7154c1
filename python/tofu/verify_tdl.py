#!/usr/bin/env python3
"""Differential check of TDL descriptions against the ops' real lowerings.

    python3 python/tofu/verify_tdl.py CORPUS.mlir [--library FILE] [--seed N]

1. ``tofu-opt --tofu-verify-tdl`` checks every op's description statically
   and, where the description has a body, lowers the description itself to a
   ``linalg.generic`` in a twin function ``@f__tdl`` (see the pass).
2. One driver function calls every ``@f`` and its ``@f__tdl`` on the same
   random inputs; the module is lowered with the ops' real front-end
   conversion (TOSA: ``tosa-to-linalg`` and friends; StableHLO:
   ``--convert-stablehlo-to-linalg``) and the project's CPU pipeline, and run
   once with ``mlir_exec.run_function``.
3. Every pair must agree (``rtol``/``atol``, NaN equal to NaN); a
   disagreement prints ``MISMATCH: <op> disagrees with its TDL description
   '<name>'`` with the worst element, and the exit status is 1.

i1 and i8 arguments and results travel as i32 and are converted with
``tosa.cast`` in the driver. Functions with other element types are reported
as "not run".
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tofu.mlir_exec import run_function  # noqa: E402

# StableHLO, then the one TOSA import pipeline (tofu-import-tosa, as
# --tofu-partition and the CPU lowering run it).
FRONT_END = (
    "--pass-pipeline=builtin.module(inline,convert-stablehlo-to-linalg,"
    "tofu-import-tosa)"
)
RUNNABLE = {"f32", "f64", "i32", "i64"}
CONVERTED = {"i1", "i8", "i16"}


def tofu_opt() -> str:
    return os.environ.get("TOFU_OPT") or shutil.which("tofu-opt") or "tofu-opt"


def parse_tensor(text: str):
    """(shape, element) of a static tensor type or a scalar (shape ())."""
    if re.fullmatch(r"[fi]\d+", text.strip()):
        return (), text.strip()
    m = re.fullmatch(r"tensor<((?:\d+x)*)(\w+)>", text.strip())
    if not m:
        return None
    shape = tuple(int(d) for d in m.group(1).split("x") if d)
    return shape, m.group(2)


def signatures(module_text: str):
    """func name -> ([arg types], [result types]) from the printed module."""
    sigs = {}
    for m in re.finditer(r"func\.func (?:public |private )?@([\w.$]+)\((.*?)\)(?: -> (.*?))? \{",
                         module_text):
        args = [a.split(":", 1)[1].strip() for a in split_top(m.group(2))] if m.group(2) else []
        res = m.group(3) or ""
        res = res.strip()
        if res.startswith("("):
            res = res[1:-1]
        results = split_top(res) if res else []
        sigs[m.group(1)] = (args, [r.split("{")[0].strip() for r in results])
    return sigs


def split_top(text: str):
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    if text[start:].strip():
        parts.append(text[start:].strip())
    return parts


def random_input(shape, element, rng):
    if element.startswith("f"):
        return rng.uniform(-2.0, 2.0, size=shape).astype(np.float32 if element == "f32" else np.float64)
    if element == "i1":
        return rng.integers(0, 2, size=shape).astype(np.int32)
    if element == "i8":
        return rng.integers(-100, 100, size=shape).astype(np.int32)
    return rng.integers(-1000, 1000, size=shape).astype(np.int32 if element in ("i16", "i32") else np.int64)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus")
    ap.add_argument("--library", action="append", default=[])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rtol", type=float, default=1e-5)
    ap.add_argument("--atol", type=float, default=1e-5)
    args = ap.parse_args(argv)

    options = "format=json allow-undescribed=true"
    # User descriptions go to the context's library, ahead of the check.
    load = [f"--tdl-load-library=paths={','.join(args.library)}"] if args.library else []
    with tempfile.TemporaryDirectory(prefix="verify_tdl_") as tmp:
        tmp = Path(tmp)
        twin = tmp / "twins.mlir"
        proc = subprocess.run(
            [tofu_opt(), args.corpus, *load, f"--tofu-verify-tdl={options}", "-o", str(twin)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            entries = json.loads(proc.stdout) if proc.stdout.strip() else []
        except json.JSONDecodeError:
            entries = []
        sys.stderr.write(proc.stderr)
        if proc.returncode != 0:
            for e in entries:
                if e["status"] not in ("lowered", "accesses checked only"):
                    print(f"FAILED: {e['op']} in @{e['func']}: {e['status']}"
                          + (f" (description '{e['description']}')" if e["description"] else ""))
            print("verify-tdl: static checks failed")
            return 1
        text = twin.read_text()
        sigs = signatures(text)

        # One driver calling every pair.
        lowered = {e["func"] for e in entries if e["status"] == "lowered"}
        driver_args, driver_res, body, inputs, pairs = [], [], [], [], []
        rng = np.random.default_rng(args.seed)
        skipped = []
        for func in sorted(lowered):
            if func not in sigs or func + "__tdl" not in sigs:
                skipped.append((func, "signature not found"))
                continue
            arg_types, res_types = sigs[func]
            parsed = [parse_tensor(t) for t in arg_types + res_types]
            if any(p is None or p[1] not in RUNNABLE | CONVERTED for p in parsed) or any(
                    not t.startswith("tensor<") and parse_tensor(t)[1] not in RUNNABLE
                    for t in arg_types + res_types):
                skipped.append((func, "element types not runnable"))
                continue
            operands = []
            for t in arg_types:
                shape, element = parse_tensor(t)
                k = len(driver_args)
                if not t.startswith("tensor<"):  # a scalar
                    driver_args.append(f"%a{k}: {t}")
                    operands.append(f"%a{k}")
                    inputs.append(np.asarray(random_input((), element, rng)))
                    continue
                if element in CONVERTED:
                    wide = t.replace(element + ">", "i32>")
                    driver_args.append(f"%a{k}: {wide}")
                    body.append(f"  %c{k} = tosa.cast %a{k} : ({wide}) -> {t}")
                    operands.append(f"%c{k}")
                else:
                    driver_args.append(f"%a{k}: {t}")
                    operands.append(f"%a{k}")
                inputs.append(random_input(shape, element, rng))
            res_list = ", ".join(res_types)
            outs = []
            for suffix in ("", "__tdl"):
                # Each call gets its own copies: callees may write into their
                # arguments (linalg outs) after bufferization.
                copies = []
                for v, t in zip(operands, arg_types):
                    if t.startswith("tensor<"):
                        k = len(body)
                        body.append(f"  %cp{k} = bufferization.alloc_tensor() copy({v}) : {t}")
                        copies.append(f"%cp{k}")
                    else:
                        copies.append(v)
                name = f"%r_{len(body)}"
                n = len(res_types)
                lhs = name + (f":{n}" if n > 1 else "")
                body.append(f"  {lhs} = func.call @{func}{suffix}({', '.join(copies)}) : "
                            f"({', '.join(arg_types)}) -> ({res_list})")
                vals = [name + (f"#{i}" if n > 1 else "") for i in range(n)]
                outs.append(vals)
            for j, t in enumerate(res_types):
                shape, element = parse_tensor(t)
                for vals in outs:
                    v = vals[j]
                    if element in CONVERTED:
                        wide = t.replace(element + ">", "i32>")
                        k = len(body)
                        body.append(f"  %w{k} = tosa.cast {v} : ({t}) -> {wide}")
                        v, t2 = f"%w{k}", wide
                    else:
                        t2 = t
                    driver_res.append((v, t2))
                pairs.append((func, j))
        if not pairs:
            print("verify-tdl: nothing to run")
        else:
            driver = ["func.func @__verify_all(" + ", ".join(driver_args) + ") -> ("
                      + ", ".join(t for _, t in driver_res) + ") {"]
            driver += body
            driver.append("  return " + ", ".join(v for v, _ in driver_res) + " : "
                          + ", ".join(t for _, t in driver_res))
            driver.append("}")
            module = text.rstrip()
            assert module.endswith("}")
            module = module[:-1] + "\n".join(driver) + "\n}\n"
            (tmp / "driver.mlir").write_text(module)
            results = run_function(str(tmp / "driver.mlir"), "__verify_all", inputs,
                                   extra_passes=[FRONT_END], opt_tool=tofu_opt())
        by_func = {e["func"]: e for e in entries}
        mismatches = 0
        for idx, (func, j) in enumerate(pairs):
            real, ref = np.asarray(results[2 * idx]), np.asarray(results[2 * idx + 1])
            e = by_func[func]
            ok = np.allclose(real, ref, rtol=args.rtol, atol=args.atol, equal_nan=True)
            if ok:
                finite = np.isfinite(real) & np.isfinite(ref)
                err = float(np.max(np.abs(real[finite].astype(np.float64) - ref[finite]), initial=0.0))
                print(f"ok: {e['op']} in @{func} result {j} matches its TDL description "
                      f"'{e['description']}' (max abs err {err:.2g})")
            else:
                mismatches += 1
                diff = np.atleast_1d(np.abs(real.astype(np.float64) - ref.astype(np.float64)))
                diff[np.isnan(diff)] = np.inf
                real, ref = np.atleast_1d(real), np.atleast_1d(ref)
                worst = np.unravel_index(int(np.argmax(diff)), diff.shape) if diff.size else ()
                print(f"MISMATCH: {e['op']} in @{func} result {j} disagrees with its TDL "
                      f"description '{e['description']}': at {tuple(int(i) for i in worst)} "
                      f"the op gives {real[worst]!r}, the description {ref[worst]!r}")
        for e in entries:
            if e["status"] == "accesses checked only":
                print(f"accesses checked only: {e['op']} in @{e['func']} "
                      f"(description '{e['description']}': {e['reason']})")
        for e in entries:
            if e["status"] == "no description":
                print(f"no description: {e['op']} in @{e['func']}")
        for func, why in skipped:
            print(f"not run: @{func} ({why})")
        n_ok = len(pairs) - mismatches
        print(f"verify-tdl: {n_ok} of {len(pairs)} results agree, {mismatches} mismatches, "
              f"{sum(e['status'] == 'accesses checked only' for e in entries)} accesses checked only, "
              f"{len(skipped)} not run")
        return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
