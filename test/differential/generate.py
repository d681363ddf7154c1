"""Random small tensor programs for difftest.py.

  program = generate(random.Random(...), dialect)    # "linalg", "tosa", "mixed"
  program.text    the module: one public @main on static f32 tensors
  program.ops     the op kinds in program order, e.g. ["matmul", "tanh", "reduce"]
  program.args    the argument shapes; program.results the result shapes
  generate(rng, dialect, loss=True)   the same, returning one scalar loss
                                      (for --tofu-autodiff: a training step)

Each program is a short chain (1 to 6 ops) whose operands are mostly the
previous op's result, so that the plan has to carry layouts from op to op;
other operands are new arguments (weights are marked tofu.param, which the
data-parallel strategy reads). Dimensions are drawn mostly from sizes that
2..8 ranks do not divide (padded splits). Every value nothing consumes is
returned, so no op is dead. Values stay within a few units (weights and
inputs are uniform(-1, 1), no exp or division), so that fp32 rounding, not
overflow, is all that separates a partitioned run from the reference.
"""
import math

# Mostly sizes that 2..8 do not divide; 1 for broadcasts and unit dims.
DIMS = [1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 17]
DIM_WEIGHTS = [2, 3, 5, 3, 6, 4, 6, 5, 3, 5, 3, 5, 2, 4, 3]
MAX_ELEMENTS = 2400


def type_of(shape):
    return "tensor<" + "".join(f"{d}x" for d in shape) + "f32>"


def numel(shape):
    return math.prod(shape)


class Value:
    def __init__(self, name, shape):
        self.name, self.shape = name, tuple(shape)
        self.used = False

    @property
    def type(self):
        return type_of(self.shape)


class NoOperand(Exception):
    """No value fits the op being generated."""


class Builder:
    """Collects arguments, body lines and live values of one program."""

    def __init__(self, rng):
        self.rng = rng
        self.args, self.lines, self.values, self.ops = [], [], [], []
        self.counter = 0
        self.chain, self.pending = False, []

    def fresh(self, prefix="v"):
        self.counter += 1
        return f"%{prefix}{self.counter}"

    def dim(self, lo=1):
        while True:
            d = self.rng.choices(DIMS, DIM_WEIGHTS)[0]
            if d >= lo:
                return d

    def shape(self, rank, lo=1):
        while True:
            s = tuple(self.dim(lo) for _ in range(rank))
            if numel(s) <= MAX_ELEMENTS:
                return s

    def arg(self, shape, param=False):
        v = Value(f"%a{len(self.args)}", shape)
        v.param = param
        self.args.append(v)
        return v

    def pick(self, ok, rank=None, fresh_shape=None, lo=1):
        """An operand that `ok` accepts. In a chain step only the latest
        value will do (NoOperand otherwise, and another op kind is drawn);
        else most often a live value, sometimes a new argument of
        `fresh_shape` (or of a random shape of `rank`)."""
        if self.chain and self.values:
            if not ok(self.values[-1]):
                raise NoOperand()
            return self.use(self.values[-1])
        fits = [v for v in self.values if ok(v)]
        if fits and self.rng.random() < 0.8:
            return self.use(self.rng.choice(fits))
        v = self.arg(fresh_shape or self.shape(rank, lo))
        if not ok(v):
            raise NoOperand()
        return self.use(v)

    def use(self, v):
        """Marks `v` consumed once the op being built is kept."""
        self.pending.append(v)
        return v

    def attempt(self, gen):
        """Runs one op generator; undoes what it emitted if it gives up."""
        mark = (len(self.args), len(self.lines), len(self.values), len(self.ops))
        self.pending = []
        try:
            made = gen(self)
        except NoOperand:
            made = None
        if made is None:
            del self.args[mark[0]:], self.lines[mark[1]:]
            del self.values[mark[2]:], self.ops[mark[3]:]
            return False
        for v in self.pending:
            v.used = True
        return True

    def emit(self, line):
        self.lines.append("    " + line)

    def result(self, kind, shape, line):
        """Emits `%new = line` and makes it a live value."""
        v = Value(self.fresh(), shape)
        self.emit(f"{v.name} = {line}")
        self.values.append(v)
        self.ops.append(kind)
        return v

    def adopt(self, kind, name, shape):
        """Makes `name`, defined by lines already emitted, a live value."""
        v = Value(name, shape)
        self.values.append(v)
        self.ops.append(kind)
        return v

    def reduce(self, x, init, shape, dims, combiner):
        """Emits linalg.reduce of x over `dims` into `init`; returns its name."""
        name = self.fresh()
        self.emit(f"{name} = linalg.reduce ins({x.name} : {x.type}) outs({init} : "
                  f"{type_of(shape)}) dimensions = {ilist(dims)}")
        self.emit("  (%in: f32, %acc: f32) {")
        self.emit(f"    %r = arith.{combiner} %in, %acc : f32")
        self.emit("    linalg.yield %r : f32")
        self.emit("  }")
        return name

    def const(self, value):
        name = self.fresh("c")
        self.emit(f"{name} = arith.constant {value} : f32")
        return name

    def filled(self, shape, value):
        """tensor.empty, filled with `value` (a float literal) unless None."""
        empty = self.fresh("e")
        self.emit(f"{empty} = tensor.empty() : {type_of(shape)}")
        if value is None:
            return empty
        c = self.const(value)
        name = self.fresh("f")
        self.emit(f"{name} = linalg.fill ins({c} : f32) outs({empty} : {type_of(shape)})"
                  f" -> {type_of(shape)}")
        return name

    def tosa_zero(self):
        name = self.fresh("zp")
        self.emit(f'{name} = "tosa.const"() <{{values = dense<0.0> : tensor<1xf32>}}>'
                  " : () -> tensor<1xf32>")
        return name

    def tosa_shape(self, values):
        name = self.fresh("s")
        vals = ", ".join(str(v) for v in values)
        self.emit(f"{name} = tosa.const_shape {{values = dense<[{vals}]> : "
                  f"tensor<{len(values)}xindex>}} : () -> !tosa.shape<{len(values)}>")
        return name


