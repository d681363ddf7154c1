#!/usr/bin/env python3
"""A deterministic mutation fuzzer for tofu-opt's parser, verifiers and analyses.

Seed inputs are the .mlir tests under test/Dialect/TDL, test/Analysis and
test/Transforms plus the corpus in test/fuzz/corpus/, split at `// -----`.
Each mutant is a seed with one to four text mutations aimed at TDL and IR
(tokens deleted, duplicated or swapped; integers set to 0, -1 or huge values;
affine expressions, dimension lists, tensor ranks, op names, reducers,
parameter references and access patterns replaced; brackets dropped; the
text truncated or spliced with another seed). Mutants are run in batches
through `tofu-opt --split-input-file` in three modes: plain parse and print,
`--tofu-print-strategies` (text or JSON) and `--tofu-print-tdl`. A batch that
crashes or hangs is bisected to find the culprits.

A crash is a signal or exit code >= 128, or "Stack dump:", "Assertion `",
"LLVM ERROR:" or "UNREACHABLE executed" on stderr; a hang is a run past the
timeout. Each is printed with its reproducer, minimized, saved to --crash-dir,
and makes the script exit with status 1. Mutants whose diagnostics were not
seen before can be saved with --save-interesting to grow the corpus.

The run is a function of --seed, --mutants, --batch and the seed files only.
"""

import argparse
import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TEST_ROOT = os.path.dirname(HERE)
DEFAULT_SEED_DIRS = [
    os.path.join(TEST_ROOT, "Dialect", "TDL"),
    os.path.join(TEST_ROOT, "Analysis"),
    os.path.join(TEST_ROOT, "Transforms"),
    os.path.join(HERE, "corpus"),
]

SPLIT_MARKER = "// -----"
DEFAULT_MLIR_OPT = shutil.which("mlir-opt") or "/usr/lib/llvm-22/bin/mlir-opt"
CRASH_MARKERS = ["Stack dump:", "Assertion `", "LLVM ERROR:",
                 "UNREACHABLE executed", "PLEASE submit a bug report"]

LIBRARY_DIR = os.path.join(os.path.dirname(TEST_ROOT), "lib", "Dialect",
                           "TDL", "Library")
LIBRARY_OPS = os.path.join(HERE, "Inputs", "library-ops.mlir")

# Batch modes run every mutant of a batch in one --split-input-file run. The
# library mode instead mutates one entry of the shipped description library
# and loads it with --tdl-load-library while analysing ops that
# use the library (Inputs/library-ops.mlir).
MODES = {
    "parse": [["-o", "/dev/null"], ["-o", "/dev/null",
                                    "--mlir-print-op-generic"]],
    "strategies": [["--tofu-print-strategies", "-o", "/dev/null"],
                   ["--tofu-print-strategies=format=json", "-o",
                    "/dev/null"]],
    "tdl": [["--tofu-print-tdl", "-o", "/dev/null"]],
    "library": [[LIBRARY_OPS, "--tdl-load-library=paths={input}",
                 "--tofu-print-strategies", "-o", "/dev/null"],
                [LIBRARY_OPS, "--tdl-load-library=paths={input}",
                 "--tofu-print-tdl", "-o", "/dev/null"]],
}

TOKEN_RE = re.compile(
    r'"(?:[^"\\\n]|\\.)*"'            # string
    r'|%[\w.$#-]+|\^[\w.$-]+'         # SSA value, block
    r'|[@#!][\w.$-]+'                 # symbol, attribute alias, type alias
    r'|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?' # number
    r'|[A-Za-z_][\w.$]*'              # identifier, op name, keyword
    r'|->|\S')
INT_RE = re.compile(r'(?<![\w.%#@^])-?\d+(?![\w.])')
MAP_RE = re.compile(r'affine_map<\(([^()]*)\)(?:\[([^\]]*)\])?\s*->\s*\(')
TENSOR_RE = re.compile(r'tensor<([^<>]*)>')
STRLIST_RE = re.compile(r'\[((?:\s*"[^"\n]*"\s*,?)+)\]')
OPNAME_RE = re.compile(r'\b(?:tdl|tosa|linalg|arith|tensor|func|math)\.[a-z_]+')
REDUCE_RE = re.compile(r'\breduce\s+(\w+)')
PARAM_RE = re.compile(r'"((?:attr|operand|in|out)\.[^"\n]*)"')
PATTERN_RE = re.compile(r'#tdl\.\w+(?:<[^<>]*(?:<[^<>]*>[^<>]*)*>)?')

INTERESTING_INTS = [0, 0, -1, -1, 1, 2, 3, 7, 64, 2**31 - 1, 2**31, 2**32,
                    2**62, 2**63 - 1, 2**63, -2**63, 2**64, 10**30]
