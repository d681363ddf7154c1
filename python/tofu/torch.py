"""tofu.torch: plan and run PyTorch modules (docs/python.md). Needs torch and
torch-mlir.

    import torch, tofu.torch
    p = tofu.torch.plan(model, (x,), gpus=4)
    y = p.run(x)                    # numpy, what model(x) returns, from 4 ranks

The forward graph is exported as TOSA by torch-mlir
(``torch_mlir.fx.export_and_import(..., output_type="tosa")``) in eval mode,
with the weights as constants; `tosa_text` adapts torch-mlir's text (printed
by its own, newer MLIR) to what MLIR 22 parses.
"""

from __future__ import annotations

import re
from typing import Sequence

import numpy as np

from . import _api


def adapt(text: str) -> str:
    """Rewrites torch-mlir's TOSA text into what MLIR 22 parses."""
    # Locations and torch-mlir's own module attributes are not needed.
    text = re.sub(r"\s*loc\([^()]*(?:\([^()]*\)[^()]*)*\)", "", text)
    text = re.sub(r"^#loc.*$\n?", "", text, flags=re.M)
    text = text.replace("func.func @forward(", "func.func @main(")
    # Weights arrive as dense_resource blobs in a trailing {-# ... #-} block;
    # inline them as dense hex literals (the blob's first 4 bytes are its
    # alignment) so that the module is self-contained text that tools can
    # append functions to.
    blobs = dict(re.findall(r'^\s*([\w.]+): "0x([0-9A-Fa-f]*)"', text, flags=re.M))
    text = re.sub(r"\{-#.*?#-\}\s*", "", text, flags=re.S)

    def inline(m):
        name = m.group(1)
        if name not in blobs:
            raise ValueError(f"torch-mlir's module names an unknown resource {name}")
        return f'dense<"0x{blobs[name][8:]}">'

    text = re.sub(r"dense_resource<([\w.]+)>", inline, text)
    return text.rstrip() + "\n"


def tosa_text(model, example_inputs: Sequence) -> str:
    """The forward graph of `model` on `example_inputs` as TOSA text
    (function @main), in eval mode."""
    import torch
    from torch_mlir import fx

    model.eval()
    with torch.no_grad():
        module = fx.export_and_import(model, *example_inputs, output_type="tosa",
                                      func_name="main")
    return adapt(module.operation.get_asm(print_generic_op_form=False))


class TorchPlan(_api.FrameworkPlan):
    """A plan of a PyTorch module's forward: `.run(*inputs)` returns what
    `model(*inputs)` does, as numpy arrays."""

    def run(self, *inputs, **kwargs):
        arrays = [x.detach().cpu().numpy() if hasattr(x, "detach") else np.asarray(x)
                  for x in inputs]
        outputs = self.plan.run(arrays, **kwargs)
        return outputs[0] if len(outputs) == 1 else tuple(outputs)


def plan(model, example_inputs: Sequence, gpus: int = 8, **options) -> TorchPlan:
    """Exports `model` through torch-mlir's TOSA and plans it for `gpus`
    workers (options as tofu.plan)."""
    # A tensor is itself iterable: tuple(x) would plan its rows as inputs.
    if not isinstance(example_inputs, (list, tuple)):
        raise TypeError("example_inputs must be a tuple (or list) of the forward's inputs, "
                        f"e.g. (x,), not {type(example_inputs).__name__}")
    name = f"torch:{type(model).__name__}"
    module = _api.load(tosa_text(model, tuple(example_inputs)), name=name)
    options.setdefault("entry", "main")
    return TorchPlan(_api.plan(module, gpus=gpus, **options))
