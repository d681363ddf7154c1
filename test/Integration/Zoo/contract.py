# Tests the IR contract of every zoo family on tiny configs: only the
# documented op kinds appear (top level and in linalg payloads), every
# function-body op carries one tofu.name, all names (ops and arguments) are
# unique, weights (tofu.param) precede data arguments, and exactly the ops of
# unrolled RNN timestep N carry tofu.step = N.
# RUN: env PYTHONPATH=%tofu_src_root/python:%S/Inputs %python %s | FileCheck %s

import re
import sys

from zoo_reference import emit

TOP_LEVEL = {
    "arith.constant", "tensor.empty", "linalg.fill", "linalg.matmul",
    "linalg.batch_matmul", "linalg.generic", "linalg.transpose",
    "linalg.conv_2d_nchw_fchw", "linalg.pooling_nchw_max", "tensor.pad",
    "tensor.extract_slice", "tensor.expand_shape", "tensor.collapse_shape",
    "return",
}
PAYLOAD = {
    "arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.maximumf",
    "arith.negf", "arith.constant", "arith.cmpi", "arith.select", "math.exp",
    "math.log", "math.tanh", "math.sqrt", "linalg.index", "linalg.yield",
    "tensor.yield",
}
OP = re.compile(r"^\s*(?:%[\w#:]+(?:, %[\w#:]+)* = )?([a-z_]+(?:\.[a-z_0-9]+)?)\b")
NAME = re.compile(r'tofu\.name = "([^"]+)"')
STEP = re.compile(r"tofu\.step = (\d+) : i64")
ARG = re.compile(r'%arg\d+: tensor<[^>]*> \{tofu\.name = "([^"]+)"(, tofu\.param)?\}')


def statements(ir):
    """Top-level statements of @forward's body (lists of lines)."""
    lines = ir.splitlines()
    start = next(i for i, l in enumerate(lines) if "func.func @forward(" in l)
    stmts = []
    for line in lines[start + 1 :]:
        if line == "  }":
            break
        indent = len(line) - len(line.lstrip())
        if indent == 4 and not line.lstrip().startswith(("}", "^")):
            stmts.append([line])
        else:
            stmts[-1].append(line)
    return lines[start], stmts


def check(family, knobs):
    ir = emit(family, knobs)
    header, stmts = statements(ir)
    errors = []
    args = ARG.findall(header)
    names = [n for n, _ in args]
    params = [bool(p) for _, p in args]
    if params != sorted(params, reverse=True):
        errors.append("a data argument precedes a tofu.param argument")
    kinds, payload_kinds = set(), set()
    for stmt in stmts:
        kind = OP.match(stmt[0]).group(1)
        kinds.add(kind)
        for line in stmt[1:]:
            m = OP.match(line)
            if m and not line.lstrip().startswith(("^", "}")):
                payload_kinds.add(m.group(1))
        text = "\n".join(stmt)
        found = NAME.findall(text)
        if len(found) != 1:
            errors.append(f"{len(found)} tofu.name on: {stmt[0].strip()}")
            continue
        names.append(found[0])
        step = re.match(r"t(\d+)\.", found[0])
        steps = STEP.findall(text)
        expected = [step.group(1)] if step and family == "rnn" else []
        if steps != expected:
            errors.append(f"{found[0]}: tofu.step {steps}, expected {expected}")
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        errors.append(f"duplicate names: {duplicates[:5]}")
    if kinds - TOP_LEVEL:
        errors.append(f"ops outside the contract: {sorted(kinds - TOP_LEVEL)}")
    if payload_kinds - PAYLOAD:
        errors.append(f"payload ops outside the contract: {sorted(payload_kinds - PAYLOAD)}")
    print(f"{family}: {len(stmts)} ops, {len(set(names))} unique names")
    print(f"{family} ops: {' '.join(sorted(kinds))}")
    print(f"{family} payload: {' '.join(sorted(payload_kinds))}")
    for e in errors:
        print(f"{family} ERROR: {e}")
    return not errors


ok = all(
    [
        check("mlp", dict(layers=2, hidden=4, batch=2, classes=3, **{"in": 3})),
        check("wresnet", dict(depth=50, width=2, batch=1, image=8, classes=3, **{"base-channels": 2})),
        check("rnn", dict(layers=2, hidden=3, steps=3, batch=2, vocab=5, embed=4)),
        check("transformer", dict(layers=2, hidden=8, heads=2, seq=3, batch=2, vocab=5)),
        check("unet", dict(layers=2, batch=1, image=8, classes=3, **{"base-channels": 2})),
    ]
)
print("contract", "ok" if ok else "VIOLATED")
sys.exit(0 if ok else 1)

# CHECK: mlp: {{[0-9]+}} ops
# CHECK-NEXT: mlp ops: arith.constant linalg.fill linalg.generic linalg.matmul return tensor.empty
# CHECK-NEXT: mlp payload: arith.addf arith.constant arith.maximumf arith.mulf arith.subf linalg.yield math.exp math.log
# CHECK: wresnet ops: arith.constant linalg.conv_2d_nchw_fchw linalg.fill linalg.generic linalg.matmul linalg.pooling_nchw_max return tensor.empty tensor.pad
# CHECK: rnn ops: arith.constant linalg.fill linalg.generic linalg.matmul return tensor.empty tensor.extract_slice
# CHECK-NEXT: rnn payload: {{.*}}arith.negf{{.*}}math.tanh
# CHECK: transformer ops: arith.constant linalg.batch_matmul linalg.fill linalg.generic linalg.matmul linalg.transpose return tensor.collapse_shape tensor.empty tensor.expand_shape
# CHECK-NEXT: transformer payload: {{.*}}arith.cmpi{{.*}}arith.select{{.*}}linalg.index{{.*}}math.sqrt
# CHECK: unet ops: arith.constant linalg.conv_2d_nchw_fchw linalg.fill linalg.generic linalg.pooling_nchw_max linalg.transpose return tensor.collapse_shape tensor.empty tensor.expand_shape tensor.pad
# CHECK-NOT: ERROR
# CHECK: contract ok
