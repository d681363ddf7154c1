"""Independent numpy (float64) implementations of the tofu-zoo models.

Used by the test/Integration/Zoo/*-numerics.py lit tests: they emit a tiny model with
tofu-zoo, run its @forward through tofu.mlir_exec with random weights, and
compare the loss against these references fed the same weights (looked up by
their tofu.name).
"""

import re
import shutil
import subprocess
import sys

import numpy as np

from tofu.mlir_exec import run_function

_ARG = re.compile(r'%arg(\d+): tensor<([0-9x]*)xf32> \{(?:tofu\.batch_dim = \d+ : i64, )?tofu\.name = "([^"]+)"(, tofu\.param)?\}')


def emit(family, knobs):
    tool = shutil.which("tofu-zoo")
    if tool is None:
        sys.exit("tofu-zoo not found on PATH")
    cmd = [tool, family] + [f"--{k}={v}" for k, v in knobs.items()]
    return subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True).stdout


def arguments(ir):
    """[(name, shape, is_param)] of @forward, in argument order."""
    header = ir[ir.index("func.func @forward(") : ir.index("-> tensor<f32>")]
    args = []
    for index, (num, dims, name, param) in enumerate(_ARG.findall(header)):
        assert int(num) == index, "arguments out of order"
        shape = tuple(int(d) for d in dims.split("x") if d)
        args.append((name, shape, bool(param)))
    return args


def random_inputs(args, rng, one_hot=()):
    """Random weights scaled by fan-in; one-hot rows for names in one_hot."""
    values = {}
    for name, shape, is_param in args:
        if name in one_hot:
            rows = int(np.prod(shape[:-1]))
            hot = np.zeros((rows, shape[-1]), np.float32)
            hot[np.arange(rows), rng.integers(0, shape[-1], rows)] = 1
            values[name] = hot.reshape(shape)
        elif is_param and len(shape) >= 2:
            fan_in = shape[0] if len(shape) == 2 else int(np.prod(shape[1:]))
            values[name] = (rng.standard_normal(shape) / np.sqrt(fan_in)).astype(np.float32)
        else:
            values[name] = (0.5 * rng.standard_normal(shape)).astype(np.float32)
    return values


def check(family, knobs, reference, one_hot, seed=0, rtol=1e-4):
    ir = emit(family, knobs)
    args = arguments(ir)
    values = random_inputs(args, np.random.default_rng(seed), one_hot)
    (loss,) = run_function(ir, "forward", [values[name] for name, _, _ in args])
    p = {k: v.astype(np.float64) for k, v in values.items()}
    ref = reference(p, knobs)
    rel = abs(float(loss) - ref) / abs(ref)
    print(f"{family} {knobs}: ours={float(loss):.7g} ref={ref:.7g} rel={rel:.2e}")
    print("match", bool(rel <= rtol))
    if rel > rtol:
        sys.exit(1)


# ---------------------------------------------------------------------------
# Layers
# ---------------------------------------------------------------------------


def cross_entropy_sum(logits, labels):
    m = logits.max(axis=1, keepdims=True)
    lse = np.log(np.exp(logits - m).sum(axis=1, keepdims=True)) + m
    return float((labels * (lse - logits)).sum())


def relu(x):
    return np.maximum(x, 0)


def sigmoid(x):
    return 1 / (1 + np.exp(-x))


def conv2d(x, w, stride, pad):
    x = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    n, c, h, wd = x.shape
    f, _, kh, kw = w.shape
    oh, ow = (h - kh) // stride + 1, (wd - kw) // stride + 1
    out = np.zeros((n, f, oh, ow))
    for i in range(kh):
        for j in range(kw):
            patch = x[:, :, i : i + stride * oh : stride, j : j + stride * ow : stride]
            out += np.einsum("nchw,fc->nfhw", patch, w[:, :, i, j])
    return out


def max_pool(x, window, stride, pad):
    x = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)), constant_values=-np.inf)
    n, c, h, w = x.shape
    oh, ow = (h - window) // stride + 1, (w - window) // stride + 1
    out = np.full((n, c, oh, ow), -np.inf)
    for i in range(window):
        for j in range(window):
            out = np.maximum(out, x[:, :, i : i + stride * oh : stride, j : j + stride * ow : stride])
    return out


def layer_norm(x, gamma, beta):
    mu = x.mean(axis=1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=1, keepdims=True)
    return (x - mu) / np.sqrt(var + 1e-5) * gamma + beta


def gelu(x):
    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))


# ---------------------------------------------------------------------------
# Models
# ---------------------------------------------------------------------------


def mlp(p, k):
    h = p["x"]
    for l in range(k["layers"]):
        h = relu(h @ p[f"l{l}.fc.weight"] + p[f"l{l}.fc.bias"])
    logits = h @ p["out.fc.weight"] + p["out.fc.bias"]
    return cross_entropy_sum(logits, p["labels"]) / k["batch"]


STAGES = {50: [3, 4, 6, 3], 101: [3, 4, 23, 3], 152: [3, 8, 36, 3]}


