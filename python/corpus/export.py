#!/usr/bin/env python3
"""Regenerates the JAX / PyTorch corpus (test/Integration/Frontends/corpus/Inputs).

    python/corpus/setup.sh                       # JAX, torch, torch-mlir in build/corpus-venv
    build/corpus-venv/bin/python python/corpus/export.py [--out DIR] [--only NAME...]

For every entry of ``jax_entries.py`` and ``torch_entries.py`` this writes

* ``NAME.mlir``: the framework's export, with a one-line header. JAX:
  ``jax.jit(fn, keep_unused=True).lower(*args).as_text()`` (StableHLO, as
  JAX prints it; ``keep_unused=True`` keeps every flattened argument in
  ``@main``, so that ``argN`` is the N-th leaf of the arguments even when
  the function ignores one). PyTorch: ``torch_mlir.fx.export_and_import(...,
  output_type="tosa", func_name="main")``, adapted to MLIR 22 text by
  ``python/export_torch.py``'s ``adapt``;
* ``NAME.inputs.npz`` (``arg0``, ``arg1``, ...: the flattened arguments of
  ``@main``, in order) and ``NAME.outputs.npz`` (``out0``, ...: the flattened
  results the framework computes);
* ``manifest.json``: per entry its framework, kind (function / model),
  description, input and output dtypes and shapes, the tolerance the runner
  applies, and the framework versions; entries the framework itself could
  not export are listed under ``export_failures`` with the framework's
  error (they are not part of the corpus).

Every written module is parsed by tofu-opt (``$TOFU_OPT``, else
build/bin/tofu-opt) so that a module MLIR 22 cannot read is noticed here; a
parse failure is kept (the runner reports it as an import error naming the
op), only reported.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import zlib
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "python"))

DEFAULT_OUT = ROOT / "test" / "Integration" / "Frontends" / "corpus" / "Inputs"


def main_arg_count(text: str) -> int:
    """Number of arguments of @main in the exported text."""
    m = re.search(r"func\.func (?:public )?@main\((.*?)\)\s*(?:->|attributes|\{)", text, re.S)
    if not m:
        raise SystemExit("export: no @main in the exported module")
    return len(re.findall(r"%arg\d+\s*:", m.group(1)))


def describe(arrays):
    return [{"dtype": str(a.dtype), "shape": list(a.shape)} for a in arrays]


def parse_check(path: Path, tofu_opt: str) -> str:
    proc = subprocess.run([tofu_opt, str(path), "-o", "/dev/null"], capture_output=True, text=True)
    if proc.returncode == 0:
        return ""
    return proc.stderr.strip().splitlines()[0] if proc.stderr.strip() else f"exit {proc.returncode}"


def export_jax(e, out: Path):
    import jax

    rng = np.random.default_rng(zlib.crc32(e["name"].encode()))
    fn, args = e["builder"](rng)
    jitted = jax.jit(fn, keep_unused=True)
    text = jitted.lower(*args).as_text()
    results = jax.tree_util.tree_leaves(jitted(*args))
    flat = [np.asarray(a) for a in jax.tree_util.tree_leaves(args)]
    if main_arg_count(text) != len(flat):
        raise SystemExit(f"export: {e['name']}: @main has {main_arg_count(text)} arguments, "
                         f"the flattened inputs are {len(flat)}")
    header = (f"// {e['name']}: JAX {jax.__version__} export (jax.jit keep_unused=True, "
              f"lower().as_text()) by python/corpus/export.py; do not edit.\n")
    return header + text, flat, [np.asarray(r) for r in results]


def export_torch(e, out: Path):
    import torch
    from torch_mlir import fx

    from export_torch import adapt

    g = torch.Generator().manual_seed(zlib.crc32(e["name"].encode()))
    torch.manual_seed(zlib.crc32(e["name"].encode()))
    module, inputs = e["builder"](g)
    module.eval()
    with torch.no_grad():
        ref = module(*inputs)
        exported = fx.export_and_import(module, *inputs, output_type="tosa", func_name="main")
    text = adapt(exported.operation.get_asm(print_generic_op_form=False))
    refs = list(ref) if isinstance(ref, (tuple, list)) else [ref]
    header = (f"// {e['name']}: PyTorch {torch.__version__} forward graph (torch-mlir "
              f"fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.\n")
    return header + text, [t.numpy() for t in inputs], [r.detach().numpy() for r in refs]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(DEFAULT_OUT))
    parser.add_argument("--only", nargs="*", help="export only these entries")
    parser.add_argument("--tofu-opt", default=str(ROOT / "build" / "bin" / "tofu-opt"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    import jax
    import torch
    import torch_mlir  # noqa: F401

    import jax_entries
    import torch_entries

    manifest_path = out / "manifest.json"
    old = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    old_entries = {m["name"]: m for m in old.get("entries", [])}
    old_failures = {m["name"]: m for m in old.get("export_failures", [])}
    try:
        from importlib.metadata import version
        tm_version = version("torch-mlir")
    except Exception:  # noqa: BLE001
        tm_version = "unknown"
    manifest = {"versions": {"jax": jax.__version__, "torch": torch.__version__,
                             "torch-mlir": tm_version, "numpy": np.__version__},
                "entries": [], "export_failures": []}
    all_entries = ([("jax", e) for e in jax_entries.ENTRIES]
                   + [("torch", e) for e in torch_entries.ENTRIES])
    names = [e["name"] for _, e in all_entries]
    if len(set(names)) != len(names):
        raise SystemExit("export: duplicate entry names")
    for framework, e in all_entries:
        name = e["name"]
        if args.only and name not in args.only:
            if name in old_entries:
                manifest["entries"].append(old_entries[name])
            elif name in old_failures:
                manifest["export_failures"].append(old_failures[name])
            continue
        try:
            text, ins, outs = (export_jax if framework == "jax" else export_torch)(e, out)
        except SystemExit:
            raise
        except Exception as ex:  # noqa: BLE001 - the framework's own failure
            msg = f"{type(ex).__name__}: {str(ex).strip().splitlines()[0] if str(ex).strip() else ''}"
            manifest["export_failures"].append({"name": name, "framework": framework,
                                                "kind": e["kind"], "doc": e["doc"],
                                                "error": msg[:300]})
            for suffix in (".mlir", ".inputs.npz", ".outputs.npz"):
                (out / f"{name}{suffix}").unlink(missing_ok=True)
            print(f"{name}: EXPORT FAILED: {msg[:200]}")
            continue
        path = out / f"{name}.mlir"
        path.write_text(text)
        np.savez(out / f"{name}.inputs.npz", **{f"arg{i}": a for i, a in enumerate(ins)})
        np.savez(out / f"{name}.outputs.npz", **{f"out{i}": r for i, r in enumerate(outs)})
        parse = parse_check(path, args.tofu_opt)
        manifest["entries"].append({
            "name": name, "framework": framework, "kind": e["kind"], "doc": e["doc"],
            "dialect": "stablehlo" if framework == "jax" else "tosa",
            "rtol": e["rtol"], "inputs": describe(ins), "outputs": describe(outs)})
        print(f"{name}: {len(ins)} inputs, {len(outs)} outputs"
              + (f"; tofu-opt cannot parse it: {parse}" if parse else ""))
    manifest["entries"].sort(key=lambda m: m["name"])
    manifest["export_failures"].sort(key=lambda m: m["name"])
    manifest_path.write_text(json.dumps(manifest, indent=1) + "\n")
    n = len(manifest["entries"])
    f = sum(m["kind"] == "function" for m in manifest["entries"])
    print(f"{n} entries ({f} functions, {n - f} models), "
          f"{len(manifest['export_failures'])} export failures -> {out}")


if __name__ == "__main__":
    main()
