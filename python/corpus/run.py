#!/usr/bin/env python3
"""Runs the JAX / PyTorch corpus through Tofu and compares with the frameworks.

    python3 python/corpus/run.py [--ks 1,2,3,4] [--subset all|suite] [-j 2]
        [--only NAME...] [--json FILE] [--markdown FILE] [--expect FILE]
        [--failures FILE] [--tools build/bin] [--keep DIR]

For every entry of ``test/Integration/Frontends/corpus/Inputs/manifest.json``
(``python/corpus/export.py`` writes it):

1. **import**: JAX (StableHLO) ``tofu-opt --tofu-import-stablehlo``; PyTorch
   (TOSA) ``tofu-opt --tofu-lower-tosa``, the lowering ``tofu-run`` and
   ``--tofu-partition`` apply to TOSA modules;
2. **partition** for each K: ``tofu-opt --tofu-partition="gpus=K"`` on the
   imported module (the plan, materialized into the SPMD program);
3. **run**: ``tofu-run partitioned.mlir --entry main --inputs DIR`` (K ranks,
   under mpirun when K > 1; the AOT program, or ``--jit``), the committed
   ``argN`` arrays as inputs;
4. **compare** every result with the framework's ``outN``: the count, each
   shape and dtype, and the values: floating-point results within the entry's
   rtol (default 1e-4) in ``test/Integration/Run/Inputs/compare.py``'s ``close_error``
   metric (per element |got - want| / max(|want|, 1% of the tensor's largest
   magnitude)), after NaN and infinities are checked to sit at the same
   places with the same signs; integer and bool results exactly.

Each case (entry, K) is classified ``match``, ``mismatch`` (exit 0 with a
wrong number, a wrong shape/dtype or a wrong result count: a silent wrong
answer), ``import error``, ``partition error`` or ``run error``. An error
must be *located* (``FILE:LINE:COL: error:`` in one of our files that
exists: the exported module, or the imported / partitioned module in this
runner's work directory; a location in a tool's temporary file, such as
tofu-run's ``stage1.mlir``, does not count; tofu-run's signature errors,
``@main result N ...``, are located at the entry's signature) and *name the
op* (a ``dialect.op`` name in the message; "expects parent op" errors about
a terminator do not count); a crash or any other error is ``unlocated``.

``--expect FILE`` compares with an expectations file (``NAME K OUTCOME``, one
case a line, ``#`` comments; OUTCOME ``match``, ``error`` or ``unlocated``,
see ``expected_outcome``): the run fails on any mismatch, any unlocated
error not listed as ``unlocated``, any case expected to match that does not,
and any case without an expectation; a case that did better than expected
is reported as improved (``--update-expected`` rewrites the file). Without
``--expect`` every unlocated error fails. Exit status 0 only when nothing
failed.
"""

from __future__ import annotations

import argparse
import concurrent.futures as futures
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CORPUS = ROOT / "test" / "Integration" / "Frontends" / "corpus" / "Inputs"

# The project's comparison metric (test/Integration/Run and bench/gpu use it too).
sys.path.insert(0, str(ROOT / "test" / "Integration" / "Run" / "Inputs"))
from compare import close_error  # noqa: E402

DEFAULT_RTOL = 1e-4
# The suite's deterministic part (--subset suite): every entry at K = 1, and
# K = 2, 3, 4 for the entries listed here (see docs/corpus.md).
SUITE_FULL_SWEEP = {
    "j_einsum_two_contractions", "j_softmax", "j_cumsum", "j_embedding_take",
    "j_conv2d_strided", "j_max_pool_grad", "j_integer_arith", "j_convert_float_to_int",
    "j_max_min_nan", "t_conv2d_strided", "t_layernorm", "t_gru_cell", "t_multihead_attention",
    "t_masked_fill_tril",
    "m_j_mlp_step", "m_j_adam_step", "m_j_attention_step", "m_j_embedding_bag_step",
    "m_j_llama_block_fwd", "m_t_resnet_bn", "m_t_transformer_encoder", "m_t_gpt2_block",
    "m_t_lstm_unrolled",
}

