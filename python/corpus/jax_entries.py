"""The JAX half of the corpus: functions across jax.numpy, jax.nn and jax.lax,
and models (forward passes and training steps through jax.value_and_grad).

Each entry is registered with ``@entry(name, kind, doc)`` on a builder that
takes a numpy Generator and returns ``(fn, args)``: ``fn`` is jitted with
``keep_unused=True`` (so that ``@main`` keeps every flattened argument, in
order, even ones the function ignores) and ``args`` is a tuple of pytrees of
numpy arrays. Shapes are chosen so that K = 2, 3, 4 often do not divide them.
Imported by ``export.py`` only (it needs JAX).
"""

from __future__ import annotations

import numpy as np

import jax
import jax.numpy as jnp
from jax import lax

ENTRIES = []


def entry(name, kind, doc, rtol=None):
    def register(builder):
        ENTRIES.append({"name": name, "kind": kind, "doc": doc, "builder": builder,
                        "rtol": rtol})
        return builder

    return register


def normal(rng, *shape, scale=1.0):
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def ints(rng, lo, hi, *shape):
    return rng.integers(lo, hi, size=shape).astype(np.int32)


def onehot(rng, n, k):
    return np.eye(k, dtype=np.float32)[rng.integers(0, k, size=n)]


# ---------------------------------------------------------------------------
# Functions: linear algebra and contractions.


@entry("j_matmul", "function", "x @ w, 5x7 by 7x3")
def _(rng):
    return (lambda x, w: x @ w), (normal(rng, 5, 7), normal(rng, 7, 3))


@entry("j_einsum_batched", "function", "einsum bij,bjk->bik (batch 3)")
def _(rng):
    return (lambda a, b: jnp.einsum("bij,bjk->bik", a, b)), (normal(rng, 3, 5, 7),
                                                             normal(rng, 3, 7, 6))


@entry("j_einsum_two_contractions", "function", "einsum abc,cbd->ad (two contracted dims)")
def _(rng):
    return (lambda a, b: jnp.einsum("abc,cbd->ad", a, b)), (normal(rng, 5, 3, 7),
                                                            normal(rng, 7, 3, 6))


@entry("j_einsum_attention", "function", "einsum bqhd,bkhd->bhqk (attention scores)")
def _(rng):
    return (lambda q, k: jnp.einsum("bqhd,bkhd->bhqk", q, k)), (normal(rng, 2, 5, 3, 4),
                                                                normal(rng, 2, 7, 3, 4))


@entry("j_outer", "function", "jnp.outer and jnp.kron-free broadcast product")
def _(rng):
    return (lambda a, b: (jnp.outer(a, b), a[:, None] * b[None, :] + 1.0)), (
        normal(rng, 7), normal(rng, 5))


@entry("j_matvec_transpose", "function", "x.T @ v and reshape/transpose chains")
def _(rng):
    def fn(x, v):
        return x.T @ v, x.reshape(3, 5, 2).transpose(2, 0, 1).reshape(6, 5)

    return fn, (normal(rng, 15, 2).reshape(15, 2), normal(rng, 15))


# ---------------------------------------------------------------------------
# Functions: jax.nn and normalisation.


@entry("j_softmax", "function", "jax.nn.softmax over the last axis")
def _(rng):
    return (lambda x: jax.nn.softmax(x, axis=-1)), (normal(rng, 6, 10, scale=3),)


@entry("j_log_softmax", "function", "jax.nn.log_softmax over axis 0")
def _(rng):
    return (lambda x: jax.nn.log_softmax(x, axis=0)), (normal(rng, 7, 5, scale=3),)


@entry("j_logsumexp", "function", "jax.nn.logsumexp (is_finite guard of the max)")
def _(rng):
    return (lambda x: jax.nn.logsumexp(x, axis=1)), (normal(rng, 6, 9, scale=4),)


@entry("j_gelu_exact", "function", "jax.nn.gelu(approximate=False) (erf)")
def _(rng):
    return (lambda x: jax.nn.gelu(x, approximate=False)), (normal(rng, 5, 7, scale=2),)


@entry("j_gelu_tanh", "function", "jax.nn.gelu(approximate=True)")
def _(rng):
    return (lambda x: jax.nn.gelu(x, approximate=True)), (normal(rng, 5, 7, scale=2),)


@entry("j_activations", "function", "relu6, silu, sigmoid, softplus, elu, leaky_relu, celu, hard_tanh")
def _(rng):
    def fn(x):
        return (jax.nn.relu6(x * 4), jax.nn.silu(x), jax.nn.sigmoid(x), jax.nn.softplus(x),
                jax.nn.elu(x), jax.nn.leaky_relu(x, 0.1), jax.nn.celu(x), jax.nn.hard_tanh(x))

    return fn, (normal(rng, 6, 5, scale=2),)


@entry("j_layer_norm", "function", "layer norm with jnp.mean/jnp.var (chlo.square)")
def _(rng):
    def fn(x, g, b):
        m = x.mean(-1, keepdims=True)
        v = jnp.var(x, axis=-1, keepdims=True)
        return (x - m) / jnp.sqrt(v + 1e-5) * g + b

    return fn, (normal(rng, 6, 10), 1 + normal(rng, 10, scale=0.1), normal(rng, 10, scale=0.1))


@entry("j_var_std", "function", "jnp.var, jnp.std (ddof 0 and 1)")
def _(rng):
    return (lambda x: (jnp.var(x, axis=0), jnp.std(x, axis=1, ddof=1))), (normal(rng, 7, 5),)


@entry("j_rms_norm", "function", "RMS norm with lax.rsqrt")
def _(rng):
    return (lambda x, g: x * lax.rsqrt(jnp.mean(x * x, -1, keepdims=True) + 1e-6) * g), (
        normal(rng, 5, 9), 1 + normal(rng, 9, scale=0.1))


