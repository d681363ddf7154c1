#!/usr/bin/env python3
"""Emits random small linalg graphs (chains, fork-joins and general DAGs) as
one MLIR module with one function per graph, for the search optimality test.

Ops: matmul with a weight argument, transpose, relu, element-wise add and
multiply, a row reduction and a broadcast back. Shapes use extents 4 and 8 so
that every dimension can be split at each level for k in {2, 4, 8}.
"""
import argparse
import random


class Graph:
    def __init__(self, rng, name):
        self.rng = rng
        self.name = name
        self.args = []
        self.lines = []
        self.values = []  # (name, shape)
        self.counter = 0

    def arg(self, shape):
        name = f"%arg{len(self.args)}"
        self.args.append((name, shape))
        self.values.append((name, shape))
        return name, shape

    def fresh(self):
        self.counter += 1
        return f"%v{self.counter}"

    @staticmethod
    def ty(shape):
        return "tensor<" + "x".join(str(d) for d in shape) + "xf32>"

    def empty(self, shape):
        e = self.fresh()
        self.lines.append(f"{e} = tensor.empty() : {self.ty(shape)}")
        return e

    def zero(self, shape):
        e = self.empty(shape)
        c = self.fresh()
        f = self.fresh()
        self.lines.append(f"{c} = arith.constant 0.0 : f32")
        self.lines.append(
            f"{f} = linalg.fill ins({c} : f32) outs({e} : {self.ty(shape)}) -> {self.ty(shape)}")
        return f

    def emit(self, result, shape):
        self.values.append((result, shape))
        return result, shape

    def matmul(self, x):
        (xn, (m, k)) = x
        n = self.rng.choice([4, 8])
        w, _ = self.arg((k, n))
        init = self.zero((m, n))
        r = self.fresh()
        self.lines.append(
            f"{r} = linalg.matmul ins({xn}, {w} : {self.ty((m, k))}, {self.ty((k, n))}) "
            f"outs({init} : {self.ty((m, n))}) -> {self.ty((m, n))}")
        return self.emit(r, (m, n))

    def transpose(self, x):
        (xn, (a, b)) = x
        init = self.empty((b, a))
        r = self.fresh()
        self.lines.append(
            f"{r} = linalg.transpose ins({xn} : {self.ty((a, b))}) "
            f"outs({init} : {self.ty((b, a))}) permutation = [1, 0]")
        return self.emit(r, (b, a))

    def relu(self, x):
        (xn, shape) = x
        init = self.empty(shape)
        r = self.fresh()
        t = self.ty(shape)
        self.lines.append(
            f"{r} = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, "
            f"affine_map<(i, j) -> (i, j)>], iterator_types = [\"parallel\", \"parallel\"]}} "
            f"ins({xn} : {t}) outs({init} : {t}) {{\n"
            f"^bb0(%a: f32, %o: f32):\n  %z = arith.constant 0.0 : f32\n"
            f"  %y = arith.maximumf %a, %z : f32\n  linalg.yield %y : f32\n}} -> {t}")
        return self.emit(r, shape)

    def binary(self, x, y, op):
        (xn, shape), (yn, _) = x, y
        init = self.empty(shape)
        r = self.fresh()
        t = self.ty(shape)
        self.lines.append(
            f"{r} = linalg.{op} ins({xn}, {yn} : {t}, {t}) outs({init} : {t}) -> {t}")
        return self.emit(r, shape)

    def rowsum_broadcast(self, x):
        (xn, (m, n)) = x
        acc = self.zero((m,))
        s = self.fresh()
        self.lines.append(
            f"{s} = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, "
            f"affine_map<(i, j) -> (i)>], iterator_types = [\"parallel\", \"reduction\"]}} "
            f"ins({xn} : {self.ty((m, n))}) outs({acc} : {self.ty((m,))}) {{\n"
            f"^bb0(%a: f32, %o: f32):\n  %y = arith.addf %o, %a : f32\n"
            f"  linalg.yield %y : f32\n}} -> {self.ty((m,))}")
        init = self.empty((m, n))
        r = self.fresh()
        t = self.ty((m, n))
        self.lines.append(
            f"{r} = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, "
            f"affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], "
            f"iterator_types = [\"parallel\", \"parallel\"]}} "
            f"ins({xn}, {s} : {t}, {self.ty((m,))}) outs({init} : {t}) {{\n"
            f"^bb0(%a: f32, %b: f32, %o: f32):\n  %y = arith.subf %a, %b : f32\n"
            f"  linalg.yield %y : f32\n}} -> {t}")
        return self.emit(r, (m, n))

    def unary(self, x):
        kind = self.rng.choice(["matmul", "matmul", "transpose", "relu", "rowsum"])
        if kind == "matmul":
            return self.matmul(x)
        if kind == "transpose":
            return self.transpose(x)
        if kind == "relu":
            return self.relu(x)
        return self.rowsum_broadcast(x)

    def text(self, outputs):
        args = ", ".join(f"{n}: {self.ty(s)}" for n, s in self.args)
        rets = ", ".join(n for n, _ in outputs)
        rtys = ", ".join(self.ty(s) for _, s in outputs)
        body = "\n".join("    " + l.replace("\n", "\n    ") for l in self.lines)
        return (f"  func.func @{self.name}({args}) -> ({rtys}) {{\n{body}\n"
                f"    return {rets} : {rtys}\n  }}\n")


def chain(rng, name):
    g = Graph(rng, name)
    x = g.arg((rng.choice([4, 8]), rng.choice([4, 8])))
    for _ in range(rng.randint(2, 5)):
        x = g.unary(x)
    return g.text([x])


def fork_join(rng, name):
    g = Graph(rng, name)
    x = g.arg((rng.choice([4, 8]), rng.choice([4, 8])))
    x = g.unary(x)
    a, b = x, x
    for _ in range(rng.randint(1, 2)):
        a = g.relu(a) if rng.random() < 0.5 else g.rowsum_broadcast(a)
    for _ in range(rng.randint(0, 1)):
        b = g.relu(b)
    y = g.binary(a, b, rng.choice(["add", "mul"]))
    return g.text([g.unary(y) if rng.random() < 0.5 else y])


def dag(rng, name):
    g = Graph(rng, name)
    g.arg((8, 8))
    g.arg((8, 8))
    for _ in range(rng.randint(4, 7)):
        x = rng.choice(g.values)
        same = [v for v in g.values if v[1] == x[1] and v[0] != x[0]]
        if same and rng.random() < 0.5:
            g.binary(x, rng.choice(same), rng.choice(["add", "mul"]))
        else:
            g.unary(x)
    # Return every value nobody consumed, so all branches stay live.
    return g.text([g.values[-1]] + [v for v in g.values[2:-1] if rng.random() < 0.3])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--count", type=int, default=200)
    a = p.parse_args()
    rng = random.Random(a.seed)
    makers = [chain, fork_join, dag]
    print("// Generated by gen_random_graphs.py --seed %d --count %d" % (a.seed, a.count))
    print("module {")
    for i in range(a.count):
        print(makers[i % 3](rng, f"{makers[i % 3].__name__}{i}"))
    print("}")


if __name__ == "__main__":
    main()