OP_NAME = re.compile(
    r"\b(?:stablehlo|chlo|mhlo|tosa|linalg|tensor|arith|math|shard|scf|memref|bufferization|"
    r"llvm|vector|affine|cf|ml_program|tofu|tdl|func)\.[a-z_][a-z0-9_.]*")
LOCATION = re.compile(r"^\s*(?:tofu-run: )?(?P<file>[^\s:][^:\n]*):(?P<line>\d+):(?P<col>\d+): "
                      r"error: (?P<msg>.*)$", re.M)
# tofu-run's signature checks name the entry's argument or result instead of
# a line: "@main result 0 has element type i1; ...".
SIGNATURE = re.compile(r"error: (?P<msg>@(?P<func>[\w.$-]+) (?P<what>argument|result|input) (?P<index>\d+)\b.*)$",
                       re.M)


def first_error(text: str) -> str:
    """The first error line, with the first detail line of the tool's output
    that says more (an undefined symbol, an MPI or rank failure), or the
    crash's first project frame."""
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    if "Stack dump:" in text:
        frames = [l for l in lines if re.match(r"#\d+ ", l)]
        ours = [f for f in frames if "tofu" in f.split("(")[0].lower() or "mlir::tofu" in f]
        frame = (ours or frames or ["?"])[0]
        frame = re.sub(r"^#\d+ 0x[0-9a-f]+ ", "", frame)
        head = next((l for l in lines if "error" in l.lower() or "assert" in l.lower()), "")
        return f"crash (stack dump){': ' + head if head else ''}; first frame: {frame}"
    for i, line in enumerate(lines):
        if "error" in line:
            detail = next((l for l in lines[i + 1:] if re.search(
                r"undefined|error|rank \d|signal|abort|mismatch|not ", l, re.I)), "")
            return line + (f" -- {detail}" if detail and detail != line else "")
    return lines[-1] if lines else ""


STDERR_TAIL_LINES = 20


def stderr_tail(stderr: str) -> str:
    """The last lines of a failing command's output (mpirun's and MPI's own
    messages come before tofu-run's error line, which alone may not say
    why a run failed)."""
    lines = [l.rstrip() for l in stderr.splitlines() if l.strip()]
    return "\n".join(lines[-STDERR_TAIL_LINES:])[-2000:]


def diagnose(stderr: str, mine: list[Path]) -> dict:
    """The first located error of a failing command, whether it is located in
    a file of ours (under one of `mine`: the exported module, the runner's
    imported and partitioned modules) that exists, and the op it names; an
    error that is not located keeps the tail of the output too."""
    info = diagnose_first(stderr, mine)
    if not (info["located"] and info["op"]):
        info["stderr_tail"] = stderr_tail(stderr)
    return info


def diagnose_first(stderr: str, mine: list[Path]) -> dict:
    info = {"message": first_error(stderr)[:400], "located": False, "op": None, "location": None}
    for m in LOCATION.finditer(stderr):
        path = m.group("file")
        info["location"] = f"{os.path.basename(path)}:{m.group('line')}:{m.group('col')}"
        info["message"] = f"{os.path.basename(path)}:{m.group('line')}:{m.group('col')}: error: " \
                          f"{m.group('msg')}"[:400]
        resolved = Path(path).resolve()
        ours = any(resolved.is_relative_to(d.resolve()) for d in mine)
        info["located"] = ours and resolved.exists()
        if not info["located"]:
            info["message"] += (f" [located in {path}, " + ("a tool's temporary file" if not ours
                                                            else "which does not exist") + "]")
        ops = OP_NAME.findall(m.group("msg"))
        if ops and "expects parent op" not in m.group("msg"):
            info["op"] = ops[0].rstrip(".")
        break
    else:
        m = SIGNATURE.search(stderr)
        if m:
            # Located at the entry's signature; the "op" is the value.
            info["located"] = True
            info["location"] = f"@{m.group('func')} {m.group('what')} {m.group('index')}"
            types = re.findall(r"\btype (\S+?)[;,.]?(?:\s|$)", m.group("msg"))
            info["op"] = f"@{m.group('func')} {m.group('what')} {m.group('index')}" + (
                f" ({types[0]})" if types else "")
    return info


