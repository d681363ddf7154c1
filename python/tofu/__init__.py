"""Tofu-MLIR from Python (docs/python.md).

    import tofu
    module = tofu.load("model.mlir")            # MLIR, StableHLO or TOSA text
    plan = tofu.plan(module, gpus=4, machine="h200-nvlink")
    print(plan.table())                         # the plan, as tofu-opt prints it
    outputs = plan.run(inputs)                  # numpy arrays, on 4 MPI ranks

The planning API runs in-process (the native module tofu._tofu, built with
nanobind against the same libraries as tofu-opt); runs go through tofu-run.
The helper modules (tofu.mlir_exec, tofu.viz, tofu.verify_tdl) import
without the native module, so this file loads the API only when it is used.
"""

_API = ("load", "plan", "run", "Module", "Plan", "TofuError", "Diagnostic",
        "PlanDoesNotFit")

__all__ = list(_API)


def __getattr__(name):
    if name in _API:
        from . import _api

        return getattr(_api, name)
    raise AttributeError(f"module 'tofu' has no attribute {name!r}")