OP_NAMES = [
    "tdl.operator", "tdl.opaque", "tdl.apply", "tdl.index", "tdl.yield",
    "tosa.add", "tosa.mul", "tosa.matmul", "tosa.conv2d", "tosa.transpose",
    "tosa.reshape", "tosa.slice", "tosa.pad", "tosa.concat", "tosa.tile",
    "tosa.reduce_sum", "tosa.reduce_max", "tosa.argmax", "tosa.const_shape",
    "tosa.avg_pool2d", "tosa.max_pool2d", "tosa.clamp", "tosa.exp",
    "tosa.sub", "tosa.cast",
    "linalg.matmul", "linalg.generic", "linalg.fill", "linalg.add",
    "linalg.transpose", "linalg.reduce", "linalg.batch_matmul",
    "linalg.conv_2d_nhwc_hwcf", "linalg.yield", "linalg.index",
    "arith.addf", "arith.mulf", "arith.subf", "arith.maximumf",
    "arith.constant", "arith.addi", "arith.index_cast",
    "tensor.empty", "tensor.extract_slice", "tensor.pad", "tensor.concat",
    "tensor.collapse_shape", "tensor.expand_shape",
    "func.func", "func.return", "func.call", "math.exp",
]
REDUCERS = ["sum", "max", "min", "prod", "avg", "sum", "max"]
COMBINERS = ["arith.addf", "arith.mulf", "arith.subf", "arith.maximumf",
             "arith.minimumf", "arith.maxnumf", "arith.divf"]
PARAM_REFS = [
    "attr.axis", "attr.perms", "attr.kernel[0]", "attr.stride[i]",
    "attr.pad[2*i+1]", "attr.pad[2*i]", "attr.", "attr.x[", "attr.x[i*2]",
    "attr.missing", "attr.axis[i-1]", "attr.axis[-1]",
    "attr.axis[9223372036854775807]", "attr.axis[99999999999999999999]",
    "attr.x[4611686018427387904*i]",
    "operand.1[i]", "operand.1[2*i]", "operand.0", "operand.7[0]",
    "operand.99999999999[0]", "operand.-1",
    "in.0.shape[0]", "in.0.shape[i]", "in.1.shape[1]", "in.9.shape[0]",
    "in.0.shape", "out.shape[i]", "out.shape[0]", "out.shape[-1]",
    "out.shape", "bogus", "", "...",
]
ACCESS_PATTERNS = [
    "#tdl.broadcast", "#tdl.tile", "#tdl.reshape",
    '#tdl.permute<"attr.perms">', '#tdl.concat<"attr.axis">',
    '#tdl.shift<offsets = "attr.o[i]">',
    '#tdl.shift<offsets = "operand.1[i]", scale = -1>',
    '#tdl.shift<offsets = "attr.o[i]", strides = "attr.s[i]">',
    '#tdl.shift<offsets = "attr.o[i]", scale = 2>',
    "#tdl.guarded<#tdl.broadcast>",
    "#tdl.guarded<affine_map<(i) -> (i - 1)>>",
    "#tdl.guarded<#tdl.guarded<affine_map<(i) -> (i)>>>",
    "#tdl.guarded<42>", "affine_map<() -> (0)>", "affine_map<(i) -> (i)>",
]
ELEMENT_TYPES = ["f32", "f16", "i32", "i1", "i64", "i128", "index", "bf16",
                 "complex<f32>", "f64"]


# ---------------------------------------------------------------------------
# Seeds
# ---------------------------------------------------------------------------

def load_seeds(dirs):
    """Returns the split-input chunks of every .mlir file, sorted by path."""
    chunks = []
    for d in dirs:
        if not os.path.isdir(d):
            continue
        for root, subdirs, files in os.walk(d):
            subdirs.sort()
            for name in sorted(files):
                # Reproducers of upstream crashes would only find them again.
                if not name.endswith(".mlir") or name.startswith("upstream-"):
                    continue
                with open(os.path.join(root, name), encoding="utf-8",
                          errors="replace") as f:
                    text = f.read()
                for chunk in re.split(r"^// -----.*$", text, flags=re.M):
                    chunk = strip_comments(chunk)
                    if chunk.strip():
                        chunks.append(chunk)
    return chunks


def load_library_entries(directory):
    """Each top-level description of the shipped library, as its own text."""
    entries = []
    if not os.path.isdir(directory):
        return entries
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".mlir"):
            continue
        with open(os.path.join(directory, name), encoding="utf-8") as f:
            text = strip_comments(f.read())
        for part in re.split(r"^(?=tdl\.(?:operator|opaque) )", text,
                             flags=re.M):
            if part.lstrip().startswith("tdl."):
                entries.append(part)
    return entries