def run_cmd(cmd, timeout, cwd=None):
    start = time.time()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=cwd)
        return proc.returncode, proc.stdout, proc.stderr, time.time() - start
    except subprocess.TimeoutExpired as e:
        out = e.stderr.decode() if isinstance(e.stderr, bytes) else (e.stderr or "")
        return -1, "", out + f"\n(timed out after {timeout} s)", time.time() - start


def compare_results(got: list, want: list, rtol: float) -> tuple[bool, str, float]:
    """(ok, reason, worst error) for the results of one case."""
    if len(got) != len(want):
        return False, f"{len(got)} results, the framework returns {len(want)}", float("inf")
    worst = 0.0
    for i, (g, w) in enumerate(zip(got, want)):
        if g.shape != w.shape:
            return False, f"result {i}: shape {g.shape}, the framework's {w.shape}", float("inf")
        if w.dtype.kind in "biu" or g.dtype.kind in "biu":
            if g.dtype != w.dtype and not (g.dtype.kind in "biu" and w.dtype.kind in "biu"
                                           and g.dtype.itemsize == w.dtype.itemsize):
                return False, f"result {i}: dtype {g.dtype}, the framework's {w.dtype}", float("inf")
            if not np.array_equal(g.astype(np.int64), w.astype(np.int64)):
                bad = int(np.sum(g.astype(np.int64) != w.astype(np.int64)))
                idx = np.argwhere(g.astype(np.int64) != w.astype(np.int64))[0]
                return False, (f"result {i} ({w.dtype}): {bad} of {w.size} elements differ, "
                               f"first at {tuple(int(x) for x in idx)}: {g[tuple(idx)]} != "
                               f"{w[tuple(idx)]}"), float("inf")
            continue
        if g.dtype != w.dtype:
            return False, f"result {i}: dtype {g.dtype}, the framework's {w.dtype}", float("inf")
        g64, w64 = g.astype(np.float64), w.astype(np.float64)
        special = ~np.isfinite(w64)
        same_special = (np.isnan(g64) & np.isnan(w64)) | (np.isinf(w64) & (g64 == w64))
        if np.any(special & ~same_special) or np.any(~np.isfinite(g64) & ~special):
            idx = np.argwhere((special & ~same_special) | (~np.isfinite(g64) & ~special))[0]
            return False, (f"result {i}: non-finite values differ, first at "
                           f"{tuple(int(x) for x in idx)}: {g[tuple(idx)]} != {w[tuple(idx)]}"), \
                float("inf")
        err = close_error(g64[~special], w64[~special]) if np.any(~special) else 0.0
        worst = max(worst, err)
        if err > rtol:
            return False, f"result {i}: relative error {err:.3g} > rtol {rtol:g}", worst
    return True, "", worst


class Tools:
    """tofu-opt and tofu-run, copied with the rank supervisor tofu-rank
    (tofu-run takes it from its own directory, else from PATH), tofu-jit
    and the libraries tofu-run links (``../lib/*.so`` and the prebuilt mains
    ``../lib/libtofu_run_main*.a``) into the work directory first, so that
    one sweep uses one build even while the build directory is being
    rebuilt."""

    def __init__(self, directory: Path, work: Path):
        snap = work / "tools"
        (snap / "bin").mkdir(parents=True, exist_ok=True)
        (snap / "lib").mkdir(parents=True, exist_ok=True)
        names = [directory / n for n in ("tofu-opt", "tofu-run", "tofu-rank", "tofu-jit")]
        names += sorted((directory.parent / "lib").glob("*.so"))
        names += sorted((directory.parent / "lib").glob("libtofu_run_main*.a"))
        for src in names:
            if not src.exists() and src.name == "tofu-jit":
                continue
            dst = snap / ("bin" if src.parent == directory else "lib") / src.name
            for attempt in range(60):  # a concurrent relink: wait for it
                try:
                    shutil.copy2(src, dst)
                    break
                except OSError as e:
                    if attempt == 59:
                        raise SystemExit(f"corpus: cannot copy {src}: {e} "
                                         "(build it: ninja -C build tofu-opt tofu-run)")
                    time.sleep(5)
        self.opt = str(snap / "bin" / "tofu-opt")
        self.run = str(snap / "bin" / "tofu-run")


