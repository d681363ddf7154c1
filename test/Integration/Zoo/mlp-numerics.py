# Tests that the MLP's emitted forward computes the same loss as an
# independent numpy implementation with the same random weights.
# RUN: env PYTHONPATH=%tofu_src_root/python:%S/Inputs %python %s | FileCheck %s

from zoo_reference import check, mlp

# CHECK: mlp {{.*}}'layers': 1
# CHECK-NEXT: match True
check("mlp", dict(layers=1, hidden=5, batch=3, **{"in": 4}, classes=3), mlp, one_hot={"labels"})
# CHECK: mlp {{.*}}'layers': 3
# CHECK-NEXT: match True
check("mlp", dict(layers=3, hidden=7, batch=4, **{"in": 6}, classes=5), mlp, one_hot={"labels"}, seed=1)