def parallel(rank):
    return ", ".join(['"parallel"'] * rank)


def ilist(xs):
    return "[" + ", ".join(str(x) for x in xs) + "]"


def maps_attr(ranks_exprs, rank):
    dims = ", ".join(f"d{i}" for i in range(rank))
    return ", ".join(f"affine_map<({dims}) -> ({', '.join(e)})>" for e in ranks_exprs)


# ---------------------------------------------------------------- linalg ops


def lin_matmul(b):
    a = b.pick(lambda v: len(v.shape) == 2, rank=2)
    m, k = a.shape
    n = b.dim()
    if m * n > MAX_ELEMENTS:
        return None
    w = b.arg((k, n), param=True)
    out = b.filled((m, n), "0.0")
    t = type_of((m, n))
    return b.result("matmul", (m, n), f"linalg.matmul ins({a.name}, {w.name} : {a.type}, "
                    f"{w.type}) outs({out} : {t}) -> {t}")


def batched_operands(b):
    """(a, a new weight w, shape) of a batched product a[B, M, K] x w[B, K, N],
    or None if it would be too large."""
    a = b.pick(lambda v: len(v.shape) == 3, rank=3)
    bt, m, k = a.shape
    n = b.dim()
    if bt * m * n > MAX_ELEMENTS:
        return None
    return a, b.arg((bt, k, n), param=True), (bt, m, n)


def lin_batch_matmul(b):
    operands = batched_operands(b)
    if operands is None:
        return None
    a, w, shape = operands
    out = b.filled(shape, "0.0")
    t = type_of(shape)
    return b.result("batch_matmul", shape, f"linalg.batch_matmul ins({a.name}, {w.name} : "
                    f"{a.type}, {w.type}) outs({out} : {t}) -> {t}")


def window(b, size):
    """(kernel, stride, dilation) of a window that fits in `size`."""
    k = b.rng.choice([1, 2, 3])
    s = b.rng.choice([1, 1, 2])
    d = b.rng.choice([1, 1, 1, 2])
    while d * (k - 1) + 1 > size:
        k, d = max(1, k - 1), 1
    return k, s, d


def out_size(size, k, s, d, pad=0):
    return (size + pad - d * (k - 1) - 1) // s + 1