def run_entry(entry: dict, ks: list[int], tools: Tools, corpus: Path, work: Path,
              timeout: int, jit: bool = False) -> dict:
    name = entry["name"]
    src = corpus / f"{name}.mlir"
    edir = work / name
    edir.mkdir(parents=True, exist_ok=True)
    rtol = entry.get("rtol") or DEFAULT_RTOL
    result = {"name": name, "framework": entry["framework"], "kind": entry["kind"],
              "doc": entry.get("doc", ""), "rtol": rtol, "cases": {}}
    imported = edir / "imported.mlir"
    flag = "--tofu-import-stablehlo" if entry["dialect"] == "stablehlo" else "--tofu-lower-tosa"
    rc, _, err, secs = run_cmd([tools.opt, flag, str(src), "-o", str(imported)], timeout)
    result["import_seconds"] = round(secs, 2)
    if rc != 0:
        d = diagnose(err, [corpus, edir])
        for k in ks:
            result["cases"][str(k)] = {"outcome": "import error", **d}
        return result
    inputs = np.load(corpus / f"{name}.inputs.npz")
    outputs = np.load(corpus / f"{name}.outputs.npz")
    indir = edir / "inputs"
    indir.mkdir(exist_ok=True)
    for key in inputs.files:
        np.save(indir / f"{key}.npy", inputs[key])
    want = [outputs[f"out{i}"] for i in range(len(outputs.files))]
    for k in ks:
        case = {}
        planned = edir / f"k{k}.mlir"
        rc, _, err, secs = run_cmd([tools.opt, f"--tofu-partition=gpus={k}", str(imported),
                                    "-o", str(planned)], timeout)
        case["partition_seconds"] = round(secs, 2)
        if rc != 0:
            case.update({"outcome": "partition error", **diagnose(err, [corpus, edir])})
            result["cases"][str(k)] = case
            continue
        outdir = edir / f"out{k}"
        shutil.rmtree(outdir, ignore_errors=True)
        rc, out, err, secs = run_cmd(
            [tools.run, str(planned), "--entry", "main", "--inputs", str(indir),
             "--outputs", str(outdir), "--timeout", str(timeout), "--compile-timeout", str(timeout)]
            + (["--jit"] if jit else []),
            2 * timeout + 60)
        case["run_seconds"] = round(secs, 2)
        if rc != 0:
            case.update({"outcome": "run error", **diagnose(err, [corpus, edir])})
            result["cases"][str(k)] = case
            continue
        files = sorted(outdir.glob("result*.npy"), key=lambda p: int(p.stem[6:]))
        got = [np.load(f) for f in files]
        ok, reason, worst = compare_results(got, want, rtol)
        case["max_error"] = worst if np.isfinite(worst) else None
        if ok:
            case["outcome"] = "match"
        else:
            case.update({"outcome": "mismatch", "message": reason})
        result["cases"][str(k)] = case
    return result


def tail_text(case: dict) -> str:
    """The kept output of an unlocated error, indented under its line."""
    tail = case.get("stderr_tail")
    return "".join(f"\n    | {l}" for l in tail.splitlines()) if tail else ""


def is_bad_error(case: dict) -> bool:
    return case["outcome"].endswith("error") and not (case.get("located") and case.get("op"))


def short(case: dict) -> str:
    o = case["outcome"]
    if o == "match":
        return "match"
    if o == "mismatch":
        return "MISMATCH"
    tag = {"import error": "import", "partition error": "partition", "run error": "run"}[o]
    return f"{tag}: {case.get('op') or 'UNLOCATED'}"


OUTCOMES = ("match", "error", "unlocated")


def expected_outcome(case: dict) -> str:
    """What --update-expected records: a wrong answer is recorded as
    "match", what it must become, so that it keeps failing."""
    if case["outcome"] in ("match", "mismatch"):
        return "match"
    return "unlocated" if is_bad_error(case) else "error"


