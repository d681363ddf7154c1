#!/usr/bin/env python3
"""Collective bytes and step times of XLA's compiled programs: Tofu's plan
(tofu.jax.shard) against XLA's own propagation and a Megatron-style hand
annotation, on host devices.

  python3 bench/engines/xla_collectives.py --devices 4 8 [--reps 5]
      [--partitioner shardy|gspmd] [--json bench/results/xla_collectives.json]
      [--build build]

For each device count N (a child process per N, started with
XLA_FLAGS=--xla_force_host_platform_device_count=N) and each training step
of bench/cpu/jax_steps.py (MLP, transformer block, CNN; forward, backward,
SGD), the step is compiled by XLA under

- tofu-bytes / tofu-time: Tofu's plan (objective=bytes, Tofu's own, and
  objective=time) on the mesh of the levels Tofu picks for N
  (tofu.plan(gpus=N)), through tofu.jax.shard; "tofu-bytes (in/out only)"
  is the same plan with constraints=False (XLA propagates from Tofu's
  argument and result shardings); "tofu-bytes (1-D mesh)" is Tofu's plan
  for one level of N (the mesh of the other variants);
- xla-batch: jax.jit with the data arguments split along their batch
  dimension over a 1-D mesh of N, parameters replicated, results left to
  XLA (its sharding propagation decides everything else);
- megatron (MLP, transformer): weights split Megatron-style over the 1-D
  mesh (column-parallel then row-parallel layers; Q, K, V and FFN-in by
  columns, the attention output and FFN-out by rows), data replicated.

Collective bytes: the sum of the result sizes of the all-reduce, all-gather,
reduce-scatter, all-to-all and collective-permute instructions in
`.lower(*args).compile().as_text()` (one device's program; an async pair is
counted once, at its -done). Step time: the median of --reps calls
(block_until_ready) on inputs placed as the program takes them. Every
variant's results are checked against the unpartitioned jax.jit step
(largest relative error, 1%-of-max floor).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench" / "cpu"))

SIZES = argparse.Namespace(
    batch=256, width=512, layers=2, classes=64,
    model_dim=128, heads=8, seq=64, tokens_batch=8,
    images=16, channels=16, image=16, classes_cnn=16)

COLLECTIVES = ("all-reduce", "all-gather", "reduce-scatter", "all-to-all",
               "collective-permute")
_BYTES = {"f32": 4, "f16": 2, "bf16": 2, "f64": 8, "s32": 4, "u32": 4, "s64": 8,
          "u64": 8, "pred": 1, "s8": 1, "u8": 1, "s16": 2, "u16": 2}
_INSTR = re.compile(r"=\s*(?P<type>\([^=]*?\)|[a-z0-9]+\[[0-9,]*\](?:\{[^}]*\})?)\s+"
                    r"(?P<op>[a-z-]+)\(")
_ARRAY = re.compile(r"([a-z0-9]+)\[([0-9,]*)\]")


def collective_bytes(hlo: str) -> tuple[int, dict]:
    """(bytes, {kind: count}) of the collectives in one device's program."""
    total, counts = 0, {}
    # (Long tuples carry /*index=N*/ comments.)
    for m in _INSTR.finditer(re.sub(r"/\*.*?\*/", "", hlo)):
        op = m["op"]
        if op.endswith("-start"):
            continue  # counted at its -done
        kind = op[:-len("-done")] if op.endswith("-done") else op
        if kind not in COLLECTIVES:
            continue
        for dtype, dims in _ARRAY.findall(m["type"]):
            n = int(np.prod([int(d) for d in dims.split(",") if d])) if dims else 1
            total += n * _BYTES.get(dtype, 4)
        counts[kind] = counts.get(kind, 0) + 1
    return total, counts


def max_relative_error(want, got) -> float:
    worst = 0.0
    for e, a in zip(want, got):
        e, a = np.asarray(e, np.float64), np.asarray(a, np.float64)
        floor = max(0.01 * float(np.max(np.abs(e))) if e.size else 0.0, 1e-30)
        worst = max(worst, float(np.max(np.abs(a - e) / np.maximum(np.abs(e), floor))))
    return worst


def megatron_specs(model: str, nparams: int):
    """Megatron-style PartitionSpecs of the parameters over axis "x"."""
    from jax.sharding import PartitionSpec as P

    if model == "mlp":
        return [P(None, "x") if i % 2 == 0 else P("x", None) for i in range(nparams)]
    if model == "transformer":  # wq, wk, wv, wo, w1, w2
        return [P(None, "x"), P(None, "x"), P(None, "x"), P("x", None),
                P(None, "x"), P("x", None)]
    return None


def measure(fn, inputs, shardings, reps: int, want):
    import jax

    placed = [jax.device_put(a, s) for a, s in zip(inputs, shardings)] \
        if shardings is not None else inputs
    hlo = fn.lower(*placed).compile().as_text()
    nbytes, counts = collective_bytes(hlo)
    got = [np.asarray(r) for r in fn(*placed)]
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        jax.block_until_ready(fn(*placed))
        times.append(time.perf_counter() - t0)
    return {"collective_bytes": nbytes, "collectives": counts,
            "step_ms": statistics.median(times) * 1e3,
            "max_rel_err": max_relative_error(want, got)}