def lin_conv(b):
    x = b.pick(lambda v: len(v.shape) == 4 and v.shape[2] >= 2 and v.shape[3] >= 2,
               fresh_shape=(b.dim(), b.rng.choice([1, 2, 3]), b.dim(3), b.dim(3)))
    n, c, h, w = x.shape
    kh, sh, dh = window(b, h)
    kw, sw, dw = window(b, w)
    f = b.rng.choice([1, 2, 3, 4, 5])
    shape = (n, f, out_size(h, kh, sh, dh), out_size(w, kw, sw, dw))
    if numel(shape) > MAX_ELEMENTS:
        return None
    filt = b.arg((f, c, kh, kw), param=True)
    out = b.filled(shape, "0.0")
    t = type_of(shape)
    return b.result("conv", shape, "linalg.conv_2d_nchw_fchw {strides = dense<"
                    f"{ilist([sh, sw])}> : tensor<2xi64>, dilations = dense<{ilist([dh, dw])}>"
                    f" : tensor<2xi64>}} ins({x.name}, {filt.name} : {x.type}, {filt.type}) "
                    f"outs({out} : {t}) -> {t}")


def lin_pool(b):
    x = b.pick(lambda v: len(v.shape) == 4 and v.shape[2] >= 2 and v.shape[3] >= 2,
               fresh_shape=(b.dim(), b.dim(), b.dim(3), b.dim(3)))
    n, c, h, w = x.shape
    kh, sh, dh = window(b, h)
    kw, sw, dw = window(b, w)
    kind = b.rng.choice(["max", "sum"])
    shape = (n, c, out_size(h, kh, sh, dh), out_size(w, kw, sw, dw))
    out = b.filled(shape, "0xFF800000" if kind == "max" else "0.0")
    win = b.filled((kh, kw), None)
    t = type_of(shape)
    return b.result(f"pool_{kind}", shape, f"linalg.pooling_nchw_{kind} {{strides = dense<"
                    f"{ilist([sh, sw])}> : tensor<2xi64>, dilations = dense<{ilist([dh, dw])}>"
                    f" : tensor<2xi64>}} ins({x.name}, {win} : {x.type}, {type_of((kh, kw))}) "
                    f"outs({out} : {t}) -> {t}")


def lin_unary(b):
    x = b.pick(lambda v: len(v.shape) >= 1, rank=b.rng.randint(1, 3))
    kind = b.rng.choice(["tanh", "abs", "negf", "relu"])
    out = b.filled(x.shape, None)
    if kind != "relu":
        return b.result(kind, x.shape, f"linalg.{kind} ins({x.name} : {x.type}) outs({out} : "
                        f"{x.type}) -> {x.type}")
    rank = len(x.shape)
    ident = [f"d{i}" for i in range(rank)]
    zero = b.const("0.0")
    name = b.fresh()
    b.emit(f"{name} = linalg.generic {{indexing_maps = [{maps_attr([ident, ident], rank)}], "
           f"iterator_types = [{parallel(rank)}]}} ins({x.name} : {x.type})"
           f" outs({out} : {x.type}) {{")
    b.emit(f"^bb0(%in: f32, %o: f32):")
    b.emit(f"  %r = arith.maximumf %in, {zero} : f32")
    b.emit("  linalg.yield %r : f32")
    b.emit(f"}} -> {x.type}")
    return b.adopt("relu", name, x.shape)


def same_shape_operand(b, x):
    """Another live value of x's shape, or a new argument."""
    others = [v for v in b.values if v.shape == x.shape and v is not x]
    if others and b.rng.random() < 0.5:
        y = b.rng.choice(others)
    else:
        y = b.arg(x.shape, param=b.rng.random() < 0.3)
    return b.use(y)


def lin_binary(b):
    x = b.pick(lambda v: len(v.shape) >= 1, rank=b.rng.randint(1, 3))
    y = same_shape_operand(b, x)
    kind = b.rng.choice(["add", "sub", "mul", "max"])
    out = b.filled(x.shape, None)
    return b.result(kind, x.shape, f"linalg.{kind} ins({x.name}, {y.name} : {x.type}, "
                    f"{y.type}) outs({out} : {x.type}) -> {x.type}")