def valid_seeds(tofu_opt, seeds, work):
    """The seeds that parse and verify, found with one --split-input-file
    run: the others (negative tests) mostly yield mutants that die in the
    parser, so mutants are drawn mostly from the valid ones."""
    path = os.path.join(work, "seeds.mlir")
    _, starts = write_batch([(seed, []) for seed in seeds], path)
    result = run_tofu_opt(tofu_opt, path, ["-o", "/dev/null"], 60, True)
    bad = {idx for idx, _ in diagnostic_signatures(result.stderr, path, starts)}
    return [seed for k, seed in enumerate(seeds) if k not in bad]


def strip_comments(text):
    """Drops whole-line comments (RUN/CHECK/expected-* lines)."""
    return "\n".join(l for l in text.splitlines()
                     if not l.lstrip().startswith("//")) + "\n"


# ---------------------------------------------------------------------------
# Mutations: each takes (text, rng, seeds) and returns new text or None.
# ---------------------------------------------------------------------------

def tokens(text):
    return [(m.start(), m.end()) for m in TOKEN_RE.finditer(text)]


def replace_span(text, span, new):
    return text[:span[0]] + new + text[span[1]:]


def m_delete_token(text, rng, seeds):
    toks = tokens(text)
    if not toks:
        return None
    return replace_span(text, rng.choice(toks), "")


def m_duplicate_token(text, rng, seeds):
    toks = tokens(text)
    if not toks:
        return None
    s, e = rng.choice(toks)
    return text[:e] + " " + text[s:e] + text[e:]


def m_swap_tokens(text, rng, seeds):
    toks = tokens(text)
    if len(toks) < 2:
        return None
    i = rng.randrange(len(toks))
    j = min(len(toks) - 1, i + rng.randint(1, 8))
    if i == j:
        return None
    (a0, a1), (b0, b1) = toks[i], toks[j]
    return text[:a0] + text[b0:b1] + text[a1:b0] + text[a0:a1] + text[b1:]


def m_integer(text, rng, seeds):
    spans = [(m.start(), m.end()) for m in INT_RE.finditer(text)]
    if not spans:
        return None
    span = rng.choice(spans)
    old = int(text[span[0]:span[1]])
    new = rng.choice(INTERESTING_INTS + [old + 1, old - 1, -old, old * 2])
    return replace_span(text, span, str(new))


def _map_results(text, m):
    """The span of the result list of the affine map matched by `m`."""
    start = m.end()
    depth = 1
    i = start
    while i < len(text) and depth:
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        i += 1
    if depth:
        return None
    return start, i - 1


def _names(group):
    return [n.strip() for n in (group or "").split(",") if n.strip()]


def random_affine_expr(rng, dims, syms, depth=0):
    leaves = dims + syms + [str(rng.choice([0, 1, 2, 3, -1, 4294967296,
                                            2**62, 2**63 - 1]))]
    if depth > 2 or rng.random() < 0.35:
        return rng.choice(leaves)
    a = random_affine_expr(rng, dims, syms, depth + 1)
    b = random_affine_expr(rng, dims, syms, depth + 1)
    op = rng.choice(["+", "-", "*", "floordiv", "ceildiv", "mod"])
    if op in ("floordiv", "ceildiv", "mod") and rng.random() < 0.7:
        b = str(rng.choice([0, -2, 1, 2, 3, 4294967296, 2**63 - 1]))
    if op == "*" and rng.random() < 0.6:
        b = str(rng.choice([-1, 2, -2, 0, 4294967296, 2**62]))
    return "(%s %s %s)" % (a, op, b)


def m_affine_expr(text, rng, seeds):
    maps = list(MAP_RE.finditer(text))
    if not maps:
        return None
    m = rng.choice(maps)
    span = _map_results(text, m)
    if not span:
        return None
    dims, syms = _names(m.group(1)), _names(m.group(2))
    # Sometimes reference a dimension or symbol that is not declared.
    extra_dims = dims + (["d9"] if rng.random() < 0.1 else [])
    extra_syms = syms + (["s0"] if rng.random() < 0.1 and not syms else [])
    results = [r.strip() for r in split_top_level(text[span[0]:span[1]])]
    choice = rng.random()
    if choice < 0.6 and results:
        k = rng.randrange(len(results))
        results[k] = random_affine_expr(rng, extra_dims, extra_syms)
    elif choice < 0.8:
        results.append(random_affine_expr(rng, extra_dims, extra_syms))
    elif results:
        del results[rng.randrange(len(results))]
    return replace_span(text, span, ", ".join(results))


