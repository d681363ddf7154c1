#!/usr/bin/env python3
"""tofu-calibrate: measures this machine with the CPU back end's own kernels
and MPI transport, and writes a machine description for `machine=`.

    tofu-calibrate -o machine.json [--ranks N] [--quick] [--runs R]

Every figure comes from a small generated MLIR program run by tofu-run on N
MPI ranks (each rank the same program, as every rank of an N-rank plan runs
at once on this host's cores): tofu-run's `entry S s` of the slowest rank,
the best of --runs runs, divided by the number of times the program repeats
its op. Measured:

- products (linalg.matmul, which the back end calls OpenBLAS for) over a few
  shapes: the device's `flops` is their median throughput per rank;
- element-wise ops and row reductions (the back end's own loops) over a few
  sizes: `memory_bandwidth_bytes_per_s` is the slope of a least-squares fit
  of time against the bytes the planner's roofline counts (operands +
  results), over both classes;
- all-reduce, all-gather, reduce-scatter (shard ops lowered to the runtime's
  MPI collectives) and send/receive (each even rank to the next odd one) over
  several message sizes: each kind's time is fitted as a + b * bytes, and
  the link's latency_s and bandwidth_bytes_per_s are the alpha and beta of
  the planner's own formulas (docs/cost-model.md, "Collectives") fitted to
  all of them at once by least squares on relative error;
- memory per rank: the host's physical memory / N.

The file also keeps every measured point and fit under "calibration"
(ignored by the planner). A device of the written machine is one of N ranks
sharing this host: calibrate once per rank count the plans use.
docs/user-guide.md, "tofu-calibrate", describes the output.
"""
import argparse
import datetime
import json
import math
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

RANK_STATS = re.compile(r"tofu-run: rank (\d+): peak RSS ([0-9.]+) MiB \(([0-9.]+) MiB after "
                        r"init\), inputs [0-9.]+ s, entry ([0-9.]+) s")
F32 = 4


class CalibrationError(Exception):
    pass


def find_tool(name):
    """`name` next to this script (build/bin), else on PATH."""
    here = os.path.dirname(os.path.realpath(__file__))
    beside = os.path.join(here, name)
    if os.path.isfile(beside) and os.access(beside, os.X_OK):
        return beside
    found = shutil.which(name)
    if not found:
        raise CalibrationError(f"cannot find {name} (beside {here} or on PATH)")
    return found


# --- The generated programs -------------------------------------------------

def matmul_program(m, k, n, repeats):
    """C += A x B `repeats` times, each product reading the previous C (the
    chain keeps every product; none can be hoisted or merged)."""
    a, b, c = f"tensor<{m}x{k}xf32>", f"tensor<{k}x{n}xf32>", f"tensor<{m}x{n}xf32>"
    lines = [f"func.func @main(%a: {a}, %b: {b}, %c0: {c}) -> {c} {{"]
    for i in range(1, repeats + 1):
        lines.append(f"  %c{i} = linalg.matmul ins(%a, %b : {a}, {b}) "
                     f"outs(%c{i - 1} : {c}) -> {c}")
    lines += [f"  return %c{repeats} : {c}", "}"]
    return "\n".join(lines) + "\n"


def elementwise_program(n, repeats):
    """x_{i+1} = x_i + y, each a separate op on a fresh output."""
    t = f"tensor<{n}xf32>"
    lines = ["#m = affine_map<(i) -> (i)>",
             f"func.func @main(%x0: {t}, %y: {t}) -> {t} {{"]
    for i in range(1, repeats + 1):
        lines += [
            f"  %e{i} = tensor.empty() : {t}",
            f"  %x{i} = linalg.generic {{indexing_maps = [#m, #m, #m], "
            f"iterator_types = [\"parallel\"]}} ins(%x{i - 1}, %y : {t}, {t}) "
            f"outs(%e{i} : {t}) {{",
            "  ^bb0(%p: f32, %q: f32, %o: f32):",
            "    %s = arith.addf %p, %q : f32",
            "    linalg.yield %s : f32",
            f"  }} -> {t}"]
    lines += [f"  return %x{repeats} : {t}", "}"]
    return "\n".join(lines) + "\n"