@entry("j_batch_norm_train", "function", "batch norm over N, H, W in training mode (jnp.var)")
def _(rng):
    def fn(x, g, b):
        m = x.mean(axis=(0, 1, 2))
        v = jnp.var(x, axis=(0, 1, 2))
        return (x - m) * lax.rsqrt(v + 1e-5) * g + b, m, v

    return fn, (normal(rng, 3, 5, 5, 6), 1 + normal(rng, 6, scale=0.1), normal(rng, 6, scale=0.1))


@entry("j_normalize", "function", "x / jnp.linalg.norm(x, axis=-1)")
def _(rng):
    return (lambda x: x / jnp.linalg.norm(x, axis=-1, keepdims=True)), (normal(rng, 6, 7),)


@entry("j_one_hot", "function", "jax.nn.one_hot of int32 labels")
def _(rng):
    return (lambda t: jax.nn.one_hot(t, 7)), (ints(rng, 0, 7, 2, 5),)


@entry("j_cross_entropy_int_labels", "function", "softmax cross-entropy with take_along_axis")
def _(rng):
    def fn(logits, labels):
        lp = jax.nn.log_softmax(logits)
        return -jnp.mean(jnp.take_along_axis(lp, labels[:, None], axis=1))

    return fn, (normal(rng, 6, 5), ints(rng, 0, 5, 6))


# ---------------------------------------------------------------------------
# Functions: reductions, scans, masks.


@entry("j_reductions", "function", "sum, mean, max, min, prod over different axes")
def _(rng):
    def fn(x):
        return x.sum(0), x.mean(1), x.max(axis=(0, 2)), x.min(2), jnp.prod(x[0], axis=1)

    return fn, (normal(rng, 3, 5, 7),)


@entry("j_max_min_nan", "function", "jnp.max/min/argmax over rows holding NaN (XLA propagates NaN)")
def _(rng):
    x = normal(rng, 4, 6)
    x[1, 2] = np.nan
    x[3, 0] = np.nan
    return (lambda x: (jnp.max(x, axis=1), jnp.min(x, axis=1), jnp.maximum(x, 0.0))), (x,)


@entry("j_argmax", "function", "jnp.argmax and jnp.argmin (variadic reduce)")
def _(rng):
    x = normal(rng, 6, 7)
    x[2, 1] = x[2, 5] = 9.0  # a tie: the first index wins
    return (lambda x: (jnp.argmax(x, axis=1), jnp.argmin(x, axis=0))), (x,)


@entry("j_cumsum", "function", "jnp.cumsum along both axes, jnp.cumprod")
def _(rng):
    return (lambda x: (jnp.cumsum(x, axis=1), jnp.cumsum(x, axis=0), jnp.cumprod(x, axis=1))), (
        normal(rng, 5, 6, scale=0.7),)


@entry("j_cummax_reverse", "function", "lax.cummax and a reverse cumsum")
def _(rng):
    return (lambda x: (lax.cummax(x, axis=1), lax.cumsum(x, axis=0, reverse=True))), (
        normal(rng, 5, 7),)


@entry("j_where_mask", "function", "jnp.where with a computed mask")
def _(rng):
    return (lambda x, y: jnp.where(x > 0.2, x, 0.1 * y)), (normal(rng, 6, 7), normal(rng, 6, 7))


@entry("j_tril_triu", "function", "jnp.tril, jnp.triu, jnp.eye (iota masks)")
def _(rng):
    return (lambda x: (jnp.tril(x), jnp.triu(x, 1), x * jnp.eye(7, 5, 1))), (normal(rng, 7, 5),)


@entry("j_causal_softmax", "function", "causal mask from iota compare, -inf fill, softmax")
def _(rng):
    def fn(s):
        n = s.shape[-1]
        mask = lax.broadcasted_iota(jnp.int32, (n, n), 0) >= lax.broadcasted_iota(jnp.int32, (n, n), 1)
        return jax.nn.softmax(jnp.where(mask, s, -jnp.inf), axis=-1)

    return fn, (normal(rng, 2, 6, 6),)


@entry("j_arange_diag", "function", "jnp.arange, jnp.diag, jnp.trace")
def _(rng):
    return (lambda x: (x * jnp.arange(7, dtype=jnp.float32), jnp.diag(x[:, :7]), jnp.trace(x[:, :7]))), (
        normal(rng, 7, 7),)


@entry("j_padding_mask", "function", "masked mean over a sequence with lengths")
def _(rng):
    def fn(x, lengths):
        mask = jnp.arange(x.shape[1])[None, :] < lengths[:, None]
        return jnp.sum(x * mask[..., None], axis=1) / lengths[:, None].astype(jnp.float32)

    return fn, (normal(rng, 3, 7, 5), np.array([3, 7, 1], np.int32))


# ---------------------------------------------------------------------------
# Functions: element-wise and conversions.


@entry("j_elementwise_math", "function", "exp, log1p, expm1, tanh, sin, cos, sqrt, rsqrt, abs, sign")
def _(rng):
    def fn(x):
        y = jnp.abs(x) + 0.1
        return (jnp.exp(x), jnp.log1p(y), jnp.expm1(x), jnp.tanh(x), jnp.sin(x), jnp.cos(x),
                jnp.sqrt(y), lax.rsqrt(y), jnp.sign(x), jnp.log(y))

    return fn, (normal(rng, 5, 6),)


@entry("j_clip", "function", "jnp.clip on floats and int32")
def _(rng):
    return (lambda x, i: (jnp.clip(x, -0.5, 0.7), jnp.clip(i, -3, 4))), (
        normal(rng, 6, 5), ints(rng, -10, 10, 6, 5))