def run_devices(n: int, reps: int, models, partitioner: str) -> list[dict]:
    import jax

    jax.config.update("jax_use_shardy_partitioner", partitioner == "shardy")
    import jax_steps
    from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

    import tofu
    import tofu.jax

    assert len(jax.devices()) == n, (len(jax.devices()), n)
    rows = []
    line = Mesh(np.array(jax.devices()), ("x",))
    for model in models:
        _, params, data, loss_fn = jax_steps.MODELS[model](SIZES, np.random.default_rng(0))
        step = jax_steps.sgd_step(loss_fn, len(params))
        inputs = [*params, *data]
        want = [np.asarray(r) for r in jax.jit(step)(*inputs)]
        variants = []
        tofu_variants = [("tofu-bytes", None, {}),
                         ("tofu-bytes (in/out only)", None, {"constraints": False}),
                         ("tofu-bytes (1-D mesh)", [n], {}),
                         ("tofu-time", None, {"objective": "time"})]
        for label, levels, options in tofu_variants:
            if levels is None:
                levels = tofu.plan(tofu.load(jax.jit(step).lower(*inputs).as_text()),
                                   gpus=n, entry="main", materialize=False, partials=False,
                                   objective=options.get("objective", "bytes")
                                   ).report["levels"]
            names = tuple(f"l{i}" for i in range(len(levels)))
            mesh = Mesh(np.array(jax.devices()).reshape(levels), names)
            sharded = tofu.jax.shard(step, *inputs, mesh=mesh, **options)
            in_specs, _ = sharded.shardings()
            variants.append((label, "x".join(map(str, levels)), sharded.jitted,
                             [NamedSharding(mesh, s) for s in in_specs]))
        batch = [NamedSharding(line, P()) for _ in params] + \
            [NamedSharding(line, P("x")) for _ in data]
        variants.append(("xla-batch", str(n), jax.jit(step, in_shardings=batch), batch))
        specs = megatron_specs(model, len(params))
        if specs is not None:
            hand = [NamedSharding(line, s) for s in specs] + \
                [NamedSharding(line, P()) for _ in data]
            variants.append(("megatron", str(n), jax.jit(step, in_shardings=hand), hand))
        for variant, mesh_text, fn, shardings in variants:
            row = {"devices": n, "partitioner": partitioner, "model": model,
                   "variant": variant, "mesh": mesh_text,
                   **measure(fn, inputs, shardings, reps, want)}
            print(json.dumps(row), flush=True)
            rows.append(row)
    return rows


def table(rows) -> str:
    out = ["| devices | model | variant | mesh | collective bytes | collectives | "
           "step ms | max rel err |", "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        kinds = ", ".join(f"{k} {v}" for k, v in sorted(r["collectives"].items())) or "none"
        out.append(f"| {r['devices']} | {r['model']} | {r['variant']} | {r['mesh']} | "
                   f"{r['collective_bytes']:,} | {kinds} | {r['step_ms']:.2f} | "
                   f"{r['max_rel_err']:.1e} |")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--devices", type=int, nargs="+", default=[4, 8])
    ap.add_argument("--models", nargs="+", default=["mlp", "transformer", "cnn"])
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--partitioner", choices=["shardy", "gspmd"], default="shardy",
                    help="XLA's partitioner (jax_use_shardy_partitioner)")
    ap.add_argument("--build", default=str(ROOT / "build"))
    ap.add_argument("--json", default=str(ROOT / "bench" / "results" / "xla_collectives.json"))
    ap.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        rows = run_devices(args.worker, args.reps, args.models, args.partitioner)
        print("ROWS " + json.dumps(rows))
        return
    rows = []
    for n in args.devices:
        env = dict(os.environ, XLA_FLAGS=f"--xla_force_host_platform_device_count={n}",
                   PYTHONPATH=os.pathsep.join([str(Path(args.build) / "python"),
                                               os.environ.get("PYTHONPATH", "")]),
                   TOFU_TOOLS_DIR=str(Path(args.build) / "bin"))
        proc = subprocess.run([sys.executable, __file__, "--worker", str(n), "--reps",
                               str(args.reps), "--partitioner", args.partitioner,
                               "--models", *args.models],
                              env=env, capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit(f"{n} devices failed:\n{proc.stdout}\n{proc.stderr}")
        rows += json.loads(proc.stdout.rsplit("ROWS ", 1)[1])
    print(table(rows))
    Path(args.json).write_text(json.dumps(
        {"command": "python3 bench/engines/xla_collectives.py --devices "
                    + " ".join(map(str, args.devices))
                    + ("" if args.partitioner == "shardy" else " --partitioner gspmd"),
         "sizes": vars(SIZES), "rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
