"""Builds a small corpus in OUT from entries of the committed one, for
runner-checks.test: NAME copied as is, NAME-wrong with one element of its
first output changed (the runner must report a mismatch), NAME-extra with
one output too many, NAME-badop with an op tofu-opt does not know spliced
into the module (an import error located in the module and naming the op).

    doctor.py CORPUS OUT NAME
"""
import json
import shutil
import sys
from pathlib import Path

import numpy as np

src, out, name = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
out.mkdir(parents=True, exist_ok=True)
manifest = json.loads((src / "manifest.json").read_text())
entry = next(e for e in manifest["entries"] if e["name"] == name)
entries = []


def copy(new, outputs=None, text=None):
    e = dict(entry, name=new)
    entries.append(e)
    (out / f"{new}.mlir").write_text(text or (src / f"{name}.mlir").read_text())
    shutil.copy(src / f"{name}.inputs.npz", out / f"{new}.inputs.npz")
    outs = dict(np.load(src / f"{name}.outputs.npz"))
    if outputs:
        outs = outputs(outs)
    np.savez(out / f"{new}.outputs.npz", **outs)


def wrong(outs):
    a = outs["out0"].copy()
    a.flat[a.size // 2] += 0.5 * float(np.max(np.abs(a)))
    outs["out0"] = a
    return outs


def extra(outs):
    outs[f"out{len(outs)}"] = outs["out0"]
    return outs


copy(name)
copy(f"{name}-wrong", wrong)
copy(f"{name}-extra", extra)
text = (src / f"{name}.mlir").read_text()
i = text.index("return")
copy(f"{name}-badop", text=text[:i] + "%bad = stablehlo.no_such_op %arg0 : tensor<5x7xf32>\n    "
     + text[i:])
(out / "manifest.json").write_text(json.dumps(dict(manifest, entries=entries), indent=1))