@entry("j_round", "function", "jnp.round (half to even), jnp.floor, jnp.ceil, jnp.trunc")
def _(rng):
    x = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.49, -3.51, 0.0, 7.2, -7.8, 100.5],
                 np.float32).reshape(3, 4)
    return (lambda x: (jnp.round(x), jnp.floor(x), jnp.ceil(x), jnp.trunc(x))), (x,)


@entry("j_atan2", "function", "jnp.arctan2 in all four quadrants and on the axes")
def _(rng):
    y = np.array([1, 1, -1, -1, 0, 0, 2, -0.5], np.float32)
    x = np.array([1, -1, 1, -1, 1, -1, 0, 0], np.float32)
    return (lambda y, x: jnp.arctan2(y, x)), (y, x)


@entry("j_special_functions", "function", "jax.scipy.special erf, erfc, erf_inv, lgamma, digamma")
def _(rng):
    from jax.scipy import special

    def fn(x):
        p = jnp.abs(x) + 0.5
        return special.erf(x), special.erfc(x), special.erfinv(jnp.tanh(x) * 0.9), \
            special.gammaln(p), special.digamma(p)

    return fn, (normal(rng, 5, 4),)


@entry("j_remainder", "function", "jnp.remainder (floor mod) and lax.rem (truncated) on floats")
def _(rng):
    return (lambda a, b: (jnp.remainder(a, b), lax.rem(a, b), jnp.floor_divide(a, b))), (
        normal(rng, 6, 5, scale=5), np.where(rng.random((6, 5)) < 0.5, -1.5, 2.0).astype(np.float32))


@entry("j_integer_arith", "function", "int32 add/mul that wrap around, floor_divide, remainder")
def _(rng):
    a = np.array([2147483647, -2147483648, 123456789, -7, 7, 1000000, 46341, -3], np.int32)
    b = np.array([1, -1, 100, 2, -2, 1000000, 46341, 5], np.int32)
    return (lambda a, b: (a + b, a * b, a - b, jnp.floor_divide(a, b), jnp.remainder(a, b))), (a, b)


@entry("j_integer_div_edges", "function", "lax.div and lax.rem by zero and INT_MIN / -1 (XLA defines both)")
def _(rng):
    a = np.array([7, -7, 0, -2147483648, 5, -5, 2147483647, 9], np.int32)
    b = np.array([0, 0, 0, -1, 3, 3, -1, -4], np.int32)
    return (lambda a, b: (lax.div(a, b), lax.rem(a, b))), (a, b)


@entry("j_integer_power", "function", "x ** 3 and x ** 5 on int32 and lax.integer_pow on floats")
def _(rng):
    return (lambda i, x: (i ** 3, i ** 5, lax.integer_pow(x, 3), x ** 2)), (
        ints(rng, -9, 9, 6, 5), normal(rng, 6, 5))


@entry("j_shifts", "function", "left_shift, right_shift (arithmetic and logical) on int32, bitwise ops")
def _(rng):
    a = np.array([1, -1, 255, -256, 2147483647, -2147483648, 12345, 7], np.int32)
    s = np.array([0, 1, 4, 31, 3, 1, 32, 33], np.int32)
    return (lambda a, s: (jnp.left_shift(a, s), jnp.right_shift(a, s),
                          lax.shift_right_logical(a, s), a & 0xF0, a | 3, a ^ s, ~a)), (a, s)


@entry("j_convert_float_to_int", "function", "float32 -> int32 with NaN, +-inf, 1e30, -1e30, halves")
def _(rng):
    x = np.array([np.nan, np.inf, -np.inf, 1e30, -1e30, 2.5, -2.5, 3.7, -3.7, 0.0, -0.0,
                  2147483520.0, -2147483648.0, 2147483648.0, 1e10, -1e10], np.float32)
    return (lambda x: x.astype(jnp.int32)), (x,)


@entry("j_convert_float_to_uint8", "function", "float32 -> uint8 -> int32 (saturating, NaN to 0)")
def _(rng):
    x = np.array([np.nan, -1.0, 0.5, 255.9, 256.0, 1e9, -1e9, 77.7], np.float32)
    return (lambda x: x.astype(jnp.uint8).astype(jnp.int32)), (x,)


@entry("j_convert_int_to_float", "function", "int32 -> float32 (rounding large values), -> bool")
def _(rng):
    i = np.array([0, 1, -1, 16777217, -16777217, 2147483647, -2147483648, 3], np.int32)
    return (lambda i: (i.astype(jnp.float32), (i.astype(bool)).astype(jnp.int32))), (i,)


@entry("j_bool_results", "function", "comparisons and logical ops returned as bool arrays")
def _(rng):
    def fn(x, y):
        a, b = x > y, x > 0
        return a, jnp.logical_and(a, b), jnp.logical_or(a, ~b), jnp.logical_xor(a, b)

    return fn, (normal(rng, 5, 6), normal(rng, 5, 6))


@entry("j_isfinite_nan_to_num", "function", "jnp.isfinite, jnp.isnan, jnp.nan_to_num")
def _(rng):
    x = normal(rng, 3, 4)
    x[0, 1], x[1, 2], x[2, 3] = np.nan, np.inf, -np.inf
    return (lambda x: (jnp.isfinite(x).astype(jnp.float32), jnp.isnan(x).astype(jnp.float32),
                       jnp.nan_to_num(x, posinf=9.0, neginf=-9.0))), (x,)


# The bf16 product is typed bf16: rounding it to bf16 (Tofu) may differ by
# a few bf16 roundings (2^-8 relative each) from XLA's CPU result, which
# keeps the f32 product of the rounded inputs; rtol 3e-2 is that precision.
@entry("j_bf16_compute", "function", "bfloat16 and float16 intermediates, float32 results", rtol=3e-2)
def _(rng):
    def fn(x, w):
        h = (x.astype(jnp.bfloat16) @ w.astype(jnp.bfloat16)).astype(jnp.float32)
        g = (x.astype(jnp.float16) * 3.0 + 1.0).astype(jnp.float32)
        return h, g

    return fn, (normal(rng, 5, 6), normal(rng, 6, 3))


