#!/usr/bin/env python3
"""Exports PyTorch forward graphs as TOSA (MLIR 22 syntax) for the tests.

    pip install torch torch-mlir numpy
    python3 python/export_torch.py [OUTDIR]   # default test/Integration/Frontends/torch/Inputs

For each model (an MLP, a small ResNet, a small transformer encoder layer),
in eval mode with fixed seeds:

1. ``torch_mlir.fx.export_and_import(model, x, output_type="tosa")`` gives
   the forward graph as TOSA, with the weights as ``tosa.const`` ops.
2. The text is adapted to MLIR 22 by ``tofu.torch.adapt``, not by hand: the
   module is printed in generic form by torch-mlir's own (newer) MLIR, and
   attributes or ops that MLIR 22 does not know are rewritten.
3. ``NAME.mlir`` (function ``@main``), ``NAME.inputs.npz`` (``arg0``) and
   ``NAME.outputs.npz`` (``out0``, computed by PyTorch) are written, so tests
   need neither PyTorch nor the network.

Every written module is parsed by ``tofu-opt`` (``$TOFU_OPT``, else on PATH,
else build/bin/tofu-opt) before it is kept; a module MLIR 22 cannot parse is
an error that names the model.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
# tofu.torch (python/tofu/torch.py) does the export and the adaptation.
sys.path.insert(0, str(ROOT / "python"))


def tofu_opt() -> str:
    return (os.environ.get("TOFU_OPT") or shutil.which("tofu-opt")
            or str(ROOT / "build" / "bin" / "tofu-opt"))


def models():
    import torch
    from torch import nn

    torch.manual_seed(0)

    class MLP(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Linear(16, 32)
            self.fc2 = nn.Linear(32, 32)
            self.fc3 = nn.Linear(32, 8)

        def forward(self, x):
            return self.fc3(torch.relu(self.fc2(torch.relu(self.fc1(x)))))

    class Block(nn.Module):
        def __init__(self, c):
            super().__init__()
            self.conv1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
            self.bn1 = nn.BatchNorm2d(c)
            self.conv2 = nn.Conv2d(c, c, 3, padding=1, bias=False)
            self.bn2 = nn.BatchNorm2d(c)

        def forward(self, x):
            y = torch.relu(self.bn1(self.conv1(x)))
            return torch.relu(x + self.bn2(self.conv2(y)))

    class ResNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = nn.Conv2d(3, 8, 3, padding=1)
            self.block = Block(8)
            self.pool = nn.AdaptiveAvgPool2d(1)
            self.fc = nn.Linear(8, 10)

        def forward(self, x):
            y = self.block(torch.relu(self.stem(x)))
            return self.fc(torch.flatten(self.pool(y), 1))

    class Transformer(nn.Module):
        def __init__(self):
            super().__init__()
            self.layer = nn.TransformerEncoderLayer(
                d_model=16, nhead=2, dim_feedforward=32, dropout=0.0, batch_first=True)
            self.head = nn.Linear(16, 4)

        def forward(self, x):
            return self.head(self.layer(x))

    def init_bn(m):
        # Non-trivial running statistics so batch norm is not an identity.
        for mod in m.modules():
            if isinstance(mod, nn.BatchNorm2d):
                with torch.no_grad():
                    mod.running_mean.uniform_(-0.5, 0.5)
                    mod.running_var.uniform_(0.5, 1.5)
                    mod.weight.uniform_(0.5, 1.5)
                    mod.bias.uniform_(-0.5, 0.5)
        return m

    g = torch.Generator().manual_seed(1)
    return {
        "mlp": (MLP(), torch.randn(4, 16, generator=g)),
        "resnet": (init_bn(ResNet()), torch.randn(2, 3, 8, 8, generator=g)),
        "transformer": (Transformer(), torch.randn(2, 5, 16, generator=g)),
    }


def export(name, model, x, outdir: Path):
    import torch

    from tofu.torch import tosa_text

    model.eval()
    with torch.no_grad():
        ref = model(x)
    text = tosa_text(model, (x,))
    path = outdir / f"{name}.mlir"
    header = (f"// {name}: PyTorch {torch.__version__} forward graph exported by "
              f"python/export_torch.py (torch-mlir, output_type=tosa); do not edit.\n")
    path.write_text(header + text)
    proc = subprocess.run([tofu_opt(), str(path), "-o", "/dev/null"],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"export_torch: {name}: MLIR 22 cannot parse the export:\n"
                         + proc.stderr[-3000:])
    np.savez(outdir / f"{name}.inputs.npz", arg0=x.numpy())
    np.savez(outdir / f"{name}.outputs.npz", out0=ref.numpy())
    ops = sorted(set(re.findall(r"\btosa\.(\w+)", text)))
    print(f"{name}: {len(ops)} TOSA op kinds: {' '.join(ops)}")


def main(argv):
    outdir = Path(argv[1]) if len(argv) > 1 else ROOT / "test" / "Integration" / "Frontends" / "torch" / "Inputs"
    outdir.mkdir(parents=True, exist_ok=True)
    for name, (model, x) in models().items():
        export(name, model, x, outdir)


if __name__ == "__main__":
    main(sys.argv)
