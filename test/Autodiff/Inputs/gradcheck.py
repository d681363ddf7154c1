"""Numerical gradient checks for the --tofu-autodiff lit tests.

``check_gradients(mlir, inputs)`` differentiates ``@forward`` of ``mlir``
with ``tofu-opt --tofu-autodiff=return-gradients=true``, runs the fp32
training step on the CPU (``tofu.mlir_exec``) and compares

* each parameter gradient with central finite differences of the *float64*
  forward function (the module with every f32 replaced by f64, TOSA lowered
  first since TOSA has no f64), element by element:
  ``|g - fd| <= rtol * |fd| + atol * max|fd| + abs_floor`` (defaults
  rtol = 1e-3, atol = 1e-4, abs_floor = 1e-7, the fp32 rounding noise of
  gradients of O(1) losses, for gradients that are exactly zero in theory);
  all perturbed forwards run in one mlir-runner process;
* the returned loss with the float64 forward loss (rtol 1e-4);
* the updated parameters with ``p - lr * g`` (rtol 1e-5).

It prints one line per parameter and raises ``AssertionError`` on a mismatch,
so a lit test fails on any wrong gradient.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import numpy as np

_SRC_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
sys.path.insert(0, os.path.join(_SRC_ROOT, "python"))

from tofu.mlir_exec import _find_tool, run_function  # noqa: E402

TOSA_TO_LINALG = (
    "--pass-pipeline=builtin.module(func.func(tosa-to-linalg-named,"
    "tosa-to-linalg,tosa-to-arith,tosa-to-tensor))"
)


def tofu_opt(text: str, *args: str) -> str:
    proc = subprocess.run(
        ["tofu-opt", "-", *args], input=text, capture_output=True, text=True
    )
    if proc.returncode != 0:
        raise RuntimeError(f"tofu-opt {' '.join(args)} failed:\n{proc.stderr}")
    return proc.stdout


DECOMPOSE_SOFTMAX = os.path.join(os.path.dirname(__file__), "decompose-softmax.mlir")


def runnable(text: str) -> str:
    """``text`` with ``linalg.softmax`` decomposed by upstream's
    DecomposeInterface (the CPU lowering has no pattern for it)."""
    if "linalg.softmax" not in text:
        return text
    proc = subprocess.run(
        [_find_tool("MLIR_OPT", "mlir-opt"), "-",
         f"--transform-preload-library=transform-library-paths={DECOMPOSE_SOFTMAX}",
         "--transform-interpreter"],
        input=text, capture_output=True, text=True,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"softmax decomposition failed:\n{proc.stderr}")
    return proc.stdout


def _as_input(x) -> np.ndarray:
    """Integer inputs (gather indices) stay integers, the rest is fp32."""
    array = np.asarray(x)
    return array if array.dtype.kind in "iu" else array.astype(np.float32)


def _split_top_level(text: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "<({[":
            depth += 1
        elif ch in ">)}]":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    if text[start:].strip():
        parts.append(text[start:])
    return parts


def forward_signature(text: str, name: str = "forward"):
    """(arg types, indices of tofu.param args) from the pretty-printed header."""
    match = re.search(r"func\.func\s+@" + re.escape(name) + r"\s*\(", text)
    if not match:
        raise ValueError(f"no function @{name}")
    depth, i = 1, match.end()
    while depth:
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        i += 1
    args = _split_top_level(text[match.end() : i - 1])
    types, params = [], []
    for index, arg in enumerate(args):
        types.append(arg.split(":", 1)[1].split("{")[0].strip())
        if "tofu.param" in arg:
            params.append(index)
    return types, params


def argument_names(text: str, name: str = "forward") -> list[str]:
    """The tofu.name of each argument of @name ('' where there is none)."""
    match = re.search(r"func\.func\s+@" + re.escape(name) + r"\s*\(", text)
    depth, i = 1, match.end()
    while depth:
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        i += 1
    names = []
    for arg in _split_top_level(text[match.end() : i - 1]):
        found = re.search(r'tofu\.name\s*=\s*"([^"]*)"', arg)
        names.append(found.group(1) if found else "")
    return names


def _hex_f32_to_f64(match) -> str:
    value = np.frombuffer(bytes.fromhex(match.group(1))[::-1], dtype="<f4")[0]
    bits = np.float64(value).view(np.uint64)
    return f"0x{int(bits):016X} : f64"


def to_f64(text: str) -> str:
    if "tosa." in text:
        text = tofu_opt(text, TOSA_TO_LINALG)
    text = runnable(text)
    text = re.sub(r"0x([0-9A-Fa-f]{8}) : f32\b", _hex_f32_to_f64, text)
    return re.sub(r"f32\b", "f64", text)


def _dense(array: np.ndarray) -> str:
    return 'dense<"0x' + np.ascontiguousarray(array).astype("<f8").tobytes().hex().upper() + '">'


def sample_indices(params, inputs, sample, grads, seed=0):
    """Per parameter: all flat indices, or ``sample`` of them chosen at random
    plus the element with the largest computed gradient (so that parameters
    whose gradient is mostly zero, e.g. behind dead ReLUs, are still checked
    on a non-zero element)."""
    rng = np.random.default_rng(seed)
    picks = []
    for p, g in zip(params, grads):
        size = inputs[p].size
        if sample is None or size <= sample + 1:
            picks.append(np.arange(size))
            continue
        chosen = set(rng.choice(size, sample, replace=False).tolist())
        chosen.add(int(np.argmax(np.abs(g))))
        picks.append(np.array(sorted(chosen)))
    return picks


def finite_differences(text64: str, types64, params, inputs64, eps: float,
                       picks, name="forward"):
    """Central differences of @name in float64 at the flat indices ``picks``
    of each parameter, all in one mlir-runner run."""
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(types64))
    body, results = [], []
    for p, pick in zip(params, picks):
        base = inputs64[p]
        for j in pick:
            for sign in (1.0, -1.0):
                k = len(results)
                perturbed = base.copy().reshape(-1)
                perturbed[j] += sign * eps
                body.append(
                    f"  %c{k} = arith.constant {_dense(perturbed)} : {types64[p]}"
                )
                call_args = ", ".join(
                    f"%c{k}" if i == p else f"%a{i}" for i in range(len(types64))
                )
                body.append(
                    f"  %l{k} = func.call @{name}({call_args}) : "
                    f"({', '.join(types64)}) -> tensor<f64>"
                )
                results.append(f"%l{k}")
    header = (
        f"func.func @__fd({args}) -> ({', '.join(['tensor<f64>'] * len(results))}) {{"
    )
    wrapper = "\n".join(
        [header, *body, f"  return {', '.join(results)} : "
         f"{', '.join(['tensor<f64>'] * len(results))}", "}"]
    )
    module = text64.rstrip()
    assert module.endswith("}"), "expected a module ending in '}'"
    if re.search(r"^module\b", module, re.M):
        module = module[:-1] + wrapper + "\n}\n"
    else:
        module = module + "\n" + wrapper + "\n"
    losses = [float(v) for v in run_function(module, "__fd", inputs64)]
    grads, k = [], 0
    for pick in picks:
        g = np.empty(len(pick))
        for j in range(len(pick)):
            g[j] = (losses[k] - losses[k + 1]) / (2 * eps)
            k += 2
        grads.append(g)
    return grads


def check_gradients(
    mlir: str,
    inputs,
    *,
    rtol: float = 1e-3,
    atol: float = 1e-4,
    eps: float = 1e-3,
    lr: float = 0.01,
    label: str = "",
    sample: int | None = None,
    abs_floor: float = 1e-7,
):
    """Checks the fp32 gradients of @forward against float64 finite
    differences (at ``sample`` random elements per parameter and the largest
    one if ``sample`` is given)."""
    types, params = forward_signature(mlir)
    inputs = [_as_input(x) for x in inputs]
    train = tofu_opt(mlir, f"--tofu-autodiff=return-gradients=true lr={lr}")
    # The pass keeps @forward as written; lower its TOSA so the module runs.
    if "tosa." in train:
        train = tofu_opt(train, TOSA_TO_LINALG)
    train = runnable(train)
    outs = run_function(train, "train_step", inputs)
    n = len(params)
    updated, loss, grads = outs[:n], outs[n], outs[n + 1 :]

    text64 = to_f64(mlir)
    types64 = [re.sub(r"f32\b", "f64", t) for t in types]
    inputs64 = [x if x.dtype.kind in "iu" else x.astype(np.float64) for x in inputs]
    loss64 = float(run_function(text64, "forward", inputs64)[0])
    picks = sample_indices(params, inputs, sample, grads)
    fds = finite_differences(text64, types64, params, inputs64, eps, picks)

    ok = True
    if not np.isclose(float(loss), loss64, rtol=1e-4, atol=1e-6):
        print(f"{label} loss {float(loss)} != float64 forward {loss64}")
        ok = False
    for p, full, pick, fd, new in zip(params, grads, picks, fds, updated):
        g = full.reshape(-1)[pick]
        scale = max(float(np.abs(fd).max()), 1e-12)
        err = np.abs(g.astype(np.float64) - fd)
        bad = err > rtol * np.abs(fd) + atol * scale + abs_floor
        status = "FAIL" if bad.any() or not np.isfinite(g).all() else "OK"
        print(
            f"{label} arg{p}: max|fd| {scale:.3e} max err {float(err.max()):.3e} "
            f"rel {float(err.max()) / scale:.2e} {status}"
        )
        if status == "FAIL":
            ok = False
            print("  autodiff:", g.reshape(-1)[:16])
            print("  finite d:", fd.reshape(-1)[:16])
        expected = inputs[p] - np.float32(lr) * full
        if not np.allclose(new, expected, rtol=1e-5, atol=1e-7):
            print(f"{label} arg{p}: update is not p - lr * g")
            ok = False
    if not ok:
        raise AssertionError(f"gradient check failed {label}")
    return grads


def _rank(tensor_type: str) -> int:
    inner = tensor_type[len("tensor<") : -1]
    return inner.count("x")


def weighted_sum_forward(params, data, body: str, result: str, result_type: str) -> str:
    """A @forward whose loss is sum(result * r) with r an extra data input.

    ``params``/``data`` are lists of ``(name, type)``; ``body`` computes
    ``result`` of ``result_type`` from them. Weighting by a random ``r`` makes
    the incoming adjoint non-uniform, so transposed or misplaced gradients are
    caught. The weights ``r`` are the last argument.
    """
    rank = _rank(result_type)
    dims = ", ".join(f"d{i}" for i in range(rank))
    args = [f"%{n}: {t} {{tofu.param}}" for n, t in params]
    args += [f"%{n}: {t}" for n, t in data]
    args.append(f"%__r: {result_type}")
    iters = ", ".join(['"reduction"'] * rank)
    return f"""