def split_top_level(s):
    parts, depth, cur = [], 0, ""
    for ch in s:
        if ch in "([<":
            depth += 1
        elif ch in ")]>":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return parts


def m_map_dims(text, rng, seeds):
    """Swaps map results, or adds/drops a declared dimension or symbol."""
    maps = list(MAP_RE.finditer(text))
    if not maps:
        return None
    m = rng.choice(maps)
    if rng.random() < 0.5:
        span = _map_results(text, m)
        if not span:
            return None
        results = split_top_level(text[span[0]:span[1]])
        if len(results) < 2:
            return None
        i, j = rng.sample(range(len(results)), 2)
        results[i], results[j] = results[j], results[i]
        return replace_span(text, span, ",".join(results))
    dims = _names(m.group(1))
    if rng.random() < 0.5 and dims:
        del dims[rng.randrange(len(dims))]
    else:
        dims.insert(rng.randrange(len(dims) + 1), "zz")
    return replace_span(text, m.span(1), ", ".join(dims))


def m_string_list(text, rng, seeds):
    """Swaps, duplicates, drops or renames entries of a string list."""
    lists = list(STRLIST_RE.finditer(text))
    if not lists:
        return None
    m = rng.choice(lists)
    items = re.findall(r'"[^"\n]*"', m.group(1))
    op = rng.randrange(5)
    if op == 0 and len(items) >= 2:
        i, j = rng.sample(range(len(items)), 2)
        items[i], items[j] = items[j], items[i]
    elif op == 1:
        items.insert(rng.randrange(len(items) + 1), rng.choice(items))
    elif op == 2:
        del items[rng.randrange(len(items))]
    elif op == 3:
        items[rng.randrange(len(items))] = rng.choice(
            ['":"', '"..."', '""', '"zz"', '"b"', '"i"'])
    else:
        items.append('"%s"' % rng.choice(PARAM_REFS))
    return replace_span(text, m.span(1), ", ".join(items))


def m_drop_bracket(text, rng, seeds):
    spans = [i for i, ch in enumerate(text) if ch in "[](){}<>"]
    if not spans:
        return None
    i = rng.choice(spans)
    return text[:i] + text[i + 1:]


def m_tensor_type(text, rng, seeds):
    types = list(TENSOR_RE.finditer(text))
    if not types:
        return None
    m = rng.choice(types)
    old = m.group(1)
    parts = old.split("x")
    dims, elem = parts[:-1], parts[-1]
    op = rng.randrange(5)
    if op == 0:
        dims.insert(rng.randrange(len(dims) + 1),
                    str(rng.choice([1, 2, 3, 4])))
    elif op == 1 and dims:
        del dims[rng.randrange(len(dims))]
    elif op == 2 and dims:
        dims[rng.randrange(len(dims))] = str(rng.choice(
            ["0", "1", "?", "2", "3", "9223372036854775807", "4294967296",
             "-1"]))
    elif op == 3:
        elem = rng.choice(ELEMENT_TYPES)
    else:
        dims = dims[::-1]
    new = "x".join(dims + [elem])
    # Usually change the type everywhere it occurs, so that the IR stays
    # well-typed and the mutant reaches the verifiers and the analyses.
    if rng.random() < 0.7:
        return text.replace("tensor<%s>" % old, "tensor<%s>" % new)
    return replace_span(text, m.span(1), new)


def m_op_name(text, rng, seeds):
    names = list(OPNAME_RE.finditer(text))
    if not names:
        return None
    return replace_span(text, rng.choice(names).span(), rng.choice(OP_NAMES))


def m_reducer(text, rng, seeds):
    reducers = list(REDUCE_RE.finditer(text))
    combiners = [m for m in OPNAME_RE.finditer(text)
                 if m.group(0) in COMBINERS]
    if reducers and (not combiners or rng.random() < 0.5):
        return replace_span(text, rng.choice(reducers).span(1),
                            rng.choice(REDUCERS))
    if combiners:
        return replace_span(text, rng.choice(combiners).span(),
                            rng.choice(COMBINERS))
    return None


def m_param_ref(text, rng, seeds):
    refs = list(PARAM_RE.finditer(text))
    if not refs:
        return None
    m = rng.choice(refs)
    if rng.random() < 0.5:
        new = rng.choice(PARAM_REFS)
    else:
        new = re.sub(r"\d+", lambda _: str(rng.choice([0, 1, 2, 7, -1])),
                     m.group(1))
    return replace_span(text, m.span(1), new)


