"""Differential testing of partition plans: random programs, partitioned
and run on MPI ranks, against the unpartitioned run of the same program.

  difftest.py [--bin DIR | --tofu-opt PATH --tofu-run PATH] [--programs N]
              [--seed S] [--ks 2,3,...] [--strategies tofu,...]
              [--dialects linalg,tosa,mixed] [--work DIR]
              [--keep-failures DIR] [--timeout SEC] [--only I,J]
              [--min-matches N]

Program i of seed S is a function of (S, i) alone (generate.py): its ops,
its shapes, its k (from --ks), its strategy (from --strategies), the
machine description and the input seed. For each program:

  1. tofu-run PROGRAM --seed X --save-inputs IN --outputs REF (one rank);
  2. tofu-opt --tofu-partition="gpus=k strategy=s machine=m entry=main";
  3. tofu-run PARTITIONED --inputs IN --outputs OUT (k MPI ranks);
  4. every result of OUT against REF: fp32, per element
     |out - ref| / max(|ref|, 1e-2 * max|ref|) <= --rtol (default 1e-4),
     compare.py's `close` metric, as check_partitioned.py uses.

One line per program:
  p7 seed=1:7 tosa k=6 spartan k80-pcie ops=tosa.matmul,tosa.add in=... out=...: MATCH err=2.4e-07
Statuses: MATCH; MISMATCH (a result differs, has another shape, or
replicas differ); REFUSED (tofu-opt or tofu-run exits non-zero with a
located "error:" diagnostic: allowed, counted and listed); CRASH (a signal,
"Stack dump", "LLVM ERROR", an assertion, an "internal error" diagnostic, a
rank that crashed or failed in the runtime, a timeout, or a non-zero exit
without a diagnostic); INVALID
(the unpartitioned program itself does not run: a generator bug, or a bug
of the single-rank path). Exit status 1 if any MISMATCH, CRASH or INVALID,
or fewer than --min-matches programs MATCH (a run that partitions nothing,
every plan refused, checks nothing).
"""
import argparse
import random
import re
import shutil
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Integration" / "Run" / "Inputs"))

from compare import close_error, results  # noqa: E402
from generate import generate  # noqa: E402
from reference_run import run  # noqa: E402

SEARCHES = ["tofu", "data-parallel", "allrow-greedy", "spartan", "equal-chop",
            "no-reduce", "exhaustive"]
# "random": plans no search makes (see random_plan).
STRATEGIES = SEARCHES + ["random"]
MACHINES = ["k80-pcie", "h200-nvlink"]
# Output that means the tool or a rank died rather than refused.
CRASH_MARKS = ["Stack dump", "LLVM ERROR", "Assertion `", "UNREACHABLE", "crashed",
               "was killed", "exited early", "failed in the runtime", "ran out of memory",
               "AddressSanitizer", "runtime error:", "timed out", "internal error"]


def tool(explicit, bin_dir, name):
    path = explicit or (str(Path(bin_dir) / name) if bin_dir else shutil.which(name))
    if not path or not Path(path).exists():
        sys.exit(f"difftest: cannot find {name} (use --bin or --{name})")
    return str(Path(path).resolve())


def first_line_with(text, marks):
    for line in text.splitlines():
        if any(m in line for m in marks):
            return line.strip()
    return None


def classify(proc):
    """(status, why) of a tool that exited non-zero."""
    text = proc.stdout + proc.stderr
    if proc.returncode == 124:
        return "CRASH", "timeout: " + (first_line_with(text, ["timed out"]) or "")
    line = first_line_with(text, CRASH_MARKS)
    if line or proc.returncode < 0 or proc.returncode >= 128:
        return "CRASH", line or f"exit status {proc.returncode}"
    line = first_line_with(text, ["should be replicated"])
    if line:
        return "MISMATCH", line
    line = first_line_with(text, ["error:"])
    if line:
        return "REFUSED", line
    return "CRASH", f"exit status {proc.returncode} without a diagnostic"