func.func @forward({", ".join(args)}) -> tensor<f32> {{
{body}
  %__zero = arith.constant 0.0 : f32
  %__e = tensor.empty() : tensor<f32>
  %__init = linalg.fill ins(%__zero : f32) outs(%__e : tensor<f32>) -> tensor<f32>
  %__loss = linalg.generic {{indexing_maps = [affine_map<({dims}) -> ({dims})>, affine_map<({dims}) -> ({dims})>, affine_map<({dims}) -> ()>], iterator_types = [{iters}]}} ins(%{result}, %__r : {result_type}, {result_type}) outs(%__init : tensor<f32>) {{
  ^bb0(%__a: f32, %__b: f32, %__o: f32):
    %__m = arith.mulf %__a, %__b : f32
    %__s = arith.addf %__o, %__m : f32
    linalg.yield %__s : f32
  }} -> tensor<f32>
  return %__loss : tensor<f32>
}}
"""


def shape_of(tensor_type: str) -> tuple:
    inner = tensor_type[len("tensor<") : -1]
    return tuple(int(d) for d in inner.split("x")[:-1])


def run_case(label, params, data, body, result, result_type, *, seed=0, positive=(),
             fixed=None, **kw):
    """Random inputs (uniform in [1, 2] for names in ``positive``, normal
    otherwise, ``fixed[name]`` where given, e.g. integer indices) and a
    gradient check of ``weighted_sum_forward``."""
    rng = np.random.default_rng(seed)
    fixed = fixed or {}
    inputs = []
    for name, t in list(params) + list(data) + [("__r", result_type)]:
        shape = shape_of(t)
        if name in fixed:
            inputs.append(np.asarray(fixed[name]))
        elif name in positive:
            inputs.append(rng.uniform(1.0, 2.0, shape))
        else:
            inputs.append(rng.standard_normal(shape))
    mlir = weighted_sum_forward(params, data, body, result, result_type)
    return check_gradients(mlir, inputs, label=label, **kw)


def zoo_inputs(mlir: str, seed: int = 0):
    """Inputs for a tofu-zoo @forward: scaled random weights (layer-norm gains
    near 1, small biases), normal images/features, one-hot tokens/labels."""
    rng = np.random.default_rng(seed)
    types, params = forward_signature(mlir)
    names = argument_names(mlir)
    inputs = []
    for index, (t, name) in enumerate(zip(types, names)):
        shape = shape_of(t)
        if index in params:
            if name.endswith("gamma"):
                value = 1.0 + 0.1 * rng.standard_normal(shape)
            elif name.endswith(("bias", "beta")):
                value = 0.1 * rng.standard_normal(shape)
            else:
                fan_in = int(np.prod(shape[1:])) if len(shape) == 4 else shape[0]
                value = rng.standard_normal(shape) / np.sqrt(fan_in)
        elif name in ("tokens", "labels"):
            classes = rng.integers(0, shape[-1], size=shape[:-1])
            value = np.eye(shape[-1])[classes]
        else:
            value = rng.standard_normal(shape)
        inputs.append(value.astype(np.float32))
    return inputs


def train_losses(mlir: str, inputs, steps: int, lr: float):
    """Losses of ``steps`` SGD steps of the --tofu-autodiff training step on a
    fixed batch, chained in one MLIR function (one mlir-runner run)."""
    types, params = forward_signature(mlir)
    train = tofu_opt(mlir, f"--tofu-autodiff=lr={lr}")
    if "tosa." in train:
        train = tofu_opt(train, TOSA_TO_LINALG)
    results = [types[p] for p in params] + ["tensor<f32>"]
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(types))
    body, current = [], [f"%a{i}" for i in range(len(types))]
    for step in range(steps):
        body.append(
            f"  %s{step}:{len(results)} = func.call @train_step({', '.join(current)}) : "
            f"({', '.join(types)}) -> ({', '.join(results)})"
        )
        for k, p in enumerate(params):
            current[p] = f"%s{step}#{k}"
    losses = [f"%s{step}#{len(params)}" for step in range(steps)]
    wrapper = "\n".join(
        [f"func.func @__steps({args}) -> ({', '.join(['tensor<f32>'] * steps)}) {{",
         *body, f"  return {', '.join(losses)} : {', '.join(['tensor<f32>'] * steps)}", "}"]
    )
    module = train.rstrip()
    module = module[:-1] + wrapper + "\n}\n"
    return [float(v) for v in run_function(module, "__steps", inputs)]