def lin_bias(b):
    """x + bias (or x * scale) with the bias on some of x's dimensions."""
    x = b.pick(lambda v: len(v.shape) >= 2, rank=b.rng.randint(2, 4))
    rank = len(x.shape)
    keep = sorted(b.rng.sample(range(rank), b.rng.randint(1, rank - 1)))
    bias = b.arg(tuple(x.shape[i] for i in keep), param=True)
    ident = [f"d{i}" for i in range(rank)]
    sub = [f"d{i}" for i in keep]
    op = b.rng.choice(["addf", "mulf"])
    out = b.filled(x.shape, None)
    name = b.fresh()
    b.emit(f"{name} = linalg.generic {{indexing_maps = [{maps_attr([ident, sub, ident], rank)}],"
           f" iterator_types = [{parallel(rank)}]}} ins({x.name}, "
           f"{bias.name} : {x.type}, {bias.type}) outs({out} : {x.type}) {{")
    b.emit("^bb0(%p: f32, %q: f32, %o: f32):")
    b.emit(f"  %r = arith.{op} %p, %q : f32")
    b.emit("  linalg.yield %r : f32")
    b.emit(f"}} -> {x.type}")
    return b.adopt(f"bias_{op[:-1]}", name, x.shape)


def lin_broadcast(b):
    x = b.pick(lambda v: 1 <= len(v.shape) <= 3, rank=b.rng.randint(1, 2))
    rank = len(x.shape) + 1
    where = b.rng.randrange(rank)
    shape = list(x.shape)
    shape.insert(where, b.dim())
    if numel(shape) > MAX_ELEMENTS:
        return None
    out = b.filled(shape, None)
    t = type_of(shape)
    return b.result("broadcast", shape, f"linalg.broadcast ins({x.name} : {x.type}) outs({out}"
                    f" : {t}) dimensions = [{where}]")


def lin_reduce(b):
    x = b.pick(lambda v: len(v.shape) >= 1, rank=b.rng.randint(1, 3))
    rank = len(x.shape)
    dims = sorted(b.rng.sample(range(rank), b.rng.randint(1, rank)))
    shape = tuple(d for i, d in enumerate(x.shape) if i not in dims)
    kind = b.rng.choice(["sum", "max"])
    init = b.filled(shape, "0xFF800000" if kind == "max" else "0.0")
    name = b.reduce(x, init, shape, dims, "addf" if kind == "sum" else "maximumf")
    return b.adopt(f"reduce_{kind}", name, shape)


def transpose_operand(b):
    """(x, a permutation other than the identity, the permuted shape)."""
    x = b.pick(lambda v: len(v.shape) >= 2, rank=b.rng.randint(2, 4))
    perm = list(range(len(x.shape)))
    while perm == sorted(perm):
        b.rng.shuffle(perm)
    return x, perm, tuple(x.shape[p] for p in perm)


def lin_transpose(b):
    x, perm, shape = transpose_operand(b)
    out = b.filled(shape, None)
    t = type_of(shape)
    return b.result("transpose", shape, f"linalg.transpose ins({x.name} : {x.type}) outs({out}"
                    f" : {t}) permutation = {ilist(perm)}")


def groups_text(groups):
    return "[" + ", ".join(ilist(g) for g in groups) + "]"


def lin_collapse(b):
    x = b.pick(lambda v: len(v.shape) >= 2, rank=b.rng.randint(2, 4))
    rank = len(x.shape)
    start = b.rng.randrange(rank - 1)
    end = b.rng.randint(start + 2, rank)
    groups = [[i] for i in range(start)] + [list(range(start, end))]
    groups += [[i] for i in range(end, rank)]
    shape = tuple(numel([x.shape[i] for i in g]) for g in groups)
    return b.result("collapse", shape, f"tensor.collapse_shape {x.name} {groups_text(groups)} :"
                    f" {x.type} into {type_of(shape)}")