def read_expected(path: Path) -> dict:
    expected = {}
    if not path.exists():
        return expected
    for n, line in enumerate(path.read_text().splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 3 or parts[2] not in OUTCOMES or not parts[1].isdigit():
            raise SystemExit(f"{path}:{n}: expected 'NAME K {'|'.join(OUTCOMES)}', got '{line}'")
        expected[(parts[0], parts[1])] = parts[2]
    return expected


def write_expected(path: Path, results: list, old: dict):
    merged = dict(old)
    for r in results:
        for k, c in r["cases"].items():
            merged[(r["name"], k)] = expected_outcome(c)
    lines = ["# Expected outcome of each corpus case, NAME K OUTCOME, checked by",
             "# test/Integration/Frontends/corpus/corpus.test (python/corpus/run.py --expect):",
             "#   match      the case must match the framework;",
             "#   error      it must fail with an error located in our files and naming the op",
             "#              (or match: an improvement, reported);",
             "#   unlocated  a known error that is not located or names no op (a bug to fix:",
             "#              /tmp-located, a crash); it may become an error or a match.",
             "# No case may ever give a wrong answer. Rewrite with run.py --update-expected",
             "# after a fix (docs/corpus.md)."]
    for (name, k), v in sorted(merged.items(), key=lambda x: (x[0][0], int(x[0][1]))):
        lines.append(f"{name} {k} {v}")
    path.write_text("\n".join(lines) + "\n")


def markdown_table(results: list, ks: list[int]) -> str:
    out = ["| entry | kind | what | " + " | ".join(f"K={k}" for k in ks) + " | max error | first error |",
           "|---|---|---|" + "---|" * len(ks) + "---|---|"]
    for r in results:
        cases = [r["cases"].get(str(k)) for k in ks]
        errs = [c.get("max_error") for c in cases if c and c.get("max_error") is not None]
        first = next((c for c in cases if c and c["outcome"] != "match"), None)
        msg = ""
        if first is not None:
            msg = first.get("message", "").replace("|", "\\|")
            if len(msg) > 140:
                msg = msg[:137] + "..."
        worst = f"{max(errs):.2g}" if errs else "—"
        doc = r.get("doc", "").replace("|", "\\|")
        out.append(f"| `{r['name']}` | {r['framework']} {r['kind']} | {doc} | "
                   + " | ".join(short(c) if c else "—" for c in cases)
                   + f" | {worst} | {msg} |")
    return "\n".join(out) + "\n"


def summary(results: list) -> dict:
    counts = {o: 0 for o in ("match", "mismatch", "import error", "partition error", "run error")}
    for r in results:
        for c in r["cases"].values():
            counts[c["outcome"]] += 1
    counts["unlocated"] = sum(is_bad_error(c) for r in results for c in r["cases"].values())
    counts["cases"] = sum(len(r["cases"]) for r in results)
    counts["entries"] = len(results)
    counts["entries all K match"] = sum(all(c["outcome"] == "match" for c in r["cases"].values())
                                        for r in results)
    return counts


def failures_text(results: list) -> str:
    """Failing cases grouped by the op their error names (for whoever fixes
    the gaps)."""
    by_op = {}
    for r in results:
        for k, c in r["cases"].items():
            if c["outcome"] == "match":
                continue
            key = (c["outcome"], c.get("op") or ("(wrong answer)" if c["outcome"] == "mismatch"
                                                 else "(UNLOCATED / no op named)"))
            by_op.setdefault(key, {}).setdefault(r["name"], []).append((k, c.get("message", "")))
    lines = []
    order = {"mismatch": 0, "import error": 1, "partition error": 2, "run error": 3}
    for (outcome, op), entries in sorted(by_op.items(), key=lambda x: (order[x[0][0]], x[0][1])):
        n = sum(len(v) for v in entries.values())
        lines.append(f"== {outcome}: {op} ({len(entries)} entries, {n} cases)")
        for name, cases in sorted(entries.items()):
            ks = ",".join(k for k, _ in cases)
            lines.append(f"  {name} K={ks}: {cases[0][1]}")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--corpus", default=str(CORPUS))
    p.add_argument("--tools", default=str(ROOT / "build" / "bin"))
    p.add_argument("--ks", default="1,2,3,4")
    p.add_argument("--subset", choices=["all", "suite"], default="all",
                   help="suite: K = 1 for every entry, 2, 3, 4 for a fixed subset")
    p.add_argument("--only", nargs="*")
    p.add_argument("-j", "--jobs", type=int, default=2)
    p.add_argument("--jit", action="store_true",
                   help="tofu-run --jit (MLIR's ExecutionEngine) instead of the AOT program")
    p.add_argument("--timeout", type=int, default=300, help="seconds per command")
    p.add_argument("--json")
    p.add_argument("--markdown")
    p.add_argument("--failures")
    p.add_argument("--expect")
    p.add_argument("--update-expected", action="store_true")
    p.add_argument("--keep", help="work directory to keep (default: a temporary one)")
    args = p.parse_args(argv)

    corpus = Path(args.corpus)
    manifest = json.loads((corpus / "manifest.json").read_text())
    entries = manifest["entries"]
    if args.only:
        unknown = set(args.only) - {e["name"] for e in entries}
        if unknown:
            raise SystemExit(f"corpus: unknown entries: {' '.join(sorted(unknown))}")
        entries = [e for e in entries if e["name"] in args.only]
    ks = [int(k) for k in args.ks.split(",")]
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="tofu-corpus-"))
    work.mkdir(parents=True, exist_ok=True)
    tools = Tools(Path(args.tools), work)

    def ks_for(e):
        if args.subset == "suite" and e["name"] not in SUITE_FULL_SWEEP:
            return [k for k in ks if k == 1]
        return ks

    start = time.time()
    results = []
    with futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        jobs = {pool.submit(run_entry, e, ks_for(e), tools, corpus, work, args.timeout, args.jit): e
                for e in entries}
        for f in futures.as_completed(jobs):
            r = f.result()
            results.append(r)
            print(f"{r['name']}: " + ", ".join(f"K={k} {short(c)}" for k, c in r["cases"].items()),
                  flush=True)
    results.sort(key=lambda r: r["name"])
    elapsed = time.time() - start
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)

    counts = summary(results)
    print()
    print(markdown_table(results, ks), end="")
    print()
    print("summary: " + ", ".join(f"{k} {v}" for k, v in counts.items())
          + f"; {elapsed:.0f} s with -j{args.jobs}")

    failed, improved, known = [], [], []
    expected = read_expected(Path(args.expect)) if args.expect else None
    for r in results:
        for k, c in r["cases"].items():
            want = expected.get((r["name"], k)) if expected is not None else None
            if c["outcome"] == "mismatch":
                failed.append(f"{r['name']} K={k}: MISMATCH (silent wrong answer): {c['message']}")
            elif is_bad_error(c) and want != "unlocated":
                failed.append(f"{r['name']} K={k}: {c['outcome']} not located or naming no op: "
                              f"{c['message']}" + tail_text(c))
            elif is_bad_error(c):
                known.append(f"{r['name']} K={k}: {c['outcome']}: {c['message']}")
            if expected is None:
                continue
            if want is None:
                failed.append(f"{r['name']} K={k}: no expectation in {args.expect}")
            elif want == "match" and c["outcome"] == "mismatch":
                pass  # reported above
            elif want == "match" and c["outcome"] != "match":
                failed.append(f"{r['name']} K={k}: expected to match, got {short(c)}: "
                              f"{c.get('message', '')}" + tail_text(c))
            elif want != "match" and expected_outcome(c) != want and c["outcome"] != "mismatch":
                improved.append(f"{r['name']} K={k}: {want} -> {short(c)}")
    if args.expect and args.update_expected:
        write_expected(Path(args.expect), results, expected)
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps({
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "versions": manifest.get("versions"), "ks": ks, "subset": args.subset,
            "seconds": round(elapsed, 1), "jobs": args.jobs, "route": "jit" if args.jit else "aot",
            "summary": counts,
            "export_failures": manifest.get("export_failures", []), "entries": results},
            indent=1) + "\n")
    if args.markdown:
        Path(args.markdown).write_text(markdown_table(results, ks))
    if args.failures:
        Path(args.failures).write_text(failures_text(results))
    for line in known:
        print(f"known (expected 'unlocated'; to fix): {line}")
    for line in improved:
        print(f"improved (run with --update-expected): {line}")
    for line in failed:
        print(f"FAIL {line}")
    print("corpus: " + ("OK" if not failed else f"{len(failed)} failures"))
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