def reduction_program(rows, cols, repeats):
    """`repeats` row sums of distinct [rows, cols] arguments into [rows]."""
    t, r = f"tensor<{rows}x{cols}xf32>", f"tensor<{rows}xf32>"
    args = ", ".join(f"%x{i}: {t}" for i in range(repeats))
    results = ", ".join([r] * repeats)
    lines = ["#in = affine_map<(i, j) -> (i, j)>",
             "#out = affine_map<(i, j) -> (i)>",
             f"func.func @main({args}) -> ({results}) {{",
             "  %zero = arith.constant 0.0 : f32"]
    for i in range(repeats):
        lines += [
            f"  %e{i} = tensor.empty() : {r}",
            f"  %z{i} = linalg.fill ins(%zero : f32) outs(%e{i} : {r}) -> {r}",
            f"  %s{i} = linalg.generic {{indexing_maps = [#in, #out], "
            f"iterator_types = [\"parallel\", \"reduction\"]}} ins(%x{i} : {t}) "
            f"outs(%z{i} : {r}) {{",
            "  ^bb0(%p: f32, %o: f32):",
            "    %s = arith.addf %p, %o : f32",
            "    linalg.yield %s : f32",
            f"  }} -> {r}"]
    names = ", ".join(f"%s{i}" for i in range(repeats))
    lines += [f"  return {names} : {results}", "}"]
    return "\n".join(lines) + "\n"


def collective_program(kind, ranks, elements, repeats):
    """`repeats` collectives of `kind` on distinct arguments of `elements`
    f32 each, on a 1-D grid of `ranks`."""
    t = f"tensor<{elements}xf32>"
    head = [f"module attributes {{tofu.partition = #tofu.plan<workers = {ranks}, "
            f"levels = [{ranks}]>}} {{",
            f"  shard.grid @g(shape = {ranks})"]
    args = ", ".join(f"%x{i}: {t}" for i in range(repeats))
    if kind == "send_recv":
        return "\n".join(head + send_recv_body(ranks, t, args, repeats) + ["}"]) + "\n"
    out = {"all_reduce": t,
           "all_gather": f"tensor<{elements * ranks}xf32>",
           "reduce_scatter": f"tensor<{elements // ranks}xf32>"}[kind]
    attr = {"all_reduce": "", "all_gather": " gather_axis = 0",
            "reduce_scatter": " scatter_axis = 0"}[kind]
    results = ", ".join([out] * repeats)
    body = [f"  func.func @main({args}) -> ({results}) {{"]
    for i in range(repeats):
        body.append(f"    %y{i} = shard.{kind} %x{i} on @g grid_axes = [0]{attr} "
                    f": {t} -> {out}")
    names = ", ".join(f"%y{i}" for i in range(repeats))
    body += [f"    return {names} : {results}", "  }"]
    return "\n".join(head + body + ["}"]) + "\n"


def send_recv_body(ranks, t, args, repeats):
    """Each even rank sends its arguments to the next rank, which receives
    them: ranks / 2 pairs exchanging at once, as pipeline neighbours do."""
    body = [f"  func.func @main({args}) -> {t} {{",
            "    %c = shard.process_multi_index on @g axes = [0] : index"]

    def branch(r, indent):
        pad = " " * indent
        lines = []
        if r % 2 == 0:
            for i in range(repeats):
                lines.append(f"{pad}%s{r}_{i} = shard.send %x{i} on @g grid_axes = [0] "
                             f"destination = [{r + 1}] : ({t}) -> {t}")
            lines.append(f"{pad}scf.yield %x0 : {t}")
        else:
            for i in range(repeats):
                lines.append(f"{pad}%r{r}_{i} = shard.recv %x{i} on @g grid_axes = [0] "
                             f"source = [{r - 1}] : ({t}) -> {t}")
            lines.append(f"{pad}scf.yield %r{r}_{repeats - 1} : {t}")
        return lines

    def chain(r, indent):
        pad = " " * indent
        if r == ranks - 1:
            return branch(r, indent)
        lines = [f"{pad}%k{r} = arith.constant {r} : index",
                 f"{pad}%is{r} = arith.cmpi eq, %c, %k{r} : index",
                 f"{pad}%v{r} = scf.if %is{r} -> {t} {{"]
        lines += branch(r, indent + 2)
        lines.append(f"{pad}}} else {{")
        lines += chain(r + 1, indent + 2)
        lines.append(f"{pad}}}")
        if indent > 4:
            lines.append(f"{pad}scf.yield %v{r} : {t}")
        return lines

    body += chain(0, 4)
    body += [f"    return %v0 : {t}", "  }"]
    return body