def wresnet(p, k):
    h = relu(conv2d(p["images"], p["stem.conv.weight"], 2, 3))
    h = max_pool(h, 3, 2, 1)
    for s, blocks in enumerate(STAGES[k["depth"]]):
        for i in range(blocks):
            name = f"s{s}.b{i}"
            stride = 2 if (i == 0 and s > 0) else 1
            shortcut = conv2d(h, p[f"{name}.proj.weight"], stride, 0) if i == 0 else h
            y = relu(conv2d(h, p[f"{name}.conv1.weight"], 1, 0))
            y = relu(conv2d(y, p[f"{name}.conv2.weight"], stride, 1))
            y = conv2d(y, p[f"{name}.conv3.weight"], 1, 0)
            h = relu(y + shortcut)
    pooled = h.mean(axis=(2, 3))
    logits = pooled @ p["head.fc.weight"] + p["head.fc.bias"]
    return cross_entropy_sum(logits, p["labels"]) / k["batch"]


def rnn(p, k):
    hid, batch = k["hidden"], k["batch"]
    h = [np.zeros((batch, hid)) for _ in range(k["layers"])]
    c = [np.zeros((batch, hid)) for _ in range(k["layers"])]
    total = 0.0
    for t in range(k["steps"]):
        x = p["tokens"][t] @ p["embed.table"]
        for l in range(k["layers"]):
            g = x @ p[f"lstm{l}.wx"] + h[l] @ p[f"lstm{l}.wh"] + p[f"lstm{l}.bias"]
            i, f, o, gg = (g[:, n * hid : (n + 1) * hid] for n in range(4))
            c[l] = sigmoid(f) * c[l] + sigmoid(i) * np.tanh(gg)
            h[l] = sigmoid(o) * np.tanh(c[l])
            x = h[l]
        logits = x @ p["out.fc.weight"] + p["out.fc.bias"]
        total += cross_entropy_sum(logits, p["labels"][t])
    return total / (k["steps"] * batch)


def dense_ffn(p, k, n, a):
    """The transformer block's GELU feed-forward; no auxiliary loss."""
    f = gelu(a @ p[f"{n}.fc1.weight"] + p[f"{n}.fc1.bias"])
    return f @ p[f"{n}.fc2.weight"] + p[f"{n}.fc2.bias"], 0.0


def moe_ffn(p, k, n, a):
    """A top-k mixture of experts with capacity (tokens past an expert's
    capacity dropped from it, earlier tokens first) and Switch's
    load-balancing loss: (output, auxiliary loss)."""
    e, top = k["experts"], k["topk"]
    t = a.shape[0]
    logits = a @ p[f"{n}.moe.router.weight"]
    probs = np.exp(logits - logits.max(axis=1, keepdims=True))
    probs /= probs.sum(axis=1, keepdims=True)
    chosen = np.zeros((t, e))
    order = np.argsort(-probs, axis=1, kind="stable")[:, :top]
    chosen[np.arange(t)[:, None], order] = 1
    capacity = -(-k["capacity"] * t * top // (100 * e))
    place = np.cumsum(chosen, axis=0) - chosen
    kept = chosen * (place < capacity)
    gates = probs * kept / (probs * chosen).sum(axis=1, keepdims=True)
    w1, w2 = p[f"{n}.moe.experts.fc1.weight"], p[f"{n}.moe.experts.fc2.weight"]
    y = sum(gates[:, [x]] * (relu((kept[:, [x]] * a) @ w1[x]) @ w2[x]) for x in range(e))
    aux = e * np.sum(chosen.sum(axis=0) / (t * top) * probs.mean(axis=0))
    return y, aux


def moe(p, k):
    """The moe family: the decoder with moe_ffn blocks, aux weight 0.01."""
    return transformer(p, k, ffn=moe_ffn, aux_weight=0.01)


def transformer(p, k, ffn=dense_ffn, aux_weight=0.0):
    b, s, hid, nh = k["batch"], k["seq"], k["hidden"], k["heads"]
    d = hid // nh
    x = p["tokens"] @ p["embed.table"]
    x = (x.reshape(b, s, hid) + p["embed.pos"]).reshape(b * s, hid)
    mask = np.triu(np.full((s, s), -1e9), 1)
    aux = 0.0
    for l in range(k["layers"]):
        n = f"l{l}"
        a = layer_norm(x, p[f"{n}.ln1.gamma"], p[f"{n}.ln1.beta"])
        q, kk, v = (a @ p[f"{n}.{m}.weight"] + p[f"{n}.{m}.bias"] for m in "qkv")
        heads = lambda t: t.reshape(b, s, nh, d).transpose(0, 2, 1, 3)
        scores = heads(q) @ heads(kk).transpose(0, 1, 3, 2) / np.sqrt(d) + mask
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        probs = scores / scores.sum(axis=-1, keepdims=True)
        ctx = (probs @ heads(v)).transpose(0, 2, 1, 3).reshape(b * s, hid)
        x = x + ctx @ p[f"{n}.proj.weight"] + p[f"{n}.proj.bias"]
        a = layer_norm(x, p[f"{n}.ln2.gamma"], p[f"{n}.ln2.beta"])
        f, block_aux = ffn(p, k, n, a)
        aux += block_aux
        x = x + f
    x = layer_norm(x, p["ln_f.gamma"], p["ln_f.beta"])
    logits = x @ p["lm_head.weight"]
    return cross_entropy_sum(logits, p["labels"]) / (b * s) + aux_weight * aux