def compare(out, ref):
    """(status, max relative error, why) of OUT against REF."""
    got, want = results(out), results(ref)
    if len(got) != len(want):
        return "MISMATCH", float("inf"), f"{len(got)} results, the reference has {len(want)}"
    worst, why = 0.0, ""
    for i, (g, w) in enumerate(zip(got, want)):
        if g.shape != w.shape:
            return "MISMATCH", float("inf"), f"result {i} is {g.shape}, the reference {w.shape}"
        err = close_error(g, w)
        if err > worst:
            worst, why = err, f"result {i}"
    return "MATCH", worst, why


def ordered_factorizations(k):
    """Every ordered list of factors >= 2 whose product is k."""
    if k == 1:
        return [[]]
    return [[f] + rest for f in range(2, k + 1) if k % f == 0
            for rest in ordered_factorizations(k // f)]


def balanced(text, i):
    """The end of the bracketed text that opens at text[i]."""
    depth = 0
    while True:
        depth += {"[": 1, "]": -1, "<": 1, ">": -1}.get(text[i], 0)
        i += 1
        if depth == 0:
            return i


def shapes_of(types):
    """The shapes of the ranked tensor types in `types`."""
    return [tuple(int(d) for d in m.group(1).split("x")[:-1])
            for m in re.finditer(r"tensor<([^>]*)>", types)]


def plan_items(text):
    """The planned ops and arguments of a module printed in generic form
    with its plan attached (materialize=false): per op, the spans of its
    `tofu.layouts` and `tofu.strategy` and its result shapes (on the same
    line, after the attributes); per argument, the span of its `tofu.layout`
    and its shape."""
    ops = []
    for m in re.finditer(r"tofu\.layouts = \[", text):
        layouts = (m.start(), balanced(text, m.end() - 1))
        eol = text.find("\n", layouts[1])
        strategy = re.compile(r"tofu\.strategy = #tofu\.strategy<\[[^\]]*\]>").search(
            text, layouts[1], eol)
        if not strategy:
            return None, None
        line = text[layouts[1]:eol]
        ops.append((layouts, strategy.span(), shapes_of(line[line.rfind(" -> "):])))
    sig = re.search(r"arg_attrs = \[(.*?)\], function_type = \((.*?)\) ->", text)
    args = []
    if sig:
        shapes = shapes_of(sig.group(2))
        base = sig.start(1)
        layouts = [m.span() for m in re.finditer(r"tofu\.layout = #tofu\.layout<\[[^\]]*\]>",
                                                  sig.group(1))]
        if len(layouts) == len(shapes):
            args = [((base + s, base + e), shape) for (s, e), shape in zip(layouts, shapes)]
    return ops, args


def random_layout(rng, shape, levels):
    """Per level, replicated or a random dimension (padded<d> where the
    level's ways do not divide what earlier levels left of it)."""
    sizes, entries = list(shape), []
    for ways in levels:
        if not shape or rng.random() < 0.3:
            entries.append("replicated")
            continue
        d = rng.randrange(len(shape))
        entries.append(str(d) if sizes[d] % ways == 0 else f"padded<{d}>")
        sizes[d] = -(-sizes[d] // ways)
    return "#tofu.layout<[" + ", ".join(entries) + "]>"


def random_plan(plans, levels, rng):
    """A plan no search makes, for --tofu-materialize: each op takes the
    strategy and result layouts of one of `plans` (generic-form texts of
    the same module planned by different searches on the same grid), or,
    more often, a random strategy (per level: replicated, an output loop, or
    a loop some plan split) and random result layouts; now and then it is
    computed whole. Arguments get a plan's or a random layout. The
    materializer must carry any such plan out correctly or refuse it.
    Returns (text, None) or (None, why the plans do not line up)."""
    parsed = [plan_items(t) for t in plans]
    if any(ops is None for ops, _ in parsed):
        return None, "an op has tofu.layouts without tofu.strategy"
    if len({(len(ops), len(args)) for ops, args in parsed}) > 1:
        return None, "the plans plan different numbers of ops or arguments"
    base, (ops, args) = plans[0], parsed[0]
    piece = lambda p, span: plans[p][span[0]:span[1]]
    pieces = []  # (start, end, replacement) in the base text
    for i, (layouts, strategy, shapes) in enumerate(ops):
        p = rng.randrange(len(plans))
        if rng.random() < 0.3:
            pieces += [(*layouts, piece(p, parsed[p][0][i][0])),
                       (*strategy, piece(p, parsed[p][0][i][1]))]
            continue
        loops = {"replicated"} | {str(d) for d in range(len(shapes[0]) if shapes else 0)}
        for q in range(len(plans)):
            loops |= set(re.findall(r"\d+", piece(q, parsed[q][0][i][1])))
        loops = sorted(loops)
        if rng.random() < 0.1:
            chosen = ["replicated"] * len(levels)
        else:
            chosen = [rng.choice(loops) for _ in levels]
        pieces.append((*strategy, "tofu.strategy = #tofu.strategy<[" + ", ".join(chosen) + "]>"))
        pieces.append((*layouts, "tofu.layouts = [" + ", ".join(
            random_layout(rng, shape, levels) for shape in shapes) + "]"))
    for i, (span, shape) in enumerate(args):
        p = rng.randrange(len(plans))
        text = (piece(p, parsed[p][1][i][0]) if rng.random() < 0.3
                else "tofu.layout = " + random_layout(rng, shape, levels))
        pieces.append((*span, text))
    out, at = [], 0
    for s, e, text in sorted(pieces):
        out += [base[at:s], text]
        at = e
    out.append(base[at:])
    return "".join(out), None


class Case:
    """One program and its configuration, drawn from (seed, index)."""

    def __init__(self, seed, index, a):
        rng = random.Random(f"{seed}:{index}")
        self.name, self.tag = f"p{index}", f"{seed}:{index}"
        self.dialect = rng.choice(a.dialects)
        self.train = rng.random() < a.train_fraction
        self.program = generate(rng, self.dialect, a.max_ops, loss=self.train)
        self.k = rng.choice(a.ks)
        self.strategy = rng.choice(a.strategies)
        self.machine = rng.choice(MACHINES)
        self.input_seed = rng.randrange(1 << 20)
        # Sometimes a given grid (any order of factors, e.g. 2x3 or 3x2)
        # instead of the search's own choice among factorizations; always
        # for a random plan, whose source plans must share it.
        self.levels = None
        grids = ordered_factorizations(self.k)
        if (rng.random() < a.levels_fraction and len(grids) > 1) or self.strategy == "random":
            self.levels = rng.choice(grids)
        # The searches a random plan draws from (exhaustive may refuse big
        # graphs).
        self.sources = rng.sample(SEARCHES[:-1], rng.randint(1, 3))
        self.plan_seed = rng.randrange(1 << 20)

    def describe(self):
        levels = f" levels={','.join(map(str, self.levels))}" if self.levels else ""
        strategy = self.strategy
        if strategy == "random":
            strategy += "(" + "+".join(self.sources) + ")"
        shapes = lambda ss: ",".join("x".join(map(str, s)) or "scalar" for s in ss)
        return (f"{self.name} seed={self.tag} {self.dialect}{' train' if self.train else ''} "
                f"k={self.k}{levels} {strategy} "
                f"{self.machine} ops={','.join(self.program.ops)} "
                f"in={shapes(self.program.args)} out={shapes(self.program.results)}")

    def steps(self, d, a):
        """The steps of one case, in order, as (stage, argv); stage "plan"
        has no argv: random_plan writes d/random.mlir from the plans before."""
        entry = "train_step" if self.train else "main"
        program = str(d / ("step.mlir" if self.train else "program.mlir"))
        opts = f"gpus={self.k} machine={self.machine} entry={entry}"
        if self.levels:
            opts += " levels=" + ",".join(map(str, self.levels))
        t = ["--timeout", str(a.timeout), "--entry", entry]
        steps = []
        if self.train:
            steps.append(("autodiff", [a.tofu_opt, "--tofu-autodiff=forward=main",
                                       str(d / "program.mlir"), "-o", program]))
        steps.append(("reference", [a.tofu_run, program, "--seed", str(self.input_seed),
                                    "--save-inputs", str(d / "in"), "--outputs",
                                    str(d / "ref")] + t))
        if self.strategy == "random":
            for s in self.sources:
                steps.append(("partition", [a.tofu_opt, f"--tofu-partition={opts} strategy={s} "
                                            "materialize=false", "--mlir-print-op-generic",
                                            program, "-o", str(d / f"plan-{s}.mlir")]))
            steps.append(("plan", None))
            steps.append(("partition", [a.tofu_opt, f"--tofu-materialize=entry={entry}",
                                        str(d / "random.mlir"), "-o",
                                        str(d / "partitioned.mlir")]))
        else:
            steps.append(("partition", [a.tofu_opt, f"--tofu-partition={opts} "
                                        f"strategy={self.strategy}", program,
                                        "-o", str(d / "partitioned.mlir")]))
        steps.append(("run", [a.tofu_run, str(d / "partitioned.mlir"), "--inputs",
                              str(d / "in"), "--outputs", str(d / "out")] + t))
        return steps


def run_tool(cmd, log, timeout):
    """reference_run.run, but a tool that cannot be started (a rebuild
    replacing it) stops the campaign instead of counting as a failure."""
    try:
        return run(cmd, log, timeout=timeout)
    except OSError as e:
        sys.exit(f"difftest: cannot run {cmd[0]}: {e}")


def check(case, d, a):
    """Runs one case in directory d: (status, error, why)."""
    d.mkdir(parents=True)
    (d / "program.mlir").write_text(case.program.text)
    log = d / "log.txt"
    for stage, cmd in case.steps(d, a):
        if stage == "plan":
            plans = [(d / f"plan-{s}.mlir").read_text() for s in case.sources]
            text, why = random_plan(plans, case.levels, random.Random(case.plan_seed))
            if text is None:
                return "INVALID", None, "random plan: " + why
            (d / "random.mlir").write_text(text)
            continue
        # The subprocess limit is a backstop: tofu-run stops its own job first.
        proc = run_tool(cmd, log, a.timeout + 30)
        if proc.returncode:
            status, why = classify(proc)
            if stage == "reference" and status == "REFUSED":
                status = "INVALID"
            prefix = "" if stage == "partition" else stage + ": "
            return status, None, prefix + why
    stats = re.search(r"replicated_ops = (\d+)", (d / "partitioned.mlir").read_text())
    status, err, why = compare(d / "out", d / "ref")
    if status == "MATCH" and err > a.rtol:
        status = "MISMATCH"
    extra = f"replicated_ops={stats.group(1) if stats else '?'}"
    return status, err, (why + " " + extra) if status == "MISMATCH" else extra


def keep(case, d, a, status):
    """Copies a failing case and a script that reruns it to --keep-failures."""
    dest = Path(a.keep_failures) / f"{case.name}-{status.lower()}"
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(d, dest)
    lines = ["#!/bin/sh", f"# {case.describe()}", "set -e", f"rm -rf {dest}/in {dest}/ref"]
    for stage, cmd in case.steps(dest, a):
        if stage == "plan":
            lines.append("# random.mlir: a random plan difftest.py made from the plans above")
        else:
            lines.append(" ".join(c if " " not in c else f"'{c}'" for c in cmd))
    lines.append(f"{sys.executable} {HERE.parent / 'Integration/Run/Inputs/compare.py'} "
                 f"close {dest}/out {dest}/ref --rtol {a.rtol}")
    (dest / "repro.sh").write_text("\n".join(lines) + "\n")
    return dest


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--bin", help="directory with tofu-opt and tofu-run")
    p.add_argument("--tofu-opt")
    p.add_argument("--tofu-run")
    p.add_argument("--programs", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--ks", default="2,3,4,5,6,7,8")
    p.add_argument("--strategies", default=",".join(STRATEGIES))
    p.add_argument("--dialects", default="linalg,tosa,mixed")
    p.add_argument("--max-ops", type=int, default=6)
    p.add_argument("--train-fraction", type=float, default=0.3,
                   help="share of programs made training steps (a loss, --tofu-autodiff)")
    p.add_argument("--levels-fraction", type=float, default=0.3,
                   help="share of programs partitioned on a random explicit grid (levels=)")
    p.add_argument("--rtol", type=float, default=1e-4)
    p.add_argument("--timeout", type=int, default=120, help="seconds per tool run")
    p.add_argument("--work", default="difftest-work")
    p.add_argument("--keep-failures", help="copy failing cases (and repro.sh) here")
    p.add_argument("--keep-all", action="store_true", help="keep every case's directory")
    p.add_argument("--only", help="run these program indices only (e.g. 3,17)")
    p.add_argument("--min-matches", type=int, default=0,
                   help="fail when fewer programs than this MATCH (refusals check nothing)")
    a = p.parse_args()
    a.tofu_opt = tool(a.tofu_opt, a.bin, "tofu-opt")
    a.tofu_run = tool(a.tofu_run, a.bin, "tofu-run")
    a.ks = [int(k) for k in a.ks.split(",")]
    a.strategies = a.strategies.split(",")
    a.dialects = a.dialects.split(",")
    for s in a.strategies:
        if s not in STRATEGIES:
            p.error(f"unknown strategy '{s}' (one of {', '.join(STRATEGIES)})")
    return a


def main():
    a = parse_args()
    work = Path(a.work)
    work.mkdir(parents=True, exist_ok=True)
    indices = [int(i) for i in a.only.split(",")] if a.only else range(a.programs)
    counts = {s: 0 for s in ["MATCH", "REFUSED", "MISMATCH", "CRASH", "INVALID"]}
    refusals, worst, start = {}, 0.0, time.time()
    for i in indices:
        case = Case(a.seed, i, a)
        d = work / case.name
        if d.exists():
            shutil.rmtree(d)
        status, err, why = check(case, d, a)
        counts[status] += 1
        shown = f" err={err:.2g}" if err is not None else ""
        print(f"{case.describe()}: {status}{shown} {why}".rstrip(), flush=True)
        if status == "MATCH":
            worst = max(worst, err)
        if status == "REFUSED":
            # Group refusals by their diagnostic without location and numbers.
            key = re.sub(r"\d+", "N", re.sub(r"\S+:\d+:\d+: ", "", why))[:160]
            refusals.setdefault(key, []).append(case.name)
        if status not in ("MATCH", "REFUSED") and a.keep_failures:
            print(f"  kept in {keep(case, d, a, status)}")
        if not a.keep_all:
            shutil.rmtree(d)
    for key, names in sorted(refusals.items(), key=lambda kv: -len(kv[1])):
        print(f"refused {len(names)}x: {key} ({' '.join(names[:8])}"
              f"{' ...' if len(names) > 8 else ''})")
    total = sum(counts.values())
    print(f"difftest: seed {a.seed}, {total} programs, ks {','.join(map(str, a.ks))}, "
          f"{len(a.strategies)} strategies: "
          + ", ".join(f"{n} {s}" for s, n in counts.items())
          + f"; max relative error of the matches {worst:.2g} (rtol {a.rtol:g}); "
          f"{time.time() - start:.0f} s")
    failed = counts["MISMATCH"] + counts["CRASH"] + counts["INVALID"]
    if counts["MATCH"] < a.min_matches:
        print(f"difftest: {counts['MATCH']} MATCH, fewer than --min-matches {a.min_matches}: "
              "the refused plans checked nothing")
        failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