# ---------------------------------------------------------------------------
# Functions: data movement, indexing.


@entry("j_reverse", "function", "jnp.flip along one and two axes")
def _(rng):
    return (lambda x: (jnp.flip(x, 1), jnp.flip(x, (0, 2)))), (normal(rng, 3, 5, 4),)


@entry("j_concat_pad_roll", "function", "concatenate, jnp.pad (constant, edge), jnp.roll")
def _(rng):
    def fn(x, y):
        return (jnp.concatenate([x, y], 1), jnp.pad(x, ((1, 2), (0, 3))),
                jnp.pad(x, ((2, 0), (1, 1)), mode="edge"), jnp.roll(x, 2, axis=1))

    return fn, (normal(rng, 5, 6), normal(rng, 5, 3))


@entry("j_embedding_take", "function", "embedding lookup emb[tokens] and jnp.take along axis 1")
def _(rng):
    return (lambda emb, t: (emb[t], jnp.take(emb, t[0], axis=1, mode="clip"))), (
        normal(rng, 11, 6), ints(rng, 0, 6, 2, 5))


@entry("j_scatter_add", "function", "x.at[idx].add(v) with duplicate indices, x.at[idx].set")
def _(rng):
    idx = np.array([0, 3, 3, 6], np.int32)
    return (lambda x, v: (x.at[idx].add(v), x.at[idx[:2]].set(v[:2]))), (normal(rng, 7, 5),
                                                                         normal(rng, 4, 5))


@entry("j_segment_sum", "function", "jax.ops.segment_sum (embedding-bag style)")
def _(rng):
    return (lambda x, seg: jax.ops.segment_sum(x, seg, num_segments=4)), (
        normal(rng, 9, 5), np.array([0, 0, 1, 1, 1, 2, 3, 3, 3], np.int32))


@entry("j_dynamic_slice", "function", "lax.dynamic_slice at a runtime offset (clamped)")
def _(rng):
    return (lambda x, i: (lax.dynamic_slice(x, (i, 1), (3, 4)),
                          lax.dynamic_slice(x, (i + 5, 0), (3, 2)))), (
        normal(rng, 7, 6), np.array(2, np.int32))


@entry("j_dynamic_update_slice", "function", "lax.dynamic_update_slice at a runtime offset")
def _(rng):
    return (lambda x, u, i: lax.dynamic_update_slice(x, u, (i, 2))), (
        normal(rng, 7, 6), normal(rng, 2, 3), np.array(4, np.int32))


@entry("j_sort", "function", "jnp.sort along the last axis and axis 0")
def _(rng):
    return (lambda x: (jnp.sort(x, axis=-1), jnp.sort(x, axis=0))), (normal(rng, 5, 7),)


@entry("j_argsort", "function", "jnp.argsort (stable)")
def _(rng):
    return (lambda x: jnp.argsort(x, axis=-1)), (normal(rng, 4, 7),)


@entry("j_top_k", "function", "lax.top_k, k = 3")
def _(rng):
    return (lambda x: lax.top_k(x, 3)), (normal(rng, 5, 8),)


# ---------------------------------------------------------------------------
# Functions: control flow and random numbers.


@entry("j_fori_loop", "function", "lax.fori_loop with a static trip count (stablehlo.while)")
def _(rng):
    def fn(x, w):
        return lax.fori_loop(0, 4, lambda i, h: jnp.tanh(h @ w + i.astype(jnp.float32)), x)

    return fn, (normal(rng, 3, 5), normal(rng, 5, 5, scale=0.5))


@entry("j_scan_rnn", "function", "lax.scan over a sequence (simple RNN), carry and stacked outputs")
def _(rng):
    def fn(h0, xs, w, u):
        def cell(h, x):
            h = jnp.tanh(x @ w + h @ u)
            return h, h.sum(-1)

        return lax.scan(cell, h0, xs)

    return fn, (normal(rng, 3, 5), normal(rng, 4, 3, 2), normal(rng, 2, 5), normal(rng, 5, 5, scale=0.5))


@entry("j_while_dynamic", "function", "lax.while_loop with a data-dependent trip count")
def _(rng):
    def fn(x):
        return lax.while_loop(lambda c: c[0] < 10.0, lambda c: (c[0] * 1.5 + 0.5, c[1] + 1),
                              (x, jnp.int32(0)))

    return fn, (np.array(0.3, np.float32),)


@entry("j_cond", "function", "lax.cond on a runtime predicate")
def _(rng):
    return (lambda p, x: lax.cond(p > 0, lambda v: v * 2.0, lambda v: jnp.sin(v), x)), (
        np.array(1.5, np.float32), normal(rng, 4, 5))


@entry("j_switch", "function", "lax.switch on a runtime index (stablehlo.case)")
def _(rng):
    return (lambda i, x: lax.switch(i, [lambda v: v + 1.0, lambda v: v * v, jnp.cos], x)), (
        np.array(1, np.int32), normal(rng, 4, 5))


@entry("j_random_uniform", "function", "jax.random.uniform and normal from a seed (threefry: shifts, uint32)")
def _(rng):
    def fn(seed):
        k1, k2 = jax.random.split(jax.random.PRNGKey(seed))
        return jax.random.uniform(k1, (3, 5)), jax.random.normal(k2, (4,))

    return fn, (np.array(42, np.int32),)


@entry("j_dropout", "function", "dropout with jax.random.bernoulli from a seed")
def _(rng):
    def fn(seed, x):
        keep = jax.random.bernoulli(jax.random.PRNGKey(seed), 0.8, x.shape)
        return jnp.where(keep, x / 0.8, 0.0)

    return fn, (np.array(7, np.int32), normal(rng, 5, 6))


