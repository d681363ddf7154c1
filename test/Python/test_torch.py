"""tofu.torch: PyTorch modules exported through torch-mlir's TOSA, planned,
run on MPI ranks and compared with PyTorch (fp32, relative error <= 1e-4 with
a floor of 1% of the output's largest magnitude)."""

from __future__ import annotations

import pytest

torch = pytest.importorskip(
    "torch", reason="PyTorch is not installed (the test command installs it with "
    "torch-mlir: TOFU_WITH_TORCH=1 scripts/setup.sh)")
pytest.importorskip("torch_mlir", reason="torch-mlir is not installed "
                    "(TOFU_WITH_TORCH=1 scripts/setup.sh)")

import export_torch  # noqa: E402
import tofu.torch  # noqa: E402
from conftest import max_relative_error  # noqa: E402

RTOL = 1e-4


@pytest.mark.parametrize("model", ["resnet", "mlp"])
@pytest.mark.parametrize("gpus", [2, 4])
def test_forward_matches_pytorch(model, gpus):
    net, x = export_torch.models()[model]
    net.eval()
    with torch.no_grad():
        expected = net(x).numpy()
    plan = tofu.torch.plan(net, (x,), gpus=gpus)
    assert plan.report["gpus"] == gpus
    assert max_relative_error([expected], [plan.run(x)]) <= RTOL