def m_access_pattern(text, rng, seeds):
    patterns = list(PATTERN_RE.finditer(text))
    if patterns and rng.random() < 0.7:
        return replace_span(text, rng.choice(patterns).span(),
                            rng.choice(ACCESS_PATTERNS))
    maps = [m for m in re.finditer(r"inputs\s*\[", text)]
    if not maps:
        return None
    m = rng.choice(maps)
    return text[:m.end()] + rng.choice(ACCESS_PATTERNS) + ", " + text[m.end():]


ATTR_VALUE_RE = re.compile(
    r'\b(\w+) = (array<[^>]*>|\[[^\]\[]*\]|dense<[^>]*>(?:\s*:\s*tensor<[^>]*>)?'
    r'|-?\d+(?:\s*:\s*\w+)?|"[^"\n]*")')
ATTR_VALUES = [
    "array<i64: 0>", "array<i64: 1, 0>", "array<i64: 2, 1, 0>",
    "array<i64: -1, 5>", "array<i32: 1, 1, 1, 1>", "array<i64>",
    "array<i64: 9223372036854775807, 1>", "[1, 2]", "[]", '["a", 1]',
    "dense<[1, 2]> : tensor<2xi64>", "dense<7> : tensor<3xi32>",
    "dense<[99999999999999999999]> : tensor<1xi128>", "0 : i64", "-1 : i64",
    "7 : i32", "4294967296 : i64", "1.5 : f32", '"text"', "true", "unit",
    "0 : i128", "36893488147419103232 : i128", "-9223372036854775808 : i64",
]


def m_attr_value(text, rng, seeds):
    """Replaces an attribute value (what parameter references read)."""
    # linalg's iterator_types/indexing_maps crash upstream parsers when they
    # hold other attributes (see corpus/upstream-*); nothing of ours reads
    # them as parameters.
    values = [m for m in ATTR_VALUE_RE.finditer(text)
              if m.group(1) not in ("iterator_types", "indexing_maps")]
    if not values:
        return None
    return replace_span(text, rng.choice(values).span(2),
                        rng.choice(ATTR_VALUES))


def m_truncate(text, rng, seeds):
    if len(text) < 2:
        return None
    return text[:rng.randrange(1, len(text))]


def m_splice(text, rng, seeds):
    """Inserts a line of another seed (e.g. a description or an op)."""
    other = rng.choice(seeds).splitlines()
    lines = text.splitlines()
    if not other:
        return None
    k = rng.randrange(len(other))
    n = rng.randint(1, 4)
    at = rng.randrange(len(lines) + 1)
    return "\n".join(lines[:at] + other[k:k + n] + lines[at:]) + "\n"


def m_line(text, rng, seeds):
    lines = text.splitlines()
    if not lines:
        return None
    i = rng.randrange(len(lines))
    if rng.random() < 0.5:
        del lines[i]
    else:
        lines.insert(i, lines[i])
    return "\n".join(lines) + "\n"


MUTATORS = [
    (m_delete_token, 3), (m_duplicate_token, 2), (m_swap_tokens, 2),
    (m_integer, 5), (m_affine_expr, 5), (m_map_dims, 3), (m_string_list, 4),
    (m_drop_bracket, 2), (m_tensor_type, 4), (m_op_name, 3), (m_reducer, 2),
    (m_param_ref, 3), (m_access_pattern, 3), (m_truncate, 1), (m_splice, 2),
    (m_attr_value, 4),
    (m_line, 2),
]


def mutate(text, rng, seeds):
    funcs = [f for f, _ in MUTATORS]
    weights = [w for _, w in MUTATORS]
    count = 1
    while count < 4 and rng.random() < 0.3:
        count += 1
    applied = []
    for _ in range(count):
        for _attempt in range(5):
            f = rng.choices(funcs, weights)[0]
            new = f(text, rng, seeds)
            if new is not None and new != text:
                text = new
                applied.append(f.__name__[2:])
                break
    # A split marker inside a mutant would cut it in two.
    text = "\n".join(l for l in text.splitlines()
                     if not l.startswith(SPLIT_MARKER)) + "\n"
    return text, applied


# ---------------------------------------------------------------------------
# Running tofu-opt
# ---------------------------------------------------------------------------