# --- Running them -------------------------------------------------------------

def compile_program(tofu_run, path, entry, ranks, workdir, timeout):
    """tofu-run's AOT program for `entry` of `path` on `ranks` ranks (an
    unpartitioned module runs replicated), built in `workdir`: compiled
    once, then run as often as needed."""
    cmd = [tofu_run, path, "--entry", entry, "--ranks", str(ranks), "--workdir",
           workdir, "--no-run", "--compile-timeout", str(timeout)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode:
        raise CalibrationError(f"{' '.join(cmd)} failed (exit {proc.returncode}):\n"
                               + (proc.stdout + proc.stderr)[-2000:])
    return os.path.join(workdir, "program")


def run_program(program, ranks, program_args, timeout):
    """Runs a tofu-run program on `ranks` MPI ranks as tofu-run does (its
    TOFU_RT_BACKEND and TOFU_THREADS, mpirun --oversubscribe); returns per
    rank (entry seconds, peak RSS MiB, RSS after init MiB)."""
    cores = os.cpu_count() or 1
    env = dict(os.environ, TOFU_RT_BACKEND="mpi" if ranks > 1 else "single",
               TOFU_THREADS=os.environ.get("TOFU_THREADS") or str(max(1, cores // ranks)))
    cmd = [program] + list(program_args)
    if ranks > 1:
        mpirun = shutil.which("mpirun")
        if not mpirun:
            raise CalibrationError("mpirun is not on PATH (install openmpi-bin)")
        launch = [mpirun, "-np", str(ranks), "--oversubscribe"]
        if os.geteuid() == 0:
            launch.append("--allow-run-as-root")
        cmd = launch + cmd
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        raise CalibrationError(f"{' '.join(cmd)} took more than {timeout} s")
    if proc.returncode:
        raise CalibrationError(f"{' '.join(cmd)} failed (exit {proc.returncode}):\n"
                               + (proc.stdout + proc.stderr)[-2000:])
    stats = {int(m.group(1)): (float(m.group(4)), float(m.group(2)), float(m.group(3)))
             for m in RANK_STATS.finditer(proc.stdout)}
    if sorted(stats) != list(range(ranks)):
        raise CalibrationError(f"{' '.join(cmd)}: expected the statistics of "
                               f"{ranks} rank(s), got {len(stats)}")
    return [stats[r] for r in range(ranks)]


class Runner:
    def __init__(self, args, work):
        self.tofu_run = find_tool("tofu-run")
        self.ranks = args.ranks
        self.runs = args.runs
        self.timeout = args.timeout
        self.work = work
        self.count = 0
        self.verbose = args.verbose
        self.least = 0.005 if args.quick else 0.02
        # Most repeats a program starts with (larger programs compile longer).
        self.start_cap = 32 if args.quick else 512

    def seconds(self, name, text):
        """The slowest rank's entry seconds, best of self.runs runs."""
        self.count += 1
        stem = os.path.join(self.work, f"{self.count:03d}-{name}")
        with open(stem + ".mlir", "w") as f:
            f.write(text)
        program = compile_program(self.tofu_run, stem + ".mlir", "main", self.ranks,
                                  stem, self.timeout)
        best = math.inf
        for _ in range(self.runs):
            ranks = run_program(program, self.ranks,
                                ["--seed", "1", "--no-replica-check"], self.timeout)
            best = min(best, max(r[0] for r in ranks))
        if self.verbose:
            print(f"tofu-calibrate: {name}: {best:.4f} s", file=sys.stderr)
        return best

    def per_op(self, name, program, repeats, most):
        """(seconds of one op, repeats) of program(repeats) (a text with the op
        `repeats` times): repeated more, up to `most`, until the run takes
        self.least seconds (0.02: tofu-run's 1 ms resolution is then 5%)."""
        repeats = min(repeats, self.start_cap)
        most = min(most, self.start_cap)  # programs of thousands of ops compile for minutes
        while True:
            t = self.seconds(f"{name}-x{repeats}", program(repeats))
            if t >= self.least or repeats >= most:
                return max(t, 1e-3) / repeats, repeats
            grow = math.ceil(1.2 * self.least / max(t, 5e-4))
            repeats = min(most, repeats * min(16, max(2, grow)))


# --- Fits ---------------------------------------------------------------------

def fit_line(xs, ys):
    """Least squares y = a + b x; a clamped at 0 (then b refitted through 0)."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx > 0 else 0
    a = my - b * mx
    if a < 0 or b <= 0:
        a = 0.0
        b = sum(x * y for x, y in zip(xs, ys)) / sum(x * x for x in xs)
    return a, b


def fit_alpha_beta(points):
    """alpha, 1/beta minimising sum ((steps a + factor bytes / beta - t) / t)^2
    over (steps, factor * bytes, t) points; alpha >= 0."""
    rows = [(s / t, fb / t) for s, fb, t in points]
    s11 = sum(r[0] * r[0] for r in rows)
    s12 = sum(r[0] * r[1] for r in rows)
    s22 = sum(r[1] * r[1] for r in rows)
    y1 = sum(r[0] for r in rows)
    y2 = sum(r[1] for r in rows)
    det = s11 * s22 - s12 * s12
    if det > 0:
        alpha = (y1 * s22 - y2 * s12) / det
        inv_beta = (s11 * y2 - s12 * y1) / det
        if alpha >= 0 and inv_beta > 0:
            return alpha, inv_beta
    return 0.0, y2 / s22


def model_terms(kind, m):
    """(latency steps, byte factor) of the planner's formula for `kind` over m
    devices on one link (lib/Planner/CostModel.cpp, collectiveSeconds)."""
    if kind == "send_recv":
        return 1.0, 1.0
    if kind == "all_reduce":
        return 2.0 * (m - 1), 2.0 * (m - 1) / m
    return float(m - 1), (m - 1) / m


# --- The measurements ----------------------------------------------------------

def measure_products(runner, quick):
    """Products from a microbatch's skinny ones to large squares (each FLOP
    count once: a step's products are skinny, and a square of the same FLOPs
    runs about twice as fast)."""
    shapes = ([(16, 256, 256), (256, 256, 256)] if quick else
              [(16, 1024, 1024), (64, 1024, 1024), (128, 1024, 1024), (128, 1024, 4096),
               (1024, 1024, 1024)])
    target = 2e8 if quick else 4e9
    points = []
    for m, k, n in shapes:
        flops = 2.0 * m * k * n
        t, repeats = runner.per_op(
            f"matmul-{m}x{k}x{n}", lambda r: matmul_program(m, k, n, r),
            max(1, min(256, round(target / flops))), 512)
        points.append({"m": m, "k": k, "n": n, "flops": flops, "repeats": repeats,
                       "seconds": t, "flops_per_s": flops / t})
    return points


def measure_memory(runner, quick):
    """Element-wise adds and row sums from 64 KiB to 32 MiB per operand (the
    sizes of steps' activations and weights; the small ones stay in cache)."""
    sizes = [1 << 14, 1 << 18] if quick else [1 << 14, 1 << 17, 1 << 20, 1 << 23]
    elementwise, reductions = [], []
    for n in sizes:
        # Each repeat moves 12 n bytes; start near 256 MiB of traffic.
        t, repeats = runner.per_op(f"add-{n}", lambda r: elementwise_program(n, r),
                                   max(2, min(512, (1 << 28) // (12 * n))),
                                   max(2, min(2048, (1 << 30) // (12 * n))))
        elementwise.append({"elements": n, "repeats": repeats, "bytes": 3 * F32 * n,
                            "seconds": t, "bytes_per_s": 3 * F32 * n / t})
    for n in sizes:
        cols = 1024 if n >= 1 << 16 else 256
        rows = n // cols
        # Distinct arguments: at most 512 MiB of them per rank.
        t, repeats = runner.per_op(f"rowsum-{rows}x{cols}",
                                   lambda r: reduction_program(rows, cols, r),
                                   max(2, min(512, (1 << 26) // (4 * n))),
                                   max(2, min(2048, (1 << 29) // (4 * n))))
        nbytes = F32 * (n + rows)
        reductions.append({"rows": rows, "cols": cols, "repeats": repeats,
                           "bytes": nbytes, "seconds": t, "bytes_per_s": nbytes / t})
    both = elementwise + reductions
    a, b = fit_line([p["bytes"] for p in both], [p["seconds"] for p in both])
    # The curve: per size, both classes' bytes over both classes' seconds.
    curve = [[(e["bytes"] + r["bytes"]) / 2, (e["bytes"] + r["bytes"]) /
              (e["seconds"] + r["seconds"])] for e, r in zip(elementwise, reductions)]
    return elementwise, reductions, {"overhead_s": a, "bytes_per_s": 1.0 / b,
                                     "curve": curve}


def measure_collectives(runner, ranks, quick):
    sizes = [1 << 12, 1 << 16] if quick else [1 << 12, 1 << 15, 1 << 18, 1 << 21]
    kinds = ["all_reduce", "all_gather", "reduce_scatter"]
    if ranks % 2 == 0:
        kinds.append("send_recv")
    fits, joint = {}, []
    for kind in kinds:
        steps, factor = model_terms(kind, ranks)
        points = []
        for n in sizes:
            # Distinct arguments: at most 64 MiB of them per rank; start at
            # 16 MiB of them (or 512 ops), about 50 ms at 1 GB/s.
            t, repeats = runner.per_op(
                f"{kind}-{n}", lambda r: collective_program(kind, ranks, n, r),
                max(2, min(512, (1 << 22) // n)), max(2, min(2048, (1 << 24) // n)))
            # The bytes the planner passes: the whole buffer of an all-reduce
            # and reduce-scatter input, the whole gathered output, the message.
            nbytes = F32 * n * (ranks if kind == "all_gather" else 1)
            points.append({"bytes": nbytes, "repeats": repeats, "seconds": t})
            joint.append((steps, factor * nbytes, t))
        alpha, inv_beta = fit_alpha_beta(
            [(steps, factor * p["bytes"], p["seconds"]) for p in points])
        fits[kind] = {"points": points, "alpha_s": alpha,
                      "beta_bytes_per_s": 1.0 / inv_beta}
    alpha, inv_beta = fit_alpha_beta(joint)
    errors = [abs(s * alpha + fb * inv_beta - t) / t for s, fb, t in joint]
    return fits, alpha, 1.0 / inv_beta, errors


def monotone(values, increasing):
    """The least-squares monotone fit of `values` (pool adjacent violators):
    products get faster with size and loops slower (out of cache), so a
    step the other way is noise, which would make the planner prefer an op
    size for nothing."""
    sign = 1 if increasing else -1
    blocks = []  # [mean, count]
    for v in values:
        blocks.append([sign * v, 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            m2, c2 = blocks.pop()
            m1, c1 = blocks.pop()
            blocks.append([(m1 * c1 + m2 * c2) / (c1 + c2), c1 + c2])
    out = []
    for mean, count in blocks:
        out += [sign * mean] * count
    return out


def curve_points(products):
    """Products sorted by FLOPs; of shapes with equal FLOPs, the mean rate at
    one point (a curve's sizes increase)."""
    by_flops = {}
    for p in products:
        by_flops.setdefault(p["flops"], []).append(p)
    return [{"flops": f, "flops_per_s": statistics.mean(q["flops_per_s"] for q in ps)}
            for f, ps in sorted(by_flops.items())]


def monotone_curve(curve, increasing):
    rates = monotone([rate for _, rate in curve], increasing)
    return [[size, rate] for (size, _), rate in zip(curve, rates)]


def physical_memory():
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        raise CalibrationError("cannot read this host's physical memory size")


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "CPU"


def calibrate(args, work):
    started = time.monotonic()
    runner = Runner(args, work)
    products = measure_products(runner, args.quick)
    elementwise, reductions, memory_fit = measure_memory(runner, args.quick)
    collectives, alpha, beta, errors = measure_collectives(runner, args.ranks, args.quick)
    flops = statistics.median(p["flops_per_s"] for p in products)
    cores = os.cpu_count() or 1
    threads = max(1, cores // args.ranks)
    memory = physical_memory() // args.ranks
    name = args.name or f"calibrated-{platform.node() or 'host'}-{args.ranks}ranks"
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return {
        "name": name,
        "description": (
            f"Measured by tofu-calibrate{' --quick' if args.quick else ''} on "
            f"{platform.node() or 'this host'} at {stamp}: one device is one of "
            f"{args.ranks} MPI ranks sharing {cores} cores ({threads} BLAS "
            f"thread(s) each), running the CPU back end's kernels. flops: median "
            f"OpenBLAS product throughput per rank; memory bandwidth: element-wise "
            f"and reduction loops; the link: alpha and beta fitted to the "
            f"runtime's MPI collectives at {args.ranks} ranks."),
        "device": {
            "name": f"{cpu_name()} ({threads} thread(s) of {args.ranks} ranks)",
            "flops": flops,
            "flops_by_type": {"f32": flops},
            "memory_bytes": memory,
            "memory_bandwidth_bytes_per_s": memory_fit["bytes_per_s"],
            "compute_efficiency": 1.0,
            "flops_curve": monotone_curve(
                [[p["flops"], p["flops_per_s"]] for p in curve_points(products)], True),
            "memory_bandwidth_curve": monotone_curve(memory_fit["curve"], False),
        },
        "links": [{
            # The host holds the job's N ranks: a node of N devices (the
            # planner's largest tensor degree by default).
            "name": f"MPI on one host ({args.ranks} ranks)",
            "group_size": args.ranks,
            "bandwidth_bytes_per_s": beta,
            "latency_s": alpha,
            # Each collective's own fit (the runtime's collectives differ by
            # several times at equal bytes).
            "collectives": {kind: {"latency_s": fit["alpha_s"],
                                   "bandwidth_bytes_per_s": fit["beta_bytes_per_s"]}
                            for kind, fit in collectives.items()},
        }],
        "calibration": {
            "tool": "tofu-calibrate",
            "quick": args.quick,
            "ranks": args.ranks,
            "threads_per_rank": threads,
            "runs_per_program": args.runs,
            "date": stamp,
            "products": products,
            "elementwise": elementwise,
            "reductions": reductions,
            "memory_fit": memory_fit,
            "collectives": collectives,
            "link_fit_relative_errors": {
                "median": statistics.median(errors), "max": max(errors)},
            "seconds": time.monotonic() - started,
        },
    }


def main(argv):
    p = argparse.ArgumentParser(
        prog="tofu-calibrate",
        description="Measure this machine with the CPU back end's kernels and "
                    "MPI collectives; write a machine description.")
    p.add_argument("-o", "--output", required=True, help="machine JSON to write")
    p.add_argument("--ranks", type=int, default=2,
                   help="MPI ranks sharing the host (default 2): one device of "
                        "the machine written is one of them")
    p.add_argument("--quick", action="store_true",
                   help="fewer and smaller programs (seconds; for tests)")
    p.add_argument("--runs", type=int, default=None,
                   help="runs per program, the best kept (default 2, 1 with --quick)")
    p.add_argument("--name", help="the machine's name (default calibrated-HOST-Nranks)")
    p.add_argument("--timeout", type=int, default=300,
                   help="seconds one tofu-run may take (default 300)")
    p.add_argument("--work", help="keep the generated programs here")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="print each program's time")
    args = p.parse_args(argv)
    if args.ranks < 2 or args.ranks > 64:
        p.error(f"--ranks must be from 2 to 64, got {args.ranks}")
    if args.runs is None:
        args.runs = 1 if args.quick else 2
    if args.runs < 1:
        p.error(f"--runs must be at least 1, got {args.runs}")
    try:
        if args.work:
            os.makedirs(args.work, exist_ok=True)
            machine = calibrate(args, args.work)
        else:
            with tempfile.TemporaryDirectory(prefix="tofu-calibrate-") as work:
                machine = calibrate(args, work)
        with open(args.output, "w") as f:
            json.dump(machine, f, indent=1, sort_keys=False)
            f.write("\n")
    except (CalibrationError, OSError) as e:
        print(f"tofu-calibrate: error: {e}", file=sys.stderr)
        return 1
    d, link = machine["device"], machine["links"][0]
    print(f"tofu-calibrate: wrote {args.output}: {d['flops'] / 1e9:.1f} GFLOP/s, "
          f"{d['memory_bandwidth_bytes_per_s'] / 1e9:.2f} GB/s per rank; link "
          f"alpha {link['latency_s'] * 1e6:.1f} us, beta "
          f"{link['bandwidth_bytes_per_s'] / 1e9:.2f} GB/s "
          f"({machine['calibration']['seconds']:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
