"""The PyTorch half of the corpus: torch.nn modules and functions, and small
models, exported as forward graphs (eval mode) through torch-mlir's TOSA
output.

Each entry is registered with ``@entry(name, kind, doc)`` on a builder that
takes a ``torch.Generator`` and returns ``(module, inputs)``; ``inputs`` is a
tuple of tensors (the forward's arguments, in order). Weights become
``tosa.const`` ops. Shapes are chosen so that K = 2, 3, 4 often do not
divide them. Imported by ``export.py`` only (it needs torch).
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

ENTRIES = []


def entry(name, kind, doc, rtol=None):
    def register(builder):
        ENTRIES.append({"name": name, "kind": kind, "doc": doc, "builder": builder,
                        "rtol": rtol})
        return builder

    return register


class Fn(nn.Module):
    """A module around a plain function of the inputs."""

    def __init__(self, fn, **modules):
        super().__init__()
        self.fn = fn
        for name, module in modules.items():
            self.add_module(name, module)

    def forward(self, *xs):
        return self.fn(*xs)


def randn(g, *shape, scale=1.0):
    return torch.randn(*shape, generator=g) * scale


def randint(g, lo, hi, *shape):
    return torch.randint(lo, hi, shape, generator=g)


def init_bn(m, g):
    """Non-trivial running statistics and affine parameters, so that batch
    norm is not an identity in eval mode."""
    for mod in m.modules():
        if isinstance(mod, (nn.BatchNorm1d, nn.BatchNorm2d)):
            with torch.no_grad():
                n = mod.num_features
                mod.running_mean.copy_(torch.rand(n, generator=g) - 0.5)
                mod.running_var.copy_(torch.rand(n, generator=g) + 0.5)
                mod.weight.copy_(torch.rand(n, generator=g) + 0.5)
                mod.bias.copy_(torch.rand(n, generator=g) - 0.5)
    return m


# ---------------------------------------------------------------------------
# Functions: torch.nn layers.


@entry("t_linear", "function", "nn.Linear(7, 5) on a 6x7 batch")
def _(g):
    return nn.Linear(7, 5), (randn(g, 6, 7),)


@entry("t_linear_3d_no_bias", "function", "nn.Linear(6, 10, bias=False) on a 3-D input")
def _(g):
    return nn.Linear(6, 10, bias=False), (randn(g, 2, 5, 6),)


@entry("t_conv1d", "function", "nn.Conv1d(3, 5, 3, padding=1)")
def _(g):
    return nn.Conv1d(3, 5, 3, padding=1), (randn(g, 2, 3, 9),)


@entry("t_conv2d_strided", "function", "nn.Conv2d(3, 5, 3, stride=2, padding=1)")
def _(g):
    return nn.Conv2d(3, 5, 3, stride=2, padding=1), (randn(g, 2, 3, 7, 7),)


@entry("t_conv2d_depthwise", "function", "nn.Conv2d(6, 6, 3, groups=6) (depthwise)")
def _(g):
    return nn.Conv2d(6, 6, 3, padding=1, groups=6), (randn(g, 2, 6, 5, 5),)


@entry("t_conv_transpose2d", "function", "nn.ConvTranspose2d(3, 4, 3, stride=2)")
def _(g):
    return nn.ConvTranspose2d(3, 4, 3, stride=2, padding=1), (randn(g, 1, 3, 5, 5),)


@entry("t_batchnorm2d", "function", "nn.BatchNorm2d(5) in eval mode with running statistics")
def _(g):
    return init_bn(nn.BatchNorm2d(5), g), (randn(g, 3, 5, 4, 4),)


@entry("t_batchnorm1d", "function", "nn.BatchNorm1d(7) in eval mode")
def _(g):
    return init_bn(nn.BatchNorm1d(7), g), (randn(g, 6, 7),)


@entry("t_layernorm", "function", "nn.LayerNorm(10)")
def _(g):
    m = nn.LayerNorm(10)
    with torch.no_grad():
        m.weight.add_(randn(g, 10, scale=0.1))
        m.bias.add_(randn(g, 10, scale=0.1))
    return m, (randn(g, 3, 5, 10),)


@entry("t_groupnorm", "function", "nn.GroupNorm(2, 6)")
def _(g):
    return nn.GroupNorm(2, 6), (randn(g, 3, 6, 4, 5),)


@entry("t_embedding", "function", "nn.Embedding(11, 6) with int64 token ids")
def _(g):
    return nn.Embedding(11, 6), (randint(g, 0, 11, 2, 5),)


@entry("t_embedding_bag", "function", "nn.EmbeddingBag(13, 5, mode='mean') with 2-D input")
def _(g):
    return nn.EmbeddingBag(13, 5, mode="mean"), (randint(g, 0, 13, 3, 4),)


@entry("t_multihead_attention", "function", "nn.MultiheadAttention(10, 2, batch_first=True), self-attention")
def _(g):
    class SelfAttention(nn.Module):
        def __init__(self):
            super().__init__()
            self.mha = nn.MultiheadAttention(10, 2, batch_first=True)

        def forward(self, x):
            return self.mha(x, x, x, need_weights=False)[0]

    return SelfAttention(), (randn(g, 3, 5, 10),)


@entry("t_gru_cell", "function", "nn.GRUCell(4, 10), one step")
def _(g):
    return nn.GRUCell(4, 10), (randn(g, 6, 4), randn(g, 6, 10))


@entry("t_lstm_cell", "function", "nn.LSTMCell(5, 7), one step, returns (h, c)")
def _(g):
    cell = nn.LSTMCell(5, 7)
    return Fn(lambda x, h, c: cell(x, (h, c)), cell=cell), (randn(g, 3, 5), randn(g, 3, 7), randn(g, 3, 7))


@entry("t_rnn_cell", "function", "nn.RNNCell(5, 6, nonlinearity='tanh')")
def _(g):
    return nn.RNNCell(5, 6), (randn(g, 3, 5), randn(g, 3, 6))


@entry("t_gelu", "function", "nn.GELU() (erf) and nn.GELU('tanh')")
def _(g):
    return Fn(lambda x: (F.gelu(x), F.gelu(x, approximate="tanh"))), (randn(g, 5, 7, scale=2),)


@entry("t_softmax", "function", "nn.Softmax(dim=-1) and nn.LogSoftmax(dim=1)")
def _(g):
    return Fn(lambda x: (F.softmax(x, -1), F.log_softmax(x, 1))), (randn(g, 6, 10, scale=3),)


@entry("t_activations", "function", "SiLU, Hardswish, ELU, LeakyReLU, Softplus, Mish, Hardsigmoid, Tanh, ReLU6")
def _(g):
    return Fn(lambda x: (F.silu(x), F.hardswish(x), F.elu(x), F.leaky_relu(x, 0.1), F.softplus(x),
                         F.mish(x), F.hardsigmoid(x), torch.tanh(x), F.relu6(x * 4))), (
        randn(g, 6, 5, scale=2),)


@entry("t_maxpool2d", "function", "nn.MaxPool2d(3, stride=2, padding=1)")
def _(g):
    return nn.MaxPool2d(3, stride=2, padding=1), (randn(g, 2, 3, 7, 7),)


@entry("t_avgpool2d", "function", "nn.AvgPool2d(2) and nn.AdaptiveAvgPool2d(1)")
def _(g):
    return Fn(lambda x: (F.avg_pool2d(x, 2), F.adaptive_avg_pool2d(x, 1))), (randn(g, 3, 5, 6, 6),)


@entry("t_maxpool1d", "function", "nn.MaxPool1d(2) and nn.AvgPool1d(3, stride=2)")
def _(g):
    return Fn(lambda x: (F.max_pool1d(x, 2), F.avg_pool1d(x, 3, stride=2))), (randn(g, 2, 3, 9),)


# ---------------------------------------------------------------------------
# Functions: tensor operations.


@entry("t_bmm_einsum", "function", "torch.bmm and torch.einsum('bqd,bkd->bqk')")
def _(g):
    return Fn(lambda a, b: (torch.bmm(a, b.transpose(1, 2)), torch.einsum("bqd,bkd->bqk", a, b))), (
        randn(g, 3, 5, 4), randn(g, 3, 7, 4))


@entry("t_var_std_mean", "function", "torch.var, torch.std (unbiased), mean over dims")
def _(g):
    return Fn(lambda x: (torch.var(x, 0), torch.std(x, 1), x.mean((0, 1)))), (randn(g, 7, 5, 3),)


@entry("t_reductions", "function", "sum, amax, amin, prod, logsumexp")
def _(g):
    return Fn(lambda x: (x.sum(1), x.amax(0), x.amin(1), x.prod(1), torch.logsumexp(x, 1))), (
        randn(g, 6, 5),)


@entry("t_argmax", "function", "torch.argmax (int64 result)")
def _(g):
    return Fn(lambda x: torch.argmax(x, 1)), (randn(g, 6, 7),)


@entry("t_cumsum", "function", "torch.cumsum along dim 1")
def _(g):
    return Fn(lambda x: torch.cumsum(x, 1)), (randn(g, 5, 6),)


@entry("t_topk", "function", "torch.topk(k=3) values and indices")
def _(g):
    return Fn(lambda x: torch.topk(x, 3)), (randn(g, 5, 8),)


@entry("t_sort", "function", "torch.sort along the last dim")
def _(g):
    return Fn(lambda x: torch.sort(x, -1)[0]), (randn(g, 4, 7),)


@entry("t_masked_fill_tril", "function", "causal masked_fill from torch.tril(ones) and softmax")
def _(g):
    def fn(s):
        n = s.shape[-1]
        mask = torch.tril(torch.ones(n, n, dtype=torch.bool))
        return F.softmax(s.masked_fill(~mask, float("-inf")), -1)

    return Fn(fn), (randn(g, 2, 6, 6),)


@entry("t_where_clamp", "function", "torch.where, torch.clamp, torch.abs, torch.sign")
def _(g):
    return Fn(lambda x, y: (torch.where(x > 0.2, x, 0.1 * y), torch.clamp(x, -0.5, 0.7),
                            torch.abs(x) * torch.sign(y))), (randn(g, 6, 7), randn(g, 6, 7))


@entry("t_round_floor", "function", "torch.round (half to even), floor, ceil, trunc")
def _(g):
    x = torch.tensor([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.49, -3.51, 0.0, 7.2, -7.8, 100.5]).reshape(3, 4)
    return Fn(lambda x: (torch.round(x), torch.floor(x), torch.ceil(x), torch.trunc(x))), (x,)


@entry("t_atan2", "function", "torch.atan2 in all four quadrants")
def _(g):
    y = torch.tensor([1.0, 1, -1, -1, 0, 0, 2, -0.5])
    x = torch.tensor([1.0, -1, 1, -1, 1, -1, 0, 0])
    return Fn(torch.atan2), (y, x)


@entry("t_float_to_int", "function", "float -> int32 and int64 (truncation toward zero, in range)")
def _(g):
    x = torch.tensor([2.5, -2.5, 3.7, -3.7, 0.0, 1e6, -1e6, 123.99])
    return Fn(lambda x: (x.to(torch.int32), x.to(torch.int64))), (x,)


@entry("t_int_to_float", "function", "int64 -> float32 (values past 2^24 and 2^31) and int64 arithmetic")
def _(g):
    # torch-mlir 20261001 exports an int64 add as cast to i32, add, cast back
    # (its TOSA has no 64-bit add), so the arithmetic stays within i32 here:
    # with 3e9 * 3 + 1 the exported graph itself wraps (docs/corpus.md).
    i = torch.tensor([0, 1, -1, 16777217, -5, 3000000000, 7, 12])
    j = torch.tensor([0, 1, -1, 700000000, -5, -700000000, 7, 12])
    return Fn(lambda i, j: (i.to(torch.float32), j * 3 + 1)), (i, j)


@entry("t_bool_result", "function", "comparisons returned as bool tensors")
def _(g):
    return Fn(lambda x, y: (x > y, torch.logical_and(x > 0, y > 0))), (randn(g, 5, 6), randn(g, 5, 6))


@entry("t_one_hot", "function", "F.one_hot (int64 result) and its float cast")
def _(g):
    return Fn(lambda t: (F.one_hot(t, 7), F.one_hot(t, 7).float() * 2)), (randint(g, 0, 7, 2, 5),)


@entry("t_flip", "function", "torch.flip along one and two dims")
def _(g):
    return Fn(lambda x: (torch.flip(x, [1]), torch.flip(x, [0, 2]))), (randn(g, 3, 5, 4),)


@entry("t_roll", "function", "torch.roll along dim 1")
def _(g):
    return Fn(lambda x: torch.roll(x, 2, 1)), (randn(g, 3, 5, 4),)


@entry("t_pad_cat", "function", "F.pad (constant, reflect, replicate) and torch.cat")
def _(g):
    return Fn(lambda x, y: (F.pad(x, (1, 2, 0, 1)), F.pad(x, (2, 1), mode="reflect"),
                            F.pad(x, (1, 1), mode="replicate"), torch.cat([x, y], 1))), (
        randn(g, 2, 3, 6), randn(g, 2, 4, 6))


@entry("t_interpolate", "function", "F.interpolate nearest (x2) and bilinear (align_corners=False)")
def _(g):
    return Fn(lambda x: (F.interpolate(x, scale_factor=2, mode="nearest"),
                         F.interpolate(x, size=(7, 5), mode="bilinear", align_corners=False))), (
        randn(g, 1, 2, 3, 4),)


@entry("t_cross_entropy", "function", "F.cross_entropy with int64 targets (mean)")
def _(g):
    return Fn(lambda x, t: F.cross_entropy(x, t)), (randn(g, 6, 5), randint(g, 0, 5, 6))


@entry("t_gather_index_select", "function", "torch.gather along dim 1 and index_select")
def _(g):
    return Fn(lambda x, i: (torch.gather(x, 1, i), torch.index_select(x, 0, i[:, 0]))), (
        randn(g, 5, 6), randint(g, 0, 5, 5, 3))


@entry("t_elementwise_math", "function", "exp, log, sqrt, rsqrt, sin, cos, pow, reciprocal, erf")
def _(g):
    def fn(x):
        y = x.abs() + 0.1
        return (torch.exp(x), torch.log(y), torch.sqrt(y), torch.rsqrt(y), torch.sin(x), torch.cos(x),
                torch.pow(y, 1.5), torch.reciprocal(y), torch.erf(x), x ** 3)

    return Fn(fn), (randn(g, 5, 6),)


@entry("t_pixel_shuffle", "function", "nn.PixelShuffle(2)")
def _(g):
    return nn.PixelShuffle(2), (randn(g, 1, 8, 3, 3),)


# ---------------------------------------------------------------------------
# Models.


@entry("m_t_mlp", "model", "MLP 10-30-30-5 with ReLU, batch 6")
def _(g):
    return nn.Sequential(nn.Linear(10, 30), nn.ReLU(), nn.Linear(30, 30), nn.ReLU(), nn.Linear(30, 5)), (
        randn(g, 6, 10),)


@entry("m_t_lenet", "model", "LeNet-style CNN: conv-ReLU-maxpool x2, flatten, two linear layers")
def _(g):
    m = nn.Sequential(nn.Conv2d(1, 4, 3), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(4, 6, 3), nn.ReLU(),
                      nn.MaxPool2d(2), nn.Flatten(), nn.Linear(6 * 2 * 2, 10), nn.ReLU(), nn.Linear(10, 3))
    return m, (randn(g, 3, 1, 14, 14),)


class BasicBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(c)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(c)

    def forward(self, x):
        return F.relu(x + self.bn2(self.conv2(F.relu(self.bn1(self.conv1(x))))))


@entry("m_t_resnet_bn", "model", "BatchNorm ResNet: stem, two basic blocks, global average pool, linear")
def _(g):
    class ResNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = nn.Sequential(nn.Conv2d(3, 6, 3, padding=1, bias=False), nn.BatchNorm2d(6), nn.ReLU())
            self.blocks = nn.Sequential(BasicBlock(6), BasicBlock(6))
            self.fc = nn.Linear(6, 5)

        def forward(self, x):
            return self.fc(F.adaptive_avg_pool2d(self.blocks(self.stem(x)), 1).flatten(1))

    return init_bn(ResNet(), g), (randn(g, 3, 3, 6, 6),)


@entry("m_t_transformer_encoder", "model", "nn.TransformerEncoderLayer(d_model=10, nhead=2, dim_feedforward=14)")
def _(g):
    return nn.TransformerEncoderLayer(10, 2, 14, dropout=0.0, batch_first=True), (randn(g, 3, 5, 10),)


@entry("m_t_gpt2_block", "model", "GPT-2 block: embeddings, pre-LN causal attention (3 heads), GELU MLP, tied logits")
def _(g):
    class GPT2(nn.Module):
        def __init__(self, v=13, s=7, d=12, h=3):
            super().__init__()
            self.h = h
            self.wte, self.wpe = nn.Embedding(v, d), nn.Embedding(s, d)
            self.ln1, self.ln2, self.lnf = nn.LayerNorm(d), nn.LayerNorm(d), nn.LayerNorm(d)
            self.attn, self.proj = nn.Linear(d, 3 * d), nn.Linear(d, d)
            self.fc, self.out = nn.Linear(d, 4 * d), nn.Linear(4 * d, d)

        def forward(self, tokens):
            b, s = tokens.shape
            d = self.wte.weight.shape[1]
            x = self.wte(tokens) + self.wpe(torch.arange(s))
            q, k, v = self.attn(self.ln1(x)).split(d, -1)
            q, k, v = (t.view(b, s, self.h, d // self.h).transpose(1, 2) for t in (q, k, v))
            a = (q @ k.transpose(-1, -2)) / (d // self.h) ** 0.5
            a = a.masked_fill(~torch.tril(torch.ones(s, s, dtype=torch.bool)), float("-inf"))
            o = (F.softmax(a, -1) @ v).transpose(1, 2).reshape(b, s, d)
            x = x + self.proj(o)
            x = x + self.out(F.gelu(self.fc(self.ln2(x)), approximate="tanh"))
            return self.lnf(x) @ self.wte.weight.T

    return GPT2(), (randint(g, 0, 13, 2, 7),)


@entry("m_t_gru_unrolled", "model", "nn.GRUCell unrolled over 5 steps, batch 6, hidden 10, linear head")
def _(g):
    class GRU(nn.Module):
        def __init__(self):
            super().__init__()
            self.cell, self.head = nn.GRUCell(4, 10), nn.Linear(10, 3)

        def forward(self, xs):
            h = torch.zeros(xs.shape[1], 10)
            for t in range(xs.shape[0]):
                h = self.cell(xs[t], h)
            return self.head(h)

    return GRU(), (randn(g, 5, 6, 4),)


@entry("m_t_lstm_unrolled", "model", "nn.LSTMCell unrolled over 4 steps, batch 3, hidden 7, all hidden states")
def _(g):
    class LSTM(nn.Module):
        def __init__(self):
            super().__init__()
            self.cell = nn.LSTMCell(5, 7)

        def forward(self, xs):
            h = c = torch.zeros(xs.shape[1], 7)
            hs = []
            for t in range(xs.shape[0]):
                h, c = self.cell(xs[t], (h, c))
                hs.append(h)
            return torch.stack(hs), c

    return LSTM(), (randn(g, 4, 3, 5),)


@entry("m_t_embedding_bag_clf", "model",
       "bag-of-embeddings text classifier (nn.Embedding + mean over the bag, as nn.EmbeddingBag "
       "does not export), hidden layer")
def _(g):
    class Clf(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(17, 6)
            self.mlp = nn.Sequential(nn.Linear(6, 9), nn.Tanh(), nn.Linear(9, 4))

        def forward(self, tokens):
            return self.mlp(self.emb(tokens).mean(1))

    return Clf(), (randint(g, 0, 17, 5, 3),)


@entry("m_t_conv1d_net", "model", "1-D CNN: embedding, two Conv1d + ReLU, max over time, linear")
def _(g):
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(15, 5)
            self.c1, self.c2 = nn.Conv1d(5, 7, 3), nn.Conv1d(7, 6, 3, padding=1)
            self.fc = nn.Linear(6, 3)

        def forward(self, tokens):
            h = self.emb(tokens).transpose(1, 2)
            h = F.relu(self.c2(F.relu(self.c1(h))))
            return self.fc(h.amax(-1))

    return Net(), (randint(g, 0, 15, 3, 9),)


@entry("m_t_mha_block", "model", "nn.MultiheadAttention + LayerNorm + GELU feed-forward with residuals")
def _(g):
    class Block(nn.Module):
        def __init__(self, d=10):
            super().__init__()
            self.mha = nn.MultiheadAttention(d, 2, batch_first=True)
            self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
            self.ff = nn.Sequential(nn.Linear(d, 14), nn.GELU(), nn.Linear(14, d))

        def forward(self, x):
            y = self.ln1(x)
            x = x + self.mha(y, y, y, need_weights=False)[0]
            return x + self.ff(self.ln2(x))

    return Block(), (randn(g, 2, 6, 10),)


@entry("m_t_mobilenet_block", "model", "MobileNetV2 inverted residual: 1x1 expand, depthwise 3x3, 1x1 project, BN, ReLU6")
def _(g):
    class Block(nn.Module):
        def __init__(self, c=4, e=12):
            super().__init__()
            self.body = nn.Sequential(
                nn.Conv2d(c, e, 1, bias=False), nn.BatchNorm2d(e), nn.ReLU6(),
                nn.Conv2d(e, e, 3, padding=1, groups=e, bias=False), nn.BatchNorm2d(e), nn.ReLU6(),
                nn.Conv2d(e, c, 1, bias=False), nn.BatchNorm2d(c))

        def forward(self, x):
            return x + self.body(x)

    return init_bn(Block(), g), (randn(g, 2, 4, 5, 5),)


@entry("m_t_unet_tiny", "model", "tiny U-Net: conv, max pool, conv, nearest upsample (repeat_interleave), skip concat, conv")
def _(g):
    class UNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.d = nn.Conv2d(2, 4, 3, padding=1)
            self.m = nn.Conv2d(4, 4, 3, padding=1)
            self.u = nn.Conv2d(8, 3, 3, padding=1)

        def forward(self, x):
            a = F.relu(self.d(x))
            b = F.relu(self.m(F.max_pool2d(a, 2)))
            up = b.repeat_interleave(2, 2).repeat_interleave(2, 3)  # nearest x2 (F.interpolate does not export)
            return self.u(torch.cat([a, up], 1))

    return UNet(), (randn(g, 1, 2, 6, 6),)