# ---------------------------------------------------------------------------
# Functions: convolutions and pooling.


@entry("j_conv1d", "function", "1-D convolution, NWC/WIO, SAME padding")
def _(rng):
    return (lambda x, w: lax.conv_general_dilated(x, w, (1,), "SAME",
                                                  dimension_numbers=("NWC", "WIO", "NWC"))), (
        normal(rng, 2, 9, 3), normal(rng, 3, 3, 5))


@entry("j_conv2d_strided", "function", "2-D convolution NHWC/HWIO, stride 2, SAME padding")
def _(rng):
    return (lambda x, w: lax.conv_general_dilated(x, w, (2, 2), "SAME",
                                                  dimension_numbers=("NHWC", "HWIO", "NHWC"))), (
        normal(rng, 2, 7, 7, 3), normal(rng, 3, 3, 3, 5))


@entry("j_conv2d_nchw", "function", "2-D convolution NCHW/OIHW (PyTorch layout), dilation 2, VALID")
def _(rng):
    return (lambda x, w: lax.conv_general_dilated(x, w, (1, 1), "VALID", rhs_dilation=(2, 2),
                                                  dimension_numbers=("NCHW", "OIHW", "NCHW"))), (
        normal(rng, 2, 3, 9, 8), normal(rng, 4, 3, 3, 3))


@entry("j_conv2d_depthwise", "function", "depthwise 2-D convolution (feature_group_count = channels)")
def _(rng):
    return (lambda x, w: lax.conv_general_dilated(x, w, (1, 1), "SAME", feature_group_count=3,
                                                  dimension_numbers=("NHWC", "HWIO", "NHWC"))), (
        normal(rng, 2, 6, 6, 3), normal(rng, 3, 3, 1, 3))


@entry("j_conv_transpose", "function", "lax.conv_transpose, stride 2 (lhs dilation)")
def _(rng):
    return (lambda x, w: lax.conv_transpose(x, w, (2, 2), "SAME",
                                            dimension_numbers=("NHWC", "HWIO", "NHWC"))), (
        normal(rng, 1, 5, 5, 3), normal(rng, 3, 3, 3, 2))


@entry("j_max_pool", "function", "max pooling 3x3 stride 2 with SAME padding (reduce_window)")
def _(rng):
    return (lambda x: lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")), (
        normal(rng, 2, 7, 7, 3),)


