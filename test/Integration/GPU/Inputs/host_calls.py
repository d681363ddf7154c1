"""Runs a module before and after --tofu-gpu-library-calls on the CPU.

  host_calls.py ORIGINAL REWRITTEN FUNC LIB [--seed S] [--scale X] [--rtol R]

ORIGINAL is a tensor-level module; REWRITTEN is the same module bufferized
as the GPU pipeline does (`--one-shot-bufferize="bufferize-function-boundaries
function-boundary-type-conversion=identity-layout-map"`) and rewritten by
`--tofu-gpu-library-calls=host-memory=true`, so that its convolutions,
poolings and products are calls to the GPU runtime's entry points. A tensor
wrapper @__host_calls_entry is appended to REWRITTEN (it copies the inputs
into fresh buffers, calls FUNC and returns its buffers as tensors). Both run
on the same random inputs (uniform(-1, 1) times --scale, seeded) through
python/tofu/mlir_exec.py (mlir-runner), the rewritten one with LIB
(libtofu_runtime_gpu_reference.so: the entry points as CPU loops) loaded. Prints `MATCH n results, max relative error e` when
every result agrees within --rtol (default 1e-4) measured as
test/Integration/Run/Inputs/compare.py close does (per element against
max(|want|, 1% of the tensor's largest value)), else MISMATCH and exits 1.
"""
import argparse
import sys

import numpy as np

from tofu.mlir_exec import function_signature, run_function


def memref(sig):
    return "memref<" + sig.text[len("tensor<"):] if sig.is_tensor else sig.text


def wrapper(func, sigs, results):
    lines = []
    params = ", ".join(f"%a{i}: {s.text}" for i, s in enumerate(sigs))
    rtypes = ", ".join(s.text for s in results)
    lines.append(f"func.func @__host_calls_entry({params}) -> ({rtypes}) {{")
    operands = []
    for i, s in enumerate(sigs):
        if not s.is_tensor:
            operands.append(f"%a{i}")
            continue
        m = memref(s)
        lines.append(f"  %b{i} = bufferization.to_buffer %a{i} : {s.text} to {m}")
        lines.append(f"  %c{i} = memref.alloc() : {m}")
        lines.append(f"  memref.copy %b{i}, %c{i} : {m} to {m}")
        operands.append(f"%c{i}")
    n = len(results)
    mtypes = ", ".join(memref(s) for s in results)
    atypes = ", ".join(memref(s) for s in sigs)
    res = "%r" + (f":{n}" if n > 1 else "")
    lines.append(f"  {res} = call @{func}({', '.join(operands)}) : ({atypes}) -> ({mtypes})")
    outs = []
    for k, s in enumerate(results):
        v = "%r" + (f"#{k}" if n > 1 else "")
        if s.is_tensor:
            lines.append(f"  %t{k} = bufferization.to_tensor {v} restrict : {memref(s)} to {s.text}")
            outs.append(f"%t{k}")
        else:
            outs.append(v)
    lines.append(f"  return {', '.join(outs)} : {rtypes}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("original")
    ap.add_argument("rewritten")
    ap.add_argument("func")
    ap.add_argument("lib")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--rtol", type=float, default=1e-4)
    args = ap.parse_args()

    sigs, results = function_signature(args.original, args.func)
    rng = np.random.default_rng(args.seed)
    inputs = []
    for s in sigs:
        shape = tuple(d if d is not None else 1 for d in s.shape)
        inputs.append((rng.uniform(-1, 1, size=shape) * args.scale).astype(s.dtype))
    want = run_function(args.original, args.func, inputs)
    text = open(args.rewritten).read().rstrip()
    if not text.endswith("}"):
        sys.exit("host_calls: unexpected end of the rewritten module")
    module = text[:-1] + wrapper(args.func, sigs, results) + "}\n"
    got = run_function(module, "__host_calls_entry", inputs, shared_libs=[args.lib])
    if len(got) != len(want):
        sys.exit(f"host_calls: {len(got)} results, the original has {len(want)}")
    worst = 0.0
    for g, w in zip(got, want):
        if g.shape != w.shape:
            sys.exit(f"host_calls: shape {g.shape} != {w.shape}")
        if not g.size:
            continue
        g64, w64 = g.astype(np.float64), w.astype(np.float64)
        floor = max(1e-2 * float(np.max(np.abs(w64))), 1e-30)
        err = float(np.max(np.abs(g64 - w64) / np.maximum(np.abs(w64), floor)))
        worst = max(worst, err if np.isfinite(err) else float("inf"))
    status = "MATCH" if worst <= args.rtol else "MISMATCH"
    print(f"{status} {len(got)} results, max relative error {worst:.3g}")
    return 0 if status == "MATCH" else 1


if __name__ == "__main__":
    sys.exit(main())