class Result:
    def __init__(self, returncode, stderr, timed_out):
        self.returncode = returncode
        self.stderr = stderr
        self.timed_out = timed_out

    def crashed(self):
        if self.timed_out:
            return False
        if self.returncode < 0 or self.returncode >= 128:
            return True
        return any(marker in self.stderr for marker in CRASH_MARKERS)

    def why(self):
        """A stable one-line signature: the assertion, fatal error or signal,
        and the first stack frame that is not the signal handler or a
        header's inline code (the code that went wrong)."""
        if self.timed_out:
            return "hang (timeout)"
        what = "exit code %d" % self.returncode
        for marker in ("Assertion `", "LLVM ERROR:", "UNREACHABLE executed"):
            line = next((l for l in self.stderr.splitlines() if marker in l),
                        None)
            if line:
                what = re.sub(r"^\S*-opt\S*: ", "", line.strip())[:240]
                break
        frames = re.findall(r"^\s*#\d+ 0x[0-9a-f]+ (.*)$", self.stderr, re.M)
        for frame in frames:
            name = re.sub(r"\s+\S+:\d+(:\d+)?$", "", frame.strip())
            # Unsymbolized offsets differ between sites of one function.
            name = re.sub(r"\s*\(\S+\+0x[0-9a-f]+\)$", "", name)
            if re.search(r"llvm::sys::|SignalHandler|__restore_rt|"
                         r"PrintStackTrace|^raise\b|^abort\b|"
                         r"__pthread_kill|_nl_load_domain|__assert|"
                         r"CrashRecoveryContext|^\(", name) or not name:
                continue
            return "crash: %s in %s" % (what, name[:200])
        return "crash: " + what


# Stack traces are symbolized when llvm-symbolizer can be found, so that
# crash signatures name functions.
ENV = dict(os.environ)
for _candidate in [shutil.which("llvm-symbolizer"),
                   "/usr/lib/llvm-22/bin/llvm-symbolizer"]:
    if _candidate and os.path.exists(_candidate):
        ENV.setdefault("LLVM_SYMBOLIZER_PATH", _candidate)
        break


def run_tofu_opt(tofu_opt, path, args, timeout, split):
    """Runs `tofu_opt path args`, or `tofu_opt args` with `{input}` in the
    arguments replaced by `path` (library mode)."""
    if any("{input}" in a for a in args):
        cmd = [tofu_opt] + [a.replace("{input}", path) for a in args]
    else:
        cmd = [tofu_opt, path] + args
    cmd += ["--split-input-file"] if split else []
    try:
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, timeout=timeout, env=ENV)
        return Result(p.returncode, p.stderr.decode("utf-8", "replace"), False)
    except subprocess.TimeoutExpired as e:
        err = e.stderr.decode("utf-8", "replace") if e.stderr else ""
        return Result(0, err, True)


def write_batch(batch, path):
    """Writes (mutant, mutations) pairs as one --split-input-file input;
    returns its text and the first line of each mutant."""
    text, starts, line = "", [], 1
    for k, (mutant, _) in enumerate(batch):
        if k:
            text += SPLIT_MARKER + "\n"
            line += 1
        starts.append(line)
        text += mutant
        line += mutant.count("\n")
    with open(path, "w") as f:
        f.write(text)
    return text, starts


def crashes_upstream(mlir_opt, text, mode_args, work, timeout):
    """True if stock mlir-opt crashes on `text` too (Tofu flags dropped)."""
    if not mlir_opt:
        return False
    path = os.path.join(work, "upstream.mlir")
    with open(path, "w") as f:
        f.write(text)
    # Tofu ops left in generic form parse as unregistered ops: if mlir-opt
    # still crashes, the crash is not in Tofu's code.
    margs = [a for a in mode_args if not a.startswith("--tofu-")] + \
        ["--allow-unregistered-dialect"]
    r = run_tofu_opt(mlir_opt, path, margs, timeout, False)
    return r.crashed() or r.timed_out


def diagnostic_signatures(stderr, path, line_of_mutant):
    """(mutant index, normalized message) for each error/warning."""
    sigs = []
    for m in re.finditer(r"^" + re.escape(path) +
                         r":(\d+):\d+: (error|warning): ([^\n]*)",
                         stderr, re.M):
        line = int(m.group(1))
        idx = None
        for i, start in enumerate(line_of_mutant):
            if start <= line:
                idx = i
        msg = re.sub(r"'[^']*'|\"[^\"]*\"|-?\d+|@[\w.$-]+|%[\w.$-]+", "_",
                     m.group(3))
        sigs.append((idx, m.group(2) + ": " + msg[:160]))
    return sigs