@entry("j_avg_pool", "function", "average pooling 2x2 (reduce_window add / 4), global mean pool")
def _(rng):
    def fn(x):
        return (lax.reduce_window(x, 0.0, lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID") / 4.0,
                x.mean(axis=(1, 2)))

    return fn, (normal(rng, 3, 6, 6, 5),)


@entry("j_max_pool_grad", "function", "gradient of max pooling (select_and_scatter)")
def _(rng):
    def fn(x):
        return jax.grad(lambda v: jnp.sum(lax.reduce_window(
            v, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID") ** 2))(x)

    return fn, (normal(rng, 2, 6, 6, 3),)


@entry("j_conv_input_grad", "function", "gradient of two stacked convolutions wrt the input (reverse)")
def _(rng):
    def fn(x, w1, w2):
        def f(v):
            dn = ("NHWC", "HWIO", "NHWC")
            h = jnp.tanh(lax.conv_general_dilated(v, w1, (1, 1), "SAME", dimension_numbers=dn))
            return jnp.sum(lax.conv_general_dilated(h, w2, (1, 1), "SAME", dimension_numbers=dn) ** 2)

        return jax.grad(f)(x)

    return fn, (normal(rng, 2, 5, 5, 3), normal(rng, 3, 3, 3, 4, scale=0.3),
                normal(rng, 3, 3, 4, 2, scale=0.3))


@entry("j_unused_argument", "function", "an ignored argument kept in @main by keep_unused=True")
def _(rng):
    return (lambda a, unused, b: a * 2.0 + b), (normal(rng, 4, 5), normal(rng, 4, 5), normal(rng, 4, 5))


# ---------------------------------------------------------------------------
# Models.


def sgd(loss_fn, lr=0.1):
    def step(params, *data):
        loss, grads = jax.value_and_grad(loss_fn)(params, *data)
        return loss, jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)

    return step


def xent(logits, y):
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, axis=-1))


def layer_norm(x, g, b):
    m = x.mean(-1, keepdims=True)
    v = jnp.var(x, axis=-1, keepdims=True)
    return (x - m) * lax.rsqrt(v + 1e-5) * g + b


def mlp_params(rng, sizes):
    return [(normal(rng, a, b, scale=1 / np.sqrt(a)), np.zeros(b, np.float32))
            for a, b in zip(sizes[:-1], sizes[1:])]


def mlp_apply(params, x):
    for i, (w, b) in enumerate(params):
        x = x @ w + b
        if i + 1 < len(params):
            x = jax.nn.relu(x)
    return x


@entry("m_j_mlp_step", "model", "MLP 10-30-30-5 training step, batch 6, SGD")
def _(rng):
    loss = lambda p, x, y: xent(mlp_apply(p, x), y)  # noqa: E731
    return sgd(loss), (mlp_params(rng, [10, 30, 30, 5]), normal(rng, 6, 10), onehot(rng, 6, 5))


@entry("m_j_adam_step", "model", "MLP 7-13-3 training step with Adam (moments, bias correction)")
def _(rng):
    def loss(p, x, y):
        return xent(mlp_apply(p, x), y)

    def step(params, m, v, t, x, y):
        l, g = jax.value_and_grad(loss)(params, x, y)
        b1, b2, lr = 0.9, 0.999, 1e-2
        t = t + 1.0
        m = jax.tree_util.tree_map(lambda m, g: b1 * m + (1 - b1) * g, m, g)
        v = jax.tree_util.tree_map(lambda v, g: b2 * v + (1 - b2) * g * g, v, g)
        params = jax.tree_util.tree_map(
            lambda p, m, v: p - lr * (m / (1 - b1 ** t)) / (jnp.sqrt(v / (1 - b2 ** t)) + 1e-8),
            params, m, v)
        return l, params, m, v, t

    p = mlp_params(rng, [7, 13, 3])
    m = jax.tree_util.tree_map(lambda a: normal(rng, *a.shape, scale=0.01), p)
    v = jax.tree_util.tree_map(lambda a: np.abs(normal(rng, *a.shape, scale=0.01)), p)
    return step, (p, m, v, np.array(3.0, np.float32), normal(rng, 6, 7), onehot(rng, 6, 3))


@entry("m_j_logreg_l2_step", "model", "logistic regression with L2 penalty, sigmoid BCE, 3 SGD steps (fori_loop)")
def _(rng):
    def loss(w, x, y):
        z = x @ w
        return jnp.mean(jax.nn.softplus(z) - y * z) + 1e-2 * jnp.sum(w * w)

    def steps(w, x, y):
        return lax.fori_loop(0, 3, lambda i, w: w - 0.5 * jax.grad(loss)(w, x, y), w)

    return steps, (normal(rng, 7), normal(rng, 10, 7), (rng.random(10) < 0.5).astype(np.float32))


@entry("m_j_cnn_step", "model", "two conv layers + max pool + dense training step (input-gradient reverse)")
def _(rng):
    dn = ("NHWC", "HWIO", "NHWC")

    def loss(p, x, y):
        w1, w2, wd = p
        h = jax.nn.relu(lax.conv_general_dilated(x, w1, (1, 1), "SAME", dimension_numbers=dn))
        h = jax.nn.relu(lax.conv_general_dilated(h, w2, (1, 1), "SAME", dimension_numbers=dn))
        h = lax.reduce_window(h, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
        return xent(h.reshape(h.shape[0], -1) @ wd, y)

    p = [normal(rng, 3, 3, 2, 5, scale=0.3), normal(rng, 3, 3, 5, 6, scale=0.2),
         normal(rng, 3 * 3 * 6, 3, scale=0.1)]
    return sgd(loss), (p, normal(rng, 3, 7, 7, 2), onehot(rng, 3, 3))


@entry("m_j_resnet_bn_step", "model", "ResNet block with batch norm (jnp.var), global pool, dense: training step")
def _(rng):
    dn = ("NHWC", "HWIO", "NHWC")

    def bn(h, g, b):
        m = h.mean(axis=(0, 1, 2))
        v = jnp.var(h, axis=(0, 1, 2))
        return (h - m) * lax.rsqrt(v + 1e-5) * g + b

    def loss(p, x, y):
        stem, c1, g1, b1, c2, g2, b2, wd = p
        h = jax.nn.relu(lax.conv_general_dilated(x, stem, (1, 1), "SAME", dimension_numbers=dn))
        r = jax.nn.relu(bn(lax.conv_general_dilated(h, c1, (1, 1), "SAME", dimension_numbers=dn), g1, b1))
        r = bn(lax.conv_general_dilated(r, c2, (1, 1), "SAME", dimension_numbers=dn), g2, b2)
        h = jax.nn.relu(h + r)
        return xent(h.mean(axis=(1, 2)) @ wd, y)

    c = 6
    p = [normal(rng, 3, 3, 3, c, scale=0.3), normal(rng, 3, 3, c, c, scale=0.2), 1 + normal(rng, c, scale=0.1),
         normal(rng, c, scale=0.1), normal(rng, 3, 3, c, c, scale=0.2), 1 + normal(rng, c, scale=0.1),
         normal(rng, c, scale=0.1), normal(rng, c, 5, scale=0.3)]
    return sgd(loss), (p, normal(rng, 3, 6, 6, 3), onehot(rng, 3, 5))


GPT_D, GPT_H, GPT_S, GPT_B, GPT_V = 12, 3, 7, 2, 13


def gpt2_params(rng):
    d = GPT_D
    return {"wte": normal(rng, GPT_V, d, scale=0.3), "wpe": normal(rng, GPT_S, d, scale=0.1),
            "ln1_g": 1 + normal(rng, d, scale=0.1), "ln1_b": normal(rng, d, scale=0.1),
            "attn_w": normal(rng, d, 3 * d, scale=0.2), "attn_b": normal(rng, 3 * d, scale=0.1),
            "proj_w": normal(rng, d, d, scale=0.2), "proj_b": normal(rng, d, scale=0.1),
            "ln2_g": 1 + normal(rng, d, scale=0.1), "ln2_b": normal(rng, d, scale=0.1),
            "fc_w": normal(rng, d, 4 * d, scale=0.2), "fc_b": normal(rng, 4 * d, scale=0.1),
            "out_w": normal(rng, 4 * d, d, scale=0.1), "out_b": normal(rng, d, scale=0.1),
            "lnf_g": 1 + normal(rng, d, scale=0.1), "lnf_b": normal(rng, d, scale=0.1)}


def gpt2_logits(p, tokens):
    b, s = tokens.shape
    d, h = GPT_D, GPT_H
    x = p["wte"][tokens] + p["wpe"][:s]
    y = layer_norm(x, p["ln1_g"], p["ln1_b"])
    qkv = y @ p["attn_w"] + p["attn_b"]
    q, k, v = jnp.split(qkv, 3, axis=-1)
    q, k, v = (t.reshape(b, s, h, d // h) for t in (q, k, v))
    a = jnp.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(d // h)
    a = jnp.where(jnp.tril(jnp.ones((s, s), bool)), a, jnp.finfo(jnp.float32).min)
    a = jax.nn.softmax(a, axis=-1)
    o = jnp.einsum("bhqk,bkhd->bqhd", a, v).reshape(b, s, d)
    x = x + o @ p["proj_w"] + p["proj_b"]
    y = layer_norm(x, p["ln2_g"], p["ln2_b"])
    x = x + jax.nn.gelu(y @ p["fc_w"] + p["fc_b"], approximate=True) @ p["out_w"] + p["out_b"]
    x = layer_norm(x, p["lnf_g"], p["lnf_b"])
    return x @ p["wte"].T


@entry("m_j_gpt2_block_fwd", "model", "GPT-2 block forward: embeddings, pre-LN causal MHA (3 heads), GELU MLP, tied logits")
def _(rng):
    return gpt2_logits, (gpt2_params(rng), ints(rng, 0, GPT_V, GPT_B, GPT_S))


@entry("m_j_gpt2_block_step", "model", "GPT-2 block training step (next-token cross-entropy, SGD)")
def _(rng):
    def loss(p, tokens, targets):
        lp = jax.nn.log_softmax(gpt2_logits(p, tokens))
        return -jnp.mean(jnp.take_along_axis(lp, targets[..., None], axis=-1))

    seq = ints(rng, 0, GPT_V, GPT_B, GPT_S + 1)
    return sgd(loss), (gpt2_params(rng), seq[:, :-1].copy(), seq[:, 1:].copy())


@entry("m_j_gru_unrolled_step", "model", "GRU unrolled over 5 steps, batch 6, hidden 10: training step")
def _(rng):
    def loss(p, xs, y):
        wz, uz, wr, ur, wh, uh, wo = p
        h = jnp.zeros((xs.shape[1], uz.shape[0]), jnp.float32)
        for t in range(xs.shape[0]):
            x = xs[t]
            z = jax.nn.sigmoid(x @ wz + h @ uz)
            r = jax.nn.sigmoid(x @ wr + h @ ur)
            c = jnp.tanh(x @ wh + (r * h) @ uh)
            h = (1 - z) * h + z * c
        return xent(h @ wo, y)

    i, hd = 4, 10
    p = [normal(rng, i, hd, scale=0.4), normal(rng, hd, hd, scale=0.3), normal(rng, i, hd, scale=0.4),
         normal(rng, hd, hd, scale=0.3), normal(rng, i, hd, scale=0.4), normal(rng, hd, hd, scale=0.3),
         normal(rng, hd, 3, scale=0.3)]
    return sgd(loss), (p, normal(rng, 5, 6, i), onehot(rng, 6, 3))


@entry("m_j_lstm_scan_fwd", "model", "LSTM over 6 steps with lax.scan, batch 3, hidden 7: forward")
def _(rng):
    def fn(p, xs):
        w, u, b = p

        def cell(carry, x):
            h, c = carry
            gates = x @ w + h @ u + b
            i, f, g, o = jnp.split(gates, 4, axis=-1)
            c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
            h = jax.nn.sigmoid(o) * jnp.tanh(c)
            return (h, c), h

        h0 = jnp.zeros((xs.shape[1], u.shape[0]), jnp.float32)
        (h, c), hs = lax.scan(cell, (h0, h0), xs)
        return h, hs

    hd = 7
    p = [normal(rng, 5, 4 * hd, scale=0.4), normal(rng, hd, 4 * hd, scale=0.3), normal(rng, 4 * hd, scale=0.1)]
    return fn, (p, normal(rng, 6, 3, 5))


@entry("m_j_attention_step", "model", "embedding + one attention head + dense head: training step")
def _(rng):
    def loss(p, tokens, y):
        emb, wq, wk, wv, wo = p
        e = emb[tokens]
        q, k, v = e @ wq, e @ wk, e @ wv
        a = jax.nn.softmax(jnp.einsum("bsd,btd->bst", q, k) / np.sqrt(q.shape[-1]))
        return xent(jnp.tanh(jnp.einsum("bst,btd->bsd", a, v).mean(axis=1)) @ wo, y)

    p = [normal(rng, 11, 6, scale=0.5), *[normal(rng, 6, 6, scale=0.4) for _ in range(3)],
         normal(rng, 6, 3, scale=0.4)]
    return sgd(loss), (p, ints(rng, 0, 11, 3, 5), onehot(rng, 3, 3))


@entry("m_j_transformer_layer_fwd", "model", "post-LN transformer encoder layer with padding mask, 2 heads, d 10")
def _(rng):
    def fn(p, x, lengths):
        wq, wk, wv, wo, g1, b1, w1, w2, g2, b2 = p
        b, s, d = x.shape
        h = 2
        q, k, v = ((x @ w).reshape(b, s, h, d // h) for w in (wq, wk, wv))
        a = jnp.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(d // h)
        keep = jnp.arange(s)[None, :] < lengths[:, None]
        a = jnp.where(keep[:, None, None, :], a, -1e9)
        o = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(a, -1), v).reshape(b, s, d) @ wo
        x = layer_norm(x + o, g1, b1)
        return layer_norm(x + jax.nn.relu(x @ w1) @ w2, g2, b2)

    d = 10
    p = [*[normal(rng, d, d, scale=0.3) for _ in range(4)], 1 + normal(rng, d, scale=0.1),
         normal(rng, d, scale=0.1), normal(rng, d, 14, scale=0.3), normal(rng, 14, d, scale=0.3),
         1 + normal(rng, d, scale=0.1), normal(rng, d, scale=0.1)]
    return fn, (p, normal(rng, 3, 5, d), np.array([5, 2, 4], np.int32))


@entry("m_j_embedding_bag_step", "model", "embedding bag (segment mean of embeddings) + linear: training step")
def _(rng):
    def loss(p, tokens, segments, y):
        emb, w = p
        e = emb[tokens]
        s = jax.ops.segment_sum(e, segments, num_segments=3)
        n = jax.ops.segment_sum(jnp.ones_like(tokens, jnp.float32), segments, num_segments=3)
        return xent((s / n[:, None]) @ w, y)

    return sgd(loss), ([normal(rng, 17, 6, scale=0.5), normal(rng, 6, 4, scale=0.4)],
                       ints(rng, 0, 17, 10), np.array([0, 0, 0, 1, 1, 2, 2, 2, 2, 2], np.int32),
                       onehot(rng, 3, 4))


@entry("m_j_conv1d_text_step", "model", "1-D conv text classifier (embedding, conv, max over time): training step")
def _(rng):
    def loss(p, tokens, y):
        emb, w, wd = p
        e = emb[tokens]
        h = jax.nn.relu(lax.conv_general_dilated(e, w, (1,), "VALID", dimension_numbers=("NWC", "WIO", "NWC")))
        return xent(h.max(axis=1) @ wd, y)

    return sgd(loss), ([normal(rng, 15, 5, scale=0.5), normal(rng, 3, 5, 7, scale=0.3),
                        normal(rng, 7, 3, scale=0.3)], ints(rng, 0, 15, 3, 9), onehot(rng, 3, 3))


@entry("m_j_autoencoder_step", "model", "tied-weight autoencoder with sigmoid output, MSE loss: training step")
def _(rng):
    def loss(p, x):
        w, b, c = p
        z = jnp.tanh(x @ w + b)
        return jnp.mean((jax.nn.sigmoid(z @ w.T + c) - x) ** 2)

    return sgd(loss, 0.5), ([normal(rng, 11, 5, scale=0.3), np.zeros(5, np.float32), np.zeros(11, np.float32)],
                            rng.random((6, 11)).astype(np.float32))


@entry("m_j_mixer_block_fwd", "model", "MLP-Mixer block: token-mixing and channel-mixing MLPs with layer norm")
def _(rng):
    def fn(p, x):
        g1, b1, t1, t2, g2, b2, c1, c2 = p
        y = layer_norm(x, g1, b1)
        x = x + jnp.swapaxes(jax.nn.gelu(jnp.swapaxes(y, 1, 2) @ t1) @ t2, 1, 2)
        y = layer_norm(x, g2, b2)
        return x + jax.nn.gelu(y @ c1) @ c2

    s, c = 5, 6
    p = [1 + normal(rng, c, scale=0.1), normal(rng, c, scale=0.1), normal(rng, s, 9, scale=0.3),
         normal(rng, 9, s, scale=0.3), 1 + normal(rng, c, scale=0.1), normal(rng, c, scale=0.1),
         normal(rng, c, 10, scale=0.3), normal(rng, 10, c, scale=0.3)]
    return fn, (p, normal(rng, 3, s, c))


@entry("m_j_llama_block_fwd", "model", "LLaMA-style block: RMS norm, rotary embeddings, causal attention, SwiGLU")
def _(rng):
    def rope(x):
        s, dh = x.shape[1], x.shape[-1]
        inv = 1.0 / (10000 ** (jnp.arange(0, dh, 2, dtype=jnp.float32) / dh))
        ang = jnp.arange(s, dtype=jnp.float32)[:, None] * inv[None, :]
        cos, sin = jnp.cos(ang)[None, :, None, :], jnp.sin(ang)[None, :, None, :]
        x1, x2 = x[..., 0::2], x[..., 1::2]
        return jnp.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], -1).reshape(x.shape)

    def rms(x, g):
        return x * lax.rsqrt(jnp.mean(x * x, -1, keepdims=True) + 1e-6) * g

    def fn(p, x):
        g1, wq, wk, wv, wo, g2, w1, w3, w2 = p
        b, s, d = x.shape
        h = 2
        y = rms(x, g1)
        q, k, v = ((y @ w).reshape(b, s, h, d // h) for w in (wq, wk, wv))
        q, k = rope(q), rope(k)
        a = jnp.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(d // h)
        a = jnp.where(jnp.tril(jnp.ones((s, s), bool)), a, -jnp.inf)
        x = x + jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(a, -1), v).reshape(b, s, d) @ wo
        y = rms(x, g2)
        return x + (jax.nn.silu(y @ w1) * (y @ w3)) @ w2

    d = 12
    p = [1 + normal(rng, d, scale=0.1), *[normal(rng, d, d, scale=0.3) for _ in range(4)],
         1 + normal(rng, d, scale=0.1), normal(rng, d, 18, scale=0.3), normal(rng, d, 18, scale=0.3),
         normal(rng, 18, d, scale=0.3)]
    return fn, (p, normal(rng, 2, 5, d))


@entry("m_j_vae_step", "model", "VAE training step: reparameterisation with noise input, KL + MSE")
def _(rng):
    def loss(p, x, eps):
        we, wm, wl, wd = p
        h = jnp.tanh(x @ we)
        mu, logvar = h @ wm, h @ wl
        z = mu + jnp.exp(0.5 * logvar) * eps
        rec = jax.nn.sigmoid(jnp.tanh(z) @ wd)
        kl = -0.5 * jnp.mean(jnp.sum(1 + logvar - mu ** 2 - jnp.exp(logvar), -1))
        return jnp.mean(jnp.sum((rec - x) ** 2, -1)) + kl

    p = [normal(rng, 9, 7, scale=0.3), normal(rng, 7, 3, scale=0.3), normal(rng, 7, 3, scale=0.3),
         normal(rng, 3, 9, scale=0.3)]
    return sgd(loss, 0.05), (p, rng.random((5, 9)).astype(np.float32), normal(rng, 5, 3))