def split_factors(rng, n):
    """n as a product of two factors (one of them may be 1)."""
    divisors = [d for d in range(1, n + 1) if n % d == 0]
    proper = [d for d in divisors if 1 < d < n]
    d = rng.choice(proper) if proper and rng.random() < 0.8 else rng.choice([1, n])
    return [d, n // d]


def lin_expand(b):
    x = b.pick(lambda v: 1 <= len(v.shape) <= 3, rank=b.rng.randint(1, 3))
    rank = len(x.shape)
    at = b.rng.randrange(rank)
    groups, shape, nxt = [], [], 0
    for i, d in enumerate(x.shape):
        parts = split_factors(b.rng, d) if i == at else [d]
        groups.append(list(range(nxt, nxt + len(parts))))
        shape += parts
        nxt += len(parts)
    return b.result("expand", shape, f"tensor.expand_shape {x.name} {groups_text(groups)} "
                    f"output_shape {ilist(shape)} : {x.type} into {type_of(shape)}")


def slice_params(b, shape, strided=True):
    offsets, sizes, strides = [], [], []
    for d in shape:
        s = 2 if strided and d >= 3 and b.rng.random() < 0.2 else 1
        size = b.rng.randint(1, (d - 1) // s + 1)
        off = b.rng.randint(0, d - (size - 1) * s - 1)
        if b.rng.random() < 0.3:
            size, off, s = d, 0, 1
        offsets.append(off)
        sizes.append(size)
        strides.append(s)
    return offsets, sizes, strides


def lin_slice(b):
    x = b.pick(lambda v: len(v.shape) >= 1 and numel(v.shape) > 1, rank=b.rng.randint(1, 3))
    offsets, sizes, strides = slice_params(b, x.shape)
    return b.result("slice", sizes, f"tensor.extract_slice {x.name}{ilist(offsets)} "
                    f"{ilist(sizes)} {ilist(strides)} : {x.type} to {type_of(sizes)}")


def lin_insert(b):
    x = b.pick(lambda v: len(v.shape) >= 1, rank=b.rng.randint(1, 3))
    dest_shape = tuple(d + b.rng.choice([0, 0, 1, 2, 3]) for d in x.shape)
    if numel(dest_shape) > MAX_ELEMENTS:
        return None
    dest = b.arg(dest_shape)
    b.use(dest)
    offsets = [b.rng.randint(0, dd - d) for d, dd in zip(x.shape, dest_shape)]
    ones = [1] * len(x.shape)
    return b.result("insert", dest_shape, f"tensor.insert_slice {x.name} into {dest.name}"
                    f"{ilist(offsets)} {ilist(list(x.shape))} {ilist(ones)} : {x.type} into "
                    f"{dest.type}")


def lin_pad(b):
    x = b.pick(lambda v: len(v.shape) >= 1, rank=b.rng.randint(1, 3))
    low = [b.rng.choice([0, 0, 1, 2]) for _ in x.shape]
    high = [b.rng.choice([0, 0, 1, 3]) for _ in x.shape]
    shape = tuple(d + lo + hi for d, lo, hi in zip(x.shape, low, high))
    if numel(shape) > MAX_ELEMENTS:
        return None
    c = b.const(b.rng.choice(["0.0", "0.5"]))
    name = b.fresh()
    idx = ", ".join(f"%i{i}: index" for i in range(len(shape)))
    b.emit(f"{name} = tensor.pad {x.name} low{ilist(low)} high{ilist(high)} {{")
    b.emit(f"^bb0({idx}):")
    b.emit(f"  tensor.yield {c} : f32")
    b.emit(f"}} : {x.type} to {type_of(shape)}")
    return b.adopt("pad", name, shape)


def concat_operands(b):
    """(x, a new argument y, axis, shape) of a concatenation of x and y,
    or None if it would be too large."""
    x = b.pick(lambda v: len(v.shape) >= 1, rank=b.rng.randint(1, 3))
    axis = b.rng.randrange(len(x.shape))
    other = list(x.shape)
    other[axis] = b.dim()
    shape = list(x.shape)
    shape[axis] += other[axis]
    if numel(shape) > MAX_ELEMENTS:
        return None
    return x, b.use(b.arg(other)), axis, shape


def lin_concat(b):
    operands = concat_operands(b)
    if operands is None:
        return None
    x, y, axis, shape = operands
    first, second = (x, y) if b.rng.random() < 0.5 else (y, x)
    return b.result("concat", shape, f"tensor.concat dim({axis}) {first.name}, {second.name} : "
                    f"({first.type}, {second.type}) -> {type_of(shape)}")


LINALG = [(lin_matmul, 4), (lin_batch_matmul, 2), (lin_conv, 2), (lin_pool, 1),
          (lin_unary, 3), (lin_binary, 3), (lin_bias, 2), (lin_broadcast, 2),
          (lin_reduce, 3), (lin_transpose, 2), (lin_collapse, 2), (lin_expand, 2),
          (lin_slice, 2), (lin_insert, 1), (lin_pad, 1), (lin_concat, 1)]

# ------------------------------------------------------------------ TOSA ops


def tosa_matmul(b):
    operands = batched_operands(b)
    if operands is None:
        return None
    a, w, shape = operands
    zp = b.tosa_zero()
    return b.result("tosa.matmul", shape, f"tosa.matmul {a.name}, {w.name}, {zp}, {zp} : "
                    f"({a.type}, {w.type}, tensor<1xf32>, tensor<1xf32>) -> {type_of(shape)}")


def tosa_window(b, size):
    """(kernel, stride, dilation, pad_before, pad_after) with an exact
    output size, as TOSA requires."""
    k, s, d = window(b, size)
    before = b.rng.choice([0, 0, 1]) if k > 1 else 0
    for after in range(0, k):
        if (size - 1 + before + after - (k - 1) * d) % s == 0:
            return k, s, d, before, after
    return k, 1, d, before, 0


def tosa_conv(b):
    x = b.pick(lambda v: len(v.shape) == 4 and v.shape[1] >= 2 and v.shape[2] >= 2,
               fresh_shape=(b.dim(), b.dim(3), b.dim(3), b.rng.choice([1, 2, 3])))
    n, h, w, c = x.shape
    kh, sh, dh, pt, pb = tosa_window(b, h)
    kw, sw, dw, pl, pr = tosa_window(b, w)
    f = b.rng.choice([1, 2, 3, 4, 5])
    shape = (n, out_size(h, kh, sh, dh, pt + pb), out_size(w, kw, sw, dw, pl + pr), f)
    if numel(shape) > MAX_ELEMENTS:
        return None
    filt = b.arg((f, kh, kw, c), param=True)
    bias = b.arg((f,), param=True)
    zp = b.tosa_zero()
    return b.result("tosa.conv2d", shape, f"tosa.conv2d {x.name}, {filt.name}, {bias.name}, "
                    f"{zp}, {zp} {{acc_type = f32, pad = array<i64: {pt}, {pb}, {pl}, {pr}>, "
                    f"stride = array<i64: {sh}, {sw}>, dilation = array<i64: {dh}, {dw}>}} : "
                    f"({x.type}, {filt.type}, {bias.type}, tensor<1xf32>, tensor<1xf32>) -> "
                    f"{type_of(shape)}")


def tosa_pool(b):
    x = b.pick(lambda v: len(v.shape) == 4 and v.shape[1] >= 2 and v.shape[2] >= 2,
               fresh_shape=(b.dim(), b.dim(3), b.dim(3), b.dim()))
    n, h, w, c = x.shape
    kh, sh, _, pt, pb = tosa_window(b, h)
    kw, sw, _, pl, pr = tosa_window(b, w)
    # TOSA pools need the padding smaller than the kernel and a window that
    # never lies in the padding alone.
    pt, pb, pl, pr = (min(p, k - 1) for p, k in ((pt, kh), (pb, kh), (pl, kw), (pr, kw)))
    oh, ow = out_size(h, kh, sh, 1, pt + pb), out_size(w, kw, sw, 1, pl + pr)
    if (h - 1 + pt + pb - (kh - 1)) % sh or (w - 1 + pl + pr - (kw - 1)) % sw:
        return None
    shape = (n, oh, ow, c)
    attrs = (f"kernel = array<i64: {kh}, {kw}>, pad = array<i64: {pt}, {pb}, {pl}, {pr}>, "
             f"stride = array<i64: {sh}, {sw}>")
    if b.rng.random() < 0.5:
        return b.result("tosa.max_pool2d", shape, f"tosa.max_pool2d {x.name} {{{attrs}}} : "
                        f"({x.type}) -> {type_of(shape)}")
    zp = b.tosa_zero()
    return b.result("tosa.avg_pool2d", shape, f"tosa.avg_pool2d {x.name}, {zp}, {zp} "
                    f"{{acc_type = f32, {attrs}}} : ({x.type}, tensor<1xf32>, tensor<1xf32>) -> "
                    f"{type_of(shape)}")


def tosa_binary(b):
    x = b.pick(lambda v: len(v.shape) >= 1, rank=b.rng.randint(1, 4))
    if b.rng.random() < 0.5:
        y = same_shape_operand(b, x)
    else:
        # Implicit broadcast: the other operand has 1 where x may not.
        y = b.arg(tuple(1 if b.rng.random() < 0.5 else d for d in x.shape),
                  param=b.rng.random() < 0.5)
        b.use(y)
    kind = b.rng.choice(["add", "sub", "mul", "maximum", "minimum"])
    first, second = (x, y) if b.rng.random() < 0.7 else (y, x)
    if kind == "mul":
        shift = b.fresh("sh")
        b.emit(f'{shift} = "tosa.const"() <{{values = dense<0> : tensor<1xi8>}}> : () -> '
               "tensor<1xi8>")
        return b.result("tosa.mul", x.shape, f"tosa.mul {first.name}, {second.name}, {shift} :"
                        f" ({first.type}, {second.type}, tensor<1xi8>) -> {x.type}")
    return b.result(f"tosa.{kind}", x.shape, f"tosa.{kind} {first.name}, {second.name} : "
                    f"({first.type}, {second.type}) -> {x.type}")


def tosa_unary(b):
    x = b.pick(lambda v: len(v.shape) >= 1, rank=b.rng.randint(1, 4))
    kind = b.rng.choice(["tanh", "abs", "negate", "clamp", "sigmoid"])
    if kind == "negate":
        zp = b.tosa_zero()
        return b.result("tosa.negate", x.shape, f"tosa.negate {x.name}, {zp}, {zp} : "
                        f"({x.type}, tensor<1xf32>, tensor<1xf32>) -> {x.type}")
    if kind == "clamp":
        return b.result("tosa.clamp", x.shape, f"tosa.clamp {x.name} {{min_val = -0.5 : f32, "
                        f"max_val = 0.75 : f32}} : ({x.type}) -> {x.type}")
    return b.result(f"tosa.{kind}", x.shape, f"tosa.{kind} {x.name} : ({x.type}) -> {x.type}")


def tosa_reduce(b):
    x = b.pick(lambda v: len(v.shape) >= 1, rank=b.rng.randint(1, 4))
    axis = b.rng.randrange(len(x.shape))
    kind = b.rng.choice(["sum", "max"])
    shape = tuple(1 if i == axis else d for i, d in enumerate(x.shape))
    return b.result(f"tosa.reduce_{kind}", shape, f"tosa.reduce_{kind} {x.name} {{axis = "
                    f"{axis} : i32}} : ({x.type}) -> {type_of(shape)}")


def random_factorization(rng, n, rank):
    """`rank` factors whose product is n."""
    shape = [1] * rank
    rest = n
    for i in range(rank - 1):
        divisors = [d for d in range(1, rest + 1) if rest % d == 0]
        shape[i] = rng.choice(divisors)
        rest //= shape[i]
    shape[-1] = rest
    rng.shuffle(shape)
    return shape


def tosa_reshape(b):
    x = b.pick(lambda v: len(v.shape) >= 1, rank=b.rng.randint(1, 4))
    n = numel(x.shape)
    for _ in range(8):
        shape = random_factorization(b.rng, n, b.rng.randint(1, 4))
        if tuple(shape) != x.shape:
            break
    s = b.tosa_shape(shape)
    return b.result("tosa.reshape", shape, f"tosa.reshape {x.name}, {s} : ({x.type}, "
                    f"!tosa.shape<{len(shape)}>) -> {type_of(shape)}")


def tosa_slice(b):
    x = b.pick(lambda v: len(v.shape) >= 1 and numel(v.shape) > 1, rank=b.rng.randint(1, 4))
    offsets, sizes, _ = slice_params(b, x.shape, strided=False)
    st, sz = b.tosa_shape(offsets), b.tosa_shape(sizes)
    r = len(sizes)
    return b.result("tosa.slice", sizes, f"tosa.slice {x.name}, {st}, {sz} : ({x.type}, "
                    f"!tosa.shape<{r}>, !tosa.shape<{r}>) -> {type_of(sizes)}")


def tosa_transpose(b):
    x, perm, shape = transpose_operand(b)
    return b.result("tosa.transpose", shape, f"tosa.transpose {x.name} {{perms = array<i32: "
                    f"{', '.join(str(p) for p in perm)}>}} : ({x.type}) -> {type_of(shape)}")


def tosa_pad(b):
    x = b.pick(lambda v: len(v.shape) >= 1, rank=b.rng.randint(1, 3))
    pads = [b.rng.choice([0, 0, 1, 2]) for _ in range(2 * len(x.shape))]
    shape = tuple(d + pads[2 * i] + pads[2 * i + 1] for i, d in enumerate(x.shape))
    if numel(shape) > MAX_ELEMENTS:
        return None
    p = b.tosa_shape(pads)
    zp = b.tosa_zero()
    return b.result("tosa.pad", shape, f"tosa.pad {x.name}, {p}, {zp} : ({x.type}, "
                    f"!tosa.shape<{len(pads)}>, tensor<1xf32>) -> {type_of(shape)}")


def tosa_concat(b):
    operands = concat_operands(b)
    if operands is None:
        return None
    x, y, axis, shape = operands
    return b.result("tosa.concat", shape, f"tosa.concat {x.name}, {y.name} {{axis = {axis} : "
                    f"i32}} : ({x.type}, {y.type}) -> {type_of(shape)}")


def tosa_tile(b):
    x = b.pick(lambda v: 1 <= len(v.shape) <= 3, rank=b.rng.randint(1, 3))
    mult = [b.rng.choice([1, 1, 2, 3]) for _ in x.shape]
    shape = tuple(d * m for d, m in zip(x.shape, mult))
    if numel(shape) > MAX_ELEMENTS:
        return None
    m = b.tosa_shape(mult)
    return b.result("tosa.tile", shape, f"tosa.tile {x.name}, {m} : ({x.type}, "
                    f"!tosa.shape<{len(mult)}>) -> {type_of(shape)}")


TOSA = [(tosa_matmul, 4), (tosa_conv, 2), (tosa_pool, 1), (tosa_binary, 4), (tosa_unary, 3),
        (tosa_reduce, 3), (tosa_reshape, 3), (tosa_slice, 2), (tosa_transpose, 2),
        (tosa_pad, 1), (tosa_concat, 1), (tosa_tile, 1)]

FAMILIES = {"linalg": LINALG, "tosa": TOSA, "mixed": LINALG + TOSA}


class Program:
    def __init__(self, text, ops, args, results):
        self.text, self.ops, self.args, self.results = text, ops, args, results


def add_loss(b, outs):
    """A scalar loss: the sum of the squares of every output, for
    --tofu-autodiff (which needs a 0-d result and some tofu.param)."""
    terms = []
    for v in outs:
        sq = b.filled(v.shape, None)
        sq_name = b.fresh()
        b.emit(f"{sq_name} = linalg.mul ins({v.name}, {v.name} : {v.type}, {v.type}) "
               f"outs({sq} : {v.type}) -> {v.type}")
        init = b.filled((), "0.0")
        terms.append(b.reduce(Value(sq_name, v.shape), init, (), range(len(v.shape)), "addf"))
    total = terms[0]
    for t in terms[1:]:
        out = b.filled((), None)
        name = b.fresh()
        b.emit(f"{name} = linalg.add ins({total}, {t} : tensor<f32>, tensor<f32>) "
               f"outs({out} : tensor<f32>) -> tensor<f32>")
        total = name
    if not any(a.param for a in b.args):
        b.args[0].param = True
    return [Value(total, ())]


def generate(rng, dialect, max_ops=6, loss=False):
    """A program of `dialect`; with `loss`, one that returns a scalar loss
    (of every value nothing else consumes) for --tofu-autodiff."""
    b = Builder(rng)
    gens, weights = zip(*FAMILIES[dialect])
    target = rng.randint(1, max_ops)
    tries = 0
    while len(b.ops) < target and tries < 100:
        tries += 1
        # Mostly a chain: the next op consumes the latest value.
        b.chain = rng.random() < 0.8
        b.attempt(rng.choices(gens, weights)[0])
    # Every value nothing consumes, and now and then one that is consumed
    # too (a result whose layout the plan must also give its users).
    outs = [v for v in b.values if not v.used or rng.random() < 0.1] or b.values[-1:]
    if loss:
        outs = add_loss(b, outs)
    sig = ", ".join(f"{a.name}: {a.type}" + (" {tofu.param}" if a.param else "") for a in b.args)
    types = ", ".join(v.type for v in outs)
    text = ["module {", f"  func.func @main({sig}) -> ({types}) {{"]
    text += b.lines
    text.append(f"    return {', '.join(v.name for v in outs)} : {types}")
    text += ["  }", "}", ""]
    return Program("\n".join(text), b.ops, [a.shape for a in b.args], [v.shape for v in outs])