def minimize(text, still_fails, budget=200):
    """Greedy line- then token-level reduction keeping `still_fails` true."""
    def reduce_units(units, joiner):
        chunk = max(1, len(units) // 2)
        tries = 0
        while chunk >= 1 and tries < budget:
            i, changed = 0, False
            while i < len(units) and tries < budget:
                candidate = units[:i] + units[i + chunk:]
                tries += 1
                if candidate and still_fails(joiner(candidate)):
                    units, changed = candidate, True
                else:
                    i += chunk
            if not changed:
                chunk //= 2
        return units

    lines = reduce_units(text.splitlines(), lambda u: "\n".join(u) + "\n")
    text = "\n".join(lines) + "\n"
    # Then tokens, each kept with the whitespace that follows it.
    spans = tokens(text)
    if len(spans) <= 400:
        pieces = [(text[s:e], text[e:(spans[k + 1][0] if k + 1 < len(spans)
                                        else len(text))])
                  for k, (s, e) in enumerate(spans)]
        pieces = reduce_units(pieces, lambda u: "".join(a + b for a, b in u))
        text = "".join(a + b for a, b in pieces)
    return text


# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tofu-opt", default="tofu-opt",
                    help="tofu-opt binary (a path or a name on PATH)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mutants", type=int, default=300)
    ap.add_argument("--batch", type=int, default=25,
                    help="mutants per tofu-opt run (--split-input-file)")
    ap.add_argument("--timeout", type=float, default=10.0,
                    help="seconds per mutant before a run counts as a hang")
    ap.add_argument("--seed-dir", action="append", default=None,
                    help="directories of seed .mlir files (repeatable)")
    ap.add_argument("--modes", default="parse,strategies,tdl,library")
    ap.add_argument("--library-per-batch", type=int, default=3,
                    help="library-mode mutants run after each batch")
    ap.add_argument("--work-dir", default=None)
    ap.add_argument("--crash-dir", default=None,
                    help="where to save (minimized) reproducers")
    ap.add_argument("--save-interesting", default=None,
                    help="save mutants with new diagnostics here")
    ap.add_argument("--no-minimize", action="store_true")
    ap.add_argument("--mlir-opt", default=DEFAULT_MLIR_OPT,
                    help="stock mlir-opt, to tell upstream crashes apart "
                         "('none' to count every crash)")
    ap.add_argument("--max-crashes", type=int, default=20,
                    help="stop after this many distinct crashes")
    ap.add_argument("--progress", type=int, default=0,
                    help="print a status line every N mutants")
    args = ap.parse_args()

    tofu_opt = shutil.which(args.tofu_opt) or args.tofu_opt
    if not os.path.exists(tofu_opt):
        sys.exit("fuzz_tofu_opt.py: cannot find tofu-opt at '%s'"
                 % args.tofu_opt)
    seeds = load_seeds(args.seed_dir or DEFAULT_SEED_DIRS)
    if not seeds:
        sys.exit("fuzz_tofu_opt.py: no seed inputs")
    modes = [m for m in args.modes.split(",") if m]
    for m in modes:
        if m not in MODES:
            sys.exit("fuzz_tofu_opt.py: unknown mode '%s'" % m)
    work = args.work_dir or tempfile.mkdtemp(prefix="tofu-fuzz-")
    os.makedirs(work, exist_ok=True)
    for d in (args.crash_dir, args.save_interesting):
        if d:
            os.makedirs(d, exist_ok=True)

    rng = random.Random(args.seed)
    started = time.time()
    runs = 0
    crashes = {}      # signature -> (mode args, reproducer)
    upstream = {}     # the same, for crashes mlir-opt reproduces
    mlir_opt = (None if args.mlir_opt == "none" else
                shutil.which(args.mlir_opt) or
                (args.mlir_opt if os.path.exists(args.mlir_opt) else None))
    seen_diags = set()
    interesting = 0

    def record_crash(mutant, mode_args, result, applied):
        key = result.why()
        if key in crashes or key in upstream:
            return
        repro = mutant
        if not args.no_minimize:
            path = os.path.join(work, "minimize.mlir")

            def still_fails(t):
                with open(path, "w") as f:
                    f.write(t)
                r = run_tofu_opt(tofu_opt, path, mode_args, args.timeout,
                                 False)
                return (r.crashed() or r.timed_out) and \
                    r.why() == result.why()
            repro = minimize(mutant, still_fails)
        # A crash that stock mlir-opt reproduces (the input has no Tofu op
        # left, e.g. an upstream parser crash) cannot be fixed here: it is
        # reported and saved, but does not fail the run.
        is_upstream = crashes_upstream(mlir_opt, repro, mode_args, work,
                                       args.timeout)
        (upstream if is_upstream else crashes)[key] = (mode_args, repro)
        digest = hashlib.sha1(repro.encode()).hexdigest()[:10]
        print("=" * 72)
        print("FOUND %s%s" % ("UPSTREAM (mlir-opt crashes too) "
                              if is_upstream else "", result.why()))
        print("mutations: %s" % ", ".join(applied))
        command = " ".join(mode_args)
        command = (command.replace("{input}", "repro.mlir")
                   if "{input}" in command else "repro.mlir " + command)
        print("reproduce: tofu-opt %s" % command)
        print("--- repro.mlir ---")
        print(repro.rstrip())
        print("=" * 72)
        sys.stdout.flush()
        if args.crash_dir:
            name = os.path.join(args.crash_dir, "%s-%s.mlir" % (
                "upstream" if is_upstream else "crash", digest))
            with open(name, "w") as f:
                command = " ".join(mode_args)
                if "{input}" in command:
                    command = command.replace("{input}", "THIS_FILE")
                else:
                    command = "THIS_FILE " + command
                f.write("// %s\n// reproduce: tofu-opt %s\n" %
                        (result.why(), command))
                f.write(repro)

    good = valid_seeds(tofu_opt, seeds, work)
    done = library_done = 0
    library = load_library_entries(LIBRARY_DIR) \
        if os.path.exists(LIBRARY_OPS) else []
    while done < args.mutants and len(crashes) < args.max_crashes:
        n = min(args.batch, args.mutants - done)
        batch = []
        for _ in range(n):
            pool = good if good and rng.random() < 0.8 else seeds
            batch.append(mutate(rng.choice(pool), rng, seeds))
        mode_args = [rng.choice(MODES[m]) for m in modes if m != "library"]
        done += n

        path = os.path.join(work, "batch.mlir")
        single = os.path.join(work, "single.mlir")
        text, line_of_mutant = write_batch(batch, path)

        for margs in mode_args:
            result = run_tofu_opt(tofu_opt, path, margs,
                                  args.timeout * max(1, n // 4), True)
            runs += 1
            if result.crashed() or result.timed_out:
                # Find the culprits by bisection: a crash ends the run, so
                # the mutants after the culprit have not been run either.
                found = False
                pending = [batch]
                while pending:
                    part = pending.pop()
                    if len(part) == 1:
                        with open(single, "w") as f:
                            f.write(part[0][0])
                        r = run_tofu_opt(tofu_opt, single, margs,
                                         args.timeout, False)
                        runs += 1
                        if r.crashed() or r.timed_out:
                            record_crash(part[0][0], margs, r, part[0][1])
                            found = True
                        continue
                    if part is not batch:
                        write_batch(part, single)
                        r = run_tofu_opt(tofu_opt, single, margs,
                                         args.timeout * max(1, len(part) // 4),
                                         True)
                        runs += 1
                        if not (r.crashed() or r.timed_out):
                            continue
                    half = len(part) // 2
                    pending += [part[half:], part[:half]]
                if not found:
                    # Only the whole batch fails (e.g. the sum of the runs
                    # is slow): report it whole.
                    record_crash(text, ["--split-input-file"] + margs,
                                 result, ["batch"])
                continue
            for idx, sig in diagnostic_signatures(result.stderr, path,
                                                  line_of_mutant):
                if sig in seen_diags:
                    continue
                seen_diags.add(sig)
                if args.save_interesting and idx is not None:
                    mutant = batch[idx][0]
                    digest = hashlib.sha1(mutant.encode()).hexdigest()[:10]
                    with open(os.path.join(args.save_interesting,
                                           "diag-%s.mlir" % digest), "w") as f:
                        f.write("// %s\n" % sig)
                        f.write(mutant)
                    interesting += 1

        if "library" in modes and library:
            lib_path = os.path.join(work, "library.mlir")
            for _ in range(args.library_per_batch):
                mutant, applied = mutate(rng.choice(library), rng, library)
                margs = rng.choice(MODES["library"])
                with open(lib_path, "w") as f:
                    f.write(mutant)
                result = run_tofu_opt(tofu_opt, lib_path, margs, args.timeout,
                                      False)
                runs += 1
                library_done += 1
                if result.crashed() or result.timed_out:
                    record_crash(mutant, margs, result, applied)

        if args.progress and done % args.progress < n:
            print("[%6.0fs] %d mutants (+%d library), %d runs, %d crashes, "
                  "%d upstream, %d diagnostics"
                  % (time.time() - started, done, library_done, runs,
                     len(crashes), len(upstream), len(seen_diags)))
            sys.stdout.flush()

    print("fuzz_tofu_opt: seed %d, %d seed inputs (%d valid), %d mutants (+%d library "
          "mutants), %d tofu-opt runs, %d distinct diagnostics, "
          "%d crashes/hangs, %d upstream crashes, %.1fs"
          % (args.seed, len(seeds), len(good), done, library_done, runs,
             len(seen_diags), len(crashes), len(upstream),
             time.time() - started))
    if args.save_interesting:
        print("saved %d interesting mutants to %s"
              % (interesting, args.save_interesting))
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
